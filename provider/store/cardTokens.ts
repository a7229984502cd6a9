import { randomUUID } from 'node:crypto';
import {
  type CardToken,
  cardDigits,
  isExpiryInFuture,
  isValidCardNumber,
  securityCodeLength,
  TEST_CARD_BILLING_POSTAL_CODES,
  TEST_CARD_CHALLENGES,
  TEST_CARD_DECLINES,
  TEST_CARDS,
} from '../../shared';
import type { SaveCardConsent } from '../../shared/savedCardShapes';
import { describeSaveCardProblem } from './saveCardConsent';
import { fail, type StoreReply } from './storeReply';

/**
 * How long a card token stays usable after tokenization: 15 minutes. A buyer types the card and
 * pays in one go; a charge the widget resends after a lost reply carries the same
 * Idempotency-Key and is answered from that key's record before the token is looked at, so an
 * expired token never turns a resend into a failure.
 */
export const CARD_TOKEN_TTL_MS = 15 * 60_000;

/** The provider's test cards (one list with the mock mode's: shared/card.ts); any other valid number is approved. */
export { TEST_CARDS };

/** A card token as kept: who made it, when, whether it was used, how its charge ends. */
interface StoredToken extends CardToken {
  appInstance: string;
  /** Milliseconds since the epoch, by the store's clock. */
  createdAt: number;
  used: boolean;
  declineCode?: string;
  /** Set for a 3-D Secure challenge card ({@link TEST_CARD_CHALLENGES}). */
  challenge?: { completeDeclineCode?: string };
  /** Set for a card whose bank has a billing postal code on file ({@link TEST_CARD_BILLING_POSTAL_CODES}). */
  billingPostalCode?: string;
  /** Set for a token of a saved card (saved-card tokens, savedCards.ts): its id. */
  savedCardId?: string;
  /** Set when the buyer asked, at tokenization, to save the card (the frame sent it to the vault). */
  consent?: SaveCardConsent;
}

/** How a charge with a card token goes, as {@link createCardTokens}' `take` tells it. */
export interface CardTokenOutcome {
  /** The card's last four digits (the challenge page shows them). */
  last4: string;
  /** The card as the token describes it (brand, last four, expiry): what a saved card keeps. Never the number. */
  card: CardToken;
  /** Set when the token is a saved card's (savedCards.ts): that card's id, so it is not saved again. */
  savedCardId?: string;
  /**
   * Set when the buyer's consent to save the card came with its tokenization, at the vault (security
   * review M1): only then may the charge save it. A charge body cannot add it.
   */
  consent?: SaveCardConsent;
  /** Set when the charge declines at once, with this code. */
  declineCode?: string;
  /** Set when the bank asks for a 3-D Secure challenge first ({@link TEST_CARD_CHALLENGES}). */
  challenge?: { completeDeclineCode?: string };
  /**
   * Set when the bank checks the billing postal code (AVS-like, {@link TEST_CARD_BILLING_POSTAL_CODES}):
   * the one on file; a charge with another declines `incorrect_zip`.
   */
  billingPostalCode?: string;
}

/**
 * The card tokens of the checkout store (issue 19): each single use, bound to the app instance
 * that made it, and forgotten {@link CARD_TOKEN_TTL_MS} after it was made. `now` is the store's clock.
 */
