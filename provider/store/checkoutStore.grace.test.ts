import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Charge, Order } from '../../shared';
import { DEFAULT_HOLD_GRACE_MS } from '../../shared/orderSetup';
import type { WebhookEventType } from '../../shared/webhooks';
import { createCheckoutStore, createPayPalCheckouts, createWallets, TEST_CARDS } from '.';

// Seats kept while a payment is under way (issue 37): a payment started before holdExpiresAt keeps
// the hold until it settles, for at most the grace limit past it; one the bank approves after that
// is refunded in full, exactly once (REFUNDED_HOLD_EXPIRED), and the order is never paid.

const NOW = new Date(Date.UTC(2026, 10, 22, 12));
const APP = 'app-instance-a';
const HOLD_MS = 60_000;
const card = (number: string) => ({ holderName: 'Ada Lovelace', number, expMonth: 12, expYear: 2030, cvc: '123' });
const codeOf = (reply: { body: unknown }) =>
  (reply.body as { details?: { applicationError?: { code?: string } } }).details?.applicationError?.code;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A store on the fake clock whose events the test hears, one order held {@link HOLD_MS}, and `holdGraceMs` when given. */
function setup(holdGraceMs?: number) {
  const heard: { type: WebhookEventType; charge?: Charge }[] = [];
  const store = createCheckoutStore(() => new Date(), {
    vaultOrigin: () => 'http://127.0.0.1:4176',
    onEvent: (_app, type, { charge }) => heard.push({ type, ...(charge ? { charge } : {}) }),
    offersPayPal: () => true,
    offersWallets: () => true,
    ...(holdGraceMs === undefined ? {} : { holdGraceMs }),
  });
  const setupBody = { eventId: 'riverside-jazz-night', lines: [{ ticketTypeId: 'general-admission', quantity: 1 }] };
  const order = store.setupOrder({ ...setupBody, holdSeconds: HOLD_MS / 1000 }, APP).body as Order;
  const payByCard = (number: string = TEST_CARDS.approved) =>
    store.chargeOrder(
      order.id,
      { paymentMethod: 'CARD', cardToken: (store.tokenizeCard(card(number), APP).body as { token: string }).token },
      crypto.randomUUID(),
      APP,
    );
  const challengeIdOf = (charge: Charge) => (charge.nextAction?.url ?? '').split('/').pop() as string;
  const payPal = createPayPalCheckouts(store, 'http://127.0.0.1:4175');
  const openPayPal = () => (payPal.create({ orderId: order.id }, APP).body as { checkoutId: string }).checkoutId;
  const types = () => heard.map((h) => h.type);
  const orderNow = () => store.getOrder(order.id, APP).body as Order;
  return { store, order, payByCard, challengeIdOf, payPal, openPayPal, heard, types, orderNow };
}

describe('a payment started before holdExpiresAt keeps the seats until it settles', () => {
  it('a 3-D Secure challenge completed after holdExpiresAt: the order is paid, and the seats never went back', () => {
    const { store, payByCard, challengeIdOf, types, orderNow } = setup();
    const open = payByCard(TEST_CARDS.threeDsChallenge).body as Charge;
    vi.advanceTimersByTime(HOLD_MS + 5 * 60_000);
    expect(store.holdStateOf(orderNow().id)).toBe('KEPT');
    expect(types()).toEqual([]); // no order.hold_expired while the challenge is open
    store.threeDs.record(challengeIdOf(open), 'complete');
    expect(orderNow()).toMatchObject({ status: 'PAID', chargeId: open.id });
    expect(types()).toEqual(['order.paid']);
  });

  it('a PayPal checkout created before holdExpiresAt: a capture after it, within the grace limit, pays the order', () => {
    const { payPal, openPayPal, orderNow } = setup();
    const checkoutId = openPayPal();
    vi.advanceTimersByTime(HOLD_MS + 60_000);
    payPal.record(checkoutId, 'approve');
    expect(payPal.capture(checkoutId, APP)).toMatchObject({ status: 201, body: { status: 'APPROVED', paymentMethod: 'PAYPAL' } });
    expect(orderNow().status).toBe('PAID');
  });

  it('a wallet sheet (Google Pay start) before holdExpiresAt: the wallet card charged after it is approved', () => {
    const { store, order, payByCard, orderNow } = setup();
    expect(createWallets(store, () => true).startGooglePay({ orderId: order.id }, APP).status).toBe(200);
    vi.advanceTimersByTime(HOLD_MS + 60_000);
    expect(payByCard().body).toMatchObject({ status: 'APPROVED' });
    expect(orderNow().status).toBe('PAID');
  });

  it('the seats go as soon as the last payment keeping them ends unpaid after holdExpiresAt, before the grace limit', () => {
    const { order, payPal, openPayPal, payByCard, types } = setup();
    const checkoutId = openPayPal();
    vi.advanceTimersByTime(HOLD_MS + 30_000);
    expect(types()).toEqual([]);
    payPal.update(checkoutId, { status: 'CANCELLED' }, APP);
    expect(types()).toEqual(['order.hold_expired']);
    expect(codeOf(payByCard())).toBe('ORDER_HOLD_EXPIRED');
    expect(codeOf(payPal.create({ orderId: order.id }, APP))).toBe('ORDER_HOLD_EXPIRED');
  });

  it('a payment started after holdExpiresAt keeps nothing: no payment under way, the hold is over', () => {
    const { store, order, payPal } = setup();
    vi.advanceTimersByTime(HOLD_MS);
    expect(codeOf(payPal.create({ orderId: order.id }, APP))).toBe('ORDER_HOLD_EXPIRED');
    expect(codeOf(createWallets(store, () => true).startGooglePay({ orderId: order.id }, APP))).toBe('ORDER_HOLD_EXPIRED');
    expect(store.holdStateOf(order.id)).toBe('ENDED');
  });
});

