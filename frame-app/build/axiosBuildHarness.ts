/**
 * The harness of the tests of the frame build's axios plugins (axiosXhrOnly, axiosWithoutStatusNames):
 * builds axios for the browser as the frame build does, with or without a plugin, and imports the
 * result in Node, so a test can check both what the build left out and that axios still works.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { afterAll } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** An axios built for the browser and imported here, and the code of its build. */
export interface BuiltAxios {
  /** The built module's default export. */
  axios: typeof import('axios').default;
  /** The built chunk's code, unminified. */
  code: string;
}

/**
 * Makes a scratch folder named after `prefix` (removed after the test file's tests) and returns the
 * function that builds axios there with `plugins` under `name` and imports the result. Call it at a
 * test file's top level.
 */
export function axiosBuilder(prefix: string): (name: string, plugins: Plugin[]) => Promise<BuiltAxios> {
  // Inside the project, so that the entry resolves `axios` from its node_modules.
  const cache = join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(join(cache, `${prefix}-`));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  return async (name, plugins) => {
    const entry = join(work, `${name}.js`);
    writeFileSync(entry, "export { default } from 'axios';\n");
    const output = (await build({
      configFile: false,
      logLevel: 'silent',
      root,
      plugins,
      build: { write: false, minify: false, lib: { entry, formats: ['es'], fileName: name } },
    })) as Rolldown.RolldownOutput[];
    const chunk = output[0]?.output[0];
    if (chunk?.type !== 'chunk') throw new Error('no chunk built');
    const file = join(work, `${name}.built.mjs`);
    writeFileSync(file, chunk.code);
    const axios = (await import(pathToFileURL(file).href)).default as BuiltAxios['axios'];
    return { axios, code: chunk.code };
  };
}
