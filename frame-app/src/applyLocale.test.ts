// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { frameTitle } from '../../shared/catalogText';
import { applyLocale } from './applyLocale';

describe('applyLocale', () => {
  it.each([
    { tag: 'he', lang: 'he', dir: 'rtl', title: 'טופס תשלום מאובטח' },
    { tag: 'ar-EG', lang: 'ar', dir: 'rtl', title: 'نموذج دفع آمن' },
    { tag: 'de-AT', lang: 'de', dir: 'ltr', title: 'Sicheres Zahlungsformular' },
    { tag: 'pt-PT', lang: 'pt-BR', dir: 'ltr', title: 'Formulário de pagamento seguro' },
    { tag: 'ja', lang: 'ja', dir: 'ltr', title: '安全なお支払いフォーム' },
    { tag: 'zz', lang: 'en', dir: 'ltr', title: 'Secure payment form' },
    { tag: 'not a tag', lang: 'en', dir: 'ltr', title: 'Secure payment form' },
  ])('$tag → <html lang="$lang" dir="$dir">, <title>$title</title>', ({ tag, lang, dir, title }) => {
    const root = document.createElement('html');
    root.lang = 'en';
    root.dir = 'rtl';
    document.title = 'before';
    applyLocale(root, tag);
    expect(root.getAttribute('lang')).toBe(lang);
    expect(root.getAttribute('dir')).toBe(dir);
    expect(document.title).toBe(title);
    expect(title).toBe(frameTitle(lang)); // the host SDK's words for the iframe
  });

  it('no tag (a host SDK before the locale option): the document keeps its own', () => {
    const root = document.createElement('html');
    root.lang = 'en';
    document.title = 'Secure payment form';
    applyLocale(root, undefined);
    expect(document.title).toBe('Secure payment form');
    expect(root.getAttribute('lang')).toBe('en');
    expect(root.hasAttribute('dir')).toBe(false);
  });
});
