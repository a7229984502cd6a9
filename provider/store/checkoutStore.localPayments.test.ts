import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Charge, Order } from '../../shared';
import { BLIK_TEST_CODES } from '../../shared/localMethods';
import { THREE_DS_CHALLENGE_TTL_MS } from '../../shared/threeDsChallenges';
import type { WebhookEventType } from '../../shared/webhooks';
import { type CheckoutStoreOptions, createCheckoutStore } from '.';

// Local payment methods in the checkout store (issue 38): a charge by iDEAL, Bancontact, Klarna or
// BLIK is REQUIRES_ACTION until the buyer or the bank answers; "Approve later" makes it PENDING,
// which does not pay the order (unlike pay at the venue) and settles by itself; while either lasts
// the order takes no other charge and keeps its seats. The store's clock is the fake timers' clock,
// so a due change happens when the timer fires, with nobody reading the charge.

const APP = 'app-instance-a';
const ORIGIN = 'http://127.0.0.1:4175';
const EVENTS = { VENUE: 'riverside-jazz-night', ONLINE: 'modern-jazz-masterclass' } as const;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date(2026, 10, 29, 12) });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A store whose events the test hears, with one order of {@link APP} for a buyer from `country`. */
function setup(country: string | null = 'NL', over: { holdSeconds?: number; options?: CheckoutStoreOptions } = {}) {
  const heard: { type: WebhookEventType; status: string; charge?: string }[] = [];
  const store = createCheckoutStore(() => new Date(), {
    paymentsOrigin: () => ORIGIN,
    onEvent: (_app, type, { order, charge }) =>
      heard.push({ type, status: order.status, ...(charge ? { charge: charge.status } : {}) }),
    ...over.options,
  });
  const order = store.setupOrder(
    {
      eventId: EVENTS.VENUE,
      lines: [{ ticketTypeId: 'general-admission', quantity: 1 }],
      holdSeconds: over.holdSeconds ?? 600,
      ...(country ? { country } : {}),
    },
    APP,
  ).body as Order;
  const pay = (body: object, key: string = crypto.randomUUID()) => store.chargeOrder(order.id, body, key, APP);
  const orderStatus = () => (store.getOrder(order.id, APP).body as Order).status;
  const charge = (id: string) => store.getCharge(id, APP).body as Charge;
  const code = (reply: { body: unknown }) =>
    (reply.body as { details?: { applicationError?: { code?: string } } }).details?.applicationError?.code;
  const types = () => heard.map((h) => h.type);
  return { store, order, pay, orderStatus, charge, code, heard, types };
}

