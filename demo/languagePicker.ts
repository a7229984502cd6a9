import { SUPPORTED_LOCALES } from '../shared';

// The widget's language on the demo page (issue 23 item 8): `?locale=`, then the picker (LanguagePicker.tsx).

/**
 * The locale the page URL asks for with `?locale=<tag>`, when it is a well-formed BCP 47 tag
 * (the SDK would refuse another with a TypeError); undefined when absent or malformed.
 */
export function localeFromQuery(search: string): string | undefined {
  const tag = new URLSearchParams(search).get('locale');
  if (!tag) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/** The widget's 12 locales, each with its name in its own language (`Intl.DisplayNames`), e.g. `['de', 'Deutsch']`. */
export function languageOptions(): [tag: string, name: string][] {
  return SUPPORTED_LOCALES.map((tag) => [tag, new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag]);
}
