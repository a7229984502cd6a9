import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Charge,
  createProviderApi,
  type Order,
  type PaymentMethod,
  type ProviderApiTransport,
  ProviderPaths,
  TEST_CARDS,
} from '../shared';
import { DEFAULT_HOLD_GRACE_MS } from '../shared/orderSetup';
import type { PayPalCheckout } from '../shared/payPal';
import { createProviderApp, DEMO_APP_INSTANCE } from './createProviderApp';
import { PAYPAL_APPROVAL_SCRIPT, RETURNING_BUYER_APP_INSTANCE } from './store';

// PayPal on the reference provider over HTTP, in process (app.request): the methods by order,
// create, the approval page and its answers, capture exactly once across PayPal and card, holds (issue 25).

const FRAME = 'http://127.0.0.1:4174';
const HOST_PAGE = 'http://localhost:4173';
const API = 'http://127.0.0.1:4175';
const fixtures = new URL('../e2e/fixtures/statics', import.meta.url).pathname;

function setup(appInstance = RETURNING_BUYER_APP_INSTANCE) {
  const provider = createProviderApp({ publicUrl: API, frameOrigins: [FRAME, HOST_PAGE], staticsDir: fixtures });
  const headers = { Authorization: appInstance, 'Content-Type': 'application/json', Origin: FRAME };
  const api = async <T = unknown>(method: string, path: string, body?: unknown, auth = appInstance) => {
    const init = {
      method,
      headers: { ...headers, Authorization: auth },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };
    const reply = await provider.app.request(`${API}${path}`, init);
    return { status: reply.status, body: (await reply.json()) as T };
  };
  const order = async (holdSeconds?: number) =>
    (
      await api<Order>('POST', ProviderPaths.orderSetup, {
        eventId: 'riverside-jazz-night',
        lines: [{ ticketTypeId: 'general-admission', quantity: 1 }],
        ...(holdSeconds === undefined ? {} : { holdSeconds }),
      })
    ).body;
  const create = (orderId: string) => api<PayPalCheckout>('POST', ProviderPaths.payPalCheckoutCreate, { orderId });
  /** The buyer presses a button of the approval page (the form's POST, from the page's own origin). */
  const press = (checkoutId: string, outcome: string, origin = API) =>
    provider.app.request(`${API}/paypal/approve/${checkoutId}/${outcome}`, { method: 'POST', headers: { Origin: origin } });
  const capture = (checkoutId: string) => api<Charge>('POST', ProviderPaths.payPalPaymentDetails(checkoutId), {});
  /** A card charge for `orderId` (the store's, as the route makes it) → its reply. */
  const payByCard = (orderId: string) => {
    const card = { holderName: 'Ada', number: TEST_CARDS.approved, expMonth: 12, expYear: 2040, cvc: '123' };
    const { token } = provider.store.tokenizeCard(card, appInstance).body as { token: string };
    return provider.store.chargeOrder(orderId, { paymentMethod: 'CARD', cardToken: token }, crypto.randomUUID(), appInstance);
  };
  return { provider, api, order, create, press, capture, payByCard };
}

afterEach(() => vi.useRealTimers());

describe('payment methods by order', () => {
  it('offer PayPal to the app instances that take it (the returning buyer by default), not to the guest checkout', async () => {
    const returning = setup();
    const methods = await returning.api<PaymentMethod[]>(
      'GET',
      ProviderPaths.paymentMethodsByOrder((await returning.order()).id),
    );
    expect(methods.body).toContainEqual({ type: 'PAYPAL', label: 'PayPal' });
    const guest = setup(DEMO_APP_INSTANCE);
    const guestMethods = await guest.api<PaymentMethod[]>('GET', ProviderPaths.paymentMethodsByOrder((await guest.order()).id));
    expect(guestMethods.body.map((m) => m.type)).toEqual(['CARD', 'PAY_AT_VENUE']);
  });
});

