import { matchLocale, SUPPORTED_LOCALES } from '../../shared';

/** The widget's language on the demo page (issue 23 item 8): `?locale=`, then the picker. */
export interface LanguagePicker {
  /** The locale to mount the widget with: the picker's choice, else `?locale=`; undefined: the SDK's default. */
  locale(): string | undefined;
}

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

/**
 * Fills the `<select>` (labelled by the page) with {@link languageOptions}, each option marked
 * with its own `lang`, and selects the locale the widget shows for `?locale=` (else the page's
 * `<html lang>`). A change calls `update(locale)` (the mounted widget's `handle.update`, or
 * undefined before the mount, when the choice waits for it) and logs what came of it.
 */
export function createLanguagePicker(
  select: HTMLSelectElement,
  search: string,
  update: (locale: string) => Promise<void> | undefined,
  log: (kind: string, detail: string) => void,
): LanguagePicker {
  let chosen = localeFromQuery(search);
  for (const [tag, name] of languageOptions()) {
    const option = new Option(name, tag);
    option.lang = tag;
    select.add(option);
  }
  select.value = matchLocale(chosen ?? select.ownerDocument.documentElement.lang);
  select.addEventListener('change', () => {
    const locale = select.value;
    chosen = locale;
    update(locale)?.then(
      () => log('update', `locale ${locale}`),
      (error: { code?: string; message?: string }) => log('update refused', `${error.code}: ${error.message}`),
    );
  });
  return { locale: () => chosen };
}