describe('the grace limit', () => {
  it(`is ${DEFAULT_HOLD_GRACE_MS} ms by default: a payment still under way then no longer keeps the seats`, () => {
    expect(DEFAULT_HOLD_GRACE_MS).toBe(900_000);
    const { store, order, payPal, openPayPal, payByCard, types } = setup();
    const checkoutId = openPayPal();
    vi.advanceTimersByTime(HOLD_MS + DEFAULT_HOLD_GRACE_MS - 1);
    expect(store.holdStateOf(order.id)).toBe('KEPT');
    expect(types()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(types()).toEqual(['order.hold_expired']); // the timer at the grace limit
    payPal.record(checkoutId, 'approve');
    expect(codeOf(payPal.capture(checkoutId, APP))).toBe('ORDER_HOLD_EXPIRED'); // an approval moved no money
    expect(codeOf(payByCard())).toBe('ORDER_HOLD_EXPIRED');
    expect(store.allCharges()).toEqual([]);
  });

  it('a charge the bank approves after it is refunded in full, exactly once: REFUNDED_HOLD_EXPIRED, the order not paid', () => {
    const GRACE = 2 * 60_000; // shorter than a challenge's 10 minutes, so it can outlive the grace
    const { store, order, payByCard, challengeIdOf, heard, types, orderNow } = setup(GRACE);
    vi.advanceTimersByTime(HOLD_MS - 1_000);
    const open = payByCard(TEST_CARDS.threeDsChallenge).body as Charge;
    const challengeId = challengeIdOf(open);
    vi.advanceTimersByTime(1_000 + GRACE);
    expect(types()).toEqual(['order.hold_expired']);
    expect(store.threeDs.record(challengeId, 'complete')).toMatchObject({ status: 'recorded' });
    const refunded = store.getCharge(open.id, APP).body as Charge;
    expect(refunded).toMatchObject({ status: 'REFUNDED_HOLD_EXPIRED', refundedAt: new Date().toISOString() });
    expect(orderNow()).toMatchObject({ status: 'AWAITING_PAYMENT' });
    expect(orderNow().chargeId).toBeUndefined();
    expect(types()).toEqual(['order.hold_expired', 'charge.refunded']);
    expect(heard[1]?.charge).toMatchObject({ id: open.id, status: 'REFUNDED_HOLD_EXPIRED' });
    // Exactly once: the server API's refund answers it as it is, and the challenge records nothing more.
    expect(store.refundCharge(open.id, APP)).toMatchObject({ status: 200, body: { refundedAt: refunded.refundedAt } });
    expect(store.threeDs.record(challengeId, 'complete')).toEqual({ status: 'closed' });
    expect(types()).toEqual(['order.hold_expired', 'charge.refunded']);
    // The seats are not sold twice: no new charge, no extension.
    expect(codeOf(payByCard())).toBe('ORDER_HOLD_EXPIRED');
    expect(codeOf(store.extendHold(order.id, APP))).toBe('HOLD_NOT_EXTENDABLE');
    expect(store.allCharges().map((c) => c.status)).toEqual(['REFUNDED_HOLD_EXPIRED']);
  });

  it('a challenge declined after it is only declined: nothing to refund', () => {
    const GRACE = 60_000;
    const { store, payByCard, challengeIdOf, types } = setup(GRACE);
    const open = payByCard(TEST_CARDS.threeDsChallenge).body as Charge;
    vi.advanceTimersByTime(HOLD_MS + GRACE);
    store.threeDs.record(challengeIdOf(open), 'fail');
    expect(store.getCharge(open.id, APP).body).toMatchObject({ status: 'DECLINED', declineCode: 'authentication_failed' });
    expect(types()).toEqual(['order.hold_expired', 'order.payment_failed']);
  });

  it('setHoldPolicy changes it for every order until a reset', () => {
    const { store, order, openPayPal } = setup();
    openPayPal();
    store.setHoldPolicy({ holdGraceMs: 10_000 });
    vi.advanceTimersByTime(HOLD_MS + 10_000);
    expect(store.holdStateOf(order.id)).toBe('ENDED');
    store.reset();
    expect(store.holdPolicy()).toEqual({ holdExtensions: { count: 2, seconds: 300 }, holdGraceMs: DEFAULT_HOLD_GRACE_MS });
  });
});
