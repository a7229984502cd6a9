import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createProviderApp, DEMO_APP_INSTANCE } from '../../provider/createProviderApp';
import { TEST_CARDS } from '../../provider/store';
import { ProviderPaths } from '../../shared';
import { signWebhook, type WebhookEvent } from '../../shared/webhooks';
import { SITE_WEBHOOK_PATH, type SiteConfirmation, siteConfirmationPath } from '../siteConfirmation';
import { createSiteServer } from './createSiteServer';

// The demo site's server against the real reference provider: the provider's server API answers
// the site's reads (app.request as the site's fetch), and its signed webhook deliveries reach the
// site's endpoint through msw. The page's word appears nowhere: only these two can fulfil.

const PROVIDER = 'http://127.0.0.1:4175';
const FRAME = 'http://127.0.0.1:4174';
const SITE = 'http://tickets.test';
const SECRET_KEY = 'sk_test_site_0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_site_0123456789abcdef';
const fixtures = new URL('../../e2e/fixtures/statics', import.meta.url).pathname;

/** What the site's endpoint answered to each delivery, with what was delivered. */
let deliveries: { body: string; signature: string | null; status: number }[] = [];
let site: ReturnType<typeof createSiteServer> | undefined;
const network = setupServer(
  http.post(`${SITE}${SITE_WEBHOOK_PATH}`, async ({ request }) => {
    const body = await request.clone().text();
    const reply = await (site as ReturnType<typeof createSiteServer>).app.request(request);
    deliveries.push({ body, signature: request.headers.get('Cashier-Signature'), status: reply.status });
    return new HttpResponse(await reply.text(), { status: reply.status });
  }),
);
beforeAll(() => network.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  deliveries = [];
  site = undefined;
});
afterAll(() => network.close());

/** A provider (with or without webhooks to the site) and the site's server reading from it. */
function setup({ webhooks = true, webhookGraceMs = 0 } = {}) {
  const provider = createProviderApp({
    publicUrl: PROVIDER,
    frameOrigins: [FRAME],
    staticsDir: fixtures,
    secretKeys: { [SECRET_KEY]: DEMO_APP_INSTANCE },
    ...(webhooks ? { webhookEndpoints: [{ url: `${SITE}${SITE_WEBHOOK_PATH}`, secret: WEBHOOK_SECRET }] } : {}),
    webhookRetryDelaysMs: [],
    vaultOrigin: 'http://127.0.0.1:4176',
  });
  /** The server API's reads, and how many the site made. */
  const reads: string[] = [];
  site = createSiteServer({
    providerUrl: PROVIDER,
    secretKeys: [SECRET_KEY],
    webhookSecret: WEBHOOK_SECRET,
    webhookGraceMs,
    fetch: async (url, init) => {
      reads.push(String(url));
      return provider.app.request(String(url), init);
    },
  });
  const { app, fulfilments } = site;
  const checkout = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    provider.app.request(path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { Origin: FRAME, Authorization: DEMO_APP_INSTANCE, 'Content-Type': 'application/json', ...headers },
    });
  /** An order awaiting payment (for a buyer from `country`, when given); returns its id. */
  const order = async (country?: string) =>
    (
      (await (
        await checkout(ProviderPaths.orderSetup, {
          eventId: 'riverside-jazz-night',
          lines: [{ ticketTypeId: 'general-admission', quantity: 1 }],
          ...(country ? { country } : {}),
        })
      ).json()) as { id: string }
    ).id;
  /** Pays `orderId` as the frame does (card, or at the venue); resolves once the webhooks were delivered. */
  const pay = async (orderId: string, method: 'card' | 'venue' = 'card') => {
    const body =
      method === 'venue'
        ? { paymentMethod: 'PAY_AT_VENUE' }
        : {
            paymentMethod: 'CARD',
            cardToken: (
              provider.store.tokenizeCard(
                { holderName: 'Ada Lovelace', number: TEST_CARDS.approved, expMonth: 12, expYear: 2030, cvc: '123' },
                DEMO_APP_INSTANCE,
              ).body as { token: string }
            ).token,
          };
    const charge = (await (
      await checkout(ProviderPaths.chargesByOrder(orderId), body, { 'Idempotency-Key': crypto.randomUUID() })
    ).json()) as {
      id: string;
    };
    await provider.webhooks.idle();
    return charge.id;
  };
  const confirmation = async (orderId: string) => {
    const reply = await app.request(siteConfirmationPath(orderId));
    return { status: reply.status, body: (await reply.json()) as SiteConfirmation };
  };
  const postWebhook = (body: string, signature?: string) =>
    app.request(SITE_WEBHOOK_PATH, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', ...(signature === undefined ? {} : { 'Cashier-Signature': signature }) },
    });
  return { provider, app, fulfilments, reads, order, checkout, pay, confirmation, postWebhook };
}

const now = () => Math.floor(Date.now() / 1000);

