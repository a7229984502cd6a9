/**
 * The new-user walk (`npm run test:walk`): what a site developer does with the package, as one
 * test. Packs the package from a clean tree (the files git tracks, nothing built: `npm pack` runs
 * `npm run build`, here a development build, `CASHIER_BUILD=development`, with loopback deployment
 * variables: the production build refuses loopback origins), makes a fresh Vite + React +
 * TypeScript site (site/: `<CashierWidget>` and a typed `pay()`) that installs the tarball and its
 * tools from the npm registry at this repository's versions, typechecks it (`strict`,
 * `noUncheckedIndexedAccess`), builds it, and buys once in Chromium against the package's mock
 * mode (purchase.ts). Prints each step's time and the total; exits 1 on the first failure, with
 * that step's output. The temporary folders are removed either way (kept, and named, with
 * `CASHIER_WALK_KEEP=1`). Needs the network (or npm's cache) and Debian's Chromium (`CHROMIUM_PATH`).
 * Run it with tsx on ./tsconfig.json (as the npm script does): the repository's `paths` would make
 * tsx load a second msw for the site's packages, and the mock's handlers would then match nothing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { addReadmePages, type ReadmePages, scriptTagRoutes, typecheckDocSnippets } from './docSnippets';
import { MSW_MAJORS, runExampleSiteTest } from './exampleSiteTest';
import { buyOnce, type CheckoutPage, type Deployment } from './purchase';

const root = resolve(import.meta.dirname, '../..');

/** The packed frame's deployment: loopback, so it works here; nothing listens there (the mock answers). */
const DEPLOYMENT: Deployment = {
  frameUrl: 'http://127.0.0.1:47481/',
  staticsOrigin: 'http://127.0.0.1:47482',
  vaultOrigin: 'http://127.0.0.1:47483',
};

/** What the site installs besides the tarball, at the versions this repository has installed. */
const SITE_DEPENDENCIES = ['react', 'react-dom'];
const SITE_DEV_DEPENDENCIES = [
  'vite',
  '@vitejs/plugin-react',
  'typescript',
  'msw',
  '@types/react',
  '@types/react-dom',
  '@types/node', // the server snippets of Going live
  '@playwright/test', // the mock-mode snippets of the integration guide
];

/**
 * This process's environment without build settings, the variables `npm run` sets for its script,
 * `NODE_ENV` (Vite's preview, in this process, sets it to production, and npm would then skip
 * devDependencies) and this walk's tsconfig for tsx, as a fresh shell has it; npm's own configuration (`npm_config_*`: registry, cache) is kept, but
 * for `ignore_scripts` and `dry_run`, which would skip the build or the install.
 */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const dropped = (name: string) =>
    name === 'CASHIER_BUILD' ||
    name === 'CASHIER_DIST_DIR' ||
    name.startsWith('VITE_CASHIER_') ||
    name === 'TSX_TSCONFIG_PATH' ||
    name === 'NODE_ENV' ||
    (name.startsWith('npm_') && !name.startsWith('npm_config_')) ||
    /^npm_config_(ignore_scripts|dry_run)$/i.test(name);
  const kept = Object.entries(process.env).filter(([name]) => !dropped(name));
  return { ...Object.fromEntries(kept), NO_COLOR: '1', ...extra };
}

