import { randomUUID } from 'node:crypto';
import type { BuyerInfo, Charge, SaveCardConsent, SavedCard, StoredSaveCardConsent } from '../../shared';
import { isExpiryInFuture } from '../../shared';
import type { RecordResult } from '../../shared/threeDsChallenges';
import type { CardTokenOutcome, CardTokens } from './cardTokens';
import { createSavedCardCodes } from './savedCardCodes';
import { fail, type StoreReply } from './storeReply';

/**
 * The reference provider's saved cards (issue 25): each member's cards, what the credit card routes
 * answer and the vault's saved-card tokens use. A saved card keeps brand, last four and expiry,
 * never the number or a security code; `expired` is computed on every read by the store's clock.
 */

/** The token the demo's `?buyer=returning` uses: an app instance that carries {@link RETURNING_BUYER_MEMBER_ID}. */
export const RETURNING_BUYER_APP_INSTANCE = 'returning-buyer-app-instance';

/** The reference provider's one returning buyer, whose cards are {@link RETURNING_BUYER_CARDS}. */
export const RETURNING_BUYER_MEMBER_ID = 'member-returning-buyer';

/** A saved card as the store keeps it (and `/__control/members` sets it): {@link SavedCard} without `expired`. */
export type StoredSavedCard = Omit<SavedCard, 'expired'>;

/**
 * The returning buyer's cards after a start or reset: Visa •••• 4242, 12/2034, primary, and
 * Mastercard •••• 4444, 09/2031.
 */
export const RETURNING_BUYER_CARDS: readonly StoredSavedCard[] = [
  { id: 'card_returning_visa_4242', brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2034, primary: true },
  { id: 'card_returning_mastercard_4444', brand: 'mastercard', last4: '4444', expiryMonth: 9, expiryYear: 2031, primary: false },
];

/** What a card to be saved waits with until its 3-D Secure charge settles. */
interface PendingSave {
  member: string;
  card: CardTokenOutcome['card'];
  consent: SaveCardConsent;
}

/**
 * Creates the saved cards of a checkout store: `now` is its clock, `memberOf` names the member an
 * app instance carries (ProviderState `memberOf`), `tokens` makes saved-card tokens. Starts with the
 * returning buyer's {@link RETURNING_BUYER_CARDS}, as {@link reset} does.
 */
