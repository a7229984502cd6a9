import { describe, expect, it } from 'vitest';
import type { Charge, Order } from '../../shared';
import { readHoldSecondsSetting } from '../../shared/orderSetup';
import { createCheckoutStore, TEST_CARDS } from '.';

// Seat holds (issue 24): an order holds its seats until holdExpiresAt; a charge that starts after
// it is 409 ORDER_HOLD_EXPIRED with nothing charged, unless a charge was in progress before it.

const NOW = new Date(Date.UTC(2026, 10, 22, 12));
const APP = 'app-instance-a';
const VAULT = 'http://127.0.0.1:4176';
const card = (number: string) => ({ holderName: 'Ada Lovelace', number, expMonth: 12, expYear: 2030, cvc: '123' });
const setupBody = (over: Record<string, unknown> = {}) => ({
  eventId: 'riverside-jazz-night',
  lines: [{ ticketTypeId: 'general-admission', quantity: 1 }],
  ...over,
});

/** A store on a clock the test moves, with `holdSeconds` as the provider's default (none: 600). */
function setup(holdSeconds?: number) {
  let clock = NOW.getTime();
  const now = () => new Date(clock);
  const store = createCheckoutStore(now, { vaultOrigin: () => VAULT, ...(holdSeconds ? { holdSeconds } : {}) });
  const newOrder = (over: Record<string, unknown> = {}) => store.setupOrder(setupBody(over), APP).body as Order;
  const tokenFor = (number: string) => (store.tokenizeCard(card(number), APP).body as { token: string }).token;
  const charge = (orderId: string, cardToken: string, key: string = crypto.randomUUID(), startedAt?: Date) =>
    store.chargeOrder(orderId, { paymentMethod: 'CARD', cardToken }, key, APP, startedAt);
  const advance = (ms: number) => {
    clock += ms;
  };
  return { store, now, newOrder, tokenFor, charge, advance };
}
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();
const code = (reply: { body: unknown }) =>
  (reply.body as { details?: { applicationError?: { code?: string } } }).details?.applicationError?.code;

describe('order setup holds the seats', () => {
  it('for 600 seconds by default, in ISO 8601, and GET order answers it', () => {
    const { store, newOrder } = setup();
    const order = newOrder();
    expect(order.holdExpiresAt).toBe(at(600));
    expect(store.getOrder(order.id, APP).body).toMatchObject({ holdExpiresAt: at(600) });
  });

  it('from the instant the order was made: createdAt plus the hold, on a clock that moves between reads', () => {
    // seat-hold.spec under load saw holdExpiresAt 70 001 ms after createdAt: two reads of the clock.
    let clock = NOW.getTime();
    const store = createCheckoutStore(() => new Date(clock++), { vaultOrigin: () => VAULT });
    const order = store.setupOrder(setupBody({ holdSeconds: 70 }), APP).body as Order;
    expect(Date.parse(order.holdExpiresAt ?? '') - Date.parse(order.createdAt)).toBe(70_000);
  });

  it("for the request's holdSeconds, else the provider's own default", () => {
    const { newOrder } = setup(90);
    expect(newOrder().holdExpiresAt).toBe(at(90));
    expect(newOrder({ holdSeconds: 1 }).holdExpiresAt).toBe(at(1));
    expect(newOrder({ holdSeconds: 3600 }).holdExpiresAt).toBe(at(3600));
  });

  it.each([0, -5, 3601, 1.5, '60', null, true])('holdSeconds %j → 400 INVALID_ORDER naming holdSeconds', (holdSeconds) => {
    const { store } = setup();
    const reply = store.setupOrder(setupBody({ holdSeconds }), APP);
    expect(reply.status).toBe(400);
    expect(code(reply)).toBe('INVALID_ORDER');
    expect((reply.body as { message: string }).message).toMatch(/^holdSeconds must be a whole number of seconds from 1 to 3600/);
  });
});

