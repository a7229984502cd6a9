import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { axiosWithoutStatusNames } from './axiosWithoutStatusNames';

const root = join(import.meta.dirname, '../..');
// Inside the project, so that the entry resolves `axios` from its node_modules.
const cache = join(root, 'node_modules/.cache');
mkdirSync(cache, { recursive: true });
const work = mkdtempSync(join(cache, 'axios-without-status-names-'));
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

describe('axiosWithoutStatusNames: the frame build leaves out axios’s table of HTTP status names', () => {
  it('the built axios has no HttpStatusCode, and its instances still take a reply by its status', async () => {
    const { axios, code } = await buildAxios('no-status-names', [axiosWithoutStatusNames()]);
    expect(axios.HttpStatusCode).toBeUndefined();
    expect(code).not.toContain('NetworkAuthenticationRequired');
    const validateStatus = axios.create().defaults.validateStatus;
    expect([validateStatus?.(200), validateStatus?.(503)]).toEqual([true, false]);
  }, 30_000);

  it('control: without the plugin the same build has the table', async () => {
    const { axios, code } = await buildAxios('with-status-names', []);
    expect(axios.HttpStatusCode.NotFound).toBe(404);
    expect(code).toContain('NetworkAuthenticationRequired');
  }, 30_000);

  it('fails the build when axios no longer imports the table as ./helpers/HttpStatusCode.js', () => {
    const plugin = axiosWithoutStatusNames();
    const buildEnd = plugin.buildEnd as (this: unknown, error?: Error) => void;
    expect(() => buildEnd.call({})).toThrow(/no longer imports '\.\/helpers\/HttpStatusCode\.js'/);
  });
});