describe('POST /webhooks/cashier: only a verified event fulfils, and each event once', () => {
  it('a real delivery of order.paid issues the tickets once, from that event', async () => {
    const { order, pay, confirmation, reads } = setup();
    const orderId = await order();
    const chargeId = await pay(orderId);
    const paid = deliveries.find((d) => JSON.parse(d.body).type === 'order.paid');
    expect(paid?.status).toBe(200);
    const { body } = await confirmation(orderId);
    expect(body).toEqual({
      orderId,
      status: 'PAID',
      fulfilled: true,
      source: 'webhook',
      tickets: 'issued',
      fulfilments: 1,
      eventId: JSON.parse(paid?.body ?? '{}').id,
      chargeId,
      total: { amount: expect.any(Number), currency: 'EUR' },
    });
    expect(reads, 'no server read: the webhook was there first').toEqual([]);
  });

  it('a replay of a real delivery changes nothing: 200 duplicate, still one fulfilment', async () => {
    const { order, pay, confirmation, postWebhook } = setup();
    const orderId = await order();
    await pay(orderId);
    const paid = deliveries.find((d) => JSON.parse(d.body).type === 'order.paid');
    const replay = await postWebhook(paid?.body ?? '', paid?.signature ?? '');
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect((await confirmation(orderId)).body).toMatchObject({ fulfilments: 1, source: 'webhook' });
  });

  it('order.payment_pending (pay at the venue) reserves the tickets', async () => {
    const { order, pay, confirmation } = setup();
    const orderId = await order();
    await pay(orderId, 'venue');
    expect((await confirmation(orderId)).body).toMatchObject({
      status: 'PAY_AT_VENUE',
      fulfilled: true,
      source: 'webhook',
      tickets: 'reserved',
      fulfilments: 1,
    });
  });

  it('order.payment_processing (a local payment the bank is still confirming) reserves nothing; its order.paid then issues the tickets', async () => {
    const { provider, order, checkout, confirmation } = setup();
    const orderId = await order('NL');
    provider.store.localPayments.setTimings({ pendingSettleMs: 200 });
    const reply = await checkout(
      ProviderPaths.chargesByOrder(orderId),
      { paymentMethod: 'IDEAL' },
      { 'Idempotency-Key': 'ideal-1' },
    );
    const { id } = (await reply.json()) as { id: string };
    provider.store.localPayments.record(id, 'pending');
    await provider.webhooks.idle();
    expect(deliveries.map((d) => [JSON.parse(d.body).type, d.status])).toEqual([['order.payment_processing', 200]]);
    expect((await confirmation(orderId)).body).toMatchObject({ status: 'AWAITING_PAYMENT', fulfilled: false, tickets: 'none' });
    await new Promise((resolve) => setTimeout(resolve, 250));
    await provider.webhooks.idle();
    expect(deliveries.map((d) => JSON.parse(d.body).type)).toEqual(['order.payment_processing', 'order.paid']);
    expect((await confirmation(orderId)).body).toMatchObject({
      status: 'PAID',
      fulfilled: true,
      source: 'webhook',
      tickets: 'issued',
      fulfilments: 1,
    });
  });

  /** An order.paid event for an unpaid order, as a forger would write it. */
  const forged = (orderId: string, id = 'evt_forged'): string =>
    JSON.stringify({
      id,
      type: 'order.paid',
      created: now(),
      data: { order: { id: orderId, status: 'PAID', total: { amount: 100, currency: 'EUR' }, charges: [] } },
    } satisfies Omit<WebhookEvent, 'data'> & { data: unknown });

  it.each([
    { name: 'no signature header', sign: () => undefined, code: 'SIGNATURE_HEADER_MALFORMED' },
    { name: 'a header that is not t=…,v1=…', sign: () => 'v1=abc', code: 'SIGNATURE_HEADER_MALFORMED' },
    {
      name: 'signed with another secret',
      sign: (body: string) => signWebhook(body, 'whsec_wrong_0123456789', now()),
      code: 'SIGNATURE_MISMATCH',
    },
    {
      name: 'a body changed after signing',
      sign: (body: string) => signWebhook(body.replace('"PAID"', '"PAID" '), WEBHOOK_SECRET, now()),
      code: 'SIGNATURE_MISMATCH',
    },
    {
      name: 'signed an hour ago (a replay past the tolerance)',
      sign: (body: string) => signWebhook(body, WEBHOOK_SECRET, now() - 3600),
      code: 'TIMESTAMP_OUTSIDE_TOLERANCE',
    },
  ])('$name → 400 $code, no tickets', async ({ sign, code }) => {
    const { order, postWebhook, confirmation, fulfilments } = setup();
    const orderId = await order();
    const body = forged(orderId);
    const reply = await postWebhook(body, sign(body));
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({ code });
    expect(fulfilments.get(orderId)).toBeUndefined();
    expect((await confirmation(orderId)).body).toMatchObject({ status: 'AWAITING_PAYMENT', fulfilled: false, tickets: 'none' });
  });

  it('a signed body that is not an event → 400 BODY_MALFORMED', async () => {
    const { postWebhook } = setup();
    const reply = await postWebhook('{"hello":1}', signWebhook('{"hello":1}', WEBHOOK_SECRET, now()));
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({ code: 'BODY_MALFORMED' });
  });

  it('another event about a fulfilled order (a second order.paid id) issues nothing more', async () => {
    const { order, pay, postWebhook, confirmation } = setup();
    const orderId = await order();
    await pay(orderId);
    const body = forged(orderId, 'evt_second');
    expect((await postWebhook(body, signWebhook(body, WEBHOOK_SECRET, now()))).status).toBe(200);
    expect((await confirmation(orderId)).body).toMatchObject({
      fulfilments: 1,
      eventId: expect.not.stringMatching('evt_second'),
    });
  });
});

