import { describe, expect, it } from 'vitest';
import { canonicalLocale, defaultLocale } from './resolveLocale';

/** A page document with `<html lang>` (`undefined`: no documentElement). */
const page = (lang?: string) => ({ documentElement: lang === undefined ? null : { lang } }) as unknown as Document;
const browser = (languages: string[] | undefined, language?: string) => ({ languages, language }) as unknown as Navigator;

describe('canonicalLocale', () => {
  it.each([
    { value: 'de-AT', expected: 'de-AT' },
    { value: 'DE-at', expected: 'de-AT' },
    { value: 'pt-br', expected: 'pt-BR' },
    { value: 'iw', expected: 'he' }, // a deprecated tag: its preferred one
    { value: 'zz', expected: 'zz' }, // well formed, not shipped: kept (the widget falls back)
    { value: 'en_US', expected: undefined },
    { value: '', expected: undefined },
    { value: 'x', expected: undefined },
    { value: 42, expected: undefined },
    { value: null, expected: undefined },
    { value: ['de'], expected: undefined }, // Intl.getCanonicalLocales takes a list: not here
  ])('$value → $expected', ({ value, expected }) => {
    expect(canonicalLocale(value)).toBe(expected);
  });
});

describe('defaultLocale', () => {
  it.each([
    { name: "the page's <html lang>", doc: page('ja'), nav: browser(['fr-FR'], 'fr-FR'), expected: 'ja' },
    { name: '<html lang> canonical', doc: page('en-gb'), nav: browser(['fr-FR']), expected: 'en-GB' },
    {
      name: "an empty <html lang>: the browser's first language",
      doc: page(''),
      nav: browser(['pt-PT', 'en']),
      expected: 'pt-PT',
    },
    { name: 'a malformed <html lang>: the browser', doc: page('en_GB'), nav: browser(['sv-SE']), expected: 'sv-SE' },
    { name: 'no languages list: navigator.language', doc: page(''), nav: browser(undefined, 'nl-BE'), expected: 'nl-BE' },
    { name: 'an empty languages list: navigator.language', doc: page(''), nav: browser([], 'pl'), expected: 'pl' },
    { name: 'a malformed first language: navigator.language', doc: page(''), nav: browser(['??'], 'it'), expected: 'it' },
    { name: 'nothing well formed: en', doc: page(''), nav: browser(['??'], ''), expected: 'en' },
    { name: 'no document, no navigator: en', doc: undefined, nav: undefined, expected: 'en' },
    { name: 'no documentElement', doc: page(undefined), nav: browser(['he']), expected: 'he' },
  ])('$name → $expected', ({ doc, nav, expected }) => {
    expect(defaultLocale(doc, nav)).toBe(expected);
  });

  it("reads the document's own window's navigator by default", () => {
    const doc = { documentElement: { lang: '' }, defaultView: { navigator: browser(['ar-EG']) } } as unknown as Document;
    expect(defaultLocale(doc)).toBe('ar-EG');
  });
});
