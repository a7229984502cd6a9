import { passesLuhn } from './luhn';

/** The digits of a card number as typed (spaces and dashes dropped). */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Groups of four as the buyer types, at most 19 digits: "4242424242424242" → "4242 4242 4242 4242". */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** True for 13 to 19 digits that pass Luhn. */
export function isValidCardNumber(value: string): boolean {
  const digits = cardDigits(value);
  return /^\d{13,19}$/.test(digits) && passesLuhn(digits);
}

/** American Express numbers start with 34 or 37 and take a 4-digit security code. */
export function isAmex(value: string): boolean {
  return /^3[47]/.test(cardDigits(value));
}
