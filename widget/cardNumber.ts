export { cardDigits, isAmex, isValidCardNumber } from '../shared';

/** Groups of four as the buyer types, at most 19 digits: "4242424242424242" → "4242 4242 4242 4242". */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
