import { describe, expect, it } from 'vitest';
import { isRtlLocale, matchLocale, SUPPORTED_LOCALES } from './locales';

describe('matchLocale', () => {
  it.each([
    ['de', 'de'],
    ['de-AT', 'de'],
    ['DE-ch', 'de'],
    ['pt-PT', 'pt-BR'],
    ['pt-br', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['iw', 'he'],
    ['he-IL', 'he'],
    ['ar-EG', 'ar'],
    ['en-GB', 'en'],
    ['ja-JP', 'ja'],
    ['zh-CN', 'en'],
    ['sr-Latn-RS', 'en'],
    ['not a tag', 'en'],
  ])('%s → %s', (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale);
  });

  it('gives every shipped locale itself', () => {
    for (const locale of SUPPORTED_LOCALES) expect(matchLocale(locale)).toBe(locale);
  });
});

describe('isRtlLocale', () => {
  it('is true for Hebrew and Arabic only', () => {
    expect(SUPPORTED_LOCALES.filter(isRtlLocale)).toEqual(['he', 'ar']);
  });
});
