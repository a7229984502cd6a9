import { describe, expect, it } from 'vitest';
import { type CardFormValues, validateCardForm } from './validateCardForm';

const now = new Date(2026, 10, 22);
const valid: CardFormValues = {
  cardholderName: 'Ada Lovelace',
  cardNumber: '4242 4242 4242 4242',
  expirationDate: '12/29',
  securityCode: '123',
  email: 'ada@example.com',
};

describe('validateCardForm', () => {
  it('a complete form is valid with no errors', () => {
    expect(validateCardForm(valid, now)).toEqual({ valid: true, errors: {} });
  });

  it('an empty form has an error for every field', () => {
    const empty = { cardholderName: '', cardNumber: '', expirationDate: '', securityCode: '', email: '' };
    const result = validateCardForm(empty, now);
    expect(result.valid).toBe(false);
    expect(Object.keys(result.errors).sort()).toEqual([
      'cardNumber',
      'cardholderName',
      'email',
      'expirationDate',
      'securityCode',
    ]);
  });

  it.each([
    { field: 'cardholderName', value: '   ', message: 'Enter the name on the card' },
    { field: 'cardNumber', value: '4242 4242 4242 4241', message: 'Enter a valid card number' },
    { field: 'expirationDate', value: '10/26', message: 'Enter a future expiration date as MM/YY' },
    { field: 'securityCode', value: '12', message: 'Enter the 3-digit security code' },
    { field: 'email', value: 'ada@example.invalidtld', message: 'Enter a valid email address' },
    { field: 'email', value: 'ada.@example.com', message: 'Enter a valid email address' },
  ] as const)('$field = "$value" → "$message"', ({ field, value, message }) => {
    expect(validateCardForm({ ...valid, [field]: value }, now)).toEqual({ valid: false, errors: { [field]: message } });
  });

  it('an Amex card needs a 4-digit security code', () => {
    const amex = { ...valid, cardNumber: '3782 822463 10005' };
    expect(validateCardForm({ ...amex, securityCode: '123' }, now).errors).toEqual({
      securityCode: 'Enter the 4-digit security code',
    });
    expect(validateCardForm({ ...amex, securityCode: '1234' }, now).valid).toBe(true);
  });
});
