import { type Messages, setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { FRAME_TITLE_MESSAGE, SOURCE_LOCALE, SUPPORTED_LOCALES, TECHNICAL_DIFFICULTIES_MESSAGE } from '../../shared';
import { TECHNICAL_DIFFICULTIES } from '../../shared/alertMessage';
import { FRAME_TITLE } from '../../shared/frameTitleMessage';

/**
 * Every catalog (issue 23 item 5): each message of the English source renders in every shipped
 * language, with its placeholders filled and no key missing; plurals with several counts.
 * (`npm run i18n:check` runs Lingui's own checks: catalogs in sync with the source, nothing untranslated.)
 */
type Compiled = Record<string, { messages: Messages }>;
const catalogs = {
  widget: import.meta.glob<{ messages: Messages }>('../locales/*.po', { eager: true }) as Compiled,
  // Issue 25: the saved cards' words, loaded with their chunk.
  savedCards: import.meta.glob<{ messages: Messages }>('../savedCards/locales/*.po', { eager: true }) as Compiled,
  // Issue 25: the PayPal panel's words, loaded with its chunk.
  payPal: import.meta.glob<{ messages: Messages }>('../paypal/locales/*.po', { eager: true }) as Compiled,
  // Issue 25 item 4: the wallet buttons' words, loaded with their chunk.
  wallets: import.meta.glob<{ messages: Messages }>('../wallets/locales/*.po', { eager: true }) as Compiled,
  // Issue 38: the iDEAL, Bancontact and Klarna panel's words, and BLIK's, each loaded with its chunk.
  localRedirect: import.meta.glob<{ messages: Messages }>('../localMethods/redirect/locales/*.po', { eager: true }) as Compiled,
  blik: import.meta.glob<{ messages: Messages }>('../localMethods/blik/locales/*.po', { eager: true }) as Compiled,
  // The alert and the frame title, which the frame and the host SDK carry in every language.
  alert: import.meta.glob<{ messages: Messages }>('../../shared/locales/*.po', { eager: true }) as Compiled,
};

/** Values for every placeholder the messages use, chosen so that each is easy to find in the text. */
const VALUES = {
  example: 'Q9X 7Z2',
  length: 7,
  card: 'Visa •••• 4242',
  name: 'Brand •••• 1881',
  expiry: '12/34',
  // The seat hold's time left (HoldNotice); without it a translation that dropped {time} passed.
  time: '9:05',
  // Issue 38: a local method's brand name (the redirect panel), and BLIK's seconds left to confirm.
  method: 'Bancontact',
  seconds: 97,
};
/** Counts that take each plural category in some language (one, two, few, many, other). */
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 22, 101];
/** Words that stay as they are in every language: formats and brand names. */
// PayPal: a brand name, the same in every language (issue 25).
const SAME_EVERYWHERE = new Set(['MM/YY', 'PayPal']);
/** Words that are the same in a language as in English (checked one by one). */
const SAME_AS_ENGLISH: Partial<Record<string, string[]>> = {
  de: ['Region'],
  fr: ['Province'],
  it: ['Email'],
  pl: ['Region'],
  sv: ['Region'],
};

const byLocale = (all: Compiled) =>
  Object.fromEntries(Object.entries(all).map(([path, m]) => [path.replace(/^.*\/(.+)\.po$/, '$1'), m.messages]));

describe.each(Object.entries(catalogs))('the %s catalogs', (_name, compiled) => {
  const messages = byLocale(compiled);
  const english = setupI18n({ locale: SOURCE_LOCALE, messages: { [SOURCE_LOCALE]: messages[SOURCE_LOCALE] ?? {} } });
  const ids = Object.keys(messages[SOURCE_LOCALE] ?? {});

  it('there is one per shipped locale, and nothing else', () => {
    expect(Object.keys(messages).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    expect(ids.length).toBeGreaterThan(0);
  });

  it.each(SUPPORTED_LOCALES.map((l) => [l]))('%s: every message renders, placeholders filled, no key missing', (locale) => {
    const missing: string[] = [];
    const i18n = setupI18n({ locale, messages: { [locale]: messages[locale] ?? {} } });
    i18n.on('missing', ({ id }) => missing.push(id));
    for (const id of ids) {
      const source = english._(id, VALUES);
      for (const count of COUNTS) {
        const text = i18n._(id, { ...VALUES, count });
        expect(text, id).not.toBe('');
        expect(text, `${locale} "${source}": a placeholder left`).not.toMatch(/[{}]/);
        for (const value of Object.values(VALUES).map(String))
          if (source.includes(value)) expect(text, `${locale} "${source}" lost ${value}`).toContain(value);
        const same = SAME_EVERYWHERE.has(source) || SAME_AS_ENGLISH[locale]?.includes(source);
        if (locale !== SOURCE_LOCALE && !same) expect(text, `${locale}: "${source}" is English`).not.toBe(source);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the alert', () => {
  it("in English is the spec's text word for word", () => {
    const en = byLocale(catalogs.alert)[SOURCE_LOCALE] ?? {};
    expect(setupI18n({ locale: 'en', messages: { en } })._(TECHNICAL_DIFFICULTIES)).toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
  });

  it("the frame's title, in English, is the one the host SDK sets before the bridge arrives", () => {
    const en = byLocale(catalogs.alert)[SOURCE_LOCALE] ?? {};
    expect(setupI18n({ locale: 'en', messages: { en } })._(FRAME_TITLE)).toBe(FRAME_TITLE_MESSAGE);
  });
});
