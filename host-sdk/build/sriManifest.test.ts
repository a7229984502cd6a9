import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SRI_MANIFEST, writeSriManifest } from './sriManifest';

// Issue 20 item 3: the build writes the sha384 of cashier.iife.js and of its bridge to sri.json,
// so a site can pin the script tag. Each hash here is recomputed from the file's bytes.

const root = resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cashier-sri-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The Subresource Integrity value of a file, computed here on its own. */
const integrityOf = (file: string) => `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;
const readManifest = (dir: string): Record<string, string> => JSON.parse(readFileSync(join(dir, SRI_MANIFEST), 'utf8'));

describe('writeSriManifest', () => {
  it('writes sri.json with the sha384 of cashier.iife.js and of the bridge, and nothing else', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'cashier.iife.js'), 'var Cashier=(()=>{})();\n');
    writeFileSync(join(dir, 'cashier-bridge-Ab_1-x.js'), 'export const bridge = 1;\n');
    writeFileSync(join(dir, 'index.js'), 'export {};\n');
    const written = writeSriManifest(dir);
    expect(readManifest(dir)).toEqual(written);
    expect(written).toEqual({
      'cashier.iife.js': integrityOf(join(dir, 'cashier.iife.js')),
      'cashier-bridge-Ab_1-x.js': integrityOf(join(dir, 'cashier-bridge-Ab_1-x.js')),
    });
    for (const value of Object.values(written)) expect(value).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
  });

  it.each([
    { name: 'no bridge', files: ['cashier.iife.js'], error: /found 0/ },
    { name: 'two bridges', files: ['cashier.iife.js', 'cashier-bridge-a.js', 'cashier-bridge-b.js'], error: /found 2/ },
    { name: 'no cashier.iife.js', files: ['cashier-bridge-a.js'], error: /cashier\.iife\.js/ },
  ])('$name: throws and writes nothing', ({ files, error }) => {
    const dir = tempDir();
    for (const file of files) writeFileSync(join(dir, file), file);
    expect(() => writeSriManifest(dir)).toThrow(error);
    expect(() => readManifest(dir)).toThrow(/ENOENT/);
  });
});

describe('the script-tag build (vite build --mode sdk-bridge, then sdk-script)', () => {
  it('leaves sri.json matching the files it wrote; cashier.iife.js pins the same bridge hash', () => {
    const dist = tempDir();
    const env = { ...process.env, CASHIER_BUILD: 'development', CASHIER_DIST_DIR: dist, NO_COLOR: '1' };
    for (const mode of ['sdk-bridge', 'sdk-script']) {
      const run = spawnSync('npx', ['vite', 'build', '--mode', mode, '--logLevel', 'error'], {
        cwd: root,
        env,
        encoding: 'utf8',
      });
      expect(run.status, `${mode}: ${run.stdout}${run.stderr}`).toBe(0);
    }
    const dir = join(dist, 'host-sdk');
    const manifest = readManifest(dir);
    const files = Object.keys(manifest);
    expect(files).toEqual(['cashier.iife.js', expect.stringMatching(/^cashier-bridge-[\w-]+\.js$/)]);
    for (const file of files) expect(manifest[file], file).toBe(integrityOf(join(dir, file)));
    const bridge = files[1] as string;
    expect(readFileSync(join(dir, 'cashier.iife.js'), 'utf8')).toContain(manifest[bridge]);
  }, 120_000);
});
