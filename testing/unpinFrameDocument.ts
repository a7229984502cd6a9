import { createHash } from 'node:crypto';

/** The frame document's import map: its text between the tags, as the CSP hashes it. */
const IMPORT_MAP = /(<script type="importmap">)([\s\S]*?)(<\/script>)/;

/** The CSP source of an inline script's text: `'sha256-<base64>'`. */
const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The built frame document and its Content-Security-Policy as the mock mode serves them: the
 * import map without its `integrity` entry, and the policy's hash of the map replaced by the new
 * map's. A production frame pins the bundle built beside it by its SRI hash; the mock mode serves
 * a bundle of its own (`MOCK_BUNDLE_SOURCE`, or `bundleSource`) at that pinned URL, so in a
 * site's tests the pin would refuse it (BUNDLE_LOAD_FAILED). The pinned URLs stay: the frame
 * still imports only from the folder its build names. A document without an integrity entry (a
 * development build) is returned as it is. Test-only: the mock mode never serves real buyers.
 */
export function unpinFrameDocument(html: string, policy: string | undefined): { html: string; policy: string | undefined } {
  const match = IMPORT_MAP.exec(html);
  const text = match?.[2];
  if (!match || text === undefined) return { html, policy };
  const map = JSON.parse(text) as { integrity?: unknown };
  if (map.integrity === undefined) return { html, policy };
  delete map.integrity;
  const unpinned = JSON.stringify(map);
  return {
    html: html.replace(IMPORT_MAP, (_all, open: string, _text: string, close: string) => `${open}${unpinned}${close}`),
    policy: policy?.replace(hashSource(text), hashSource(unpinned)),
  };
}
