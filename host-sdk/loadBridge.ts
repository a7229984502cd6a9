/** The bridge module (connectFrame.ts and what it re-exports), as {@link loadBridge} gives it. */
export type Bridge = typeof import('./connectFrame');

/** The bridge module once it has loaded; undefined before. */
let loaded: Bridge | undefined;

/**
 * Loads the host SDK's bridge (`connectFrame.ts`, issue 10), once per page: in the ES module
 * build a chunk beside `index.js` that the site's bundler (or the browser) fetches. The
 * script-tag build swaps this module for `loadBridgeScript.ts` (vite.config.ts, mode `sdk-script`).
 * Rejects when the chunk cannot be fetched or run.
 */
export const loadBridge = (): Promise<Bridge> => import('./connectFrame').then((bridge) => (loaded = bridge));

/**
 * The bridge module if it has loaded, synchronously (see {@link loadBridge}); undefined before. What
 * only the bridge can have made (a warm-up frame, `standbyFrames.ts`) is there to take at once.
 */
export const loadedBridge = (): Bridge | undefined => loaded;
