import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../shared';
import { createCheckoutStore, TEST_CARDS } from '.';

// Seat hold extensions (issue 37): POST orders/{orderId}/hold-extensions moves holdExpiresAt by the
// order's policy (order setup's holdExtensions, else 2 × 300 s), from the current holdExpiresAt.

const NOW = new Date(Date.UTC(2026, 10, 22, 12));
const APP = 'app-instance-a';
const card = (number: string) => ({ holderName: 'Ada Lovelace', number, expMonth: 12, expYear: 2030, cvc: '123' });
const setupBody = (over: Record<string, unknown> = {}) => ({
  eventId: 'riverside-jazz-night',
  lines: [{ ticketTypeId: 'general-admission', quantity: 1 }],
  holdSeconds: 60,
  ...over,
});
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();
const codeOf = (reply: { body: unknown }) =>
  (reply.body as { details?: { applicationError?: { code?: string } } }).details?.applicationError?.code;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const store = createCheckoutStore(() => new Date(), { vaultOrigin: () => 'http://127.0.0.1:4176' });
  const newOrder = (over: Record<string, unknown> = {}) => store.setupOrder(setupBody(over), APP).body as Order;
  const extend = (orderId: string, key?: string) => store.extendHold(orderId, APP, key);
  const payByCard = (orderId: string, number: string = TEST_CARDS.approved) =>
    store.chargeOrder(
      orderId,
      { paymentMethod: 'CARD', cardToken: (store.tokenizeCard(card(number), APP).body as { token: string }).token },
      crypto.randomUUID(),
      APP,
    );
  return { store, newOrder, extend, payByCard };
}

