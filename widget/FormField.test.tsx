// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import { controlProps } from './FormField';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const container = document.createElement('div');
afterEach(() => container.replaceChildren());

/** The card number control as the form renders it, invalid or not. */
const field = (error: string | undefined) => (
  <input {...controlProps('card-number', 'cardnumber', error, false, false, 'locked')} />
);

it('gives a field its boundary colour back when its error clears (React removes the invalid colour, the base must keep one)', () => {
  const root = createRoot(container);
  act(() => root.render(field(undefined)));
  const input = container.querySelector('input') as HTMLInputElement;
  const valid = input.style.borderColor;
  expect(valid).not.toBe('');
  act(() => root.render(field('Enter a valid card number')));
  expect(input.style.borderColor).not.toBe(valid);
  act(() => root.render(field(undefined)));
  expect(input.style.borderColor).toBe(valid);
  expect(input.style.borderStyle).toBe('solid');
  act(() => root.unmount());
});
