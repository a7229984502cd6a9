import { verifyWebhook, WEBHOOK_SIGNATURE_HEADER, WebhookVerificationError } from 'cashier-widget/server';
import { Hono } from 'hono';
import { SITE_CONFIRMATION_ROUTE, SITE_WEBHOOK_PATH } from '../siteConfirmation';
import { confirmationOf, createFulfilments } from './createFulfilments';
import { createOrderReader, OrderReadError } from './createOrderReader';

/** Options of {@link createSiteServer}. */
export interface SiteServerOptions {
  /** The provider's base URL, for the server API's order read. */
  providerUrl: string;
  /** The site's secret keys (one per app instance it sells with), for the server API. Never sent to a page. */
  secretKeys: string[];
  /** The webhook endpoint's secret, which the provider signs each delivery with. Never sent to a page. */
  webhookSecret: string;
  /**
   * How long a confirmation question waits for the order's webhook before the server reads the
   * order itself, in milliseconds; default 1 500. Webhooks come first; the read covers a late one.
   */
  webhookGraceMs?: number;
  /** How to call the provider; default the global `fetch`. */
  fetch?: typeof fetch;
  /** The clock for the webhook's tolerance, in milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
}

/**
 * The demo site's own server routes, as a ticketing site writes them (docs/going-live.md): it
 * fulfils an order only from a verified webhook or from its own read of the order with the
 * secret key, never from what a page says.
 * - `POST /webhooks/cashier`: verifies the raw body's `Cashier-Signature` with the webhook secret
 *   (400 `{ code }` when it fails, the code of `WebhookVerificationError`), handles each event id
 *   once (`order.paid` issues the tickets, `order.payment_pending` reserves them) and answers 200
 *   `{ received: true, duplicate }` at once.
 * - `GET /api/orders/:orderId/confirmation`: what the server knows (`SiteConfirmation`). With no
 *   webhook yet it waits up to `webhookGraceMs` for one, then reads the order with the server API
 *   and fulfils from that read when it is paid (or reserved at the venue). 502 `{ code:
 *   'PROVIDER_UNREACHABLE' }` when the provider could not be asked.
 * Returns the Hono app and its ticket office (`fulfilments`, for tests and the log).
 * @throws TypeError when `webhookSecret` is empty.
 */
export function createSiteServer(options: SiteServerOptions) {
  if (!options.webhookSecret) throw new TypeError('createSiteServer: webhookSecret must be a non-empty string.');
  const fulfilments = createFulfilments();
  const readOrder = createOrderReader({
    providerUrl: options.providerUrl,
    secretKeys: options.secretKeys,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const graceMs = options.webhookGraceMs ?? 1_500;
  const app = new Hono();

  app.post(SITE_WEBHOOK_PATH, async (c) => {
    // The bytes as they came: parsing and serializing again would change what was signed.
    const body = new Uint8Array(await c.req.arrayBuffer());
    let event: ReturnType<typeof verifyWebhook>;
    try {
      event = verifyWebhook({
        body,
        signature: c.req.header(WEBHOOK_SIGNATURE_HEADER),
        secret: options.webhookSecret,
        ...(options.now ? { now: options.now } : {}),
      });
    } catch (thrown) {
      if (!(thrown instanceof WebhookVerificationError)) throw thrown;
      return c.json({ code: thrown.code, message: thrown.message }, 400);
    }
    const handled = fulfilments.handle(event);
    return c.json({ received: true, duplicate: handled === 'duplicate' });
  });

  app.get(SITE_CONFIRMATION_ROUTE, async (c) => {
    c.header('Cache-Control', 'no-store');
    const orderId = c.req.param('orderId');
    await fulfilments.waitFor(orderId, graceMs);
    const known = fulfilments.get(orderId);
    if (known) return c.json(confirmationOf(orderId, known, known));
    let order: Awaited<ReturnType<typeof readOrder>>;
    try {
      order = await readOrder(orderId);
    } catch (thrown) {
      if (!(thrown instanceof OrderReadError)) throw thrown;
      return c.json({ code: 'PROVIDER_UNREACHABLE', message: thrown.message }, 502);
    }
    if (!order) return c.json(confirmationOf(orderId, undefined, { status: 'UNKNOWN' }));
    fulfilments.fromRead(order);
    return c.json(
      confirmationOf(orderId, fulfilments.get(orderId), {
        status: order.status,
        total: order.total,
        ...(order.chargeId === undefined ? {} : { chargeId: order.chargeId }),
      }),
    );
  });

  return { app, fulfilments };
}

/** The demo site's server ({@link createSiteServer}). */
export type SiteServer = ReturnType<typeof createSiteServer>;
