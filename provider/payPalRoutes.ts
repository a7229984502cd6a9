import type { Context, Hono } from 'hono';
import { ProviderPaths } from '../shared';
import { PAYPAL_APPROVAL_PATH, type PayPalOutcome } from '../shared/payPal';
import { threeDsPageHeaders } from '../shared/threeDsChallengePage';
import type { ProviderEnv } from './requestPipeline';
import type { CheckoutStore } from './store';
import {
  applicationError,
  createPayPalCheckouts,
  PAYPAL_APPROVAL_SCRIPT,
  PAYPAL_APPROVAL_SCRIPT_PATH,
  PAYPAL_APPROVAL_STYLE,
  PAYPAL_APPROVAL_STYLE_PATH,
  PAYPAL_OUTCOMES,
  type PayPalCheckouts,
  renderPayPalApprovalPage,
  renderPayPalDonePage,
  renderPayPalProblemPage,
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

  const headers = threeDsPageHeaders([]);
  const html = (c: Context<ProviderEnv>, text: string, status: 200 | 403 | 404 | 409) => c.body(text, status, headers);
  const gone = (c: Context<ProviderEnv>) =>
    html(
      c,
      renderPayPalProblemPage('Payment not found', 'This payment does not exist or was already answered. Close this window.'),
      404,
    );
  const asset = (type: string, text: string) => (c: Context<ProviderEnv>) =>
    c.body(text, 200, { 'Content-Type': `${type}; charset=utf-8`, 'X-Content-Type-Options': 'nosniff' });
  app.get(PAYPAL_APPROVAL_SCRIPT_PATH, asset('text/javascript', PAYPAL_APPROVAL_SCRIPT));
  app.get(PAYPAL_APPROVAL_STYLE_PATH, asset('text/css', PAYPAL_APPROVAL_STYLE));
  app.get(`${PAYPAL_APPROVAL_PATH}/:checkoutId`, (c) => {
    const view = checkouts.view(id(c));
    return view ? html(c, renderPayPalApprovalPage(view), 200) : gone(c);
  });
  app.post(`${PAYPAL_APPROVAL_PATH}/:checkoutId/:outcome`, (c) => {
    const outcome = c.req.param('outcome') as PayPalOutcome;
    if (!Object.hasOwn(PAYPAL_OUTCOMES, outcome)) return gone(c);
    if (c.req.header('origin') !== new URL(c.req.url).origin) {
      return html(c, renderPayPalProblemPage('Not allowed', 'Only the PayPal page itself can answer this payment.'), 403);
    }
    const result = checkouts.record(id(c), outcome);
    if (result === 'unknown') return gone(c);
    if (result === 'closed') {
      return html(c, renderPayPalProblemPage('Already answered', 'This payment was already answered. Close this window.'), 409);
    }
    return html(c, renderPayPalDonePage(id(c), outcome, options.frameOrigins), 200);
  });
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
