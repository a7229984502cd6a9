import { CashierError, ErrorCode } from './CashierError';
import type { BuyerInfo, SavedCard } from './savedCardShapes';

/**
 * Guards for the credit card replies (issue 25), as providerBodies.ts guards the others: the
 * fields the widget reads are checked, the rest passed through; a 2xx body that does not fit
 * throws CashierError `INVALID_RESPONSE` naming `operation`.
 */

/**
 * Saved card: non-empty string `id`, `brand` and `last4` (four digits), integer `expiryMonth`
 * (1–12) and `expiryYear`, boolean `primary` and `expired`.
 */
export function parseSavedCard(body: unknown, operation: string): SavedCard {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) invalid(operation, 'not a saved card');
  const card = body as Record<string, unknown>;
  const ok =
    typeof card.id === 'string' &&
    card.id !== '' &&
    typeof card.brand === 'string' &&
    typeof card.last4 === 'string' &&
    /^\d{4}$/.test(card.last4) &&
    Number.isInteger(card.expiryMonth) &&
    Number(card.expiryMonth) >= 1 &&
    Number(card.expiryMonth) <= 12 &&
    Number.isInteger(card.expiryYear) &&
    typeof card.primary === 'boolean' &&
    typeof card.expired === 'boolean';
  if (!ok) invalid(operation, 'a saved card without id, brand, last4, expiry, primary and expired');
  return card as unknown as SavedCard;
}

/** A list of saved cards, each as {@link parseSavedCard}. */
export function parseSavedCards(body: unknown, operation: string): SavedCard[] {
  if (!Array.isArray(body)) invalid(operation, 'not a list of saved cards');
  return body.map((card) => parseSavedCard(card, operation));
}

/** Buyer info (issue 25): `{ type: 'GUEST' }` or `{ type: 'MEMBER', memberId }` with a non-empty string id. */
export function parseBuyerInfo(body: unknown, operation: string): BuyerInfo {
  const info = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const member = info.type === 'MEMBER' && typeof info.memberId === 'string' && info.memberId !== '';
  if (!member && info.type !== 'GUEST') invalid(operation, 'no buyer info (a GUEST, or a MEMBER with its memberId)');
  return body as BuyerInfo;
}

function invalid(operation: string, what: string): never {
  throw new CashierError(ErrorCode.InvalidResponse, `${operation}: the provider replied with ${what}.`);
}