describe('a charge after the hold', () => {
  it('is 409 ORDER_HOLD_EXPIRED (details.orderId) from the expiry on, nothing charged, the token not used', () => {
    const { store, newOrder, tokenFor, charge, advance } = setup();
    const order = newOrder({ holdSeconds: 30 });
    const cardToken = tokenFor(TEST_CARDS.approved);
    advance(30_000);
    const refused = charge(order.id, cardToken);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: expect.stringContaining(order.id),
      details: { applicationError: { code: 'ORDER_HOLD_EXPIRED' }, orderId: order.id },
    });
    expect(store.allCharges()).toEqual([]);
    expect(store.getOrder(order.id, APP).body).toMatchObject({ status: 'AWAITING_PAYMENT' });
    // The token is still unused: it pays a new order (the seats held again).
    expect(charge(newOrder().id, cardToken).body).toMatchObject({ status: 'APPROVED' });
  });

  it('a charge a millisecond before the expiry is made', () => {
    const { newOrder, tokenFor, charge, advance } = setup();
    const order = newOrder({ holdSeconds: 30 });
    advance(29_999);
    expect(charge(order.id, tokenFor(TEST_CARDS.approved)).body).toMatchObject({ status: 'APPROVED' });
  });

  it('a charge that came in before the expiry is made, though it is handled after it (startedAt)', () => {
    const { newOrder, tokenFor, charge, advance, now } = setup();
    const order = newOrder({ holdSeconds: 30 });
    advance(29_999);
    const startedAt = now();
    advance(5);
    expect(charge(order.id, tokenFor(TEST_CARDS.approved), 'k1', startedAt).body).toMatchObject({ status: 'APPROVED' });
  });

  it('a 3-D Secure challenge open at the expiry keeps the hold: it completes after it and the order is paid', () => {
    const { store, newOrder, tokenFor, charge, advance } = setup();
    const order = newOrder({ holdSeconds: 30 });
    const open = charge(order.id, tokenFor(TEST_CARDS.threeDsChallenge)).body as Charge;
    expect(open.status).toBe('REQUIRES_ACTION');
    advance(60_000);
    const challengeId = (open.nextAction?.url ?? '').split('/').pop() as string;
    expect(store.threeDs.record(challengeId, 'complete')).toMatchObject({ status: 'recorded' });
    expect(store.getCharge(open.id, APP).body).toMatchObject({ status: 'APPROVED' });
    expect(store.getOrder(order.id, APP).body).toMatchObject({ status: 'PAID', chargeId: open.id });
  });

  it('once a challenge in progress settles declined after the expiry, a new charge is refused', () => {
    const { store, newOrder, tokenFor, charge, advance } = setup();
    const order = newOrder({ holdSeconds: 30 });
    const open = charge(order.id, tokenFor(TEST_CARDS.threeDsChallenge)).body as Charge;
    advance(60_000);
    store.cancelCharge(open.id, APP);
    expect(code(charge(order.id, tokenFor(TEST_CARDS.approved)))).toBe('ORDER_HOLD_EXPIRED');
  });

  it('a replay of a charge made before the expiry answers the original charge, not 409', () => {
    const { store, newOrder, tokenFor, charge, advance } = setup();
    const order = newOrder({ holdSeconds: 30 });
    const cardToken = tokenFor(TEST_CARDS.approved);
    const first = charge(order.id, cardToken, 'k1');
    advance(3_600_000);
    const replay = charge(order.id, cardToken, 'k1');
    expect(replay).toMatchObject({ status: 201, body: first.body, headers: { 'Idempotent-Replayed': 'true' } });
    expect(store.allCharges()).toHaveLength(1);
  });

  it('a declined charge before the expiry does not keep the hold', () => {
    const { newOrder, tokenFor, charge, advance } = setup();
    const order = newOrder({ holdSeconds: 30 });
    expect(charge(order.id, tokenFor(TEST_CARDS.declined)).body).toMatchObject({ status: 'DECLINED' });
    advance(30_000);
    expect(code(charge(order.id, tokenFor(TEST_CARDS.approved)))).toBe('ORDER_HOLD_EXPIRED');
  });
});

describe('readHoldSecondsSetting (CASHIER_HOLD_SECONDS)', () => {
  it.each([
    [undefined, 600],
    ['', 600],
    ['1', 1],
    [' 90 ', 90],
    ['3600', 3600],
  ])('%j → %i', (value, seconds) => {
    expect(readHoldSecondsSetting(value, 'CASHIER_HOLD_SECONDS')).toBe(seconds);
  });

  it.each(['0', '3601', '1.5', 'ten', '-3', '1e3'])('%j → TypeError naming the setting and the value', (value) => {
    expect(() => readHoldSecondsSetting(value, 'CASHIER_HOLD_SECONDS')).toThrow(
      new TypeError(`CASHIER_HOLD_SECONDS must be a whole number of seconds from 1 to 3600, got ${JSON.stringify(value)}.`),
    );
  });
});
