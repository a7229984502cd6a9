import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { axiosXhrOnly } from './axiosXhrOnly';

const root = join(import.meta.dirname, '../..');
// Inside the project, so that the entry resolves `axios` from its node_modules.
const cache = join(root, 'node_modules/.cache');
mkdirSync(cache, { recursive: true });
const work = mkdtempSync(join(cache, 'axios-xhr-only-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Builds axios for the browser as the frame build does, with `plugins`, and imports the result here in Node. */
async function buildAxios(name: string, plugins: Plugin[]) {
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
  const axios = (await import(pathToFileURL(file).href)).default as typeof import('axios').default;
  return { axios, code: chunk.code };
}

describe('axiosXhrOnly: the frame build leaves out axios’s fetch adapter', () => {
  it('the built axios has no fetch adapter, and asking for one fails with axios’s own error', async () => {
    const { axios, code } = await buildAxios('xhr-only', [axiosXhrOnly()]);
    // Node has fetch but no XMLHttpRequest: the browser build without the fetch adapter has no adapter here.
    expect(() => axios.getAdapter(['xhr', 'fetch'])).toThrow(/adapter fetch is not available in the build/);
    expect(code).not.toContain('duplex');
  }, 30_000);

  it('control: without the plugin the same build picks the fetch adapter', async () => {
    const { axios, code } = await buildAxios('with-fetch', []);
    expect(axios.getAdapter(['xhr', 'fetch'])).toEqual(expect.any(Function));
    expect(code).toContain('duplex');
  }, 30_000);

  it('fails the build when axios no longer imports its fetch adapter as ./fetch.js', () => {
    const plugin = axiosXhrOnly();
    const buildEnd = plugin.buildEnd as (this: unknown, error?: Error) => void;
    expect(() => buildEnd.call({})).toThrow(/no longer imports '\.\/fetch\.js'/);
  });
});
