import { resolve } from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

// Issue 25 (brief MK item 3): the mock mode reuses the reference provider's modules, some of which
// import from the whole `shared` index, which also holds the widget's axios client. The testing
// entry (dist/host-sdk/testing.js) must stay a Node helper of msw handlers: bundled as the package
// builds it (package.json `sideEffects`), no import of axios is left in it.

const root = resolve(import.meta.dirname, '..');

describe('cashier-widget/testing as bundled', () => {
  it('imports no axios (nor anything but msw, node: built-ins and validator)', async () => {
    const result = (await build({
      configFile: false,
      root,
      logLevel: 'silent',
      build: {
        write: false,
        minify: false,
        lib: { entry: resolve(import.meta.dirname, 'index.ts'), formats: ['es'], fileName: 'testing' },
        // Every package stays an import, so what the bundle needs of one shows as `from "<package>"`.
        rolldownOptions: { external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') },
      },
    })) as Rolldown.RolldownOutput[];
    const code = result
      .flatMap((output) => output.output)
      .map((chunk) => (chunk.type === 'chunk' ? chunk.code : ''))
      .join('\n');
    const statements =
      /^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']/gm;
    const imported = new Set([...code.matchAll(statements)].map((match) => match[1] ?? match[2] ?? match[3]));
    expect(imported).toContain('msw');
    expect(code).not.toMatch(/axios/i);
    expect([...imported].filter((name) => !/^(msw|node:.*|validator\/.*)$/.test(name ?? ''))).toEqual([]);
  }, 60_000);
});
