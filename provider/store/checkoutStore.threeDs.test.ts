import { describe, expect, it } from 'vitest';
import type { Charge, Order } from '../../shared';
import { THREE_DS_CHALLENGE_TTL_MS } from '../../shared/threeDsChallenges';
import { createCheckoutStore, TEST_CARDS } from '.';

// 3-D Secure in the checkout store (issue 22): a challenge card's charge is REQUIRES_ACTION until
// the buyer's result, a cancel or the 10-minute expiry settles it, once; the order is paid only by
// an APPROVED settlement, and while the charge is open no other charge is made on the order.

const NOW = new Date(2026, 10, 22);
const APP = 'app-instance-a';
const OTHER_APP = 'app-instance-b';
const VAULT = 'http://127.0.0.1:4176';
const card = (number: string) => ({ holderName: 'Ada Lovelace', number, expMonth: 12, expYear: 2030, cvc: '123' });

/**
 * A store with a vault origin (none when `vault` is null), on a clock the test moves, with one
 * 25.00 EUR order of {@link APP}, held for an hour (longer than a challenge lives).
 */
function setup(vault: string | null = VAULT) {
  let clock = NOW.getTime();
  const store = createCheckoutStore(() => new Date(clock), { vaultOrigin: () => vault ?? undefined, holdSeconds: 3600 });
  const order = store.setupOrder(
    { eventId: 'riverside-jazz-night', lines: [{ ticketTypeId: 'general-admission', quantity: 1 }] },
    APP,
  ).body as Order;
  const charge = (number: string, key: string = crypto.randomUUID(), orderId = order.id) => {
    const token = (store.tokenizeCard(card(number), APP).body as { token: string }).token;
    return store.chargeOrder(orderId, { paymentMethod: 'CARD', cardToken: token }, key, APP);
  };
  const challengeIdOf = (c: Charge) => (c.nextAction?.url ?? '').split('/').pop() as string;
  const orderStatus = () => (store.getOrder(order.id, APP).body as Order).status;
  const advance = (ms: number) => {
    clock += ms;
  };
  return { store, order, charge, challengeIdOf, orderStatus, advance };
}
const code = (reply: { body: unknown }) =>
  (reply.body as { details?: { applicationError?: { code?: string } } }).details?.applicationError?.code;

