// The widget's events a checkout page builds on (DESIGN "Options pinned": Events): what the
// buyer has done in the form, never what they typed. No event carries card data: a brand is one of
// five names, a field is a name, a country is the billing country's code.

/** The card brands `onChange` names; `unknown` for a number whose brand the widget does not tell. */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
/** A card brand as `onChange` names it: `'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown'`. */
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The fields `onFocus` and `onBlur` name (DESIGN "Events"). */
export const CASHIER_FIELDS = [
  'cardNumber',
  'expiry',
  'securityCode',
  'cardholderName',
  'email',
  'country',
  'postalCode',
  'region',
] as const;
/** A widget field by the name its focus events use, e.g. `cardNumber`, `region` (the state or province). */
export type CashierField = (typeof CASHIER_FIELDS)[number];

/**
 * What `onChange` tells the page, each time one of these values changes (not on every
 * keystroke):
 * - `complete`: the chosen way to pay needs nothing more from the buyer. For a card, every field
 *   the form asks is filled and valid (a saved card: its security code); any other method
 *   (pay at the venue, PayPal, a wallet) is complete as chosen, since its own page or sheet asks the rest.
 * - `empty`: no card data is typed: the card number, expiry and security code are empty (a
 *   prefilled name or email does not count).
 * - `paymentMethod`: the chosen method, one of the order's method types (`'CARD'`, `'PAY_AT_VENUE'`, `'PAYPAL'`, …).
 * - `brand`: with the card chosen and a new card's number begun, its brand (never a digit).
 * - `country`: the billing country's ISO 3166-1 alpha-2 code, once the billing fields ask for one.
 */
export interface CashierChange {
  complete: boolean;
  empty: boolean;
  paymentMethod: string;
  brand?: CardBrand;
  country?: string;
}

/** What `onFocus` and `onBlur` tell the page: which field. */
export interface CashierFieldEvent {
  field: CashierField;
}

/**
 * The brand of a card number by its leading digits (IIN ranges as the networks publish them):
 * `visa` 4; `mastercard` 51–55, 2221–2720; `amex` 34, 37; `discover` 6011, 644–649, 65,
 * 622126–622925; else `unknown`. Non-digits are ignored.
 */
export function cardBrand(number: string): CardBrand {
  const digits = number.replace(/\D/g, '');
  const first = (n: number) => Number(digits.slice(0, n));
  if (digits.startsWith('4')) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if ((first(2) >= 51 && first(2) <= 55) || (digits.length >= 4 && first(4) >= 2221 && first(4) <= 2720)) return 'mastercard';
  if (
    digits.startsWith('6011') ||
    digits.startsWith('65') ||
    (first(3) >= 644 && first(3) <= 649) ||
    (digits.length >= 6 && first(6) >= 622126 && first(6) <= 622925)
  )
    return 'discover';
  return 'unknown';
}
