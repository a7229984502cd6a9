import { describe, expect, it } from 'vitest';
import { alertText, frameTitle } from './catalogText';
import { FRAME_TITLE_MESSAGE, TECHNICAL_DIFFICULTIES_MESSAGE } from './constants';
import { SUPPORTED_LOCALES } from './locales';

describe.each([
  { name: 'alertText', text: alertText, english: TECHNICAL_DIFFICULTIES_MESSAGE, german: /technische Schwierigkeiten/ },
  { name: 'frameTitle', text: frameTitle, english: FRAME_TITLE_MESSAGE, german: /^Sicheres Zahlungsformular$/ },
])('$name (issue 23)', ({ text, english, german: germanWords }) => {
  it('in English, and for a tag that falls back to it, is the English text word for word', () => {
    for (const tag of [undefined, 'en', 'en-GB', 'zh-CN']) expect(text(tag)).toBe(english);
  });

  it("in another shipped language is that catalog's text, by the fallback rule", () => {
    const german = text('de');
    expect(german).not.toBe(english);
    expect(text('de-AT')).toBe(german);
    expect(text('he')).not.toBe(german);
    expect(german).toMatch(germanWords);
  });

  it('every shipped language has its own text', () => {
    const texts = SUPPORTED_LOCALES.map((l) => text(l));
    expect(new Set(texts).size).toBe(SUPPORTED_LOCALES.length);
  });
});
