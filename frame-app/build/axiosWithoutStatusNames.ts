import type { Plugin } from 'vite';

const STUB_ID = '\0cashier-axios-no-status-names';

/**
 * Leaves axios's `HttpStatusCode` table out of the frame build (issue 36 item 4: 0.8 kB gzip of
 * the bootstrap script, which stands before the settings request). It is the name of every HTTP
 * status (`axios.HttpStatusCode.NotFound === 404`), set on the default export only
 * (`axios.HttpStatusCode = HttpStatusCode` in axios/lib/axios.js) and read by nothing in axios:
 * the frame reads statuses as numbers, and the bundle gets an instance (`axios.create`), which
 * never had it. The import of `./helpers/HttpStatusCode.js` from axios.js gets `undefined`, so a
 * use of it added later fails loudly (a TypeError), never with a silent `undefined` status. Fails
 * the build when axios no longer imports it that way (a new axios layout), so the saving cannot
 * vanish unnoticed.
 */
export function axiosWithoutStatusNames(): Plugin {
  let replaced = false;
  return {
    name: 'cashier-axios-without-status-names',
    apply: 'build',
    // Before Vite's own resolver, which would otherwise resolve the import first.
    enforce: 'pre',
    resolveId(source, importer) {
      const fromAxios = importer?.replaceAll('\\', '/').endsWith('/axios/lib/axios.js');
      if (source !== './helpers/HttpStatusCode.js' || !fromAxios) return undefined;
      replaced = true;
      return STUB_ID;
    },
    load(id) {
      return id === STUB_ID ? 'export default undefined;' : undefined;
    },
    buildEnd(error) {
      if (!error && !replaced) {
        throw new Error(
          "axios-without-status-names: axios/lib/axios.js no longer imports './helpers/HttpStatusCode.js'; update this plugin",
        );
      }
    },
  };
}