describe('a challenge card is charged REQUIRES_ACTION', () => {
  it('with nextAction THREE_DS_CHALLENGE on the vault origin and an unguessable id; the order stays unpaid', () => {
    const { store, order, charge, orderStatus } = setup();
    const reply = charge(TEST_CARDS.threeDsChallenge);
    expect(reply.status).toBe(201);
    const open = reply.body as Charge;
    expect(open).toMatchObject({ status: 'REQUIRES_ACTION', orderId: order.id, paymentMethod: 'CARD' });
    expect(open.nextAction?.type).toBe('THREE_DS_CHALLENGE');
    expect(open.nextAction?.url).toMatch(/^http:\/\/127\.0\.0\.1:4176\/three-ds\/challenges\/tds_[A-Za-z0-9_-]{43}$/);
    expect(open.declineCode).toBeUndefined();
    expect(orderStatus()).toBe('AWAITING_PAYMENT');
    expect(store.getCharge(open.id, APP).body).toEqual(open);
    expect(store.chargesOf(order.id, APP).body).toEqual([open]);
    // Another challenge (another order) gets another id.
    const other = setup();
    expect((other.charge(TEST_CARDS.threeDsChallenge).body as Charge).nextAction?.url).not.toBe(open.nextAction?.url);
  });

  it('the page shows the merchant (event name), the amount and the last four digits', () => {
    const { store, charge, challengeIdOf } = setup();
    const challengeId = challengeIdOf(charge(TEST_CARDS.threeDsChallenge).body as Charge);
    expect(store.threeDs.view(challengeId)).toEqual({
      challengeId,
      merchant: 'Riverside Jazz Night',
      amount: { amount: 2500, currency: 'EUR' },
      last4: '3184',
    });
  });

  it('a repeated Idempotency-Key answers the same open charge (then the charge as settled), and makes no second one', () => {
    const { store, order, challengeIdOf } = setup();
    const token = (store.tokenizeCard(card(TEST_CARDS.threeDsChallenge), APP).body as { token: string }).token;
    const body = { paymentMethod: 'CARD', cardToken: token };
    const first = store.chargeOrder(order.id, body, 'key-1', APP);
    const again = store.chargeOrder(order.id, body, 'key-1', APP);
    expect(again.status).toBe(201);
    expect(again.headers).toEqual({ 'Idempotent-Replayed': 'true' });
    expect(again.body).toEqual(first.body);
    expect(again.body).toMatchObject({ status: 'REQUIRES_ACTION', nextAction: { type: 'THREE_DS_CHALLENGE' } });
    expect(store.allCharges()).toHaveLength(1);
    store.threeDs.record(challengeIdOf(first.body as Charge), 'complete');
    expect(store.chargeOrder(order.id, body, 'key-1', APP).body).toMatchObject({ status: 'APPROVED' });
    expect(store.allCharges()).toHaveLength(1);
  });

  it('while it is open, a new charge on the order is 409 CHARGE_IN_PROGRESS naming it, and spends no token', () => {
    const { store, order, charge } = setup();
    const open = charge(TEST_CARDS.threeDsChallenge).body as Charge;
    const token = (store.tokenizeCard(card(TEST_CARDS.approved), APP).body as { token: string }).token;
    const second = store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken: token }, 'key-2', APP);
    expect(second.status).toBe(409);
    expect(code(second)).toBe('CHARGE_IN_PROGRESS');
    expect((second.body as { details: { chargeId: string } }).details.chargeId).toBe(open.id);
    expect(store.allCharges()).toHaveLength(1);
    // Once it is cancelled, the same token pays the order.
    store.cancelCharge(open.id, APP);
    const paid = store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken: token }, 'key-3', APP);
    expect(paid.body).toMatchObject({ status: 'APPROVED' });
  });

  it('frictionless 4000 0000 0000 3055 is APPROVED at once, with no nextAction', () => {
    const { charge, orderStatus } = setup();
    const reply = charge(TEST_CARDS.threeDsFrictionless).body as Charge;
    expect(reply.status).toBe('APPROVED');
    expect(reply.nextAction).toBeUndefined();
    expect(orderStatus()).toBe('PAID');
  });

  it('without a known vault origin, a challenge card answers 500 THREE_DS_UNAVAILABLE and makes no charge', () => {
    const { store, charge } = setup(null);
    const reply = charge(TEST_CARDS.threeDsChallenge);
    expect(reply.status).toBe(500);
    expect(code(reply)).toBe('THREE_DS_UNAVAILABLE');
    expect(store.allCharges()).toHaveLength(0);
  });
});

describe('the result settles the charge, once', () => {
  it.each([
    { card: TEST_CARDS.threeDsChallenge, outcome: 'complete', status: 'APPROVED', declineCode: undefined, order: 'PAID' },
    {
      card: TEST_CARDS.threeDsChallenge,
      outcome: 'fail',
      status: 'DECLINED',
      declineCode: 'authentication_failed',
      order: 'AWAITING_PAYMENT',
    },
    {
      card: TEST_CARDS.threeDsChallengeDeclined,
      outcome: 'complete',
      status: 'DECLINED',
      declineCode: 'card_declined',
      order: 'AWAITING_PAYMENT',
    },
    {
      card: TEST_CARDS.threeDsChallengeDeclined,
      outcome: 'fail',
      status: 'DECLINED',
      declineCode: 'authentication_failed',
      order: 'AWAITING_PAYMENT',
    },
  ] as const)('card $card, $outcome → $status $declineCode, order $order', (row) => {
    const { store, order, charge, challengeIdOf, orderStatus } = setup();
    const open = charge(row.card, 'key-1').body as Charge;
    const result = store.threeDs.record(challengeIdOf(open), row.outcome);
    expect(result.status).toBe('recorded');
    const settled = store.getCharge(open.id, APP).body as Charge;
    expect(settled.status).toBe(row.status);
    expect(settled.declineCode).toBe(row.declineCode);
    expect(settled.nextAction).toBeUndefined();
    expect(orderStatus()).toBe(row.order);
    expect((store.getOrder(order.id, APP).body as Order).chargeId).toBe(row.order === 'PAID' ? open.id : undefined);
    expect(store.chargesOf(order.id, APP).body).toEqual([settled]);
  });

  it('a second result is refused (closed) and changes nothing; the page is gone', () => {
    const { store, charge, challengeIdOf } = setup();
    const open = charge(TEST_CARDS.threeDsChallenge).body as Charge;
    const id = challengeIdOf(open);
    store.threeDs.record(id, 'fail');
    expect(store.threeDs.record(id, 'complete')).toEqual({ status: 'closed' });
    expect(store.getCharge(open.id, APP).body).toMatchObject({ status: 'DECLINED', declineCode: 'authentication_failed' });
    expect(store.threeDs.view(id)).toBeUndefined();
    expect(store.threeDs.record('tds_unknown', 'complete')).toEqual({ status: 'unknown' });
  });

  it('a failed challenge leaves the order payable: a new charge with another card approves', () => {
    const { store, charge, challengeIdOf, orderStatus } = setup();
    store.threeDs.record(challengeIdOf(charge(TEST_CARDS.threeDsChallenge).body as Charge), 'fail');
    expect(charge(TEST_CARDS.approved).body).toMatchObject({ status: 'APPROVED' });
    expect(orderStatus()).toBe('PAID');
    expect(store.allCharges().map((c) => c.status)).toEqual(['DECLINED', 'APPROVED']);
  });
});