/** Runs a command in `cwd`; returns its stdout. @throws Error with its output when it fails or outlasts `seconds`. */
function run(command: string, args: string[], cwd: string, seconds: number, env = cleanEnv()): string {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: seconds * 1000, maxBuffer: 64 << 20 });
  if (result.status === 0) return result.stdout;
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`
    .trim()
    .split('\n')
    .slice(-60)
    .map((line) => line.slice(0, 400))
    .join('\n');
  const why = result.error ? String(result.error) : `exit ${result.status ?? result.signal}`;
  throw new Error(`${command} ${args.join(' ')} failed (${why}):\n${output}`);
}

/** Packs the package from a copy of the tracked files into `dir`; returns the tarball's path. */
function pack(dir: string): string {
  const clone = join(dir, 'clone');
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of tracked) {
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    cpSync(join(root, file), join(clone, file));
  }
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'), 'dir');
  // The production build refuses loopback origins (shared/buildEnv.ts); the development build with all
  // three set compiles in exactly these, and nothing else differs.
  const env = cleanEnv({
    CASHIER_BUILD: 'development',
    VITE_CASHIER_FRAME_URL: DEPLOYMENT.frameUrl,
    VITE_CASHIER_STATICS_ORIGINS: DEPLOYMENT.staticsOrigin,
    VITE_CASHIER_VAULT_ORIGIN: DEPLOYMENT.vaultOrigin,
  });
  const stdout = run('npm', ['pack', '--json', '--pack-destination', dir], clone, 180, env);
  // npm prints the build's output first; the JSON report is the last thing on stdout.
  const [report] = JSON.parse(stdout.slice(stdout.lastIndexOf('\n[\n') + 1)) as {
    filename: string;
    files: { path: string }[];
    size: number;
  }[];
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  if (!report || !tarball) throw new Error(`npm pack made no tarball:\n${stdout.slice(-2000)}`);
  console.log(`  ${report.filename}: ${report.files.length} files, ${(report.size / 1024).toFixed(1)} kB`);
  console.log(`  ${report.files.map((file) => file.path).join('\n  ')}`);
  return join(dir, tarball);
}

/** The version of `name` installed in this repository. */
function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Writes the fresh site into `dir` (site/ and its package.json) and installs its packages. */
function makeSite(dir: string, tarball: string): void {
  cpSync(join(import.meta.dirname, 'site'), dir, { recursive: true });
  const pinned = (names: string[]) => Object.fromEntries(names.map((name) => [name, installedVersion(name)]));
  const manifest = {
    name: 'new-user-walk-site',
    private: true,
    version: '0.0.0',
    type: 'module',
    dependencies: { 'cashier-widget': `file:${tarball}`, ...pinned(SITE_DEPENDENCIES) },
    devDependencies: pinned(SITE_DEV_DEPENDENCIES),
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], dir, 150);
}

/**
 * The pages the walk buys on: the site's own checkout (its status line says APPROVED), the
 * README's npm and React snippets' pages (their `confirmOnServer` was called with the order), and
 * its script-tag page (it says "Thank you!" once the site's server, whose requests land in
 * `confirmed`, was asked to confirm the order).
 */
function checkoutPages(readme: ReadmePages, confirmed: readonly string[]): CheckoutPage[] {
  const confirmedOnPage = async (page: Page, orderId: string) => {
    await page.locator(`body[data-confirmed="${orderId}"]`).waitFor({ state: 'attached' });
    return `confirmOnServer(${orderId}) called`;
  };
  const query = (host: string, app: string, order: string) => new URLSearchParams({ host, app, order }).toString();
  return [
    {
      name: "the site's checkout",
      path: (host, app, order) => `/?${query(host, app, order)}`,
      paid: async (page) => {
        const status = page.getByRole('status');
        await status.filter({ hasText: /^APPROVED: / }).waitFor();
        return (await status.textContent()) ?? '';
      },
    },
    {
      name: "README's npm snippet",
      path: (host, app, order) => `${readme.npm}?${query(host, app, order)}`,
      paid: confirmedOnPage,
    },
    {
      name: "README's React snippet",
      path: (host, app, order) => `${readme.react}?${query(host, app, order)}`,
      paid: confirmedOnPage,
    },
    {
      name: "README's script tag example",
      path: (host, app, order) => `${readme.scriptTag}?${query(host, app, order)}`,
      paid: async (page, orderId) => {
        await page.locator('#checkout-status', { hasText: 'Thank you!' }).waitFor();
        if (!confirmed.includes(orderId))
          throw new Error(`the site's server was not asked to confirm ${orderId}: ${confirmed.join(', ')}`);
        return `POST /checkout/confirm ${orderId}, "Thank you!"`;
      },
    },
  ];
}

async function main(): Promise<number> {
  const temp = mkdtempSync(join(tmpdir(), 'cashier-walk-'));
  const site = join(temp, 'site');
  let tarball = '';
  let readme: ReadmePages = { npm: '', react: '', scriptTag: '' };
  const steps: [string, () => unknown][] = [
    [
      'pack the package from a clean tree (development build, loopback deployment)',
      () => {
        tarball = pack(temp);
      },
    ],
    [
      "make a fresh Vite + React + TypeScript site, install the tarball, add the README's three examples as pages",
      () => {
        makeSite(site, tarball);
        readme = addReadmePages(site);
      },
    ],
    ['typecheck the site (strict, noUncheckedIndexedAccess)', () => run('npx', ['tsc', '--noEmit'], site, 60)],
    ['typecheck every snippet of the README, the integration guide and Going live', () => typecheckDocSnippets(site)],
    ['build the site (vite build)', () => run('npx', ['vite', 'build'], site, 60)],
    [
      "buy once in Chromium against the mock mode: on the site's checkout, and on the README's script tag, npm and React examples",
      () => {
        const scriptTag = scriptTagRoutes(site);
        return buyOnce(site, DEPLOYMENT, checkoutPages(readme, scriptTag.confirmed), scriptTag.routes);
      },
    ],
    ...Object.entries(MSW_MAJORS).map(([major, range]): [string, () => unknown] => [
      `the example site's test (examples/site-checkout) with msw ${major}, in Chromium and Firefox`,
      () => runExampleSiteTest(join(temp, `example-msw${major}`), tarball, range, run),
    ]),
  ];
  const start = performance.now();
  try {
    for (const [name, step] of steps) {
      const began = performance.now();
      try {
        await step();
      } catch (error) {
        console.error(`✗ ${name} (${seconds(began)})\n${error instanceof Error ? error.message : String(error)}`);
        console.error(`new-user walk failed after ${seconds(start)}`);
        return 1;
      }
      console.log(`✓ ${name} (${seconds(began)})`);
    }
    console.log(`new-user walk passed in ${seconds(start)}`);
    return 0;
  } finally {
    if (process.env.CASHIER_WALK_KEEP === '1') console.log(`kept ${temp} (CASHIER_WALK_KEEP=1)`);
    else rmSync(temp, { recursive: true, force: true });
  }
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

process.exitCode = await main();
