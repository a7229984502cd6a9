import { BUNDLE_FILE_DEBUG, BUNDLE_FILE_MIN } from './constants';
import { isHttpsOrLoopback, isLoopbackHostname } from './isHttpsOrLoopback';

/**
 * The bundle URL under `widgetStaticsBaseUrl` (DESIGN "The bundle"): the minified file, or the
 * unminified one when `debug`; the base's path and the file joined with exactly one `/`. A query
 * on the base (e.g. a cache-busting version) is kept after the file name; a fragment is dropped.
 * Expects an absolute URL, as {@link isAllowedStaticsUrl} checks first; throws TypeError otherwise.
 */
export function bundleUrl(widgetStaticsBaseUrl: string, debug: boolean): string {
  const url = new URL(widgetStaticsBaseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${debug ? BUNDLE_FILE_DEBUG : BUNDLE_FILE_MIN}`;
  url.hash = '';
  return url.href;
}

/**
 * The origins the frame may load the bundle from. `'development'` means http and https on
 * `localhost` and `127.0.0.1`, any port (DESIGN "Host SDK": the default when
 * `VITE_CASHIER_STATICS_ORIGINS` is unset).
 */
export type StaticsAllowlist = readonly string[] | 'development';

/**
 * Parses the build-time `VITE_CASHIER_STATICS_ORIGINS` value: comma-separated origins, or
 * empty/undefined for the development allowlist. Throws TypeError naming an entry that is not
 * a bare https origin (http only on loopback: code we execute never comes over plain http).
 */
export function parseStaticsAllowlist(value: string | undefined): StaticsAllowlist {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return 'development';
  return entries.map((entry) => {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new TypeError(
        `VITE_CASHIER_STATICS_ORIGINS: "${entry}" is not a URL; expected an origin like https://static.example.com`,
      );
    }
    if (url.origin !== entry.replace(/\/$/, '') || !/^https?:$/.test(url.protocol)) {
      throw new TypeError(
        `VITE_CASHIER_STATICS_ORIGINS: "${entry}" is not a bare http(s) origin; expected e.g. https://static.example.com`,
      );
    }
    if (url.protocol === 'http:' && !isLoopbackHostname(url.hostname)) {
      throw new TypeError(
        `VITE_CASHIER_STATICS_ORIGINS: "${entry}" is plain http; expected https (http only on localhost or 127.0.0.1)`,
      );
    }
    return url.origin;
  });
}

/**
 * True when code may be loaded from `widgetStaticsBaseUrl` (DESIGN "Security model"): https, or
 * http on loopback ({@link isHttpsOrLoopback}), and its origin is on the allowlist (development:
 * any loopback origin).
 */
export function isAllowedStaticsUrl(widgetStaticsBaseUrl: string, allowlist: StaticsAllowlist): boolean {
  if (!isHttpsOrLoopback(widgetStaticsBaseUrl)) return false;
  const url = new URL(widgetStaticsBaseUrl);
  return allowlist === 'development' ? isLoopbackHostname(url.hostname) : allowlist.includes(url.origin);
}
