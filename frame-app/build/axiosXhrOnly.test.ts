import { describe, expect, it } from 'vitest';
import { axiosBuilder } from './axiosBuildHarness';
import { axiosXhrOnly } from './axiosXhrOnly';

/** Builds axios for the browser as the frame build does, with `plugins`, and imports the result here in Node. */
const buildAxios = axiosBuilder('axios-xhr-only');

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