export function createSavedCards(now: () => Date, memberOf: (appInstance: string) => string | undefined, tokens: CardTokens) {
  /** Member id → their cards, in the order saved. */
  const cards = new Map<string, StoredSavedCard[]>();
  /** Charge id → the card its approval saves (a 3-D Secure charge, until it settles). */
  const pending = new Map<string, PendingSave>();
  /** The security codes tried, per member and card (savedCardCodes.ts). */
  const codes = createSavedCardCodes(now);

  const view = (card: StoredSavedCard): SavedCard => ({
    ...card,
    expired: !isExpiryInFuture(card.expiryMonth, card.expiryYear, now()),
  });
  const cardsOf = (appInstance: string): StoredSavedCard[] => {
    const member = memberOf(appInstance);
    return member === undefined ? [] : (cards.get(member) ?? []);
  };
  const notFound = (cardId: string) => fail(404, 'CREDIT_CARD_NOT_FOUND', `No saved card ${cardId}.`);

  /** Buyer info: 200 with `{ type: 'MEMBER', memberId }` when the app instance carries a member, else `{ type: 'GUEST' }`; no card data. */
  function buyerInfo(appInstance: string): StoreReply {
    const memberId = memberOf(appInstance);
    const body: BuyerInfo = memberId === undefined ? { type: 'GUEST' } : { type: 'MEMBER', memberId };
    return { status: 200, body };
  }

  /** Credit cards, the list: 200 with the member's cards, primary first; `[]` for an app instance without a member. */
  function list(appInstance: string): StoreReply {
    const own = cardsOf(appInstance);
    return { status: 200, body: [...own.filter((c) => c.primary), ...own.filter((c) => !c.primary)].map(view) };
  }

  /** Credit cards, one item: 200 with the card (its consent too); 404 CREDIT_CARD_NOT_FOUND when unknown or another member's. */
  function get(cardId: string, appInstance: string): StoreReply {
    const card = cardsOf(appInstance).find((c) => c.id === cardId);
    return card ? { status: 200, body: view(card) } : notFound(cardId);
  }

  /** Credit cards, the primary one: 200 with it; 404 CREDIT_CARD_NOT_FOUND when the member has none (or there is no member). */
  function primary(appInstance: string): StoreReply {
    const card = cardsOf(appInstance).find((c) => c.primary);
    return card ? { status: 200, body: view(card) } : notFound('primary');
  }

  /**
   * Removes a saved card: 200 with the card as it was; 404 CREDIT_CARD_NOT_FOUND when unknown or
   * another member's (nothing removed). When it was the primary, the next saved card becomes primary.
   */
  function remove(cardId: string, appInstance: string): StoreReply {
    const own = cardsOf(appInstance);
    const index = own.findIndex((c) => c.id === cardId);
    const [card] = index < 0 ? [] : own.splice(index, 1);
    if (!card) return notFound(cardId);
    const next = own[0];
    if (card.primary && next) next.primary = true;
    return { status: 200, body: view(card) };
  }

  /**
   * Saved-card tokens (the vault's): `{ cardId, cvc }` → 201 with a single-use card token for that
   * card, as card tokenization answers. 400 INVALID_SAVED_CARD_TOKEN_REQUEST unless an object with a
   * string `cardId`; 422 SAVED_CARD_NOT_FOUND when the card is not the member's (another member's,
   * unknown, or no member); 422 SAVED_CARD_EXPIRED when its month has ended; 429 SAVED_CARD_LOCKED
   * (with `Retry-After`) while the card is locked for this member; 422 INVALID_CVC unless `cvc` is
   * 3 digits (4 for `amex`); then the bank checks the code (security review M1, savedCardCodes.ts):
   * 422 INCORRECT_CVC (`details.declineCode: 'incorrect_cvc'`) unless it is `123` (`1234` for
   * `amex`), and the 5th wrong code in a row locks the card for 15 minutes (429). The code is never kept.
   */
  function tokenize(body: unknown, appInstance: string): StoreReply {
    const request = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (typeof request.cardId !== 'string') {
      return fail(400, 'INVALID_SAVED_CARD_TOKEN_REQUEST', 'Expected { cardId, cvc } with a string cardId.');
    }
    const member = memberOf(appInstance);
    const card = cardsOf(appInstance).find((c) => c.id === request.cardId);
    if (!card || member === undefined)
      return fail(422, 'SAVED_CARD_NOT_FOUND', `No saved card ${request.cardId} for this buyer.`);
    if (view(card).expired) {
      return fail(422, 'SAVED_CARD_EXPIRED', `Saved card ${card.id} expired ${card.expiryMonth}/${card.expiryYear}.`);
    }
    const locked = codes.refuseLocked(member, card.id);
    if (locked) return locked;
    const cvcLength = card.brand === 'amex' ? 4 : 3;
    if (typeof request.cvc !== 'string' || !new RegExp(`^\\d{${cvcLength}}$`).test(request.cvc)) {
      return fail(422, 'INVALID_CVC', `cvc must be ${cvcLength} digits.`);
    }
    const refused = codes.check(member, card, request.cvc);
    if (refused) return refused;
    const { brand, last4, expiryMonth: expMonth, expiryYear: expYear } = card;
    return tokens.mint({ brand, last4, expMonth, expYear }, card.id, appInstance);
  }

  /** Adds `card` to `member`'s cards with `consent` (primary when it is their first). */
  function save(member: string, card: CardTokenOutcome['card'], consent: SaveCardConsent): void {
    const own = cards.get(member) ?? [];
    const stored: StoredSaveCardConsent = { ...consent, recordedAt: now().toISOString() };
    own.push({
      id: `card_${randomUUID()}`,
      brand: card.brand,
      last4: card.last4,
      expiryMonth: card.expMonth,
      expiryYear: card.expYear,
      primary: own.length === 0,
      consent: stored,
    });
    cards.set(member, own);
  }

  /**
   * After a card charge by `appInstance` with token `outcome`: when the token carries the buyer's
   * consent (`outcome.consent`, given with the card at the vault's tokenization: never a charge
   * body's, security review M1), the app instance carries a member and the token is not a saved
   * card's, the card is saved if `charge` is APPROVED, or once it settles APPROVED if it awaits
   * 3-D Secure ({@link settled}). A DECLINED charge saves nothing.
   */
  function offer(charge: Charge, appInstance: string, outcome: CardTokenOutcome): void {
    const member = memberOf(appInstance);
    const { consent } = outcome;
    if (!consent || member === undefined || outcome.savedCardId !== undefined) return;
    if (charge.status === 'APPROVED') save(member, outcome.card, consent);
    if (charge.status === 'REQUIRES_ACTION') pending.set(charge.id, { member, card: outcome.card, consent });
  }

  /** A 3-D Secure result was recorded: saves the card its charge waited with when it settled APPROVED. Returns `result`. */
  function settled(result: RecordResult): RecordResult {
    if (result.status !== 'recorded') return result;
    const waiting = pending.get(result.charge.id);
    pending.delete(result.charge.id);
    if (waiting && result.charge.status === 'APPROVED') save(waiting.member, waiting.card, waiting.consent);
    return result;
  }

  /** Replaces `member`'s cards (`/__control/members`, e.g. with an expired one); `[]` removes them all. */
  function setCards(member: string, list: readonly StoredSavedCard[]): void {
    cards.set(
      member,
      list.map((c) => ({ ...c })),
    );
  }

  /** Back to the start: the returning buyer's cards only, nothing waiting, no card locked. */
  function reset(): void {
    cards.clear();
    pending.clear();
    codes.clear();
    setCards(RETURNING_BUYER_MEMBER_ID, RETURNING_BUYER_CARDS);
  }

  reset();
  return { buyerInfo, list, get, primary, remove, tokenize, offer, settled, setCards, reset };
}

