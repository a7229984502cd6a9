import isLuhnNumber from 'validator/lib/isLuhnNumber.js';

/**
 * Card rules shared by the widget (inline validation) and the reference provider (tokenization).
 * The spec leaves card rules "not shown"; these are the industry's: 13–19 digits passing the Luhn
 * checksum (validator's `isLuhnNumber`), an expiry whose month has not ended, 3-digit security
 * codes (4 for American Express).
 */

/** The digits of a card number as typed (spaces and dashes dropped). */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** True for 13 to 19 digits (spaces and dashes allowed) that pass the Luhn checksum. */
export function isValidCardNumber(value: string): boolean {
  const digits = cardDigits(value);
  return /^\d{13,19}$/.test(digits) && isLuhnNumber(digits);
}

/** American Express numbers start with 34 or 37 and take a 4-digit security code. */
export function isAmex(value: string): boolean {
  return /^3[47]/.test(cardDigits(value));
}

/** Length of the security code the card takes: 4 for American Express, else 3. */
export function securityCodeLength(cardNumber: string): 3 | 4 {
  return isAmex(cardNumber) ? 4 : 3;
}

/**
 * True when month `month` (1–12) of `year` (four digits) has not ended at `now`: a card is good
 * through the last day of its expiry month. False for a month outside 1–12.
 */
export function isExpiryInFuture(month: number, year: number, now: Date = new Date()): boolean {
  if (!Number.isInteger(month) || !Number.isInteger(year) || month < 1 || month > 12) return false;
  return year * 12 + (month - 1) >= now.getFullYear() * 12 + now.getMonth();
}

/**
 * The test cards of the reference provider and the mock mode (any future expiry, security code
 * `123`): `approved` (and any other number passing Luhn) is charged APPROVED; `declined` and
 * `insufficientFunds` tokenize, then their charge is DECLINED with the code in {@link TEST_CARD_DECLINES}.
 * 3-D Secure (issue 22): `threeDsChallenge` and `threeDsChallengeDeclined` are charged
 * `REQUIRES_ACTION` with a challenge ({@link TEST_CARD_CHALLENGES}); `threeDsFrictionless` is
 * authenticated without one and charged APPROVED at once. AVS (issue 23): `avsPostalCodeCheck` has a
 * billing postal code on file ({@link TEST_CARD_BILLING_POSTAL_CODES}); its charge is DECLINED
 * `incorrect_zip` unless the charge's billing postal code is that one.
 */
export const TEST_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** 4000 0027 6000 3184: challenge; "Complete authentication" → APPROVED, "Fail authentication" → DECLINED `authentication_failed`. */
  threeDsChallenge: '4000002760003184',
  /** 4000 0000 0000 3055: 3-D Secure without a challenge (frictionless) → APPROVED. */
  threeDsFrictionless: '4000000000003055',
  /** 4000 0084 0000 1629: challenge; "Complete authentication" → DECLINED `card_declined` (the bank refuses after all). */
  threeDsChallengeDeclined: '4000008400001629',
  /** 4000 0000 0000 0036: billing postal code `12345` on file; another one (or none) → DECLINED `incorrect_zip`. */
  avsPostalCodeCheck: '4000000000000036',
} as const;

/** The decline code of each declining test card, by its digits. */
export const TEST_CARD_DECLINES: Readonly<Record<string, string>> = {
  [TEST_CARDS.declined]: 'card_declined',
  [TEST_CARDS.insufficientFunds]: 'insufficient_funds',
};

/**
 * The test cards whose bank asks for a 3-D Secure challenge, by their digits: the charge is
 * `REQUIRES_ACTION` until the buyer's result is recorded. A completed challenge approves, unless
 * `completeDeclineCode` is set (then it declines with that code); a failed one declines
 * `authentication_failed`.
 */
export const TEST_CARD_CHALLENGES: Readonly<Record<string, { completeDeclineCode?: string }>> = {
  [TEST_CARDS.threeDsChallenge]: {},
  [TEST_CARDS.threeDsChallengeDeclined]: { completeDeclineCode: 'card_declined' },
};

/**
 * The billing postal code the bank has on file for a test card, by its digits (AVS-like, issue
 * 23): a charge with that card whose `billingAddress.postalCode` is not this one (compared
 * trimmed, case and spaces ignored), or has none, is DECLINED `incorrect_zip`. Other cards: no check.
 */
export const TEST_CARD_BILLING_POSTAL_CODES: Readonly<Record<string, string>> = {
  [TEST_CARDS.avsPostalCodeCheck]: '12345',
};
