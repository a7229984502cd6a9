import { describe, expect, it } from 'vitest';
import {
  isExpiryInFuture,
  isValidCardNumber,
  securityCodeLength,
  TEST_CARD_BILLING_POSTAL_CODES,
  TEST_CARD_CHALLENGES,
  TEST_CARD_DECLINES,
  TEST_CARDS,
} from './card';

describe('isValidCardNumber (Luhn, 13–19 digits)', () => {
  it.each([
    { value: '4242424242424242', expected: true },
    { value: '4242 4242 4242 4242', expected: true },
    { value: '4000-0000-0000-0002', expected: true },
    { value: '378282246310005', expected: true },
    { value: '4242424242424241', expected: false },
    { value: '1234567812345678', expected: false },
    { value: '424242424242', expected: false },
    { value: '42424242424242424242', expected: false },
    { value: '4242x42424242424', expected: false },
    { value: '', expected: false },
  ])('$value → $expected', ({ value, expected }) => {
    expect(isValidCardNumber(value)).toBe(expected);
  });
});

describe('isExpiryInFuture (good through the end of the month)', () => {
  const now = new Date(2026, 10, 22); // 22 November 2026
  it.each([
    { month: 11, year: 2026, expected: true },
    { month: 12, year: 2026, expected: true },
    { month: 1, year: 2027, expected: true },
    { month: 10, year: 2026, expected: false },
    { month: 12, year: 2025, expected: false },
    { month: 0, year: 2030, expected: false },
    { month: 13, year: 2030, expected: false },
    { month: 1.5, year: 2030, expected: false },
  ])('$month/$year → $expected', ({ month, year, expected }) => {
    expect(isExpiryInFuture(month, year, now)).toBe(expected);
  });
});

it('security code length: 4 for American Express, else 3', () => {
  expect(securityCodeLength('3782 822463 10005')).toBe(4);
  expect(securityCodeLength('4242424242424242')).toBe(3);
});

describe('TEST_CARDS (the provider and the mock mode)', () => {
  it('are all valid card numbers (they tokenize)', () => {
    for (const number of Object.values(TEST_CARDS)) expect(isValidCardNumber(number)).toBe(true);
  });

  it('the 3-D Secure cards: two challenges (1629 declines after completion), 3055 frictionless', () => {
    expect(TEST_CARD_CHALLENGES).toEqual({
      '4000002760003184': {},
      '4000008400001629': { completeDeclineCode: 'card_declined' },
    });
    expect(TEST_CARDS.threeDsFrictionless).toBe('4000000000003055');
    expect(TEST_CARD_CHALLENGES[TEST_CARDS.threeDsFrictionless]).toBeUndefined();
    expect(TEST_CARD_DECLINES[TEST_CARDS.threeDsFrictionless]).toBeUndefined();
  });

  it('the AVS card: 0036 alone has a billing postal code on file, 12345, and declines nothing at once', () => {
    expect(TEST_CARD_BILLING_POSTAL_CODES).toEqual({ '4000000000000036': '12345' });
    expect(TEST_CARD_DECLINES[TEST_CARDS.avsPostalCodeCheck]).toBeUndefined();
    expect(TEST_CARD_CHALLENGES[TEST_CARDS.avsPostalCodeCheck]).toBeUndefined();
  });
});
