import { describe, expect, it } from 'vitest';
import { passesLuhn } from './luhn';

describe('passesLuhn', () => {
  it.each([
    { digits: '4242424242424242', expected: true },
    { digits: '4000000000000002', expected: true },
    { digits: '378282246310005', expected: true },
    { digits: '4242424242424241', expected: false },
    { digits: '1234567812345678', expected: false },
    { digits: '4242 4242 4242 4242', expected: false },
    { digits: '', expected: false },
  ])('$digits → $expected', ({ digits, expected }) => {
    expect(passesLuhn(digits)).toBe(expected);
  });
});
