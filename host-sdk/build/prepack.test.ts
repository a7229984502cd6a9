import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFrameBuild } from '../../testing/frameBuild';

// Issue 19 item 7: `npm pack` (and so `npm publish`) on a fresh clone, where no dist/ exists yet,
// must build first (package.json `prepack`: the production build), and stop, naming the
// variable, when the deployment's variables are missing. The tree here is what a clone has: the
// files git tracks, as they are in the working tree, and nothing built; node_modules is linked in.

const root = resolve(import.meta.dirname, '../..');
let clone = '';

beforeAll(() => {
  clone = mkdtempSync(join(tmpdir(), 'cashier-clone-'));
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of tracked) {
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    cpSync(join(root, file), join(clone, file));
  }
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'), 'dir');
});
afterAll(() => {
  if (clone) rmSync(clone, { recursive: true, force: true });
});

/** `npm pack --dry-run --json` in the clone, its environment free of build settings but for `env`. */
function pack(env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        name !== 'CASHIER_BUILD' && name !== 'CASHIER_DIST_DIR' && !name.startsWith('VITE_CASHIER_') && !name.startsWith('npm_'),
    ),
  );
  // Blank, not absent: a .env file in the clone cannot fill them in (the process wins over .env files).
  const blank = { VITE_CASHIER_FRAME_URL: '', VITE_CASHIER_STATICS_ORIGINS: '', VITE_CASHIER_VAULT_ORIGIN: '' };
  return spawnSync('npm', ['pack', '--dry-run', '--json'], {
    cwd: clone,
    env: { ...clean, ...blank, ...env },
    encoding: 'utf8',
    timeout: 240_000,
  });
}

describe('npm pack from a clean clone (prepack: the production build)', () => {
  it('without the deployment variables: fails, naming each one, and packs nothing', () => {
    const run = pack({});
    expect(run.status).not.toBe(0);
    for (const name of ['VITE_CASHIER_FRAME_URL', 'VITE_CASHIER_STATICS_ORIGINS', 'VITE_CASHIER_VAULT_ORIGIN']) {
      expect(run.stderr).toContain(`${name} is not set`);
    }
    expect(run.stdout).not.toContain('"filename"');
  }, 120_000);

  it('with them: builds, then packs the SDK entries, the types and the frame app', () => {
    const run = pack({
      VITE_CASHIER_FRAME_URL: 'https://pay.cashier.example/',
      VITE_CASHIER_STATICS_ORIGINS: 'https://static.cashier.example',
      VITE_CASHIER_VAULT_ORIGIN: 'https://vault.cashier.example',
    });
    expect(run.status, run.stderr).toBe(0);
    // npm prints the build's output first; the JSON report is the last thing on stdout.
    const report = JSON.parse(run.stdout.slice(run.stdout.lastIndexOf('\n[\n') + 1)) as { files: { path: string }[] }[];
    const files = report[0]?.files.map((f) => f.path) ?? [];
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/host-sdk/index.js',
        'dist/host-sdk/index.d.ts',
        'dist/host-sdk/react.js',
        'dist/host-sdk/testing.js',
        'dist/host-sdk/server.js',
        'dist/host-sdk/server.d.ts',
        'dist/host-sdk/cashier.iife.js',
        'dist/frame-app/index.html',
        'dist/frame-app/.vite/content-security-policy.txt',
        'dist/frame-app/.vite/cashier-frame.json',
      ]),
    );
    // A source map any packed JS names is shipped beside it (else a site's devtools show 404s):
    // the SDK's are; the frame app's are written "hidden" (not named).
    const named = files
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) => {
        const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(join(clone, file), 'utf8'))?.[1];
        return url ? [join(dirname(file), url)] : [];
      });
    expect(named).toContain('dist/host-sdk/cashier.iife.js.map');
    expect(files).toEqual(expect.arrayContaining(named));
    // The mock mode's defaults (issue 20 item 2): the shipped frame records what it was built with.
    expect(readFrameBuild(join(clone, 'dist/frame-app'))).toMatchObject({
      frameUrl: 'https://pay.cashier.example/',
      staticsAllowlist: ['https://static.cashier.example'],
      vaultOrigin: 'https://vault.cashier.example',
    });
  }, 240_000);
});
