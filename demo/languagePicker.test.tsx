// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguagePicker } from './LanguagePicker';
import { languageOptions, localeFromQuery } from './languagePicker';

afterEach(cleanup);

describe('localeFromQuery', () => {
  it.each([
    { search: '?locale=de-AT', expected: 'de-AT' },
    { search: '?event=online&locale=PT-br', expected: 'pt-BR' },
    { search: '?locale=en_US', expected: undefined },
    { search: '?locale=', expected: undefined },
    { search: '', expected: undefined },
  ])('$search → $expected', ({ search, expected }) => {
    expect(localeFromQuery(search)).toBe(expected);
  });
});

describe('languageOptions', () => {
  it("lists the widget's 12 locales, each named in its own language", () => {
    const options = new Map(languageOptions());
    expect([...options.keys()]).toEqual(['en', 'de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'sv', 'ja', 'he', 'ar']);
    expect(options.get('de')).toBe('Deutsch');
    expect(options.get('ja')).toBe('日本語');
    expect(options.get('he')).toBe('עברית');
    expect(options.get('pt-BR')).toBe('português (Brasil)');
  });
});

describe('LanguagePicker', () => {
  it('offers the 12 languages under its label, each option with its own lang, and shows the value it is given', () => {
    render(<LanguagePicker value="de" onChange={() => {}} />);
    const select = screen.getByLabelText('Payment form language') as HTMLSelectElement;
    expect(select.options).toHaveLength(12);
    expect([...select.options].every((o) => o.lang === o.value)).toBe(true);
    expect(select.value).toBe('de');
  });

  it('a choice calls onChange with the locale, once', () => {
    const onChange = vi.fn();
    render(<LanguagePicker value="he" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Payment form language'), { target: { value: 'ja' } });
    expect(onChange).toHaveBeenCalledWith('ja');
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
