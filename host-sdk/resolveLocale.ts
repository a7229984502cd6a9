/** The locale when neither the host, the page's `<html lang>` nor the browser gives one (issue 23). */
export const DEFAULT_LOCALE = 'en';

/**
 * The canonical form of a BCP 47 tag (`Intl.getCanonicalLocales(tag)[0]`, e.g. `"DE-at"` →
 * `"de-AT"`), or undefined when `value` is not a string or not a well-formed tag.
 */
export function canonicalLocale(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    return Intl.getCanonicalLocales(value)[0];
  } catch {
    return undefined;
  }
}

/**
 * The widget's locale when `opts.locale` is absent (issue 23 item 1), canonical: the page's
 * `<html lang>` when well formed, else the browser's first language (`navigator.languages[0]`,
 * else `navigator.language`) when well formed, else {@link DEFAULT_LOCALE}. `nav` defaults to
 * `doc`'s window's navigator; with neither (no browser) the result is {@link DEFAULT_LOCALE}.
 */
export function defaultLocale(doc: Document | undefined, nav = doc?.defaultView?.navigator): string {
  return (
    canonicalLocale(doc?.documentElement?.lang) ??
    canonicalLocale(nav?.languages?.[0]) ??
    canonicalLocale(nav?.language) ??
    DEFAULT_LOCALE
  );
}
