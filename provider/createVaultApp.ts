import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { PAYMENTS_CHECKOUT_BASE_PATH, ProviderPaths } from '../shared';
import { challengeFrameAncestors } from '../shared/threeDsChallengePage';
import { noStore } from './deliveryPolicy';
import type { ProviderState } from './ProviderState';
import { applyDelivery, limitBodies, type ProviderEnv, playFaults, recordRequests, requireAppInstance } from './requestPipeline';
import type { CheckoutStore } from './store';
import { applicationError, tokenizeWallet } from './store';
import { registerThreeDsRoutes } from './threeDsRoutes';

/** Options of {@link createVaultApp}. */
export interface VaultOptions {
  /** The provider's state: accepted app instances, fault switches, the request log (shared with the API). */
  state: ProviderState;
  /** The checkout store the card tokens go into, where the API's charges find them. */
  store: CheckoutStore;
  /** The frame origins allowed to call the vault (CORS); never a host page's: card data comes from the frame only. */
  frameOrigins: string[];
  /**
   * The sources allowed among the 3-D Secure challenge page's ancestors (CSP `frame-ancestors`, which
   * a browser checks against every ancestor); default `challengeFrameAncestors(frameOrigins)`: the
   * frame origins and `https:` (shared/threeDsChallengePage.ts).
   */
  challengeAncestors?: string[];
}

/**
 * The reference provider's card vault (DESIGN "Security model", issue 19): the one server that
 * takes card number, expiry and security code, on an origin of its own that the frame is built
 * with (VITE_CASHIER_VAULT_ORIGIN), never the `host` a page names. It answers
 * `POST …/card-tokenization`, `POST …/saved-card-tokens` (spec 7; a saved card's id and
 * security code, savedCards.ts) and `POST …/wallet-tokens` (a wallet's payment token, walletTokens.ts), with a known app instance in `Authorization` (401
 * otherwise), CORS for the frame origins alone; the token it makes is bound to that app instance,
 * and a charge on the API finds it in the shared store. It also serves the bank's 3-D Secure
 * challenge pages (`/three-ds/…`, threeDsRoutes.ts: a navigation, no Authorization). Requests are
 * recorded (`server: 'vault'`) and the fault switches play here too; replies are `no-store`.
 * Anything else is 404.
 */
export function createVaultApp({ state, store, frameOrigins, challengeAncestors }: VaultOptions): Hono<ProviderEnv> {
  const app = new Hono<ProviderEnv>();
  applyDelivery(app);
  app.use('*', recordRequests(state, 'vault'));
  app.use(
    '*',
    cors({
      origin: frameOrigins,
      allowHeaders: ['Authorization', 'Content-Type'],
      allowMethods: ['POST', 'OPTIONS'],
      exposeHeaders: ['Retry-After'],
      maxAge: 600,
    }),
  );
  app.use('*', noStore());
  app.use('*', limitBodies());
  app.use('*', playFaults(state));
  app.use(`${PAYMENTS_CHECKOUT_BASE_PATH}/*`, requireAppInstance(state));
  registerThreeDsRoutes(app, store, { frameOrigins, ancestors: challengeAncestors ?? challengeFrameAncestors(frameOrigins) });
  app.post(ProviderPaths.cardTokenization, async (c) => {
    const reply = store.tokenizeCard(await c.req.json().catch(() => undefined), c.get('appInstance'));
    return c.json(reply.body as object, reply.status as 201);
  });
  // A saved card's security code is card data too: it comes here, never to the API (issue 25).
  app.post(ProviderPaths.savedCardTokens, async (c) => {
    const reply = store.savedCards.tokenize(await c.req.json().catch(() => undefined), c.get('appInstance'));
    // A locked card's 429 says when to try again (Retry-After, exposed to the frame by CORS).
    for (const [name, value] of Object.entries(reply.headers ?? {})) c.header(name, value);
    return c.json(reply.body as object, reply.status as 201);
  });
  // A wallet's payment token is card data too (issue 25 item 4): it becomes a card token here.
  app.post(ProviderPaths.walletTokens, async (c) => {
    const reply = tokenizeWallet(store, await c.req.json().catch(() => undefined), c.get('appInstance'));
    return c.json(reply.body as object, reply.status as 201);
  });
  app.notFound((c) =>
    c.json(
      applicationError(
        'NOT_FOUND',
        `The vault answers only POST ${ProviderPaths.cardTokenization}, ${ProviderPaths.savedCardTokens}, ${ProviderPaths.walletTokens} and /three-ds/ pages.`,
      ),
      404,
    ),
  );
  return app;
}
