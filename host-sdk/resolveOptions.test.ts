import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveOptions } from './resolveOptions';

const base = { host: 'https://tickets.example.com', configuration: { appInstance: 'token' } };
const page = 'https://shop.example/checkout';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('resolveOptions', () => {
  it("applies the defaults: inline theme, no debug, the build's frame URL (vite.config.ts defines CASHIER_FRAME_URL)", () => {
    vi.stubEnv('CASHIER_FRAME_URL', 'https://cashier.example.com/frame/');
    expect(resolveOptions(base, page)).toEqual({
      ...base,
      theme: 'inline',
      debug: false,
      frameUrl: 'https://cashier.example.com/frame/',
      locale: 'en', // no document here (node): the last default
    });
  });

  it('keeps what the host gave', () => {
    const given = { ...base, theme: 'modal', debug: true, frameUrl: 'https://frame.example/', locale: 'sv' };
    expect(resolveOptions(given, page)).toMatchObject({
      theme: 'modal',
      debug: true,
      frameUrl: 'https://frame.example/',
      locale: 'sv',
    });
  });

  it.each([
    { debug: undefined, url: page, expected: false },
    { debug: true, url: page, expected: true },
    { debug: false, url: `${page}?debug`, expected: true },
    { debug: undefined, url: `${page}?debug=1`, expected: true },
    { debug: true, url: `${page}?debug=false`, expected: true },
    { debug: undefined, url: `${page}?debug=false`, expected: false },
  ])('debug: opts.debug $debug on $url → $expected', ({ debug, url, expected }) => {
    expect(resolveOptions({ ...base, debug }, url).debug).toBe(expected);
  });

  it("keeps the locale canonical, and prefers it to the page's <html lang>", () => {
    expect(resolveOptions({ ...base, locale: 'DE-at' }, page, pageDocument('ja', ['fr'])).locale).toBe('de-AT');
  });

  it("without a locale: the page document's <html lang>, then its navigator", () => {
    expect(resolveOptions(base, page, pageDocument('JA-jp', ['fr'])).locale).toBe('ja-JP');
    expect(resolveOptions(base, page, pageDocument('', ['pt-PT'])).locale).toBe('pt-PT');
  });
});

/** A page document (node has none): its `<html lang>` and its window's navigator languages. */
function pageDocument(lang: string, languages: string[]): Document {
  return { documentElement: { lang }, defaultView: { navigator: { languages, language: languages[0] } } } as unknown as Document;
}
