import type * as Bridge from './connectFrame';

/**
 * The script-tag build's `loadBridge` (vite.config.ts, mode `sdk-script`, issue 10). The bridge
 * is its own ES module file beside `cashier.iife.js`, its name content-hashed
 * (`cashier-bridge-<hash>.js`, so a CDN may cache it for good), resolved against the URL this
 * script was loaded from. It is fetched once per page through a module script element that
 * carries its Subresource Integrity hash (so a site that pins `cashier.iife.js` with SRI pins the
 * bridge too) and this script's CSP nonce, then taken from the page's module map with `import()`.
 * A module script is fetched in CORS mode: a CDN on another origin than the page must send
 * `Access-Control-Allow-Origin` for it (docs/deploy.md). Rejects when it cannot be fetched, is
 * refused (SRI, CSP, Trusted Types) or throws as it runs; the next mount tries again, with a
 * `retry` query parameter: a page keeps a module URL's failure for good in its module map.
 */
const script = document.currentScript as HTMLScriptElement | null;
const sdkUrl = script?.src || location.href;
const nonce = script?.nonce;
let loading: Promise<typeof Bridge> | undefined;
/** The bridge module once it has loaded; undefined before. */
let loaded: typeof Bridge | undefined;
let failures = 0;

/** The bridge module, fetched at most once per page until it loads (see above); rejects with why not. */
export function loadBridge(): Promise<typeof Bridge> {
  // Any failure (not fetched, refused by SRI or CSP, a Trusted Types page refusing `src`, a
  // module that throws when run) is forgotten, so the next mount fetches it anew.
  loading ??= fetchBridge().catch((error: unknown) => {
    loading = undefined;
    failures += 1;
    throw error;
  });
  return loading;
}

/**
 * The bridge module if it has loaded, synchronously (see {@link loadBridge}); undefined before. What
 * only the bridge can have made (a warm-up frame, `standbyFrames.ts`) is there to take at once.
 */
export const loadedBridge = (): typeof Bridge | undefined => loaded;

/** One try: the module script element, then the module it put in the page's module map. */
function fetchBridge(): Promise<typeof Bridge> {
  return new Promise<string>((resolve, reject) => {
    const bridgeUrl = new URL(import.meta.env.CASHIER_BRIDGE_FILE, sdkUrl);
    if (failures) bridgeUrl.searchParams.set('retry', String(failures));
    const url = bridgeUrl.href;
    const element = document.createElement('script');
    element.type = 'module';
    element.crossOrigin = 'anonymous';
    element.integrity = import.meta.env.CASHIER_BRIDGE_INTEGRITY;
    if (nonce) element.nonce = nonce;
    element.src = url; // throws on a Trusted Types page that refuses it: the promise rejects
    element.onload = () => {
      element.remove();
      resolve(url);
    };
    element.onerror = () => {
      element.remove();
      reject(new Error(`${url} did not load`));
    };
    document.head.append(element);
  })
    .then((url): Promise<typeof Bridge> => import(/* @vite-ignore */ url)) // rejects when the module threw as it ran
    .then((bridge) => (loaded = bridge));
}

// The first mount need not wait for the bridge: fetch it once the page has loaded. A failure
// here is not reported: the next mountCashier tries again and reports its own. (Only this build
// does it: a script tag runs in a browser, while the ES module may be imported while a server renders.)
const warm = () => void loadBridge().catch(() => undefined);
if (document.readyState === 'complete') warm();
else addEventListener('load', warm, { once: true });
