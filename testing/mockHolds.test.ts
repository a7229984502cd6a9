import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ProviderPaths } from '../shared/paths';
import { createMockProvider, MOCK_APP_INSTANCE, MOCK_TEST_CARDS, type MockProvider } from './mockProvider';

// Seat holds in the mock mode (issue 24), as the reference provider: order setup answers
// holdExpiresAt, a charge after it is 409 ORDER_HOLD_EXPIRED unless a challenge was open, and
// every reply carries the mock's Date (exposed to the frame).

const HOST = 'http://127.0.0.1:4999';
const ORIGIN = 'http://127.0.0.1:4998';
const VAULT = 'http://127.0.0.1:5000';
const NOW = Date.UTC(2026, 10, 22, 12);

/** A mock on a clock the test moves (`advance(ms)`), with the `holdSeconds` option when given. */
function setup(holdSeconds?: number) {
  let clock = NOW;
  const mock = createMockProvider({
    host: HOST,
    vaultOrigin: VAULT,
    staticsBaseUrl: `${HOST}/statics`,
    frameOrigin: ORIGIN,
    now: () => new Date(clock),
    ...(holdSeconds === undefined ? {} : { holdSeconds }),
  });
  const advance = (ms: number) => {
    clock += ms;
  };
  return { mock, advance };
}

function send(mock: MockProvider, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const origin = path === ProviderPaths.cardTokenization ? VAULT : HOST;
  const request = new Request(`${origin}${path}`, {
    method,
    headers: { Authorization: MOCK_APP_INSTANCE, Origin: ORIGIN, 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return getResponse(mock.handlers, request) as Promise<Response>;
}
const tokenFor = async (mock: MockProvider, number: string) => {
  const card = { holderName: 'Ada Buyer', number, expMonth: 12, expYear: 2040, cvc: '123' };
  return ((await (await send(mock, 'POST', ProviderPaths.cardTokenization, card)).json()) as { token: string }).token;
};
const charge = (mock: MockProvider, orderId: string, cardToken: string, key: string = crypto.randomUUID()) =>
  send(mock, 'POST', ProviderPaths.chargesByOrder(orderId), { paymentMethod: 'CARD', cardToken }, { 'Idempotency-Key': key });
const setupOrder = async (mock: MockProvider, over: Record<string, unknown> = {}) =>
  send(mock, 'POST', ProviderPaths.orderSetup, {
    eventId: 'riverside-jazz-night',
    lines: [{ ticketTypeId: 'general-admission', quantity: 1 }],
    ...over,
  });
const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

describe('mock mode: seat holds', () => {
  it('order setup answers holdExpiresAt: holdSeconds from now, else the option, else 600; GET order too', async () => {
    const { mock } = setup();
    const order = await (await setupOrder(mock, { holdSeconds: 5 })).json();
    expect(order.holdExpiresAt).toBe(at(5));
    expect((await (await send(mock, 'GET', ProviderPaths.order(order.id))).json()).holdExpiresAt).toBe(at(5));
    expect((await (await setupOrder(mock)).json()).holdExpiresAt).toBe(at(600));
    expect(mock.order(mock.createOrder())?.holdExpiresAt).toBe(at(600));
    expect(mock.order(mock.createOrder({ holdSeconds: 42 }))?.holdExpiresAt).toBe(at(42));
    const { mock: shorter } = setup(60);
    expect((await (await setupOrder(shorter)).json()).holdExpiresAt).toBe(at(60));
  });

  it('a bad holdSeconds: 400 INVALID_ORDER naming it; TypeErrors from createOrder and createMockProvider', async () => {
    const { mock } = setup();
    const refused = await setupOrder(mock, { holdSeconds: 3601 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      message: expect.stringMatching(/^holdSeconds must be/),
      details: { applicationError: { code: 'INVALID_ORDER' } },
    });
    expect(() => mock.createOrder({ holdSeconds: 0 })).toThrow(/createOrder: holdSeconds/);
    expect(() => setup(1.5)).toThrow(/createMockProvider: holdSeconds/);
  });

  it('a charge at or after the expiry: 409 ORDER_HOLD_EXPIRED, nothing charged, the token still unused', async () => {
    const { mock, advance } = setup();
    const orderId = mock.createOrder({ holdSeconds: 1 });
    const cardToken = await tokenFor(mock, MOCK_TEST_CARDS.approved);
    advance(1000);
    const refused = await charge(mock, orderId, cardToken);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ details: { applicationError: { code: 'ORDER_HOLD_EXPIRED' }, orderId } });
    expect(mock.charges()).toEqual([]);
    expect(mock.order(orderId)?.status).toBe('AWAITING_PAYMENT');
    expect((await charge(mock, mock.createOrder(), cardToken)).status).toBe(201);
  });

  it('a charge before the expiry is made, and its replay after it answers the same charge', async () => {
    const { mock, advance } = setup();
    const orderId = mock.createOrder({ holdSeconds: 1 });
    const cardToken = await tokenFor(mock, MOCK_TEST_CARDS.approved);
    advance(999);
    const first = await (await charge(mock, orderId, cardToken, 'k1')).json();
    expect(first).toMatchObject({ status: 'APPROVED' });
    advance(60_000);
    const replay = await charge(mock, orderId, cardToken, 'k1');
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual(first);
    expect(mock.charges()).toHaveLength(1);
  });

  it('a 3-D Secure challenge open at the expiry completes after it and pays the order', async () => {
    const { mock, advance } = setup();
    const orderId = mock.createOrder({ holdSeconds: 1 });
    const open = await (await charge(mock, orderId, await tokenFor(mock, MOCK_TEST_CARDS.threeDsChallenge))).json();
    expect(open.status).toBe('REQUIRES_ACTION');
    advance(5_000);
    expect(mock.completeChallenge(open.id, 'complete')).toMatchObject({ status: 'APPROVED' });
    expect(mock.order(orderId)).toMatchObject({ status: 'PAID', chargeId: open.id });
  });

  it('replies carry the mock clock as Date, exposed to the frame', async () => {
    const { mock, advance } = setup();
    advance(90_000);
    const reply = await send(mock, 'GET', ProviderPaths.widgetSettings);
    expect(reply.headers.get('date')).toBe(new Date(NOW + 90_000).toUTCString());
    expect(reply.headers.get('access-control-expose-headers')).toMatch(/\bDate\b/);
    const preflight = await send(mock, 'OPTIONS', ProviderPaths.orderSetup);
    expect(preflight.headers.get('access-control-expose-headers')).toMatch(/\bDate\b/);
  });
});