describe('a local method is charged only where the order offers it', () => {
  it.each([
    { name: 'iDEAL for a Dutch buyer', country: 'NL', body: { paymentMethod: 'IDEAL' }, status: 201 },
    { name: 'Bancontact for a Belgian buyer', country: 'BE', body: { paymentMethod: 'BANCONTACT' }, status: 201 },
    { name: 'Klarna for a German buyer', country: 'DE', body: { paymentMethod: 'KLARNA' }, status: 201 },
    { name: 'BLIK for a Polish buyer', country: 'PL', body: { paymentMethod: 'BLIK', blikCode: '777123' }, status: 201 },
    {
      name: 'iDEAL for a Belgian buyer',
      country: 'BE',
      body: { paymentMethod: 'IDEAL' },
      status: 400,
      code: 'PAYMENT_METHOD_NOT_AVAILABLE',
    },
    {
      name: 'BLIK for a Dutch buyer (EUR)',
      country: 'NL',
      body: { paymentMethod: 'BLIK', blikCode: '777123' },
      status: 400,
      code: 'PAYMENT_METHOD_NOT_AVAILABLE',
    },
    {
      name: 'Klarna with no country',
      country: null,
      body: { paymentMethod: 'KLARNA' },
      status: 400,
      code: 'PAYMENT_METHOD_NOT_AVAILABLE',
    },
    {
      name: 'BLIK with an unknown code',
      country: 'PL',
      body: { paymentMethod: 'BLIK', blikCode: '123456' },
      status: 400,
      code: 'INVALID_BLIK_CODE',
    },
    { name: 'BLIK with no code', country: 'PL', body: { paymentMethod: 'BLIK' }, status: 400, code: 'INVALID_BLIK_CODE' },
    {
      name: 'BLIK with 5 digits',
      country: 'PL',
      body: { paymentMethod: 'BLIK', blikCode: '77712' },
      status: 400,
      code: 'INVALID_BLIK_CODE',
    },
  ])('$name → $status $code', ({ country, body, status, code }) => {
    const s = setup(country);
    const reply = s.pay(body);
    expect(reply.status).toBe(status);
    if (code) {
      expect(s.code(reply)).toBe(code);
      expect(s.store.allCharges()).toEqual([]);
    } else {
      expect(reply.body).toMatchObject({ status: 'REQUIRES_ACTION', paymentMethod: body.paymentMethod });
    }
    expect(s.orderStatus()).toBe('AWAITING_PAYMENT');
  });

  it('needs an Idempotency-Key, and a replayed key answers the same charge as it is now', () => {
    const s = setup();
    expect(s.code(s.store.chargeOrder(s.order.id, { paymentMethod: 'IDEAL' }, undefined, APP))).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const first = s.pay({ paymentMethod: 'IDEAL' }, 'key-1');
    const open = first.body as Charge;
    expect(open.nextAction).toEqual({ type: 'REDIRECT', url: `${ORIGIN}/local-payments/${open.id}` });
    const again = s.pay({ paymentMethod: 'IDEAL' }, 'key-1');
    expect(again).toMatchObject({ status: 201, headers: { 'Idempotent-Replayed': 'true' }, body: { id: open.id } });
    s.store.localPayments.record(open.id, 'approve');
    expect(s.pay({ paymentMethod: 'IDEAL' }, 'key-1').body).toMatchObject({ id: open.id, status: 'APPROVED' });
    expect(s.store.allCharges()).toHaveLength(1);
  });

  it('BLIK answers BLIK_CONFIRM with expiresAt 120 s on, and no page', () => {
    const s = setup('PL');
    const charge = s.pay({ paymentMethod: 'BLIK', blikCode: BLIK_TEST_CODES.approved }).body as Charge;
    expect(charge.nextAction).toEqual({ type: 'BLIK_CONFIRM', expiresAt: new Date(Date.now() + 120_000).toISOString() });
    expect(charge.amount.currency).toBe('PLN');
    expect(s.store.localPayments.view(charge.id)).toBeUndefined();
  });

  it('answers 500 LOCAL_PAYMENTS_UNAVAILABLE, charging nothing, when the payments origin is not known', () => {
    const s = setup('NL', { options: { paymentsOrigin: () => undefined } });
    const reply = s.pay({ paymentMethod: 'IDEAL' });
    expect(reply.status).toBe(500);
    expect(s.code(reply)).toBe('LOCAL_PAYMENTS_UNAVAILABLE');
    expect(s.store.allCharges()).toEqual([]);
    expect(s.pay({ paymentMethod: 'IDEAL' }).status).toBe(500);
  });
});

