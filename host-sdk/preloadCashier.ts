import type { CashierConfiguration } from '../shared';

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
}

/**
 * Warms the payment step before the buyer reaches it (issue 24): call it when the checkout page
 * loads. It fetches what a later `mountCashier` with the same options needs (the frame document
 * and its scripts, the widget settings into the page's settings cache, the bundle) and shows
 * nothing: no iframe visible, in the tab order or in the accessibility tree, and no payment
 * request. Safe to call more than once (one warm-up per `host`, `configuration` and `frameUrl`).
 * @returns a Promise that resolves when the warm-up has ended, whatever its outcome; it never
 *   rejects (a failure is the mount's to report, with its retries).
 * @throws TypeError naming the option when `host`, `configuration` or `frameUrl` is bad, as
 *   `mountCashier` would.
 */
export function preloadCashier(options: PreloadCashierOptions): Promise<void> {
  // The contract for issue 24's helpers; the warm-up itself is being written.
  void options;
  return Promise.resolve();
}