describe('create', () => {
  it('answers a CREATED checkout whose approval page is on the provider host; charges nothing', async () => {
    const { order, create, provider } = setup();
    const { id } = await order();
    const { status, body } = await create(id);
    expect(status).toBe(201);
    expect(body).toEqual({
      checkoutId: expect.stringMatching(/^pp_/),
      orderId: id,
      status: 'CREATED',
      approvalUrl: `${API}/paypal/approve/${body.checkoutId}`,
    });
    expect(provider.store.allCharges()).toEqual([]);
  });

  it('refuses a body without orderId (400), another app instance’s order (404), an order PayPal is not offered for (400), a settled order (409)', async () => {
    const { api, order, create, payByCard } = setup();
    expect((await api('POST', ProviderPaths.payPalCheckoutCreate, {})).status).toBe(400);
    const { id } = await order();
    expect((await api('POST', ProviderPaths.payPalCheckoutCreate, { orderId: id }, DEMO_APP_INSTANCE)).status).toBe(404);
    const guest = setup(DEMO_APP_INSTANCE);
    const notOffered = await guest.create((await guest.order()).id);
    expect(notOffered).toMatchObject({
      status: 400,
      body: { details: { applicationError: { code: 'PAYMENT_METHOD_NOT_AVAILABLE' } } },
    });
    payByCard(id);
    expect(await create(id)).toMatchObject({
      status: 409,
      body: { details: { applicationError: { code: 'ORDER_ALREADY_PAID' } } },
    });
  });
});

describe('the approval page', () => {
  it('is HTML on the provider host with both buttons, its own script, never framed', async () => {
    const { provider, order, create } = setup();
    const { body } = await create((await order()).id);
    const page = await provider.app.request(body.approvalUrl);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('>Approve payment</button>');
    expect(html).toContain('>Cancel and return</button>');
    expect(html).toContain('Riverside Jazz Night');
    expect(html).not.toMatch(/<script>/);
    expect((await provider.app.request(`${API}/paypal/approve.js`)).headers.get('content-type')).toContain('text/javascript');
  });

  it('records one answer, from its own origin only: 403 from another origin, 409 for a second answer', async () => {
    const { order, create, press } = setup();
    const { body } = await create((await order()).id);
    expect((await press(body.checkoutId, 'approve', FRAME)).status).toBe(403);
    const done = await press(body.checkoutId, 'approve');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(`data-frame-origins="${JSON.stringify([FRAME, HOST_PAGE]).replaceAll('"', '&#34;')}"`);
    expect((await press(body.checkoutId, 'cancel')).status).toBe(409);
    expect((await press('pp_unknown', 'approve')).status).toBe(404);
  });

  it('script: the done page tells the opener at each frame origin (never "*") and closes', () => {
    const posted: [unknown, string][] = [];
    const attributes: Record<string, string> = {
      'data-state': 'done',
      'data-checkout-id': 'pp_1',
      'data-outcome': 'approve',
      'data-frame-origins': JSON.stringify([FRAME, HOST_PAGE]),
    };
    const main = { getAttribute: (n: string) => attributes[n] ?? null, querySelector: () => null };
    const window = { opener: { postMessage: (m: unknown, o: string) => posted.push([m, o]) }, close: vi.fn() };
    new Function('window', 'document', PAYPAL_APPROVAL_SCRIPT)(window, { querySelector: () => main });
    const message = { type: 'cashier:paypal-result', checkoutId: 'pp_1', outcome: 'approve' };
    expect(posted).toEqual([
      [message, FRAME],
      [message, HOST_PAGE],
    ]);
    expect(window.close).toHaveBeenCalledOnce();
  });
});