describe('a local charge under way: one at a time, the order unpaid while pending, events as it moves', () => {
  it.each([
    { name: 'approved on the page', answer: 'approve', events: ['order.paid'], order: 'PAID' },
    { name: 'declined on the page', answer: 'decline', events: ['order.payment_failed'], order: 'AWAITING_PAYMENT' },
    { name: 'cancelled on the page', answer: 'cancel', events: ['order.payment_failed'], order: 'AWAITING_PAYMENT' },
    {
      name: 'pending, settles approved',
      answer: 'pending',
      settleAs: 'approve',
      events: ['order.payment_processing', 'order.paid'],
      order: 'PAID',
    },
    {
      name: 'pending, settles declined',
      answer: 'pending',
      settleAs: 'decline',
      events: ['order.payment_processing', 'order.payment_failed'],
      order: 'AWAITING_PAYMENT',
    },
  ] as const)('iDEAL $name', ({ answer, settleAs, events, order }) => {
    const s = setup();
    const open = s.pay({ paymentMethod: 'IDEAL' }).body as Charge;
    const blocked = s.pay({ paymentMethod: 'IDEAL' });
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({ details: { applicationError: { code: 'CHARGE_IN_PROGRESS' }, chargeId: open.id } });
    expect(s.heard).toEqual([]);
    s.store.localPayments.record(open.id, answer, settleAs ? { settleAs } : {});
    if (answer === 'pending') {
      expect(s.charge(open.id).status).toBe('PENDING');
      expect(s.orderStatus()).toBe('AWAITING_PAYMENT');
      expect(s.heard).toEqual([{ type: 'order.payment_processing', status: 'AWAITING_PAYMENT', charge: 'PENDING' }]);
      expect(s.pay({ paymentMethod: 'KLARNA' }).body).toMatchObject({
        details: { applicationError: { code: 'CHARGE_IN_PROGRESS' }, chargeId: open.id },
      });
      // Nobody reads the charge: the timer settles it, and the event is sent.
      vi.advanceTimersByTime(5_000);
    }
    expect(s.types()).toEqual(events);
    expect(s.orderStatus()).toBe(order);
    const next = s.pay({ paymentMethod: 'KLARNA' });
    if (order === 'PAID') expect(s.code(next)).toBe('ORDER_ALREADY_PAID');
    else expect(next.status).toBe(201);
  });

  it.each([
    { code: BLIK_TEST_CODES.approved, at: 2_000, events: ['order.paid'], order: 'PAID' },
    { code: BLIK_TEST_CODES.declined, at: 2_000, events: ['order.payment_failed'], order: 'AWAITING_PAYMENT' },
    { code: BLIK_TEST_CODES.neverConfirmed, at: 120_000, events: ['order.payment_failed'], order: 'AWAITING_PAYMENT' },
  ])('BLIK $code: 409 until $at ms, then $events, unread', ({ code, at, events, order }) => {
    const s = setup('PL');
    const open = s.pay({ paymentMethod: 'BLIK', blikCode: code }).body as Charge;
    vi.advanceTimersByTime(at - 1);
    expect(s.code(s.pay({ paymentMethod: 'BLIK', blikCode: BLIK_TEST_CODES.approved }))).toBe('CHARGE_IN_PROGRESS');
    vi.advanceTimersByTime(1);
    expect(s.types()).toEqual(events);
    expect(s.orderStatus()).toBe(order);
    expect(s.charge(open.id).nextAction).toBeUndefined();
  });

  it('pay at the venue still settles the order PAY_AT_VENUE, with order.payment_pending', () => {
    const s = setup('NL');
    const charge = s.pay({ paymentMethod: 'PAY_AT_VENUE' }).body as Charge;
    expect(charge.status).toBe('PENDING');
    expect(s.orderStatus()).toBe('PAY_AT_VENUE');
    expect(s.heard).toEqual([{ type: 'order.payment_pending', status: 'PAY_AT_VENUE', charge: 'PENDING' }]);
  });

  it('the cancel route declines an open charge authentication_abandoned, and leaves a pending one to settle', () => {
    const s = setup();
    const open = s.pay({ paymentMethod: 'IDEAL' }).body as Charge;
    expect(s.store.cancelCharge(open.id, APP).body).toMatchObject({
      status: 'DECLINED',
      declineCode: 'authentication_abandoned',
    });
    expect(s.store.localPayments.record(open.id, 'approve')).toEqual({ status: 'closed' });
    const pending = s.pay({ paymentMethod: 'IDEAL' }).body as Charge;
    s.store.localPayments.record(pending.id, 'pending');
    expect(s.store.cancelCharge(pending.id, APP).body).toMatchObject({ status: 'PENDING' });
    vi.advanceTimersByTime(5_000);
    expect(s.charge(pending.id).status).toBe('APPROVED');
    expect(s.types()).toEqual(['order.payment_failed', 'order.payment_processing', 'order.paid']);
  });

  it('a page left unanswered declines authentication_abandoned after the 3-D Secure TTL', () => {
    const s = setup('BE', { holdSeconds: 3600 });
    const open = s.pay({ paymentMethod: 'BANCONTACT' }).body as Charge;
    vi.advanceTimersByTime(THREE_DS_CHALLENGE_TTL_MS);
    expect(s.charge(open.id)).toMatchObject({ status: 'DECLINED', declineCode: 'authentication_abandoned' });
  });

  it('Klarna records the option chosen on its page on the charge', () => {
    const s = setup('DE');
    const open = s.pay({ paymentMethod: 'KLARNA' }).body as Charge;
    s.store.localPayments.record(open.id, 'approve', { klarnaOption: 'PAY_IN_3_PARTS' });
    expect(s.charge(open.id)).toMatchObject({ status: 'APPROVED', klarnaOption: 'PAY_IN_3_PARTS' });
  });
});

