import type { CashierConfiguration } from '../shared';
import type { Appearance, CashierFont } from '../shared/appearance/shape';
import { checkFrameOrigin } from './checkFrameOrigin';
import { createFrame, frameSrc } from './createFrame';
import { loadBridge } from './loadBridge';
import { type ResolvedOptions, resolveOptions } from './resolveOptions';
import { validateOptions } from './validateOptions';

/**
 * What {@link preloadCashier} warms: the same `host`, `configuration`, `frameUrl` and `debug` as
 * the `mountCashier` that follows (a mount with other values gains nothing, and loses nothing).
 */
export interface PreloadCashierOptions {
  /** The provider's base URL, as `mountCashier` takes it (https, or http on loopback). */
  host: string;
  /** The app instance (and `msid`) the widget settings are fetched with, as `mountCashier` takes them. */
  configuration: CashierConfiguration;
  /** URL of the frame app. Default: the one fixed at build time, as `mountCashier`'s. */
  frameUrl?: string;
  /** The debug bundle instead of the minified one, as `mountCashier`'s `debug`. Default: false. */
  debug?: boolean;
  /**
   * The look the mount will have, as `mountCashier`'s `appearance`: the warm-up also fetches the
   * frame's appearance module, so a mount with an appearance waits for no request after the tap.
   * Nothing is applied until the mount. Default: none.
   */
  appearance?: Appearance;
  /** The mount's font files, as `mountCashier`'s `fonts`: the warm-up fetches them too. Default: none. */
  fonts?: CashierFont[];
}

/**
 * Warms the payment step before the buyer reaches it: call it in the browser (from the
 * `<head>` too) when the checkout page loads. It fetches what a later `mountCashier` with the same
 * options needs (the frame document and its scripts, the widget settings into the page's settings
 * cache, the bundle) and shows nothing: no iframe visible, in the tab order or in the
 * accessibility tree, and no order or payment request. Safe to call more than once (one warm-up per
 * `host`, `configuration`, `frameUrl` and `debug`). Where the browser has `Element.moveBefore`
 * (Chromium 133+, Firefox 144+), the warm frame then waits, hidden, and the next such mount adopts
 * it: moved into its element with its document, React and bundle already running, it shows the
 * card form without loading anything again. There the bundle may also ask the provider, with
 * `configuration`, what no order decides (the reference bundle's `preload`: the billing countries,
 * address formats and states, the buyer's country, buyer info), which the adopting mount finds in
 * the frame's memory. Elsewhere the warm frame is removed once done, and the
 * mount loads a new one from the warm caches. This entry checks the options; the warm-ups
 * (`standbyFrames.ts`) and their work (`preloadFrame`) are the bridge's, fetched as a mount
 * fetches it.
 * @returns a Promise that resolves when the warm-up has ended, whatever its outcome; it never
 *   rejects (a failure is the mount's to report, with its retries).
 * @throws TypeError naming the option when `host`, `configuration`, `frameUrl` or `debug` is bad,
 *   as `mountCashier` would (e.g. `preloadCashier: options.host must be …`). An option name that
 *   `mountCashier` does not know is not thrown: `console.warn` names it and the nearest known
 *   name (`preloadCashier: unknown option "frameURL" (did you mean "frameUrl"?)`).
 */
export function preloadCashier(options: PreloadCashierOptions): Promise<void> {
  try {
    validateOptions(document.documentElement, options);
    options = resolveOptions(options);
    checkFrameOrigin(options.frameUrl as string, location.origin);
  } catch (error) {
    (error as Error).message = (error as Error).message.replace('mountCashier: opts', 'preloadCashier: options');
    throw error;
  }
  const resolved = options as ResolvedOptions;
  return loadBridge()
    .then((bridge) => bridge.warmUpOnce(resolved, createFrame, frameSrc))
    .catch(() => undefined);
}