describe('capture (POST payment details), exactly once', () => {
  it('charges an approved checkout once: APPROVED PAYPAL, the order PAID; a second capture answers the same charge', async () => {
    const { api, order, create, press, capture, provider } = setup();
    const { id } = await order();
    const { body } = await create(id);
    expect(await capture(body.checkoutId)).toMatchObject({
      status: 409,
      body: { details: { applicationError: { code: 'PAYPAL_NOT_APPROVED' } } },
    });
    await press(body.checkoutId, 'approve');
    const first = await capture(body.checkoutId);
    expect(first).toMatchObject({ status: 201, body: { orderId: id, status: 'APPROVED', paymentMethod: 'PAYPAL' } });
    expect(await capture(body.checkoutId)).toEqual({ status: 200, body: first.body });
    expect((await api<Charge[]>('GET', ProviderPaths.chargesByOrder(id))).body).toEqual([first.body]);
    expect((await api<Order>('GET', ProviderPaths.order(id))).body).toMatchObject({ status: 'PAID', chargeId: first.body.id });
    const details = await api<PayPalCheckout>('GET', ProviderPaths.payPalPaymentDetails(body.checkoutId));
    expect(details.body).toMatchObject({ status: 'CAPTURED', chargeId: first.body.id });
    expect(provider.store.allCharges()).toHaveLength(1);
  });

  it('the provider client’s capturePayPalPayment reads the capture as a Charge', async () => {
    const { provider, order, create, press } = setup();
    const { body } = await create((await order()).id);
    await press(body.checkoutId, 'approve');
    const transport: ProviderApiTransport = async ({ method, path, data }) => {
      const init = {
        method,
        headers: { Authorization: RETURNING_BUYER_APP_INSTANCE, 'Content-Type': 'application/json' },
        body: JSON.stringify(data),
      };
      return (await provider.app.request(`${API}${path}`, init)).json();
    };
    await expect(createProviderApi(transport).capturePayPalPayment(body.checkoutId)).resolves.toMatchObject({
      paymentMethod: 'PAYPAL',
      status: 'APPROVED',
    });
  });

  it('a card charge for an order PayPal paid is refused (409 ORDER_ALREADY_PAID); one charge in all', async () => {
    const { order, create, press, capture, payByCard, provider } = setup();
    const { id } = await order();
    const { body } = await create(id);
    await press(body.checkoutId, 'approve');
    await capture(body.checkoutId);
    expect(payByCard(id).status).toBe(409);
    expect(provider.store.allCharges()).toHaveLength(1);
  });

  it('an approval for an order the card paid first answers the card charge and charges nothing', async () => {
    const { order, create, press, capture, payByCard, provider } = setup();
    const { id } = await order();
    const { body } = await create(id);
    const card = payByCard(id).body as Charge;
    await press(body.checkoutId, 'approve');
    expect(await capture(body.checkoutId)).toEqual({ status: 200, body: card });
    expect(provider.store.allCharges()).toEqual([card]);
  });

  it('a checkout cancelled on the page or by the widget (PATCH) is never charged', async () => {
    const { api, order, create, press, capture, provider } = setup();
    const { id } = await order();
    const onPage = (await create(id)).body;
    await press(onPage.checkoutId, 'cancel');
    const byWidget = (await create(id)).body;
    expect((await api('PATCH', ProviderPaths.payPalCheckoutUpdate(byWidget.checkoutId), { amount: 1 })).status).toBe(400);
    const patched = await api('PATCH', ProviderPaths.payPalCheckoutUpdate(byWidget.checkoutId), { status: 'CANCELLED' });
    expect(patched).toMatchObject({ status: 200, body: { status: 'CANCELLED' } });
    // A late answer on the page no longer counts.
    expect((await press(byWidget.checkoutId, 'approve')).status).toBe(409);
    for (const checkout of [onPage, byWidget]) {
      expect(await capture(checkout.checkoutId)).toMatchObject({
        status: 409,
        body: { details: { applicationError: { code: 'PAYPAL_CHECKOUT_CANCELLED' } } },
      });
    }
    expect(provider.store.allCharges()).toEqual([]);
  });

  it('another app instance cannot read, cancel or capture a checkout (404)', async () => {
    const { api, order, create } = setup();
    const { body } = await create((await order()).id);
    for (const [method, path] of [
      ['GET', ProviderPaths.payPalPaymentDetails(body.checkoutId)],
      ['POST', ProviderPaths.payPalPaymentDetails(body.checkoutId)],
      ['PATCH', ProviderPaths.payPalCheckoutUpdate(body.checkoutId)],
    ] as const) {
      const body = method === 'GET' ? undefined : { status: 'CANCELLED' };
      expect((await api(method, path, body, DEMO_APP_INSTANCE)).status).toBe(404);
    }
  });

  it('a checkout created before the hold ended keeps it: approved and captured after holdExpiresAt (issue 37)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { order, create, press, capture, provider } = setup();
    const { id } = await order(60);
    const { body } = await create(id);
    vi.setSystemTime(Date.now() + 61_000);
    await press(body.checkoutId, 'approve');
    expect(await capture(body.checkoutId)).toMatchObject({ status: 201, body: { status: 'APPROVED', paymentMethod: 'PAYPAL' } });
    expect(provider.store.getOrder(id, RETURNING_BUYER_APP_INSTANCE).body).toMatchObject({ status: 'PAID' });
  });

  it('past the grace limit: capture is 409 ORDER_HOLD_EXPIRED with nothing charged, and so is create', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { order, create, press, capture, provider } = setup();
    const { id } = await order(60);
    const { body } = await create(id);
    await press(body.checkoutId, 'approve');
    vi.setSystemTime(Date.now() + 60_000 + DEFAULT_HOLD_GRACE_MS);
    const expired = { status: 409, body: { details: { applicationError: { code: 'ORDER_HOLD_EXPIRED' } } } };
    expect(await capture(body.checkoutId)).toMatchObject(expired);
    expect(await create(id)).toMatchObject(expired);
    expect(provider.store.allCharges()).toEqual([]);
  });

  it('a hold that ended with no checkout open: create is 409 ORDER_HOLD_EXPIRED (issue 24)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { order, create } = setup();
    const { id } = await order(60);
    vi.setSystemTime(Date.now() + 60_000);
    expect(await create(id)).toMatchObject({
      status: 409,
      body: { details: { applicationError: { code: 'ORDER_HOLD_EXPIRED' } } },
    });
  });
});

