import { createHash, timingSafeEqual } from 'node:crypto';
import { verifyWebhook, WEBHOOK_SIGNATURE_HEADER, WebhookVerificationError } from 'cashier-widget/server';
import { Hono } from 'hono';
import { CONTROL_KEY_HEADER } from '../../provider/controlRoutes';
import { SITE_CONFIRMATION_ROUTE, SITE_WEBHOOK_PATH } from '../siteConfirmation';
import { confirmationOf, createFulfilments, type HandledEvent } from './createFulfilments';
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
  /**
   * Opens `GET /__control/webhooks` (the deliveries received, {@link SiteDelivery}) to calls that
   * carry this key in `X-Cashier-Control-Key`, as the provider's control routes do; default none:
   * no such route. The browser tests replay a real delivery from it.
   */
  controlKey?: string;
}

/** One request to the webhook endpoint, as the site's server logged it. */
export interface SiteDelivery {
  /** The raw body and the `Cashier-Signature` header, as they came. */
  body: string;
  signature: string | null;
  /** What the server did: fulfilled, revoked (a refund), duplicate (an event id handled before), unchanged, or the verification code it refused with. */
  outcome: HandledEvent | WebhookVerificationError['code'];
}

/** How many deliveries the log keeps (the newest). */
const DELIVERY_LOG_SIZE = 100;

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
 * Returns the Hono app, its ticket office (`fulfilments`) and its log of deliveries (`deliveries()`).
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
  const log: SiteDelivery[] = [];
  const record = (delivery: SiteDelivery) => {
    log.push(delivery);
    if (log.length > DELIVERY_LOG_SIZE) log.shift();
  };

  app.post(SITE_WEBHOOK_PATH, async (c) => {
    // The bytes as they came: parsing and serializing again would change what was signed.
    const body = new Uint8Array(await c.req.arrayBuffer());
    const signature = c.req.header(WEBHOOK_SIGNATURE_HEADER) ?? null;
    const logged = { body: new TextDecoder().decode(body), signature };
    let event: ReturnType<typeof verifyWebhook>;
    try {
      event = verifyWebhook({
        body,
        signature,
        secret: options.webhookSecret,
        ...(options.now ? { now: options.now } : {}),
      });
    } catch (thrown) {
      if (!(thrown instanceof WebhookVerificationError)) throw thrown;
      record({ ...logged, outcome: thrown.code });
      return c.json({ code: thrown.code, message: thrown.message }, 400);
    }
    const handled = fulfilments.handle(event);
    record({ ...logged, outcome: handled });
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

  if (options.controlKey !== undefined) {
    const digest = (value: string) => createHash('sha256').update(value).digest();
    const key = digest(options.controlKey);
    app.get('/__control/webhooks', (c) =>
      timingSafeEqual(digest(c.req.header(CONTROL_KEY_HEADER) ?? ''), key)
        ? c.json(log)
        : c.json({ code: 'CONTROL_KEY_REQUIRED' }, 403),
    );
  }

  return { app, fulfilments, deliveries: (): SiteDelivery[] => [...log] };
}

/** The demo site's server ({@link createSiteServer}). */
export type SiteServer = ReturnType<typeof createSiteServer>;
