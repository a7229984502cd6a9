import { describe, expect, it } from 'vitest';
import { axiosBuilder } from './axiosBuildHarness';
import { axiosWithoutStatusNames } from './axiosWithoutStatusNames';

/** Builds axios for the browser as the frame build does, with `plugins`, and imports the result here in Node. */
const buildAxios = axiosBuilder('axios-without-status-names');

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
