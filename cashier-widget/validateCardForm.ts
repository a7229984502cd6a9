import { isValidEmail, type ValidationResult } from '../shared';
import { isAmex, isValidCardNumber } from './cardNumber';
import { isValidExpiry } from './expiry';

/** The card form's fields, by the names the api's `errors` uses. */
export const CARD_FIELDS = ['cardholderName', 'cardNumber', 'expirationDate', 'securityCode', 'email'] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardFormValues = Record<CardField, string>;

/** Accessible names of the fields, exactly as the e2e tests and assistive technology read them. */
export const FIELD_LABELS: Record<CardField, string> = {
  cardholderName: 'Cardholder name',
  cardNumber: 'Card number',
  expirationDate: 'Expiration date',
  securityCode: 'Security code',
  email: 'Email',
};

/** What `api.validate()` resolves to: the public type the host SDK publishes. */
export type { ValidationResult };

/** The error for one field, or undefined when it is valid. `now` is for the expiry check. */
export function validateField(field: CardField, values: CardFormValues, now: Date = new Date()): string | undefined {
  const value = values[field].trim();
  switch (field) {
    case 'cardholderName':
      return value ? undefined : 'Enter the name on the card';
    case 'cardNumber':
      return isValidCardNumber(value) ? undefined : 'Enter a valid card number';
    case 'expirationDate':
      return isValidExpiry(value, now) ? undefined : 'Enter a future expiration date as MM/YY';
    case 'securityCode': {
      const length = isAmex(values.cardNumber) ? 4 : 3;
      return new RegExp(`^\\d{${length}}$`).test(value) ? undefined : `Enter the ${length}-digit security code`;
    }
    case 'email':
      return isValidEmail(value) ? undefined : 'Enter a valid email address';
  }
}

/** Validates every field (luhn, future expiry, CVC length, spec section 5 e-mail, name required). */
export function validateCardForm(values: CardFormValues, now: Date = new Date()): ValidationResult {
  const errors: Partial<Record<CardField, string>> = {};
  for (const field of CARD_FIELDS) {
    const error = validateField(field, values, now);
    if (error) errors[field] = error;
  }
  return { valid: Object.keys(errors).length === 0, errors };
}
