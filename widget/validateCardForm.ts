import { msg } from '@lingui/core/macro';
import { type AddressFormat, isValidEmail, type ValidationResult } from '../shared';
import { isAmex, isValidCardNumber } from './cardNumber';
import { isValidExpiry } from './expiry';
import type { Message } from './i18n/createTranslator';

/** The card form's fields, by the names the api's `errors` uses, in the order they are checked and shown. */
export const CARD_FIELDS = [
  'cardholderName',
  'cardNumber',
  'expirationDate',
  'securityCode',
  'country',
  'subdivision',
  'postalCode',
  'email',
] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardFormValues = Record<CardField, string>;

/** The billing fields (issue 23): asked for once the countries are loaded, each where the country's format has it. */
export const BILLING_FIELDS: ReadonlySet<CardField> = new Set(['country', 'postalCode', 'subdivision']);

/**
 * What the billing fields are checked against: the country's address format (undefined while it
 * loads, or when the provider's locale metadata could not be loaded: no billing field is asked).
 */
export interface BillingRules {
  format: AddressFormat | undefined;
}

/** Accessible names of the card fields, in English as the e2e tests and assistive technology read them; translated when shown. */
export const FIELD_LABELS: Record<Exclude<CardField, 'postalCode' | 'subdivision'>, Message> = {
  cardholderName: msg`Cardholder name`,
  cardNumber: msg`Card number`,
  expirationDate: msg`Expiration date`,
  securityCode: msg`Security code`,
  country: msg`Country or region`,
  email: msg`Email`,
};

/** What a country calls its postal code, and its error (AddressFormat `postalCode.label`). */
export const POSTAL_CODE_LABELS: Record<NonNullable<AddressFormat['postalCode']>['label'], [Message, Message]> = {
  zip: [msg`ZIP code`, msg`Enter a valid ZIP code`],
  postal: [msg`Postal code`, msg`Enter a valid postal code`],
  pin: [msg`PIN code`, msg`Enter a valid PIN code`],
};

/** What a country calls its subdivisions, and the error when none is chosen (AddressFormat `subdivision.label`). */
export const SUBDIVISION_LABELS: Record<NonNullable<AddressFormat['subdivision']>['label'], [Message, Message]> = {
  state: [msg`State`, msg`Choose your state`],
  province: [msg`Province`, msg`Choose your province`],
  prefecture: [msg`Prefecture`, msg`Choose your prefecture`],
  county: [msg`County`, msg`Choose your county`],
  region: [msg({ message: 'Region', comment: 'A part of a country in a postal address' }), msg`Choose your region`],
  emirate: [msg`Emirate`, msg`Choose your emirate`],
};

/** True when the field is asked for under `rules`: the card fields always, the billing ones where the format has them. */
export function isAsked(field: CardField, { format }: BillingRules): boolean {
  if (!BILLING_FIELDS.has(field)) return true;
  if (!format) return false;
  if (field === 'postalCode') return format.postalCode !== undefined;
  if (field === 'subdivision') return format.subdivision !== undefined;
  return true;
}

/** True when `postalCode` is one of the format's (its pattern, whole, case-insensitive). */
export function isValidPostalCode(postalCode: string, format: AddressFormat): boolean {
  return !format.postalCode || new RegExp(`^(?:${format.postalCode.pattern})$`, 'i').test(postalCode.trim());
}

/**
 * The error for one field, or undefined when it is valid or not asked for. `rules` are the
 * billing fields' (issue 23); `now` is for the expiry check.
 */
export function validateField(
  field: CardField,
  values: CardFormValues,
  rules: BillingRules = { format: undefined },
  now: Date = new Date(),
): Message | undefined {
  if (!isAsked(field, rules)) return undefined;
  const value = values[field].trim();
  const { format } = rules;
  switch (field) {
    case 'cardholderName':
      return value ? undefined : msg`Enter the name on the card`;
    case 'cardNumber':
      return isValidCardNumber(value) ? undefined : msg`Enter a valid card number`;
    case 'expirationDate':
      return isValidExpiry(value, now) ? undefined : msg`Enter a future expiration date as MM/YY`;
    case 'securityCode': {
      const length = isAmex(values.cardNumber) ? 4 : 3;
      return new RegExp(`^\\d{${length}}$`).test(value) ? undefined : msg`Enter the ${length}-digit security code`;
    }
    case 'country':
      return value ? undefined : msg`Choose your country or region`;
    case 'postalCode':
      return format?.postalCode && !isValidPostalCode(value, format) ? POSTAL_CODE_LABELS[format.postalCode.label][1] : undefined;
    case 'subdivision':
      return format?.subdivision && !value ? SUBDIVISION_LABELS[format.subdivision.label][1] : undefined;
    case 'email':
      return isValidEmail(value) ? undefined : msg`Enter a valid email address`;
  }
}

/** Every field's error, by field; empty when the form is valid (luhn, future expiry, CVC length, billing format, spec 5 e-mail). */
export function validateCardForm(
  values: CardFormValues,
  rules: BillingRules = { format: undefined },
  now: Date = new Date(),
): Partial<Record<CardField, Message>> {
  const errors: Partial<Record<CardField, Message>> = {};
  for (const field of CARD_FIELDS) {
    const error = validateField(field, values, rules, now);
    if (error) errors[field] = error;
  }
  return errors;
}

/** What `api.validate()` resolves to: the public type the host SDK publishes. */
export type { ValidationResult };
