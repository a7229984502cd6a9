import { describe, expect, it } from 'vitest';
import { formatCardNumber, isAmex, isValidCardNumber } from './cardNumber';

describe('card number', () => {
  it.each([
    { input: '4242424242424242', expected: '4242 4242 4242 4242' },
    { input: '4242-4242 42', expected: '4242 4242 42' },
    { input: '42424242424242424242424', expected: '4242 4242 4242 4242 424' },
    { input: 'abc', expected: '' },
  ])('formats $input as $expected', ({ input, expected }) => {
    expect(formatCardNumber(input)).toBe(expected);
  });

  it.each([
    { input: '4242 4242 4242 4242', expected: true },
    { input: '4222222222222', expected: true },
    { input: '424242424242', expected: false },
    { input: '4242 4242 4242 4241', expected: false },
    { input: '4242424242424242424242', expected: false },
  ])('isValidCardNumber($input) → $expected', ({ input, expected }) => {
    expect(isValidCardNumber(input)).toBe(expected);
  });

  it.each([
    { input: '3782 822463 10005', expected: true },
    { input: '3400', expected: true },
    { input: '3530', expected: false },
  ])('isAmex($input) → $expected', ({ input, expected }) => {
    expect(isAmex(input)).toBe(expected);
  });
});
