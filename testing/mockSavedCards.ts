import { type HttpHandler, http } from 'msw';
import type { CardTokens, StoreReply } from '../provider/store';
import { createSavedCards, RETURNING_BUYER_CARDS, RETURNING_BUYER_MEMBER_ID, type StoredSavedCard } from '../provider/store';
import { ProviderPaths } from '../shared/paths';
import type { SavedCard } from '../shared/savedCardShapes';
import type { MockHttp } from './mockHttp';
import type { MockFaults } from './mockProviderTypes';

/**
 * The reference provider's returning buyer's saved cards (Visa •••• 4242, 12/2034, primary;
 * Mastercard •••• 4444, 09/2031), for `createMockProvider({ returningBuyer: { savedCards } })`.
 */
export const MOCK_RETURNING_BUYER_CARDS: readonly StoredSavedCard[] = RETURNING_BUYER_CARDS;

/** What {@link createMockSavedCards} needs. */
export interface MockSavedCardsOptions {
  /** The HTTP helpers. */
  http: MockHttp;
  /** The card vault origin, where saved-card tokens are answered (and only there). */
  vaultOrigin: string;
  /** The returning buyer's cards as checked (`returningBuyer.savedCards`), or undefined for a guest. */
  savedCards: readonly StoredSavedCard[] | undefined;
  /** The fault switches in force (`captcha` applies to saved-card tokens as to card tokenization). */
  faults: () => MockFaults;
  /** The mock's clock: a card whose expiry month has ended by it is `expired`. */
  now: () => Date;
  /** Makes the single-use card token of a saved card (mockCharges.ts `mint`), usable in a card charge. */
  mint: CardTokens['mint'];
}

/**
 * The mock mode's saved cards (issue 25): the reference provider's own store of them
 * (provider/store/savedCards.ts, no Hono) for one member that every accepted app instance carries when
 * `savedCards` is given (a guest otherwise: the list is `[]`), and msw handlers for spec 7's buyer
 * info on `host` (`{ type: 'MEMBER', memberId }` for a returning buyer, with or without cards; else
 * `{ type: 'GUEST' }`), its credit card routes (list, primary, item, delete: 404 CREDIT_CARD_NOT_FOUND for an unknown id)
 * and saved-card tokens at `vaultOrigin` (`{ cardId, cvc }` → a card token; 422 SAVED_CARD_NOT_FOUND,
 * SAVED_CARD_EXPIRED, INVALID_CVC, INCORRECT_CVC unless the code is `123` (`1234` for amex); 429
 * SAVED_CARD_LOCKED with `Retry-After` from the 5th wrong code in a row for 15 minutes), answered
 * as the provider answers them.
 */
export function createMockSavedCards({ http: h, vaultOrigin, savedCards, faults, now, mint }: MockSavedCardsOptions) {
  const memberOf = () => (savedCards === undefined ? undefined : RETURNING_BUYER_MEMBER_ID);
  // The store only mints tokens; the mock's own charges take them.
  const cards = createSavedCards(now, memberOf, { mint } as Pick<CardTokens, 'mint'> as CardTokens);
  const restart = () => {
    cards.reset();
    cards.setCards(RETURNING_BUYER_MEMBER_ID, savedCards ?? []);
  };
  restart();
  const cardPattern = h.param(ProviderPaths.creditCard, 'cardId');
  /** The app instance a request stands for (the gate has checked it). */
  const appInstanceOf = (request: Request) => request.headers.get('authorization') ?? '';
  /** Runs `answer` with the request's app instance and path parameters once the gate lets it through, and sends its reply. */
  const route =
    (answer: (appInstance: string, params: Record<string, unknown>) => StoreReply) =>
    async ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
      const stop = await h.gate(request);
      if (stop) return stop;
      const reply = answer(appInstanceOf(request), params);
      return h.reply(request, reply.body, reply.status);
    };

  const handlers: HttpHandler[] = [
    // The widget asks who the buyer is before it looks for saved cards: only a MEMBER gets them.
    http.get(h.url(ProviderPaths.buyerInfo), route(cards.buyerInfo)),
    http.get(h.url(ProviderPaths.creditCards), route(cards.list)),
    // Before the item pattern, which would take "primary" for an id.
    http.get(h.url(ProviderPaths.primaryCreditCard), route(cards.primary)),
    http.get(
      cardPattern,
      route((appInstance, params) => cards.get(String(params.cardId), appInstance)),
    ),
    http.delete(
      cardPattern,
      route((appInstance, params) => cards.remove(String(params.cardId), appInstance)),
    ),
    // The security code is card data: the vault takes it, `host` has no such route (404).
    http.post(`${vaultOrigin}${ProviderPaths.savedCardTokens}`, async ({ request }) => {
      const stop = await h.gate(request);
      if (stop) return stop;
      if (faults().captcha) return h.fail(request, 403, 'CAPTCHA_REQUIRED', 'Mock fault: a captcha is required.');
      const reply = cards.tokenize(await h.body(request), appInstanceOf(request));
      return h.reply(request, reply.body, reply.status, reply.headers);
    }),
  ];

  return {
    handlers,
    /** The store's `offer` and `settled`: a card whose token carries `saveCard` consent (given at tokenization) is saved once its charge is APPROVED. */
    offer: cards.offer,
    settled: cards.settled,
    /** The member's cards as the list answers them; `[]` for a guest. */
    list: (appInstance: string): SavedCard[] => cards.list(appInstance).body as SavedCard[],
    /** Back to the cards the mock started with. */
    reset: restart,
  };
}
