// @vitest-environment jsdom
import type { I18n } from '@lingui/core';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BLIK_TEST_CODES } from '../../../shared/localMethods';
import { BlikField, toBlikCode } from './BlikField';
import { loadBlikWords } from './blikI18n';
import type { BlikFieldProps } from './blikTypes';
import { validateBlikCode } from './validateBlikCode';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let i18n: I18n;
beforeAll(async () => {
  i18n = (await loadBlikWords('en')).i18n;
});

const container = document.createElement('div');
document.body.append(container);
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

/** Renders the field as a form does (its value kept in state); returns its input and what `onChange` heard. */
function renderField(props: Partial<BlikFieldProps> = {}) {
  const heard: string[] = [];
  function Form() {
    const [value, setValue] = useState(props.value ?? '');
    const onChange = (v: string) => {
      heard.push(v);
      setValue(v);
    };
    return <BlikField idPrefix="cw1" disabled={false} i18n={i18n} {...props} value={value} onChange={onChange} />;
  }
  root = createRoot(container);
  act(() => root?.render(<Form />));
  return { input: container.querySelector('input') as HTMLInputElement, heard };
}

/** What the browser does when the buyer types or pastes `text` into the whole field. */
function type(input: HTMLInputElement, text: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const textOf = (id: string | null) => (id ? document.getElementById(id)?.textContent : undefined);

describe('the BLIK code field', () => {
  it('asks for a one-time code on a numeric keyboard: 6 digits, with its visible label and hint', () => {
    const { input } = renderField();
    expect({
      type: input.type,
      inputMode: input.getAttribute('inputmode'),
      autocomplete: input.getAttribute('autocomplete'),
      pattern: input.getAttribute('pattern'),
      maxLength: input.maxLength,
      id: input.id,
      name: input.name,
      required: input.getAttribute('aria-required'),
      invalid: input.getAttribute('aria-invalid'),
    }).toEqual({
      type: 'text',
      inputMode: 'numeric',
      autocomplete: 'one-time-code',
      pattern: '[0-9]{6}',
      maxLength: -1, // no cut: a pasted "777 123" keeps its 6 digits
      id: 'cw1-blikCode',
      name: 'blikCode',
      required: 'true',
      invalid: 'false',
    });
    expect(input.labels?.[0]?.textContent).toBe('BLIK code');
    expect(input.getAttribute('aria-describedby')).toBe('cw1-blikCode-hint');
    expect(textOf('cw1-blikCode-hint')).toBe('6 digits from your banking app');
  });

  it('shows its error through FormField: invalid, described by the error, in a live region', () => {
    const { input } = renderField({ error: 'Enter the 6-digit BLIK code.' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('cw1-blikCode-hint cw1-blikCode-error');
    const error = document.getElementById('cw1-blikCode-error');
    expect(error?.textContent).toBe('Enter the 6-digit BLIK code.');
    expect(error?.getAttribute('aria-live')).toBe('polite');
  });

  it.each([
    { name: 'the code as typed', typed: '777123', kept: '777123' },
    { name: 'spaces dropped (as a banking app may show the code)', typed: '777 123', kept: '777123' },
    { name: 'letters and signs dropped', typed: '7a7-7b1', kept: '7771' },
    { name: 'at most 6 digits', typed: '77712345', kept: '777123' },
    { name: 'Arabic-Indic digits (an Arabic numeric keyboard)', typed: '٧٧٧١٢٣', kept: '777123' },
    { name: 'Persian digits', typed: '۷۷۷۱۲۳', kept: '777123' },
    { name: 'full-width digits (a Japanese keyboard)', typed: '７７７１２３', kept: '777123' },
    { name: 'nothing but letters', typed: 'abc', kept: '' },
  ])('keeps digits only: $name', ({ typed, kept }) => {
    expect(toBlikCode(typed)).toBe(kept);
    const { input, heard } = renderField();
    type(input, typed);
    expect(heard).toEqual([kept]);
    expect(input.value).toBe(kept);
  });

  it('a letter typed after digits does not stay in the field (the code is unchanged, nothing renders)', () => {
    const { input } = renderField({ value: '777' });
    type(input, '777x');
    expect(input.value).toBe('777');
  });

  it('while disabled it is read-only, refuses an edit and is described by the locked explanation', () => {
    const { input, heard } = renderField({ value: '777123', disabled: true, lockedId: 'cw1-locked' });
    expect(input.readOnly).toBe(true);
    expect(input.getAttribute('aria-describedby')).toBe('cw1-blikCode-hint cw1-locked');
    type(input, '777000');
    expect(heard).toEqual([]);
    expect(input.value).toBe('777123');
  });
});

describe('validateBlikCode', () => {
  it.each([
    { code: BLIK_TEST_CODES.approved, error: undefined },
    { code: '000000', error: undefined },
    { code: '', error: 'Enter the 6-digit BLIK code.' },
    { code: '77712', error: 'Enter the 6-digit BLIK code.' },
    { code: '7771234', error: 'Enter the 6-digit BLIK code.' },
    { code: '777 12', error: 'Enter the 6-digit BLIK code.' },
    { code: '٧٧٧١٢٣', error: 'Enter the 6-digit BLIK code.' },
  ])('"$code" → $error', ({ code, error }) => {
    const message = validateBlikCode(code);
    expect(message && i18n._(message)).toBe(error);
  });
});
