import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProviderPaths } from '../shared';
import { verifyWebhook, type WebhookEvent } from '../shared/webhooks';
import { createProviderApp, DEMO_APP_INSTANCE } from './createProviderApp';
import { ServerApiPaths } from './serverApiRoutes';
import { TEST_CARDS } from './store';

// The server API a site's server calls with its secret key, and the webhooks the provider sends
// it: what lets a site fulfil on the provider's word, never on the browser's.

const FRAME = 'http://127.0.0.1:4174';
const SECRET_KEY = 'sk_test_demo_0123456789abcdef';
const OTHER_KEY = 'sk_test_other_0123456789abcdef';
const WEBHOOK_URL = 'http://tickets.test/webhooks/cashier';
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
const fixtures = new URL('../e2e/fixtures/statics', import.meta.url).pathname;

/** The webhook bodies and signatures the site's endpoint got. */
let received: { body: string; signature: string | null }[] = [];
const site = setupServer(
  http.post(WEBHOOK_URL, async ({ request }) => {
    received.push({ body: await request.text(), signature: request.headers.get('Cashier-Signature') });
    return new HttpResponse(null, { status: 204 });
  }),
);
beforeAll(() => site.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  received = [];
});
afterAll(() => site.close());

function provider() {
  const created = createProviderApp({
    publicUrl: 'http://127.0.0.1:4175',
    frameOrigins: [FRAME],
    staticsDir: fixtures,
    secretKeys: { [SECRET_KEY]: DEMO_APP_INSTANCE, [OTHER_KEY]: 'returning-buyer-app-instance' },
    webhookEndpoints: [{ url: WEBHOOK_URL, secret: WEBHOOK_SECRET, appInstances: [DEMO_APP_INSTANCE] }],
    webhookRetryDelaysMs: [],
    vaultOrigin: 'http://127.0.0.1:4176',
  });
  /** An order paid with `card` as the frame pays it (the demo app instance); returns its id and the charge's. */
  const buy = async (card: string) => {
    const api = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      created.app.request(path, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { Origin: FRAME, Authorization: DEMO_APP_INSTANCE, 'Content-Type': 'application/json', ...headers },
      });
    const order = (await (
      await api(ProviderPaths.orderSetup, {
        eventId: 'riverside-jazz-night',
        lines: [{ ticketTypeId: 'general-admission', quantity: 1 }],
      })
    ).json()) as { id: string };
    const token = created.store.tokenizeCard(
      { holderName: 'Ada Lovelace', number: card, expMonth: 12, expYear: 2030, cvc: '123' },
      DEMO_APP_INSTANCE,
    ).body as { token: string };
    const charge = (await (
      await api(
        ProviderPaths.chargesByOrder(order.id),
        { paymentMethod: 'CARD', cardToken: token.token },
        { 'Idempotency-Key': crypto.randomUUID() },
      )
    ).json()) as { id: string };
    return { orderId: order.id, chargeId: charge.id };
  };
  const server = (path: string, init: RequestInit = {}, key: string | null = SECRET_KEY) =>
    created.app.request(path, {
      ...init,
      headers: { ...(key === null ? {} : { Authorization: `Bearer ${key}` }), ...(init.headers as Record<string, string>) },
    });
  return { ...created, buy, server };
}

describe('the server API: the secret key, never from a browser', () => {
  it('reads the order with its charges: PAID, and the approved charge', async () => {
    const { buy, server, webhooks } = provider();
    const { orderId, chargeId } = await buy(TEST_CARDS.approved);
    const reply = await server(ServerApiPaths.order(orderId));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('Cache-Control')).toBe('no-store');
    expect(reply.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(await reply.json()).toMatchObject({ id: orderId, status: 'PAID', charges: [{ id: chargeId, status: 'APPROVED' }] });
    await webhooks.idle();
  });

  it.each([
    { name: 'no key', key: null, headers: {}, status: 401, code: 'SECRET_KEY_INVALID' },
    { name: 'an unknown key', key: 'sk_test_nope', headers: {}, status: 401, code: 'SECRET_KEY_INVALID' },
    {
      name: 'the app instance token (the browser credential)',
      key: DEMO_APP_INSTANCE,
      headers: {},
      status: 401,
      code: 'SECRET_KEY_INVALID',
    },
    {
      name: 'the right key from a page (Origin sent)',
      key: SECRET_KEY,
      headers: { Origin: FRAME },
      status: 403,
      code: 'SECRET_KEY_IN_BROWSER',
    },
    { name: "another app instance's key", key: OTHER_KEY, headers: {}, status: 404, code: 'ORDER_NOT_FOUND' },
  ])('$name: $status $code', async ({ key, headers, status, code }) => {
    const { buy, server, webhooks } = provider();
    const { orderId } = await buy(TEST_CARDS.approved);
    const reply = await server(ServerApiPaths.order(orderId), { headers: headers as Record<string, string> }, key);
    expect(reply.status).toBe(status);
    expect(await reply.json()).toMatchObject({ details: { applicationError: { code } } });
    await webhooks.idle();
  });

  it('a preflight from a page gets no CORS grant', async () => {
    const { server } = provider();
    const reply = await server(
      ServerApiPaths.order('ord_1'),
      { method: 'OPTIONS', headers: { Origin: FRAME, 'Access-Control-Request-Method': 'GET' } },
      null,
    );
    expect(reply.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});

describe('webhooks: each event signed to the site endpoint', () => {
  it('a paid order: order.paid, verified with the webhook secret, the order PAID in it', async () => {
    const { buy, webhooks } = provider();
    const { orderId, chargeId } = await buy(TEST_CARDS.approved);
    await webhooks.idle();
    expect(received).toHaveLength(1);
    const [delivery] = received;
    const event = verifyWebhook({ body: delivery?.body ?? '', signature: delivery?.signature, secret: WEBHOOK_SECRET });
    expect(event).toMatchObject({
      type: 'order.paid',
      data: { order: { id: orderId, status: 'PAID' }, charge: { id: chargeId } },
    });
  });

  it('a decline, then a refund through the server API: order.payment_failed, order.paid, charge.refunded', async () => {
    const { buy, server, webhooks } = provider();
    await buy(TEST_CARDS.declined);
    const { chargeId } = await buy(TEST_CARDS.approved);
    const refund = await server(ServerApiPaths.refunds(chargeId), { method: 'POST' });
    expect(refund.status).toBe(201);
    expect((await server(ServerApiPaths.refunds(chargeId), { method: 'POST' })).status).toBe(200);
    await webhooks.idle();
    const types = received.map(
      ({ body, signature }) => (verifyWebhook({ body, signature, secret: WEBHOOK_SECRET }) as WebhookEvent).type,
    );
    expect(types.sort()).toEqual(['charge.refunded', 'order.paid', 'order.payment_failed']);
  });

  it("another app instance's orders are not this endpoint's", async () => {
    const { store, webhooks } = provider();
    const order = store.setupOrder(
      { eventId: 'riverside-jazz-night', lines: [{ ticketTypeId: 'general-admission', quantity: 1 }] },
      'returning-buyer-app-instance',
    ).body as { id: string };
    store.chargeOrder(order.id, { paymentMethod: 'PAY_AT_VENUE' }, 'k1', 'returning-buyer-app-instance');
    await webhooks.idle();
    expect(received).toEqual([]);
  });
});
