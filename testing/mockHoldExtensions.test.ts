import { describe, expect, it } from 'vitest';
import { ProviderPaths } from '../shared/paths';
import { createMockProvider, MOCK_TEST_CARDS, type MockProvider, type MockProviderOptions } from './mockProvider';
import { type Body, HOST, MOCK_OPTIONS, send, VAULT } from './mockRequests';

// Issue 37 item 3: hold extensions and the grace limit in the mock mode, answered as the reference
// provider's (provider/store/holdExtensions.ts, seatHolds.ts), so a site's test can extend a hold
// and approve late.

const NOW = Date.UTC(2026, 10, 22, 12);
const at = (ms: number) => new Date(NOW + ms).toISOString();

/** A mock on a clock the test moves (`advance(ms)`), PayPal offered, with `options` on top. */
function setup(options: Partial<MockProviderOptions> = {}) {
  let clock = NOW;
  const mock = createMockProvider({ ...MOCK_OPTIONS, payPalOrigin: HOST, payPal: true, now: () => new Date(clock), ...options });
  return {
    mock,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const setupOrder = (mock: MockProvider, over: Record<string, unknown> = {}) =>
  send(mock, 'POST', `${HOST}${ProviderPaths.orderSetup}`, {
    eventId: 'riverside-jazz-night',
    lines: [{ ticketTypeId: 'general-admission', quantity: 1 }],
    ...over,
  });
const extend = (mock: MockProvider, orderId: string, headers: Record<string, string> = {}) =>
  send(mock, 'POST', `${HOST}${ProviderPaths.holdExtensions(orderId)}`, undefined, headers);
const code = (reply: { body: Body }) =>
  (reply.body.details as { applicationError?: { code?: string } } | undefined)?.applicationError?.code;
const reason = (reply: { body: Body }) => (reply.body.details as { reason?: string } | undefined)?.reason;

async function cardCharge(mock: MockProvider, orderId: string, number: string) {
  const card = { holderName: 'Ada Buyer', number, expMonth: 12, expYear: 2040, cvc: '123' };
  const { token } = (await send(mock, 'POST', `${VAULT}${ProviderPaths.cardTokenization}`, card)).body as { token?: string };
  const body = { paymentMethod: 'CARD', cardToken: token };
  return send(mock, 'POST', `${HOST}${ProviderPaths.chargesByOrder(orderId)}`, body, { 'Idempotency-Key': crypto.randomUUID() });
}

describe('mock mode: seat hold extensions', () => {
  it.each([
    { name: "order setup's", options: {}, body: { holdExtensions: { count: 1, seconds: 60 } }, expected: [1, 60] },
    { name: 'the default, as the reference provider', options: {}, body: {}, expected: [2, 300] },
    { name: "the holdExtensions option's", options: { holdExtensions: { count: 0, seconds: 1 } }, body: {}, expected: [0, 1] },
  ])('an order reads its policy with all extensions remaining: $name', async ({ options, body, expected }) => {
    const { mock } = setup(options);
    const [count, seconds] = expected;
    const order = (await setupOrder(mock, body)).body;
    expect(order.holdExtensions).toEqual({ count, seconds, remaining: count });
    expect((await send(mock, 'GET', `${HOST}${ProviderPaths.order(order.id as string)}`)).body.holdExtensions).toEqual({
      count,
      seconds,
      remaining: count,
    });
  });

  it('each extension adds its seconds to the current holdExpiresAt; then 409 HOLD_NOT_EXTENDABLE NO_EXTENSIONS_LEFT', async () => {
    const { mock, advance } = setup();
    const orderId = (await setupOrder(mock, { holdSeconds: 120, holdExtensions: { count: 2, seconds: 60 } })).body.id as string;
    advance(100_000);
    const first = await extend(mock, orderId);
    expect(first).toMatchObject({ status: 200, body: { id: orderId, holdExpiresAt: at(180_000) } });
    expect(first.body.holdExtensions).toEqual({ count: 2, seconds: 60, remaining: 1 });
    expect((await extend(mock, orderId)).body).toMatchObject({ holdExpiresAt: at(240_000), holdExtensions: { remaining: 0 } });
    const refused = await extend(mock, orderId);
    expect([refused.status, code(refused), reason(refused)]).toEqual([409, 'HOLD_NOT_EXTENDABLE', 'NO_EXTENSIONS_LEFT']);
    expect(mock.order(orderId)?.holdExpiresAt).toBe(at(240_000));
  });

  it('a resend with the same Idempotency-Key extends once and answers the order as it is', async () => {
    const { mock } = setup();
    const orderId = mock.createOrder({ holdSeconds: 60, holdExtensions: { count: 2, seconds: 30 } });
    const key = { 'Idempotency-Key': 'extend-1' };
    expect((await extend(mock, orderId, key)).body.holdExpiresAt).toBe(at(90_000));
    const again = await extend(mock, orderId, key);
    expect(again).toMatchObject({ status: 200, body: { holdExpiresAt: at(90_000), holdExtensions: { remaining: 1 } } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('past holdExpiresAt: 409 HOLD_EXPIRED, even while a payment under way keeps the seats', async () => {
    const { mock, advance } = setup();
    const orderId = mock.createOrder({ holdSeconds: 60 });
    const open = await cardCharge(mock, orderId, MOCK_TEST_CARDS.threeDsChallenge);
    expect(open.body.status).toBe('REQUIRES_ACTION');
    advance(60_000);
    const refused = await extend(mock, orderId);
    expect([refused.status, code(refused), reason(refused)]).toEqual([409, 'HOLD_NOT_EXTENDABLE', 'HOLD_EXPIRED']);
    expect(mock.order(orderId)?.holdExtensions.remaining).toBe(2);
  });

  it('a paid order: 409 ORDER_SETTLED; an unknown one: 404 ORDER_NOT_FOUND', async () => {
    const { mock } = setup();
    const orderId = mock.createOrder();
    expect((await cardCharge(mock, orderId, MOCK_TEST_CARDS.approved)).body.status).toBe('APPROVED');
    const settled = await extend(mock, orderId);
    expect([settled.status, code(settled), reason(settled)]).toEqual([409, 'HOLD_NOT_EXTENDABLE', 'ORDER_SETTLED']);
    const unknown = await extend(mock, 'ord_nope');
    expect([unknown.status, code(unknown)]).toEqual([404, 'ORDER_NOT_FOUND']);
  });

  it('a bad holdExtensions: 400 INVALID_ORDER at order setup, TypeErrors from createOrder and createMockProvider, each naming the field', async () => {
    const { mock } = setup();
    const refused = await setupOrder(mock, { holdExtensions: { count: 11, seconds: 60 } });
    expect([refused.status, code(refused)]).toEqual([400, 'INVALID_ORDER']);
    expect(refused.body.message).toMatch(/^holdExtensions\.count must be/);
    expect(() => mock.createOrder({ holdExtensions: { count: 1, seconds: 0 } })).toThrow(
      /^createOrder: holdExtensions\.seconds must be/,
    );
    expect(() => setup({ holdExtensions: { count: -1, seconds: 60 } })).toThrow(
      /^createMockProvider: holdExtensions\.count must be/,
    );
  });
});

describe('mock mode: the grace limit', () => {
  it.each([
    { name: 'a negative number', value: -1 },
    { name: 'a fraction', value: 1.5 },
    { name: 'more than 24 hours', value: 24 * 60 * 60_000 + 1 },
    { name: 'a string', value: '900000' },
  ])('holdGraceMs $name: a TypeError naming holdGraceMs', ({ value }) => {
    expect(() => setup({ holdGraceMs: value as number })).toThrow(/^createMockProvider: holdGraceMs must be a whole number/);
  });

  it('a 3-D Secure challenge open at holdExpiresAt keeps the seats: completed within the grace limit, it pays the order', async () => {
    const { mock, advance } = setup();
    const orderId = mock.createOrder({ holdSeconds: 60 });
    const open = await cardCharge(mock, orderId, MOCK_TEST_CARDS.threeDsChallenge);
    advance(60_000 + 5 * 60_000);
    expect(mock.completeChallenge(open.body.id as string, 'complete')).toMatchObject({ status: 'APPROVED' });
    expect(mock.order(orderId)).toMatchObject({ status: 'PAID', chargeId: open.body.id });
  });

  it('approved after the grace limit: REFUNDED_HOLD_EXPIRED at once, refundedAt, the order not paid and not chargeable', async () => {
    const { mock, advance } = setup({ holdGraceMs: 60_000 });
    const orderId = mock.createOrder({ holdSeconds: 60 });
    const open = await cardCharge(mock, orderId, MOCK_TEST_CARDS.threeDsChallenge);
    const chargeId = open.body.id as string;
    advance(60_000 + 60_000 + 1_000);
    expect(mock.completeChallenge(chargeId, 'complete')).toMatchObject({
      status: 'REFUNDED_HOLD_EXPIRED',
      refundedAt: at(121_000),
    });
    expect(mock.order(orderId)).toMatchObject({ status: 'AWAITING_PAYMENT' });
    expect(mock.order(orderId)?.chargeId).toBeUndefined();
    // The widget polls the charge, and reads the order's charges.
    expect((await send(mock, 'GET', `${HOST}${ProviderPaths.charge(chargeId)}`)).body).toMatchObject({
      status: 'REFUNDED_HOLD_EXPIRED',
    });
    const again = await cardCharge(mock, orderId, MOCK_TEST_CARDS.approved);
    expect([again.status, code(again)]).toEqual([409, 'ORDER_HOLD_EXPIRED']);
    expect(mock.charges().map((c) => c.status)).toEqual(['REFUNDED_HOLD_EXPIRED']);
  });

  it('a challenge that ends unpaid within the grace limit gives the seats back: a charge after it is 409 ORDER_HOLD_EXPIRED', async () => {
    const { mock, advance } = setup();
    const orderId = mock.createOrder({ holdSeconds: 60 });
    const open = await cardCharge(mock, orderId, MOCK_TEST_CARDS.threeDsChallenge);
    advance(120_000);
    expect(mock.completeChallenge(open.body.id as string, 'fail')).toMatchObject({ status: 'DECLINED' });
    const after = await cardCharge(mock, orderId, MOCK_TEST_CARDS.approved);
    expect([after.status, code(after)]).toEqual([409, 'ORDER_HOLD_EXPIRED']);
  });

  it.each([
    { name: 'within the grace limit: captured', late: 3 * 60_000, status: 201, outcome: 'APPROVED' },
    { name: 'past the grace limit: refused, nothing charged', late: 15 * 60_000, status: 409, outcome: 'ORDER_HOLD_EXPIRED' },
  ])('a PayPal checkout created before holdExpiresAt and approved after it, $name', async ({ late, status, outcome }) => {
    const { mock, advance } = setup();
    const orderId = mock.createOrder({ holdSeconds: 60 });
    const created = await send(mock, 'POST', `${HOST}${ProviderPaths.payPalCheckoutCreate}`, { orderId });
    const checkoutId = created.body.checkoutId as string;
    advance(60_000 + late - 1_000);
    mock.answerPayPal(orderId, 'approve');
    advance(1_000);
    const captured = await send(mock, 'POST', `${HOST}${ProviderPaths.payPalPaymentDetails(checkoutId)}`, {});
    expect([captured.status, captured.status === 201 ? captured.body.status : code(captured)]).toEqual([status, outcome]);
    expect(mock.order(orderId)?.status).toBe(status === 201 ? 'PAID' : 'AWAITING_PAYMENT');
  });
});
