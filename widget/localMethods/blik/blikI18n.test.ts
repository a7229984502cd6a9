import { type Messages, setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { SOURCE_LOCALE, SUPPORTED_LOCALES } from '../../../shared';
import blik from '.';
import { loadBlikWords } from './blikI18n';

/**
 * BLIK's catalogs (issue 38), checked as widget/i18n/catalogs.test.ts checks the others: one per
 * shipped locale, every message rendered in each with its placeholder filled, translated, and
 * the brand name BLIK kept wherever the English says it.
 */
const compiled = import.meta.glob<{ messages: Messages }>('./locales/*.po', { eager: true });
const catalogs = Object.fromEntries(
  Object.entries(compiled).map(([path, m]) => [path.replace(/^.*\/(.+)\.po$/, '$1'), m.messages]),
);
const english = setupI18n({ locale: SOURCE_LOCALE, messages: { [SOURCE_LOCALE]: catalogs[SOURCE_LOCALE] ?? {} } });
const ids = Object.keys(catalogs[SOURCE_LOCALE] ?? {});
const VALUES = { seconds: 97 };

describe('the BLIK catalogs', () => {
  it('there is one per shipped locale, and nothing else', () => {
    expect(Object.keys(catalogs).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    expect(ids).toHaveLength(11);
  });

  it.each(SUPPORTED_LOCALES.filter((l) => l !== SOURCE_LOCALE).map((l) => [l]))(
    '%s: every message translated, placeholder filled, BLIK kept',
    (locale) => {
      const missing: string[] = [];
      const i18n = setupI18n({ locale, messages: { [locale]: catalogs[locale] ?? {} } });
      i18n.on('missing', ({ id }) => missing.push(id));
      for (const id of ids) {
        const source = english._(id, VALUES);
        const text = i18n._(id, VALUES);
        expect(text, source).not.toBe(source);
        expect(text, `${locale} "${source}": a placeholder left`).not.toMatch(/[{}]/);
        if (source.includes('97')) expect(text, `${locale} "${source}" lost the seconds`).toContain('97');
        if (source.includes('BLIK')) expect(text, `${locale} "${source}" lost the brand`).toContain('BLIK');
      }
      expect(missing).toEqual([]);
    },
  );
});

describe('loadBlikWords', () => {
  it.each([
    { tag: 'pl-PL', locale: 'pl', pay: 'Zapłać BLIKIEM' },
    { tag: 'de', locale: 'de', pay: 'Mit BLIK bezahlen' },
    { tag: undefined, locale: 'en', pay: 'Pay with BLIK' },
    { tag: 'xx-YY', locale: 'en', pay: 'Pay with BLIK' },
  ])('$tag → its words in $locale', async ({ tag, locale, pay }) => {
    const words = await loadBlikWords(tag);
    expect(words.locale).toBe(locale);
    expect(words.i18n._(blik.BLIK_MESSAGES.pay)).toBe(pay);
  });

  it('follows a later change of language with use()', async () => {
    const words = await loadBlikWords('en');
    await words.use('sv');
    expect(words.i18n._(blik.BLIK_MESSAGES.declined)).toBe('Betalningen nekades i din bankapp, så inget har dragits.');
  });
});

describe('the chunk', () => {
  it('exports the field, the countdown, the check, the flow’s words and the loader', () => {
    expect(Object.keys(blik).sort()).toEqual(
      ['BLIK_MESSAGES', 'BlikConfirm', 'BlikField', 'loadBlikWords', 'validateBlikCode'].sort(),
    );
    expect(Object.keys(blik.BLIK_MESSAGES).sort()).toEqual(['declined', 'expired', 'invalidCode', 'line', 'pay']);
    const en = setupI18n({ locale: 'en', messages: { en: catalogs.en ?? {} } });
    expect(Object.values(blik.BLIK_MESSAGES).map((m) => en._(m))).toEqual([
      'This BLIK code is not valid. Get a new one in your banking app.',
      'The code expired before you confirmed, so nothing was charged. Get a new code and try again.',
      'The payment was declined in your banking app, so nothing was charged.',
      'Enter the 6-digit code from your banking app, then confirm there.',
      'Pay with BLIK',
    ]);
  });
});
