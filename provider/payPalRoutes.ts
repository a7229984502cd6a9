import type { Context, Hono } from 'hono';
import { ProviderPaths } from '../shared';
import type { ProviderEnv } from './requestPipeline';
import type { CheckoutStore } from './store';
import {
  applicationError,
  createPayPalCheckouts,
  createPayPalPages,
  type PageReply,
  type PayPalCheckouts,
  type StoreReply,
} from './store';

/** Options of {@link registerPayPalRoutes}. */
export interface PayPalRoutesOptions {
  /** The provider's public base URL (its origin is the approval page's). */
  publicUrl: string;
  /** The origins the done page posts its message to (the provider's CORS origins: the frame's, the demo page's). */
  frameOrigins: readonly string[];
  /**
   * The app instances whose orders offer PayPal, as the provider started (`payPalAppInstances`).
   * With `controlKey`, `POST /__control/paypal` `{ appInstances }` replaces them (e2e: the demo's
   * guest checkout with PayPal); the caller restores them on reset.
   */
  offers: Set<string>;
  /** The control key: the control route above exists only with one. */
  controlKey?: string;
}

const P = ProviderPaths;
const pattern = (path: (id: string) => string) => path('__id__').replace('__id__', ':checkoutId');

/**
 * PayPal on the reference provider (issue 25), on `app` (the API host), checkouts kept beside `store`:
 * - spec 7 `POST …/paypal/checkout` (create), `PATCH …/paypal/checkout/<id>` (update: cancel),
 *   `GET …/paypal/checkout/<id>/payment-details` (read) and `POST` on the same path (capture),
 *   behind the API's CORS and app instance check (payPalCheckouts.ts says what each answers);
 * - the simulated approval page, a navigation with no Authorization (the checkout id is its key):
 *   `GET /paypal/approve/<id>`, its form's `POST /paypal/approve/<id>/approve|cancel` (recorded
 *   once; 403 page unless the request's `Origin` is the provider's own, 404 for an unknown id, 409
 *   once answered), and its script and style sheet. Pages carry the 3-D Secure page's headers with
 *   `frame-ancestors 'none'` (a popup, never framed).
 * @returns the checkouts (tests and reset).
 */
export function registerPayPalRoutes(
  app: Hono<ProviderEnv>,
  store: CheckoutStore,
  options: PayPalRoutesOptions,
): PayPalCheckouts {
  const checkouts = createPayPalCheckouts(store, new URL(options.publicUrl).origin);
  const send = (c: Context<ProviderEnv>, reply: StoreReply) => c.json(reply.body as object, reply.status as 200);
  const id = (c: Context<ProviderEnv>) => c.req.param('checkoutId') ?? '';
  const owner = (c: Context<ProviderEnv>) => c.get('appInstance');
  const body = (c: Context<ProviderEnv>): Promise<unknown> => c.req.json().catch(() => undefined);

  app.post(P.payPalCheckoutCreate, async (c) => send(c, checkouts.create(await body(c), owner(c))));
  app.patch(pattern(P.payPalCheckoutUpdate), async (c) => send(c, checkouts.update(id(c), await body(c), owner(c))));
  app.get(pattern(P.payPalPaymentDetails), (c) => send(c, checkouts.details(id(c), owner(c))));
  // A capture starts when it comes in: that is what the seat hold is checked against.
  app.post(pattern(P.payPalPaymentDetails), (c) => send(c, checkouts.capture(id(c), owner(c), store.now())));

  const pages = createPayPalPages(checkouts, options);
  const page = (c: Context<ProviderEnv>, reply: PageReply) => c.body(reply.body, reply.status, reply.headers);
  for (const [path, reply] of Object.entries(pages.assets)) app.get(path, (c) => page(c, reply));
  app.get(`${pages.pagePath}/:checkoutId`, (c) => page(c, pages.show(id(c))));
  app.post(`${pages.pagePath}/:checkoutId/:outcome`, (c) =>
    page(
      c,
      pages.answer(id(c), c.req.param('outcome'), { sent: c.req.header('origin') ?? null, own: new URL(c.req.url).origin }),
    ),
  );
  if (options.controlKey !== undefined) {
    app.post('/__control/paypal', async (c) => {
      const { appInstances } = (await c.req.json().catch(() => ({}))) as { appInstances?: unknown };
      if (!Array.isArray(appInstances) || !appInstances.every((a) => typeof a === 'string')) {
        return c.json(applicationError('BAD_PAYPAL', 'Expected { appInstances: string[] }.'), 400);
      }
      options.offers.clear();
      for (const appInstance of appInstances) options.offers.add(appInstance);
      return c.json({ appInstances });
    });
  }
  return checkouts;
}
