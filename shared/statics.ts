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
 * The origins the frame may load the bundle from, fixed at build time. `'development'`
 * means http and https on `localhost` and `127.0.0.1`, any port: only `npm run build:dev` compiles it in.
 */
export type StaticsAllowlist = readonly string[] | 'development';

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

/**
 * The bundle URL a frame built with `allowlist` and `pinnedBundles` may import for these settings
 * (spec 4 step 2, security review M2), or undefined when it may import none: the base must pass
 * {@link isAllowedStaticsUrl}, and in a production build its {@link bundleUrl} must be one of the
 * exact URLs the build pins (each carries its SRI hash in the frame document's import map,
 * frame-app/build/bundlePins.ts), so a settings answer cannot choose another version or file on an
 * allowlisted origin. A development build pins none (`pinnedBundles` null, or its `'development'`
 * allowlist) and takes any bundle its allowlist allows.
 */
export function allowedBundleUrl(
  widgetStaticsBaseUrl: string,
  debug: boolean,
  allowlist: StaticsAllowlist,
  pinnedBundles: readonly string[] | null = [],
): string | undefined {
  const url = isAllowedStaticsUrl(widgetStaticsBaseUrl, allowlist) ? bundleUrl(widgetStaticsBaseUrl, debug) : '';
  return url && (allowlist === 'development' || !pinnedBundles || pinnedBundles.includes(url)) ? url : undefined;
}
