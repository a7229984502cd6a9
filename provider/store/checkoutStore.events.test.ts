import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Charge, Order } from '../../shared';
import type { ServerOrder, WebhookEventType } from '../../shared/webhooks';
import { createCheckoutStore, TEST_CARDS } from '.';

// The checkout store's events for the site's server (DESIGN "Webhooks"), its order reads with
// charges and its refunds: what the webhooks and the server API carry.

const APP = 'app-instance-a';
const OTHER_APP = 'app-instance-b';
const card = (number: string) => ({ holderName: 'Ada Lovelace', number, expMonth: 12, expYear: 2030, cvc: '123' });
type Heard = { appInstance: string; type: WebhookEventType; order: ServerOrder; charge?: Charge };

beforeEach(() => {
  vi.useFakeTimers({ now: new Date(2026, 10, 28, 12) });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A store whose events the test hears, with one order of {@link APP} (a VENUE event) held for `holdSeconds`. */
function setup(holdSeconds = 600) {
  const heard: Heard[] = [];
  const store = createCheckoutStore(() => new Date(), {
    vaultOrigin: () => 'http://127.0.0.1:4176',
    onEvent: (appInstance, type, { order, charge }) => heard.push({ appInstance, type, order, ...(charge ? { charge } : {}) }),
  });
  const order = store.setupOrder(
    { eventId: 'riverside-jazz-night', lines: [{ ticketTypeId: 'general-admission', quantity: 1 }], holdSeconds },
    APP,
  ).body as Order;
  const pay = (body: object) => store.chargeOrder(order.id, body, crypto.randomUUID(), APP).body as Charge;
  const payByCard = (number: string) =>
    pay({ paymentMethod: 'CARD', cardToken: (store.tokenizeCard(card(number), APP).body as { token: string }).token });
  const types = () => heard.map((h) => h.type);
  return { store, order, heard, pay, payByCard, types };
}

describe('a charge that settles is an event, with the order as it is then and all its charges', () => {
  it('approved: order.paid, for the app instance that made the order', () => {
    const { order, heard, payByCard } = setup();
    const charge = payByCard(TEST_CARDS.approved);
    expect(heard).toEqual([
      {
        appInstance: APP,
        type: 'order.paid',
        order: expect.objectContaining({ id: order.id, status: 'PAID', chargeId: charge.id, charges: [charge] }),
        charge,
      },
    ]);
  });

  it('declined: order.payment_failed, the order still payable; a second card then pays it', () => {
    const { heard, payByCard, types } = setup();
    const declined = payByCard(TEST_CARDS.declined);
    expect(heard[0]).toMatchObject({ type: 'order.payment_failed', charge: { declineCode: 'card_declined' } });
    expect(heard[0]?.order.status).toBe('AWAITING_PAYMENT');
    const approved = payByCard(TEST_CARDS.approved);
    expect(types()).toEqual(['order.payment_failed', 'order.paid']);
    expect(heard[1]?.order.charges).toEqual([declined, approved]);
  });

  it('pay at the venue: order.payment_pending', () => {
    const { heard, pay } = setup();
    pay({ paymentMethod: 'PAY_AT_VENUE' });
    expect(heard.map((h) => [h.type, h.order.status])).toEqual([['order.payment_pending', 'PAY_AT_VENUE']]);
  });

  it('3-D Secure: nothing while the challenge is open; its result is the event', () => {
    const { store, heard, payByCard, types } = setup();
    const open = payByCard(TEST_CARDS.threeDsChallenge);
    expect(heard).toEqual([]);
    store.threeDs.record(open.nextAction?.url?.split('/').pop() ?? '', 'fail');
    expect(types()).toEqual(['order.payment_failed']);
    const second = payByCard(TEST_CARDS.threeDsChallenge);
    store.threeDs.record(second.nextAction?.url?.split('/').pop() ?? '', 'complete');
    expect(types()).toEqual(['order.payment_failed', 'order.paid']);
    expect(heard[1]?.charge).toMatchObject({ id: second.id, status: 'APPROVED' });
  });

  it('an event carries a copy: changing it changes nothing in the store', () => {
    const { store, order, heard, payByCard } = setup();
    payByCard(TEST_CARDS.approved);
    const total = structuredClone(order.total);
    const copy = heard[0] as Heard;
    copy.order.status = 'AWAITING_PAYMENT';
    copy.order.total.amount = 1;
    (copy.order.charges[0] as Charge).status = 'DECLINED';
    (copy.charge as Charge).amount.amount = 1;
    expect(store.getOrder(order.id, APP).body).toMatchObject({ status: 'PAID', total });
    expect(store.chargesOf(order.id, APP).body).toMatchObject([{ status: 'APPROVED', amount: total }]);
  });
});

describe('order.hold_expired', () => {
  it('when the hold ends with the order unpaid, once', async () => {
    const { types } = setup(60);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(types()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(types()).toEqual(['order.hold_expired']);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(types()).toEqual(['order.hold_expired']);
  });

  it('never for an order paid in time', async () => {
    const { payByCard, types } = setup(60);
    payByCard(TEST_CARDS.approved);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(types()).toEqual(['order.paid']);
  });

  it('a 3-D Secure charge under way keeps the hold: the seats go only when it is declined after the end', async () => {
    const { store, payByCard, types } = setup(60);
    const open = payByCard(TEST_CARDS.threeDsChallenge);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(types()).toEqual([]);
    store.threeDs.record(open.nextAction?.url?.split('/').pop() ?? '', 'fail');
    expect(types()).toEqual(['order.payment_failed', 'order.hold_expired']);
  });

  it('no timer when no one listens, and reset() stops the timers', async () => {
    const { store, types } = setup(60);
    store.reset();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(types()).toEqual([]);
    const quiet = createCheckoutStore(() => new Date());
    quiet.setupOrder({ eventId: 'riverside-jazz-night', lines: [{ ticketTypeId: 'general-admission', quantity: 1 }] }, APP);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the server API: an order read with its charges, and refunds', () => {
  it('readOrder: the order and every charge, for its own app instance only', () => {
    const { store, order, payByCard } = setup();
    const declined = payByCard(TEST_CARDS.declined);
    const approved = payByCard(TEST_CARDS.approved);
    expect(store.readOrder(order.id, APP)).toEqual({
      status: 200,
      body: expect.objectContaining({ id: order.id, status: 'PAID', charges: [declined, approved] }),
    });
    expect(store.readOrder(order.id, OTHER_APP).status).toBe(404);
    expect(store.readOrder('ord_nope', APP).status).toBe(404);
  });

  it('refundCharge: the approved charge once (charge.refunded), then as it is; a declined charge took nothing: 409', () => {
    const { store, payByCard, types } = setup();
    const declined = payByCard(TEST_CARDS.declined);
    const approved = payByCard(TEST_CARDS.approved);
    expect(store.refundCharge(declined.id, APP).status).toBe(409);
    expect(store.refundCharge(approved.id, OTHER_APP).status).toBe(404);
    const refunded = store.refundCharge(approved.id, APP);
    expect(refunded).toMatchObject({ status: 201, body: { id: approved.id, refundedAt: new Date().toISOString() } });
    expect(store.refundCharge(approved.id, APP).status).toBe(200);
    expect(types()).toEqual(['order.payment_failed', 'order.paid', 'charge.refunded']);
  });
});