describe('the extension policy', () => {
  it('by default 2 extensions of 300 s, each from the current holdExpiresAt; the third is 409 HOLD_NOT_EXTENDABLE', () => {
    const { store, newOrder, extend } = setup();
    const order = newOrder();
    expect(order.holdExtensions).toEqual({ count: 2, seconds: 300, remaining: 2 });
    vi.advanceTimersByTime(50_000); // asked late in the hold: the buyer still gets every second
    expect(extend(order.id)).toMatchObject({
      status: 200,
      body: { id: order.id, holdExpiresAt: at(360), holdExtensions: { remaining: 1 } },
    });
    expect(extend(order.id)).toMatchObject({ status: 200, body: { holdExpiresAt: at(660), holdExtensions: { remaining: 0 } } });
    const third = extend(order.id);
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({
      message: expect.stringContaining(order.id),
      details: { applicationError: { code: 'HOLD_NOT_EXTENDABLE' }, orderId: order.id, reason: 'NO_EXTENSIONS_LEFT' },
    });
    expect(store.getOrder(order.id, APP).body).toMatchObject({ holdExpiresAt: at(660) });
  });

  it("order setup's holdExtensions is the order's policy; count 0 offers none", () => {
    const { newOrder, extend } = setup();
    const once = newOrder({ holdExtensions: { count: 1, seconds: 45 } });
    expect(extend(once.id).body).toMatchObject({
      holdExpiresAt: at(105),
      holdExtensions: { count: 1, seconds: 45, remaining: 0 },
    });
    expect(codeOf(extend(once.id))).toBe('HOLD_NOT_EXTENDABLE');
    const none = newOrder({ holdExtensions: { count: 0, seconds: 1 } });
    expect(extend(none.id)).toMatchObject({ status: 409, body: { details: { reason: 'NO_EXTENSIONS_LEFT' } } });
  });

  it('an extended hold takes a charge after its first end', () => {
    const { newOrder, extend, payByCard } = setup();
    const order = newOrder();
    extend(order.id);
    vi.advanceTimersByTime(61_000);
    expect(payByCard(order.id).body).toMatchObject({ status: 'APPROVED' });
  });

  it('a hold that has expired is refused (HOLD_EXPIRED), from holdExpiresAt on, and stays expired', () => {
    const { newOrder, extend, payByCard } = setup();
    const order = newOrder();
    vi.advanceTimersByTime(60_000);
    expect(extend(order.id)).toMatchObject({
      status: 409,
      body: { details: { applicationError: { code: 'HOLD_NOT_EXTENDABLE' }, reason: 'HOLD_EXPIRED' } },
    });
    expect(codeOf(payByCard(order.id))).toBe('ORDER_HOLD_EXPIRED');
  });

  it('a hold past holdExpiresAt that a payment under way keeps is not extended either (HOLD_EXPIRED)', () => {
    const { newOrder, extend, payByCard } = setup();
    const order = newOrder();
    expect(payByCard(order.id, TEST_CARDS.threeDsChallenge).body).toMatchObject({ status: 'REQUIRES_ACTION' });
    expect(extend(order.id).status).toBe(200); // still held: the challenge does not stop an extension
    vi.advanceTimersByTime(360_000);
    expect(extend(order.id)).toMatchObject({ status: 409, body: { details: { reason: 'HOLD_EXPIRED' } } });
  });

  it('a paid order is refused (ORDER_SETTLED), and so is an order paid at the venue', () => {
    const { store, newOrder, extend, payByCard } = setup();
    const paid = newOrder();
    payByCard(paid.id);
    expect(extend(paid.id)).toMatchObject({ status: 409, body: { details: { reason: 'ORDER_SETTLED' } } });
    const atVenue = newOrder();
    store.chargeOrder(atVenue.id, { paymentMethod: 'PAY_AT_VENUE' }, 'venue', APP);
    expect(extend(atVenue.id)).toMatchObject({ status: 409, body: { details: { reason: 'ORDER_SETTLED' } } });
  });

  it("another app instance's order, or none, is 404 ORDER_NOT_FOUND", () => {
    const { store, newOrder } = setup();
    const order = newOrder();
    expect(codeOf(store.extendHold(order.id, 'app-instance-b'))).toBe('ORDER_NOT_FOUND');
    expect(store.extendHold('ord_missing', APP).status).toBe(404);
  });

  it('with an Idempotency-Key, a repeat extends nothing and answers the order as it is now; the key of another request is 422', () => {
    const { store, newOrder, extend } = setup();
    const order = newOrder();
    const first = extend(order.id, 'ext-1');
    expect(first.body).toMatchObject({ holdExpiresAt: at(360) });
    expect(extend(order.id, 'ext-1')).toMatchObject({
      status: 200,
      body: { holdExpiresAt: at(360), holdExtensions: { remaining: 1 } },
      headers: { 'Idempotent-Replayed': 'true' },
    });
    expect(extend(order.id, 'ext-2').body).toMatchObject({ holdExpiresAt: at(660) });
    expect(codeOf(extend(newOrder().id, 'ext-1'))).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(codeOf(store.chargeOrder(order.id, { paymentMethod: 'PAY_AT_VENUE' }, 'ext-2', APP))).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(codeOf(extend(order.id, 'k'.repeat(256)))).toBe('INVALID_IDEMPOTENCY_KEY');
  });
});

describe('order setup checks holdExtensions', () => {
  it.each([
    [null, /^holdExtensions must be an object \{ count, seconds \}/],
    [3, /^holdExtensions must be an object/],
    [{ count: 2 }, /^holdExtensions\.seconds must be a whole number of seconds from 1 to 3600, got undefined/],
    [{ seconds: 300 }, /^holdExtensions\.count must be a whole number from 0 to 10/],
    [{ count: -1, seconds: 300 }, /^holdExtensions\.count must be/],
    [{ count: 11, seconds: 300 }, /^holdExtensions\.count must be/],
    [{ count: 1.5, seconds: 300 }, /^holdExtensions\.count must be/],
    [{ count: '2', seconds: 300 }, /^holdExtensions\.count must be/],
    [{ count: 2, seconds: 0 }, /^holdExtensions\.seconds must be/],
    [{ count: 2, seconds: 3601 }, /^holdExtensions\.seconds must be/],
    [{ count: 2, seconds: 300, unlimited: true }, /^holdExtensions\.unlimited is not a field of holdExtensions/],
  ])('%j → 400 INVALID_ORDER naming the field', (holdExtensions, message) => {
    const { store } = setup();
    const reply = store.setupOrder(setupBody({ holdExtensions }), APP);
    expect(reply.status).toBe(400);
    expect(codeOf(reply)).toBe('INVALID_ORDER');
    expect((reply.body as { message: string }).message).toMatch(message);
  });
});
