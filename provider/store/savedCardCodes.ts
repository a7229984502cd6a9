import { fail, type StoreReply } from './storeReply';

/**
 * The reference bank's check of a saved card's security code (security review M1): a real
 * provider sends the code to the issuer with the authorization, which declines a wrong one; the
 * reference provider simulates that for its saved cards, which keep no code of their own.
 */

/** The security code the reference bank holds for every saved card: `123`, or `1234` for `amex` (DESIGN "Payment outcomes"). */
export const savedCardSecurityCode = (brand: string): string => (brand === 'amex' ? '1234' : '123');

/** Wrong security codes in a row after which a saved card is locked for its member: 5. */
export const MAX_WRONG_SECURITY_CODES = 5;

/** How long a saved card stays locked after {@link MAX_WRONG_SECURITY_CODES} wrong codes: 15 minutes. */
export const SAVED_CARD_LOCK_MS = 15 * 60_000;

/** A card's wrong codes so far, and until when (ms since the epoch) it is locked, if it is. */
interface Attempts {
  wrong: number;
  lockedUntil?: number;
}

/**
 * The security-code attempts of saved cards, per member and card, on the store's clock `now`.
 * A right code forgets the wrong ones; the {@link MAX_WRONG_SECURITY_CODES}th wrong one in a row
 * locks the card for its member for {@link SAVED_CARD_LOCK_MS}, and a lock that has ended is forgotten.
 */
export function createSavedCardCodes(now: () => Date) {
  const attempts = new Map<string, Attempts>();
  const keyOf = (member: string, cardId: string) => JSON.stringify([member, cardId]);

  /** 429 SAVED_CARD_LOCKED with `Retry-After` (whole seconds, at least 1) until `lockedUntil`. */
  const locked = (cardId: string, lockedUntil: number): StoreReply => {
    const seconds = Math.max(1, Math.ceil((lockedUntil - now().getTime()) / 1000));
    const reply = fail(
      429,
      'SAVED_CARD_LOCKED',
      `Too many wrong security codes for saved card ${cardId}; try again in ${seconds} s.`,
    );
    return { ...reply, headers: { 'Retry-After': String(seconds) } };
  };

  /** The refusal while `member`'s `cardId` is locked (429 SAVED_CARD_LOCKED), or undefined when it may be tried. */
  function refuseLocked(member: string, cardId: string): StoreReply | undefined {
    const key = keyOf(member, cardId);
    const entry = attempts.get(key);
    if (entry?.lockedUntil === undefined) return undefined;
    if (entry.lockedUntil > now().getTime()) return locked(cardId, entry.lockedUntil);
    attempts.delete(key);
    return undefined;
  }

  /**
   * Checks `cvc` against the card's code: undefined when right (its wrong codes forgotten); else
   * 422 INCORRECT_CVC (`details.declineCode: 'incorrect_cvc'`), or 429 SAVED_CARD_LOCKED when this
   * wrong code is the {@link MAX_WRONG_SECURITY_CODES}th in a row.
   */
  function check(member: string, card: { id: string; brand: string }, cvc: string): StoreReply | undefined {
    const key = keyOf(member, card.id);
    if (cvc === savedCardSecurityCode(card.brand)) {
      attempts.delete(key);
      return undefined;
    }
    const entry = attempts.get(key) ?? { wrong: 0 };
    entry.wrong += 1;
    attempts.set(key, entry);
    if (entry.wrong < MAX_WRONG_SECURITY_CODES) {
      return fail(422, 'INCORRECT_CVC', `The security code of saved card ${card.id} is incorrect.`, {
        declineCode: 'incorrect_cvc',
      });
    }
    entry.lockedUntil = now().getTime() + SAVED_CARD_LOCK_MS;
    return locked(card.id, entry.lockedUntil);
  }

  return { refuseLocked, check, clear: () => attempts.clear() };
}
