// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLanguagePicker, languageOptions, localeFromQuery } from './languagePicker';

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.lang = '';
});

/** The demo's labelled picker, filled for the page URL's `search`. */
function picker(search: string, update = vi.fn((_locale: string) => Promise.resolve() as Promise<void> | undefined)) {
  document.body.innerHTML = '<label for="widget-language">Payment form language</label><select id="widget-language"></select>';
  const select = document.getElementById('widget-language') as HTMLSelectElement;
  const log = vi.fn();
  const language = createLanguagePicker(select, search, update, log);
  return { select, language, update, log };
}

const choose = (select: HTMLSelectElement, value: string) => {
  select.value = value;
  select.dispatchEvent(new Event('change'));
};

describe('localeFromQuery', () => {
  it.each([
    { search: '?locale=de-AT', expected: 'de-AT' },
    { search: '?event=online&locale=PT-br', expected: 'pt-BR' },
    { search: '?locale=en_US', expected: undefined },
    { search: '?locale=', expected: undefined },
    { search: '', expected: undefined },
  ])('$search → $expected', ({ search, expected }) => {
    expect(localeFromQuery(search)).toBe(expected);
  });
});

describe('languageOptions', () => {
  it("lists the widget's 12 locales, each named in its own language", () => {
    const options = new Map(languageOptions());
    expect([...options.keys()]).toEqual(['en', 'de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'sv', 'ja', 'he', 'ar']);
    expect(options.get('de')).toBe('Deutsch');
    expect(options.get('ja')).toBe('日本語');
    expect(options.get('he')).toBe('עברית');
    expect(options.get('pt-BR')).toBe('português (Brasil)');
  });
});

describe('createLanguagePicker', () => {
  it('offers the 12 languages, each option with its own lang, and selects the one ?locale= falls back to', () => {
    const { select, language } = picker('?locale=de-AT');
    expect(select.options).toHaveLength(12);
    expect([...select.options].every((o) => o.lang === o.value)).toBe(true);
    expect(select.value).toBe('de');
    expect(language.locale()).toBe('de-AT'); // the tag itself goes to the SDK
  });

  it("without ?locale= it shows the page's language and leaves the default to the SDK", () => {
    document.documentElement.lang = 'en';
    const { select, language } = picker('');
    expect(select.value).toBe('en');
    expect(language.locale()).toBeUndefined();
  });

  it('a choice calls update(locale) and logs it; it is the locale of a later mount too', async () => {
    const { select, language, update, log } = picker('?locale=he');
    choose(select, 'ja');
    expect(update).toHaveBeenCalledWith('ja');
    expect(update).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('update', 'locale ja'));
    expect(language.locale()).toBe('ja');
  });

  it('a refused update is logged with its code', async () => {
    const refused = vi.fn(() => Promise.reject({ code: 'CONNECTION_LOST', message: 'gone' }) as Promise<void> | undefined);
    const { select, log } = picker('', refused);
    choose(select, 'ar');
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('update refused', 'CONNECTION_LOST: gone'));
  });

  it('before the mount (no handle: update gives undefined) the choice is kept for it', () => {
    const { select, language, log } = picker(
      '',
      vi.fn(() => undefined),
    );
    choose(select, 'sv');
    expect(language.locale()).toBe('sv');
    expect(log).not.toHaveBeenCalled();
  });
});
