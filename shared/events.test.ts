import { describe, expect, it } from 'vitest';
import { cardBrand } from './events';

describe('cardBrand (issue 36): the brand by the leading digits', () => {
  it.each([
    ['4', 'visa'],
    ['4242 4242 4242 4242', 'visa'],
    ['51', 'mastercard'],
    ['5555 5555 5555 4444', 'mastercard'],
    ['2221 0000', 'mastercard'],
    ['2720 9999', 'mastercard'],
    ['2220 9999', 'unknown'],
    ['2721 0000', 'unknown'],
    ['34', 'amex'],
    ['3782 822463 10005', 'amex'],
    ['6011 1111 1111 1117', 'discover'],
    ['65', 'discover'],
    ['644', 'discover'],
    ['6221 26', 'discover'],
    ['6229 25', 'discover'],
    ['6229 26', 'unknown'],
    ['5', 'unknown'],
    ['3', 'unknown'],
    ['', 'unknown'],
    ['1234', 'unknown'],
  ])('%j → %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
});
