import { describe, expect, it } from 'vitest';
import { ProviderPaths } from '../shared/paths';
import { PAYPAL_RESULT_MESSAGE } from '../shared/payPal';
import {
  createMockProvider,
  MOCK_APP_INSTANCE,
  MOCK_TEST_CARDS,
  type MockProvider,
  type MockProviderOptions,
} from './mockProvider';
import { type Body, FRAME, HOST, MOCK_OPTIONS, send, VAULT } from './mockRequests';

// Issue 25 item 5: PayPal in the mock mode, answered as the reference provider's (provider/store/payPalCheckouts.ts).

// As the reference provider's deployments: the approval page on the API origin.
const OPTIONS: MockProviderOptions = { ...MOCK_OPTIONS, payPalOrigin: HOST };

const create = (mock: MockProvider, orderId: string) =>
  send(mock, 'POST', `${HOST}${ProviderPaths.payPalCheckoutCreate}`, { orderId });
const capture = (mock: MockProvider, id: string) => send(mock, 'POST', `${HOST}${ProviderPaths.payPalPaymentDetails(id)}`, {});
/** Presses a button of the approval page: the form's POST from the host's origin (the browser's Origin). */
const press = (mock: MockProvider, id: string, outcome: string, origin = HOST) =>
  send(mock, 'POST', `${HOST}/paypal/approve/${id}/${outcome}`, undefined, { Origin: origin });
const code = (reply: { body: Body }) =>
  (reply.body.details as { applicationError?: { code?: string } } | undefined)?.applicationError?.code;

describe('mock mode: PayPal is offered only with the payPal option', () => {
  it('payment methods by order list PAYPAL with it; without it, CARD only and create is refused', async () => {
    const off = createMockProvider(OPTIONS);
    const offOrder = off.createOrder();
    expect((await send(off, 'GET', `${HOST}${ProviderPaths.paymentMethodsByOrder(offOrder)}`)).body).toEqual([
      { type: 'CARD', label: 'Card' },
    ]);
    const refused = await create(off, offOrder);
    expect([refused.status, code(refused)]).toEqual([400, 'PAYMENT_METHOD_NOT_AVAILABLE']);
    const on = createMockProvider({ ...OPTIONS, payPal: true });
    expect((await send(on, 'GET', `${HOST}${ProviderPaths.paymentMethodsByOrder(on.createOrder())}`)).body).toEqual([
      { type: 'CARD', label: 'Card' },
      { type: 'PAYPAL', label: 'PayPal' },
    ]);
  });
});