describe('the control route', () => {
  it('POST /__control/paypal offers PayPal to the app instances it names, until a reset', async () => {
    const KEY = 'test-control-key-0123456789abcdef';
    const provider = createProviderApp({ publicUrl: API, frameOrigins: [FRAME], staticsDir: fixtures, controlKey: KEY });
    const control = (path: string, body: unknown) =>
      provider.app.request(`/__control/${path}`, {
        method: 'POST',
        headers: { Host: 'localhost', 'X-Cashier-Control-Key': KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const methods = async (appInstance = DEMO_APP_INSTANCE) => {
      const headers = { Authorization: appInstance, 'Content-Type': 'application/json' };
      const order = provider.store.setupOrder(
        { eventId: 'riverside-jazz-night', lines: [{ ticketTypeId: 'general-admission', quantity: 1 }] },
        appInstance,
      ).body as Order;
      const reply = await provider.app.request(`${API}${ProviderPaths.paymentMethodsByOrder(order.id)}`, { headers });
      return ((await reply.json()) as PaymentMethod[]).map((m) => m.type);
    };
    expect(await methods()).not.toContain('PAYPAL');
    expect((await control('paypal', { appInstances: 'x' })).status).toBe(400);
    expect((await control('paypal', { appInstances: [DEMO_APP_INSTANCE] })).status).toBe(200);
    expect(await methods()).toContain('PAYPAL');
    expect(await methods(RETURNING_BUYER_APP_INSTANCE)).not.toContain('PAYPAL');
    expect((await control('reset', {})).status).toBe(200);
    expect(await methods()).not.toContain('PAYPAL');
    expect(await methods(RETURNING_BUYER_APP_INSTANCE)).toContain('PAYPAL');
  });
});
