/**
 * Loads the host SDK's bridge (`connectFrame.ts`, issue 10), once per page: in the ES module
 * build a chunk beside `index.js` that the site's bundler (or the browser) fetches. The
 * script-tag build swaps this module for `loadBridgeScript.ts` (vite.config.ts, mode `sdk-script`).
 * Rejects when the chunk cannot be fetched or run.
 */
export const loadBridge = (): Promise<typeof import('./connectFrame')> => import('./connectFrame');