/** The saved cards of a checkout store. */
export type SavedCards = ReturnType<typeof createSavedCards>;

/**
 * A member's cards as `/__control/members` gives them: a list of `{ id?, brand, last4, expiryMonth,
 * expiryYear, primary? }` (an expired expiry is allowed: tests need one). Ids default to `card_…`;
 * when none is primary the first is.
 * @throws TypeError naming the first card field that does not fit.
 */
export function parseSavedCardList(value: unknown): StoredSavedCard[] {
  if (!Array.isArray(value)) throw new TypeError('cards must be a list.');
  const list = value.map((item: unknown, index): StoredSavedCard => {
    const card = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const bad = (field: string) => new TypeError(`cards[${index}].${field} does not fit.`);
    if (typeof card.brand !== 'string' || card.brand === '') throw bad('brand');
    if (typeof card.last4 !== 'string' || !/^\d{4}$/.test(card.last4)) throw bad('last4');
    if (!Number.isInteger(card.expiryMonth) || Number(card.expiryMonth) < 1 || Number(card.expiryMonth) > 12)
      throw bad('expiryMonth');
    if (!Number.isInteger(card.expiryYear) || Number(card.expiryYear) < 1000 || Number(card.expiryYear) > 9999)
      throw bad('expiryYear');
    if (card.id !== undefined && typeof card.id !== 'string') throw bad('id');
    return {
      id: typeof card.id === 'string' ? card.id : `card_${randomUUID()}`,
      brand: card.brand,
      last4: card.last4,
      expiryMonth: Number(card.expiryMonth),
      expiryYear: Number(card.expiryYear),
      primary: card.primary === true,
    };
  });
  const first = list[0];
  if (first && !list.some((c) => c.primary)) first.primary = true;
  return list;
}
