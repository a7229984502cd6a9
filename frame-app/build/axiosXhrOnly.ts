import type { Plugin } from 'vite';

const STUB_ID = '\0cashier-axios-no-fetch-adapter';

/**
 * Leaves axios's fetch adapter out of the frame build (issue "a buyer on a phone": its code and
 * helpers are ~11 kB raw, ~3 kB gzip of the bootstrap script, and its module body runs a
 * `new Request(…, { body: new ReadableStream() })` feature test before the settings request).
 * axios tries its adapters in the order `['xhr', 'http', 'fetch']` and every browser has
 * XMLHttpRequest, so in the frame the fetch adapter is never chosen; the provider client sets no
 * `adapter`. This is what axios's own package.json `browser` field does for its Node `http`
 * adapter: the import of `./fetch.js` from axios's adapters list gets a module whose `getFetch`
 * offers nothing, so a config asking for `adapter: 'fetch'` would reject with axios's own
 * ERR_NOT_SUPPORT "adapter fetch is not available in the build" rather than run a missing adapter.
 * Fails the build when axios no longer imports its fetch adapter that way (a new axios layout),
 * so the saving cannot vanish unnoticed.
 */
export function axiosXhrOnly(): Plugin {
  let replaced = false;
  return {
    name: 'cashier-axios-xhr-only',
    apply: 'build',
    // Before Vite's own resolver, which would otherwise resolve the import first.
    enforce: 'pre',
    resolveId(source, importer) {
      const fromAxiosAdapters = importer?.replaceAll('\\', '/').endsWith('/axios/lib/adapters/adapters.js');
      if (source !== './fetch.js' || !fromAxiosAdapters) return undefined;
      replaced = true;
      return STUB_ID;
    },
    load(id) {
      // adapters.js reads `getFetch` from the module namespace; null is "not available in the build".
      return id === STUB_ID ? 'export const getFetch = () => null;' : undefined;
    },
    buildEnd(error) {
      if (!error && !replaced) {
        throw new Error("axios-xhr-only: axios/lib/adapters/adapters.js no longer imports './fetch.js'; update this plugin");
      }
    },
  };
}
