import { type Messages, setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { type SavedCard, SUPPORTED_LOCALES } from '../../shared';
import { cardName, describeCard, REMOVAL } from './SavedCardsChoice';

const catalogs = import.meta.glob<{ messages: Messages }>('./locales/*.po', { eager: true });
const messagesOf = (locale: string) => catalogs[`./locales/${locale}.po`]?.messages ?? {};
const i18nIn = (locale: string) => setupI18n({ locale, messages: { [locale]: messagesOf(locale) } });

const VISA: SavedCard = {
  id: 'v',
  brand: 'visa',
  last4: '4242',
  expiryMonth: 3,
  expiryYear: 2034,
  primary: true,
  expired: false,
};
/** A brand the widget does not name: the locale's word for "Card" stands for it. */
const OTHER: SavedCard = { ...VISA, id: 'o', brand: 'discover', last4: '1881', expiryMonth: 9, expiryYear: 2021, expired: true };

describe('describeCard and cardName', () => {
  it('wrap the masked number and the expiry in left-to-right isolates (U+2066 … U+2069), the brand outside', () => {
    const en = i18nIn('en');
    expect(cardName(VISA, en)).toBe('Visa \u2066•••• 4242\u2069');
    expect(describeCard(VISA, en)).toBe('Visa \u2066•••• 4242\u2069, expires \u206603/34\u2069');
    expect(describeCard(OTHER, en)).toBe('Card \u2066•••• 1881\u2069, expired \u206609/21\u2069');
  });

  it.each(SUPPORTED_LOCALES.map((l) => [l]))('%s: every isolate is closed, and digits never stand outside one', (locale) => {
    const i18n = i18nIn(locale);
    for (const card of [VISA, OTHER]) {
      const text = describeCard(card, i18n);
      expect(text.match(/\u2066/g)?.length, text).toBe(2);
      expect(text.match(/\u2069/g)?.length, text).toBe(2);
      expect(text.replace(/\u2066[^\u2066\u2069]*\u2069/g, ''), text).not.toMatch(/[\d•]/);
    }
  });
});

describe('the removal messages', () => {
  it.each(SUPPORTED_LOCALES.map((l) => [l]))(
    '%s: name the card by brand and last 4 only (no expiry), and put no word for "card" before an unknown brand',
    (locale) => {
      const i18n = i18nIn(locale);
      const card = cardName(OTHER, i18n);
      const brandWord = card.slice(0, card.indexOf(' \u2066'));
      // A word before the card that shares the stem of the locale's word for "Card" ("karty Karta", "Karte Karte").
      const stem = brandWord.toLowerCase().slice(0, 4);
      for (const [id, message] of Object.entries(REMOVAL)) {
        const text = i18n._({ ...message, values: { card } });
        if (locale !== 'en') expect(text, id).not.toBe(i18nIn('en')._({ ...message, values: { card } }));
        expect(text, id).toContain(card);
        expect(text, id).not.toContain('09/21');
        const before = text.slice(0, text.indexOf(card)).trimEnd().toLowerCase();
        const lastWord = before.split(/[\s:]+/).pop() ?? '';
        expect(lastWord.includes(stem) ? `${before} ${card}` : 'no card word before the card', `${locale}: ${id}`).toBe(
          'no card word before the card',
        );
      }
    },
  );
});
