import { describe, expect, it } from 'vitest';
import { alertText } from './alertText';
import { TECHNICAL_DIFFICULTIES_MESSAGE } from './constants';
import { SUPPORTED_LOCALES } from './locales';

describe('alertText (issue 23)', () => {
  it("in English, and for a tag that falls back to it, is the spec's text word for word", () => {
    for (const tag of [undefined, 'en', 'en-GB', 'zh-CN']) expect(alertText(tag)).toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
  });

  it("in another shipped language is that catalog's text, by the fallback rule", () => {
    const german = alertText('de');
    expect(german).not.toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
    expect(alertText('de-AT')).toBe(german);
    expect(alertText('he')).not.toBe(german);
    expect(german).toMatch(/technische Schwierigkeiten/);
  });

  it('every shipped language has its own text', () => {
    const texts = SUPPORTED_LOCALES.map((l) => alertText(l));
    expect(new Set(texts).size).toBe(SUPPORTED_LOCALES.length);
  });
});
