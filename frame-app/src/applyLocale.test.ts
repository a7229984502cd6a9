// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { applyLocale } from './applyLocale';

describe('applyLocale', () => {
  it.each([
    { tag: 'he', lang: 'he', dir: 'rtl' },
    { tag: 'ar-EG', lang: 'ar', dir: 'rtl' },
    { tag: 'de-AT', lang: 'de', dir: 'ltr' },
    { tag: 'pt-PT', lang: 'pt-BR', dir: 'ltr' },
    { tag: 'ja', lang: 'ja', dir: 'ltr' },
    { tag: 'zz', lang: 'en', dir: 'ltr' },
    { tag: 'not a tag', lang: 'en', dir: 'ltr' },
  ])('$tag → <html lang="$lang" dir="$dir">', ({ tag, lang, dir }) => {
    const root = document.createElement('html');
    root.lang = 'en';
    root.dir = 'rtl';
    applyLocale(root, tag);
    expect(root.getAttribute('lang')).toBe(lang);
    expect(root.getAttribute('dir')).toBe(dir);
  });

  it('no tag (a host SDK before the locale option): the document keeps its own', () => {
    const root = document.createElement('html');
    root.lang = 'en';
    applyLocale(root, undefined);
    expect(root.getAttribute('lang')).toBe('en');
    expect(root.hasAttribute('dir')).toBe(false);
  });
});
