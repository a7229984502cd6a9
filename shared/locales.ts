/**
 * The widget's languages (issue 23): which locale tags ship a catalog, how any BCP 47 tag falls
 * back to one of them, and which are written right to left.
 */

/** The locales the widget ships a catalog for; `en` is the source language and the last fallback. */
export const SUPPORTED_LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'sv', 'ja', 'he', 'ar'] as const;

/** One of {@link SUPPORTED_LOCALES}. */
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/** The source language: its catalog is in the bundle, every other one is fetched when chosen. */
export const SOURCE_LOCALE: SupportedLocale = 'en';

/** The locales written right to left: the frame document gets `dir="rtl"`. */
const RTL_LOCALES: ReadonlySet<SupportedLocale> = new Set(['he', 'ar']);

/**
 * The supported locale for a BCP 47 tag (issue 23 item 1): the tag itself when shipped (compared
 * case-insensitively, after canonicalization), else the shipped locale of its language (`de-AT` →
 * `de`, `pt-PT` → `pt-BR`, `iw` → `he`), else `en`. A tag that is not well formed gives `en` (the host
 * SDK has refused it already: a TypeError naming `locale`).
 */
export function matchLocale(tag: string): SupportedLocale {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag);
  } catch {
    return SOURCE_LOCALE;
  }
  const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === locale.baseName.toLowerCase());
  if (exact) return exact;
  return SUPPORTED_LOCALES.find((l) => new Intl.Locale(l).language === locale.language) ?? SOURCE_LOCALE;
}

/** True for a locale written right to left (`he`, `ar`). */
export function isRtlLocale(locale: SupportedLocale): boolean {
  return RTL_LOCALES.has(locale);
}