describe('mock mode: a PayPal checkout', () => {
  it('create → approval page on the host with both buttons → "Approve payment" → capture charges PAYPAL once', async () => {
    const mock = createMockProvider({ ...OPTIONS, payPal: true });
    const orderId = mock.createOrder({ amount: 4200 });
    const created = await create(mock, orderId);
    expect(created).toMatchObject({ status: 201, body: { orderId, status: 'CREATED' } });
    const id = created.body.checkoutId as string;
    expect(created.body.approvalUrl).toBe(`${HOST}/paypal/approve/${id}`);
    const page = await send(mock, 'GET', created.body.approvalUrl as string);
    expect(page.status).toBe(200);
    expect(page.text).toContain('>Approve payment</button>');
    expect(page.text).toContain('>Cancel and return</button>');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect((await send(mock, 'GET', `${HOST}/paypal/approve.js`)).text).toContain(PAYPAL_RESULT_MESSAGE);
    expect(code(await capture(mock, id))).toBe('PAYPAL_NOT_APPROVED');
    // Another site's form is refused; the done page posts to the frame's origin only.
    expect((await press(mock, id, 'approve', 'http://evil.example')).status).toBe(403);
    const done = await press(mock, id, 'approve');
    expect(done.status).toBe(200);
    expect(done.text).toContain(`data-frame-origins="[&#34;${FRAME}&#34;]"`);
    expect((await press(mock, id, 'cancel')).status).toBe(409);
    const charged = await capture(mock, id);
    expect(charged).toMatchObject({
      status: 201,
      body: { orderId, status: 'APPROVED', paymentMethod: 'PAYPAL', amount: { amount: 4200 } },
    });
    expect(await capture(mock, id)).toMatchObject({ status: 200, body: { id: charged.body.id } });
    expect(mock.order(orderId)).toMatchObject({ status: 'PAID', chargeId: charged.body.id });
    expect(mock.charges()).toHaveLength(1);
    expect((await send(mock, 'GET', `${HOST}${ProviderPaths.payPalPaymentDetails(id)}`)).body).toMatchObject({
      status: 'CAPTURED',
    });
  });

  it('"Cancel and return", or the widget giving up (PATCH CANCELLED): nothing charged', async () => {
    const mock = createMockProvider({ ...OPTIONS, payPal: true });
    const orderId = mock.createOrder();
    const first = (await create(mock, orderId)).body.checkoutId as string;
    expect((await press(mock, first, 'cancel')).status).toBe(200);
    expect(code(await capture(mock, first))).toBe('PAYPAL_CHECKOUT_CANCELLED');
    const second = (await create(mock, orderId)).body.checkoutId as string;
    const given = await send(mock, 'PATCH', `${HOST}${ProviderPaths.payPalCheckoutUpdate(second)}`, { status: 'CANCELLED' });
    expect(given.body).toMatchObject({ status: 'CANCELLED' });
    expect(mock.charges()).toEqual([]);
    expect(mock.order(orderId)?.status).toBe('AWAITING_PAYMENT');
  });

  it('answerPayPal picks the outcome without the page; a card paid first wins (exactly once)', async () => {
    const mock = createMockProvider({ ...OPTIONS, payPal: true });
    const orderId = mock.createOrder();
    expect(() => mock.answerPayPal(orderId, 'approve')).toThrow(/has no PayPal checkout/);
    const id = (await create(mock, orderId)).body.checkoutId as string;
    expect(() => mock.answerPayPal(orderId, 'maybe' as 'approve')).toThrow(TypeError);
    expect(mock.answerPayPal(orderId, 'approve')).toBe(id);
    expect((await send(mock, 'GET', `${HOST}/paypal/approve/${id}`)).status).toBe(404);
    // The buyer also paid by card before the capture: the capture answers that charge, nothing more.
    const card = { holderName: 'Ada', number: MOCK_TEST_CARDS.approved, expMonth: 12, expYear: 2040, cvc: '123' };
    const token = (await send(mock, 'POST', `${VAULT}${ProviderPaths.cardTokenization}`, card)).body.token;
    const paid = await send(
      mock,
      'POST',
      `${HOST}${ProviderPaths.chargesByOrder(orderId)}`,
      { paymentMethod: 'CARD', cardToken: token },
      {
        'Idempotency-Key': 'k1',
      },
    );
    expect(await capture(mock, id)).toMatchObject({ status: 200, body: { id: paid.body.id, paymentMethod: 'CARD' } });
    expect(mock.charges()).toHaveLength(1);
    const other = mock.createOrder();
    await create(mock, other);
    expect(mock.answerPayPal(other, 'cancel')).toMatch(/^pp_/);
    await create(mock, other);
    mock.reset();
    expect(() => mock.answerPayPal(other, 'approve')).toThrow(/has no PayPal checkout/);
  });

  it("a checkout is its app instance's, behind the Authorization gate", async () => {
    const mock = createMockProvider({ ...OPTIONS, payPal: true, appInstances: [MOCK_APP_INSTANCE, 'other'] });
    const id = (await create(mock, mock.createOrder())).body.checkoutId as string;
    expect(
      (await send(mock, 'GET', `${HOST}${ProviderPaths.payPalPaymentDetails(id)}`, undefined, { Authorization: 'nope' })).status,
    ).toBe(401);
    expect(
      (await send(mock, 'GET', `${HOST}${ProviderPaths.payPalPaymentDetails(id)}`, undefined, { Authorization: 'other' })).status,
    ).toBe(404);
  });
});

describe('mock mode: the approval page on the frame build’s PayPal origin (security review M3)', () => {
  it('at `payPalOrigin`, not `host`: the approval URL and the page there, its form accepted only from there', async () => {
    const PAYPAL = 'http://127.0.0.1:5001';
    const mock = createMockProvider({ ...OPTIONS, payPalOrigin: PAYPAL, payPal: true });
    expect(mock.payPalOrigin).toBe(PAYPAL);
    const created = await create(mock, mock.createOrder());
    const id = created.body.checkoutId as string;
    expect(created.body.approvalUrl).toBe(`${PAYPAL}/paypal/approve/${id}`);
    expect((await send(mock, 'GET', `${PAYPAL}/paypal/approve/${id}`)).text).toContain('>Approve payment</button>');
    const pressAt = (origin: string) =>
      send(mock, 'POST', `${PAYPAL}/paypal/approve/${id}/approve`, undefined, { Origin: origin });
    expect((await pressAt(HOST)).status).toBe(403);
    expect((await pressAt(PAYPAL)).status).toBe(200);
  });

  it('payPalOrigin must be a bare http(s) origin', () => {
    expect(() => createMockProvider({ ...OPTIONS, payPalOrigin: 'http://127.0.0.1:5001/paypal' })).toThrow(/payPalOrigin/);
  });
});
