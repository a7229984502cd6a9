import type { Context, Hono } from 'hono';
import type { ProviderEnv } from './requestPipeline';
import { type CheckoutStore, createLocalPaymentPages, type PageReply } from './store';

/** Options of {@link registerLocalPaymentRoutes}. */
export interface LocalPaymentRoutesOptions {
  /** The origins the done page posts its message to (the provider's CORS origins: the frame's, the demo page's). */
  frameOrigins: readonly string[];
  /** The payments origin, where these pages are served: the only `Origin` whose form may answer them. */
  paymentsOrigin: string;
}

/**
 * The local methods' simulated pages (issue 38) on `app`, served at the payments origin (in
 * development the provider's own API origin, as PayPal's approval page), a navigation with no
 * Authorization (the charge id is its key):
 * - `GET /local-payments/<chargeId>`: the page (method, event, amount, the four buttons), or a 404
 *   page when the charge is unknown, BLIK's, or no longer open;
 * - `POST /local-payments/<chargeId>/approve|decline|pending|cancel` (the page's form, fields
 *   `settleAs=approve|decline` and `klarnaOption=PAY_LATER_30_DAYS|PAY_IN_3_PARTS`): recorded once,
 *   then the page that tells the opener and closes; 403 page unless the request's `Origin` is the
 *   payments origin, 404 page for an unknown charge or answer, 409 page once answered, cancelled or
 *   expired;
 * - `GET /local-payments.js` and `/local-payments.css`: the page's script and style sheet.
 * Pages carry the PayPal page's headers (CSP `script-src 'self'`, `frame-ancestors 'none'`, no-store).
 */
export function registerLocalPaymentRoutes(
  app: Hono<ProviderEnv>,
  store: CheckoutStore,
  options: LocalPaymentRoutesOptions,
): void {
  const pages = createLocalPaymentPages(store.localPayments, options);
  const page = (c: Context<ProviderEnv>, reply: PageReply) => c.body(reply.body, reply.status, reply.headers);
  for (const [path, reply] of Object.entries(pages.assets)) app.get(path, (c) => page(c, reply));
  app.get(`${pages.pagePath}/:chargeId`, (c) => page(c, pages.show(c.req.param('chargeId'))));
  app.post(`${pages.pagePath}/:chargeId/:answer`, async (c) => {
    const form: Record<string, unknown> = await c.req.parseBody().catch(() => ({}));
    const origin = { sent: c.req.header('origin') ?? null, own: options.paymentsOrigin };
    return page(c, pages.answer(c.req.param('chargeId'), c.req.param('answer'), origin, form));
  });
}