describe('the seat hold while a local payment is under way', () => {
  it('is kept past holdExpiresAt while the charge is open and then pending, and ends when it settles declined', () => {
    const s = setup('NL', { holdSeconds: 2 });
    const open = s.pay({ paymentMethod: 'IDEAL' }).body as Charge;
    vi.advanceTimersByTime(3_000);
    expect(s.store.holdStateOf(s.order.id)).toBe('KEPT');
    s.store.localPayments.record(open.id, 'pending', { settleAs: 'decline' });
    vi.advanceTimersByTime(4_999);
    expect(s.store.holdStateOf(s.order.id)).toBe('KEPT');
    expect(s.types()).toEqual(['order.payment_processing']);
    vi.advanceTimersByTime(1);
    expect(s.store.holdStateOf(s.order.id)).toBe('ENDED');
    expect(s.types()).toEqual(['order.payment_processing', 'order.payment_failed', 'order.hold_expired']);
  });

  it('a pending payment approved past holdExpiresAt but within the grace limit pays the order', () => {
    const s = setup('NL', { holdSeconds: 2 });
    const open = s.pay({ paymentMethod: 'IDEAL' }).body as Charge;
    s.store.localPayments.record(open.id, 'pending');
    vi.advanceTimersByTime(5_000);
    expect(s.orderStatus()).toBe('PAID');
    expect(s.types()).toEqual(['order.payment_processing', 'order.paid']);
  });

  it('a pending payment that settles approved after the grace limit is REFUNDED_HOLD_EXPIRED once, the order unpaid', () => {
    const s = setup('NL', { holdSeconds: 1, options: { holdGraceMs: 2_000 } });
    const open = s.pay({ paymentMethod: 'IDEAL' }).body as Charge;
    s.store.localPayments.record(open.id, 'pending');
    vi.advanceTimersByTime(10_000);
    expect(s.charge(open.id)).toMatchObject({ status: 'REFUNDED_HOLD_EXPIRED', refundedAt: expect.any(String) });
    expect(s.orderStatus()).toBe('AWAITING_PAYMENT');
    expect(s.types()).toEqual(['order.payment_processing', 'order.hold_expired', 'charge.refunded']);
    vi.advanceTimersByTime(60_000);
    expect(s.types().filter((t) => t === 'charge.refunded')).toHaveLength(1);
  });
});

describe('timings', () => {
  it('change until a reset, which also forgets every local charge', () => {
    const s = setup('PL');
    expect(s.store.localPayments.setTimings({ pendingSettleMs: 100, blikExpiryMs: 1_000 })).toEqual({
      pendingSettleMs: 100,
      blikApproveMs: 2_000,
      blikExpiryMs: 1_000,
    });
    const blik = s.pay({ paymentMethod: 'BLIK', blikCode: BLIK_TEST_CODES.neverConfirmed }).body as Charge;
    vi.advanceTimersByTime(1_000);
    expect(s.charge(blik.id)).toMatchObject({ status: 'DECLINED', declineCode: 'code_expired' });
    s.store.reset();
    expect(s.store.localPayments.timings()).toEqual({ pendingSettleMs: 5_000, blikApproveMs: 2_000, blikExpiryMs: 120_000 });
  });
});
