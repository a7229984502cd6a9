import type { Context, Env, Hono } from 'hono';
import { ProviderPaths as P } from '../shared';
import type { CheckoutStore, StoreReply } from './store';

/** The item route's Hono pattern: the placeholder survives encodeURIComponent. */
const CREDIT_CARD_PATTERN = P.creditCard('__param__').replace('__param__', ':cardId');

/**
 * Registers spec 7's credit card routes on the API (issue 25): `GET credit-cards` (the member's
 * saved cards, `[]` without a member), `GET credit-cards/primary`, `GET credit-cards/{id}` and
 * `DELETE credit-cards/{id}` (404 CREDIT_CARD_NOT_FOUND for an unknown id or another member's).
 * `appInstanceOf` names the app instance a request stands for (checked before these routes run);
 * its member is the store's `memberOf`. Saved-card tokens are the vault's (createVaultApp.ts).
 */
export function registerSavedCardRoutes<E extends Env>(
  app: Hono<E>,
  store: CheckoutStore,
  appInstanceOf: (c: Context<E>) => string,
): void {
  const send = (c: Context<E>, reply: StoreReply) => c.json(reply.body as object, reply.status as 200);
  const cardId = (c: Context<E>) => c.req.param('cardId') ?? '';
  const cards = store.savedCards;
  app.get(P.creditCards, (c) => send(c, cards.list(appInstanceOf(c))));
  // Before the item pattern, which would take "primary" for an id.
  app.get(P.primaryCreditCard, (c) => send(c, cards.primary(appInstanceOf(c))));
  app.get(CREDIT_CARD_PATTERN, (c) => send(c, cards.get(cardId(c), appInstanceOf(c))));
  app.delete(CREDIT_CARD_PATTERN, (c) => send(c, cards.remove(cardId(c), appInstanceOf(c))));
}
