import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');

/** Every path under dist/ with its size and modification time: what a build would change. */
function snapshot(dir = dist): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return [`${path}/`, ...snapshot(path)];
    const { size, mtimeMs } = statSync(path);
    return [`${path} ${size} ${mtimeMs}`];
  });
}

/** `npm run build` (the production build) in a process whose environment is `env` on top of ours, minus any build settings. */
function productionBuild(env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'CASHIER_BUILD' && !name.startsWith('VITE_CASHIER_')),
  );
  // Blank values, not absent ones, so a developer's .env file cannot fill them in (the process wins over .env files).
  const base = { VITE_CASHIER_FRAME_URL: '', VITE_CASHIER_STATICS_ORIGINS: '', VITE_CASHIER_VAULT_ORIGIN: '' };
  return spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, env: { ...clean, ...base, ...env }, encoding: 'utf8' });
}

describe('npm run build with a bad environment: stops before writing to dist/, naming the variable', () => {
  it.each<{ name: string; env: Record<string, string>; names: string[] }>([
    {
      name: 'nothing set',
      env: {},
      names: [
        'VITE_CASHIER_FRAME_URL is not set',
        'VITE_CASHIER_STATICS_ORIGINS is not set',
        'VITE_CASHIER_VAULT_ORIGIN is not set',
      ],
    },
    {
      name: 'no vault origin (card data would have nowhere fixed to go)',
      env: {
        VITE_CASHIER_FRAME_URL: 'https://cashier.example.com/frame/',
        VITE_CASHIER_STATICS_ORIGINS: 'https://static.example.com',
      },
      names: ['VITE_CASHIER_VAULT_ORIGIN is not set'],
    },
    {
      name: 'a plain-http statics origin off loopback',
      env: {
        VITE_CASHIER_FRAME_URL: 'https://cashier.example.com/frame/',
        VITE_CASHIER_STATICS_ORIGINS: 'http://static.example.com',
        VITE_CASHIER_VAULT_ORIGIN: 'https://vault.example.com',
      },
      names: ['VITE_CASHIER_STATICS_ORIGINS has "http://static.example.com"'],
    },
  ])(
    '$name → exit 1, $names',
    ({ env, names }) => {
      const before = snapshot();
      const run = productionBuild(env);
      expect(run.status).not.toBe(0);
      for (const name of names) expect(run.stderr).toContain(name);
      expect(run.stderr).toContain('See docs/deploy.md.');
      // Stopped by the first step (shared/checkBuildEnv.ts), before any `vite build` ran.
      expect(run.stderr).toMatch(/^The build did not start \(nothing written to dist\/\):\n/);
      expect(snapshot()).toEqual(before);
    },
    30_000,
  ); // npm and tsx start in a few seconds, more on a loaded machine
});
