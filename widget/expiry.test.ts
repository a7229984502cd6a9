import { describe, expect, it } from 'vitest';
import { formatExpiry, isValidExpiry } from './expiry';

const now = new Date(2026, 10, 22); // 22 November 2026

describe('expiry', () => {
  it.each([
    { input: '1', expected: '1' },
    { input: '12', expected: '12' },
    { input: '123', expected: '12/3' },
    { input: '12/39', expected: '12/39' },
    { input: '1239999', expected: '12/39' },
  ])('formats $input as $expected', ({ input, expected }) => {
    expect(formatExpiry(input)).toBe(expected);
  });

  it.each([
    { input: '11/26', expected: true, why: 'the current month is still valid' },
    { input: '10/26', expected: false, why: 'last month has ended' },
    { input: '01/27', expected: true, why: 'next year' },
    { input: '12/2030', expected: true, why: 'four-digit year' },
    { input: '13/30', expected: false, why: 'no month 13' },
    { input: '00/30', expected: false, why: 'no month 0' },
    { input: '1/30', expected: false, why: 'month needs two digits' },
    { input: '', expected: false, why: 'empty' },
  ])('$input → $expected ($why)', ({ input, expected }) => {
    expect(isValidExpiry(input, now)).toBe(expected);
  });
});