export function createCardTokens(now: () => Date) {
  const tokens = new Map<string, StoredToken>();

  /** Forgets the expired tokens: the map is in creation order, so it stops at the first live one. */
  function sweep(): void {
    const oldest = now().getTime() - CARD_TOKEN_TTL_MS;
    for (const [id, token] of tokens) {
      if (token.createdAt > oldest) break;
      tokens.delete(id);
    }
  }

  /**
   * Card tokenization for `appInstance`: 201 with a single-use token; 400 INVALID_CARD (no holder
   * name), INVALID_CARD_NUMBER (not 13–19 digits passing Luhn), CARD_EXPIRED (month ended),
   * INVALID_CVC (3 digits, 4 for Amex), INVALID_SAVE_CARD (a `saveCard` that is not `{ consentText,
   * consentedAt }`). A {@link TEST_CARDS} decline number tokenizes and declines at charge. A valid
   * `saveCard` (the buyer checked "Save this card for next time") is bound to the token: the charge
   * that uses it saves the card (savedCards.ts `offer`).
   */
  function tokenize(body: unknown, appInstance: string): StoreReply {
    sweep();
    if (typeof body !== 'object' || body === null) return fail(400, 'INVALID_CARD', 'Expected a JSON object.');
    const card = body as Record<string, unknown>;
    const number = typeof card.number === 'string' ? cardDigits(card.number) : '';
    if (typeof card.holderName !== 'string' || card.holderName.trim() === '') {
      return fail(400, 'INVALID_CARD', 'holderName is required.');
    }
    if (!isValidCardNumber(number)) return fail(400, 'INVALID_CARD_NUMBER', 'number must be 13–19 digits passing Luhn.');
    if (
      typeof card.expMonth !== 'number' ||
      typeof card.expYear !== 'number' ||
      !isExpiryInFuture(card.expMonth, card.expYear, now())
    ) {
      return fail(400, 'CARD_EXPIRED', 'expMonth/expYear must be a month that has not ended.');
    }
    const cvcLength = securityCodeLength(number);
    if (typeof card.cvc !== 'string' || !new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
      return fail(400, 'INVALID_CVC', `cvc must be ${cvcLength} digits.`);
    }
    const saveProblem = card.saveCard === undefined ? undefined : describeSaveCardProblem(card.saveCard);
    if (saveProblem) return fail(400, 'INVALID_SAVE_CARD', saveProblem);
    const token: StoredToken = {
      token: `tok_${randomUUID()}`,
      brand: number.startsWith('4') ? 'visa' : number.startsWith('3') ? 'amex' : number.startsWith('5') ? 'mastercard' : 'card',
      last4: number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
      appInstance,
      createdAt: now().getTime(),
      used: false,
      ...(TEST_CARD_DECLINES[number] ? { declineCode: TEST_CARD_DECLINES[number] } : {}),
      ...(TEST_CARD_CHALLENGES[number] ? { challenge: { ...TEST_CARD_CHALLENGES[number] } } : {}),
      ...(TEST_CARD_BILLING_POSTAL_CODES[number] ? { billingPostalCode: TEST_CARD_BILLING_POSTAL_CODES[number] } : {}),
      ...(card.saveCard === undefined ? {} : { consent: card.saveCard as SaveCardConsent }),
    };
    tokens.set(token.token, token);
    return { status: 201, body: publicOf(token) };
  }

  /**
   * A single-use token for a saved card of `appInstance`'s member (saved-card tokens: the vault has
   * checked the card is theirs, not expired, and the security code's format): 201 with the token,
   * usable as a tokenized card's in a charge. A saved card's charge is approved (it keeps no test
   * card behaviour: the number is not kept).
   */
  function mint(card: Omit<CardToken, 'token'>, savedCardId: string, appInstance: string): StoreReply {
    sweep();
    const { brand, last4, expMonth, expYear } = card;
    const token: StoredToken = {
      token: `tok_${randomUUID()}`,
      brand,
      last4,
      expMonth,
      expYear,
      savedCardId,
      appInstance,
      createdAt: now().getTime(),
      used: false,
    };
    tokens.set(token.token, token);
    return { status: 201, body: publicOf(token) };
  }

  /**
   * Uses up `tokenId` for a charge by `appInstance`: resolves to how the charge goes (neither
   * `declineCode`, `challenge` nor a `billingPostalCode` that differs from the charge's approves), or undefined when the token is unknown, expired, used
   * already, or made for another app instance (the charge answers 400 INVALID_CARD_TOKEN).
   */
  function take(tokenId: unknown, appInstance: string): CardTokenOutcome | undefined {
    sweep();
    const token = typeof tokenId === 'string' ? tokens.get(tokenId) : undefined;
    if (!token || token.used || token.appInstance !== appInstance) return undefined;
    token.used = true;
    return {
      last4: token.last4,
      card: publicOf(token),
      ...(token.savedCardId ? { savedCardId: token.savedCardId } : {}),
      ...(token.consent ? { consent: token.consent } : {}),
      ...(token.declineCode ? { declineCode: token.declineCode } : {}),
      ...(token.challenge ? { challenge: token.challenge } : {}),
      ...(token.billingPostalCode ? { billingPostalCode: token.billingPostalCode } : {}),
    };
  }

  return { tokenize, mint, take, clear: () => tokens.clear() };
}

/** What a caller sees of a token: token, brand, last four, expiry. */
function publicOf({ token, brand, last4, expMonth, expYear }: StoredToken): CardToken {
  return { token, brand, last4, expMonth, expYear };
}

/** The card tokens of a checkout store. */
export type CardTokens = ReturnType<typeof createCardTokens>;