describe('cancel and expiry: DECLINED authentication_abandoned', () => {
  it('cancel settles an open charge; its page can no longer record; a settled charge is answered as it is', () => {
    const { store, charge, challengeIdOf, orderStatus } = setup();
    const open = charge(TEST_CARDS.threeDsChallenge).body as Charge;
    const id = challengeIdOf(open);
    const cancelled = store.cancelCharge(open.id, APP);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'DECLINED', declineCode: 'authentication_abandoned' });
    expect((cancelled.body as Charge).nextAction).toBeUndefined();
    expect(store.threeDs.record(id, 'complete')).toEqual({ status: 'closed' });
    expect(orderStatus()).toBe('AWAITING_PAYMENT');

    const approved = charge(TEST_CARDS.approved).body as Charge;
    expect(store.cancelCharge(approved.id, APP)).toEqual({ status: 200, body: approved });
    expect(approved.status).toBe('APPROVED');
  });

  it("cancel answers 404 CHARGE_NOT_FOUND for an unknown charge and another app instance's", () => {
    const { store, charge } = setup();
    const open = charge(TEST_CARDS.threeDsChallenge).body as Charge;
    expect(code(store.cancelCharge(open.id, OTHER_APP))).toBe('CHARGE_NOT_FOUND');
    expect(code(store.cancelCharge('ch_nope', APP))).toBe('CHARGE_NOT_FOUND');
    expect(store.getCharge(open.id, APP).body).toMatchObject({ status: 'REQUIRES_ACTION' });
  });

  it('an open challenge expires 10 minutes after its charge: abandoned, page gone, order payable again', () => {
    const { store, charge, challengeIdOf, advance } = setup();
    const open = charge(TEST_CARDS.threeDsChallenge).body as Charge;
    const id = challengeIdOf(open);
    advance(THREE_DS_CHALLENGE_TTL_MS - 1);
    expect(store.getCharge(open.id, APP).body).toMatchObject({ status: 'REQUIRES_ACTION' });
    expect(store.threeDs.view(id)).toBeDefined();
    advance(1);
    expect(store.getCharge(open.id, APP).body).toMatchObject({ status: 'DECLINED', declineCode: 'authentication_abandoned' });
    expect(store.threeDs.view(id)).toBeUndefined();
    expect(store.threeDs.record(id, 'complete')).toEqual({ status: 'closed' });
    expect(charge(TEST_CARDS.approved).body).toMatchObject({ status: 'APPROVED' });
  });

  it('reset forgets the challenges', () => {
    const { store, charge, challengeIdOf } = setup();
    const id = challengeIdOf(charge(TEST_CARDS.threeDsChallenge).body as Charge);
    store.reset();
    expect(store.threeDs.record(id, 'complete')).toEqual({ status: 'unknown' });
  });
});
