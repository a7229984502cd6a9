import { BUNDLE_FILE_DEBUG, BUNDLE_FILE_MIN } from './constants';

/**
 * The bundle URL under `widgetStaticsBaseUrl` (DESIGN "The bundle"): the minified file, or the
 * unminified one when `debug`; base and file joined with exactly one `/`.
 */
export function bundleUrl(widgetStaticsBaseUrl: string, debug: boolean): string {
  const file = debug ? BUNDLE_FILE_DEBUG : BUNDLE_FILE_MIN;
  return `${widgetStaticsBaseUrl.replace(/\/+$/, '')}/${file}`;
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
 * a bare http(s) origin.
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
    return url.origin;
  });
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * True when code may be loaded from `widgetStaticsBaseUrl` (DESIGN "Security model"): its
 * origin is on the allowlist, and it is https unless it is loopback in development.
 */
export function isAllowedStaticsUrl(widgetStaticsBaseUrl: string, allowlist: StaticsAllowlist): boolean {
  let url: URL;
  try {
    url = new URL(widgetStaticsBaseUrl);
  } catch {
    return false;
  }
  if (allowlist === 'development') {
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
  }
  return allowlist.includes(url.origin) && (url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname));
}