describe('a refund revokes the tickets, and nothing issues them again', () => {
  it('charge.refunded of the paying charge: tickets revoked, not fulfilled; its replay and a late order.paid change nothing', async () => {
    const { provider, order, pay, confirmation, postWebhook } = setup();
    const orderId = await order();
    const chargeId = await pay(orderId);
    const refund = await provider.app.request(`/v1/charges/${chargeId}/refunds`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SECRET_KEY}` },
    });
    expect(refund.status).toBe(201);
    await provider.webhooks.idle();
    const refunded = deliveries.find((d) => JSON.parse(d.body).type === 'charge.refunded');
    expect(refunded?.status).toBe(200);
    const revoked = {
      status: 'PAID',
      fulfilled: false,
      source: 'webhook',
      tickets: 'revoked',
      fulfilments: 1,
      eventId: JSON.parse(refunded?.body ?? '{}').id,
      chargeId,
    };
    expect((await confirmation(orderId)).body).toMatchObject(revoked);
    // The refund's replay, and the order.paid delivered again under a new id (out of order): still revoked.
    expect(await (await postWebhook(refunded?.body ?? '', refunded?.signature ?? '')).json()).toEqual({
      received: true,
      duplicate: true,
    });
    const paid = JSON.parse(deliveries.find((d) => JSON.parse(d.body).type === 'order.paid')?.body ?? '{}');
    const late = JSON.stringify({ ...paid, id: 'evt_late_paid' });
    expect((await postWebhook(late, signWebhook(late, WEBHOOK_SECRET, now()))).status).toBe(200);
    expect((await confirmation(orderId)).body).toMatchObject(revoked);
  });

  it("no webhook: the server's read of a refunded order issues no tickets", async () => {
    const { provider, order, pay, confirmation } = setup({ webhooks: false });
    const orderId = await order();
    const chargeId = await pay(orderId);
    await provider.app.request(`/v1/charges/${chargeId}/refunds`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SECRET_KEY}` },
    });
    expect((await confirmation(orderId)).body).toMatchObject({
      fulfilled: false,
      source: 'server-read',
      tickets: 'revoked',
      fulfilments: 0,
    });
  });
});

describe('GET /api/orders/:orderId/confirmation: what the server knows, never what the page says', () => {
  it('no webhook (none registered): the server reads the paid order with its secret key and fulfils from the read', async () => {
    const { order, pay, confirmation, reads } = setup({ webhooks: false });
    const orderId = await order();
    const chargeId = await pay(orderId);
    expect((await confirmation(orderId)).body).toMatchObject({
      status: 'PAID',
      fulfilled: true,
      source: 'server-read',
      tickets: 'issued',
      fulfilments: 1,
      chargeId,
    });
    expect(reads).toEqual([`${PROVIDER}/v1/orders/${orderId}`]);
    // Asked again: the record answers, no second read and no second fulfilment.
    expect((await confirmation(orderId)).body).toMatchObject({ source: 'server-read', fulfilments: 1 });
    expect(reads).toHaveLength(1);
  });

  it('an unpaid order: read, not fulfilled, source none', async () => {
    const { order, confirmation } = setup({ webhooks: false });
    const orderId = await order();
    expect((await confirmation(orderId)).body).toEqual({
      orderId,
      status: 'AWAITING_PAYMENT',
      fulfilled: false,
      source: 'none',
      tickets: 'none',
      fulfilments: 0,
      total: { amount: expect.any(Number), currency: 'EUR' },
    });
  });

  it('an order the provider does not know: UNKNOWN, not fulfilled', async () => {
    const { confirmation } = setup({ webhooks: false });
    expect((await confirmation('ord_nope')).body).toMatchObject({ status: 'UNKNOWN', fulfilled: false, source: 'none' });
  });

  it('a webhook that comes while the question waits answers it: source webhook, no read', async () => {
    const { order, pay, confirmation, reads } = setup({ webhookGraceMs: 5_000 });
    const orderId = await order();
    const asked = confirmation(orderId);
    await pay(orderId);
    expect((await asked).body).toMatchObject({ source: 'webhook', fulfilled: true });
    expect(reads).toEqual([]);
  });

  it('the provider unreachable → 502 PROVIDER_UNREACHABLE', async () => {
    const failing = createSiteServer({
      providerUrl: PROVIDER,
      secretKeys: [SECRET_KEY],
      webhookSecret: WEBHOOK_SECRET,
      webhookGraceMs: 0,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const reply = await failing.app.request(siteConfirmationPath('ord_1'));
    expect(reply.status).toBe(502);
    expect(await reply.json()).toMatchObject({ code: 'PROVIDER_UNREACHABLE' });
  });
});
