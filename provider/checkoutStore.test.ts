import { describe, expect, it } from 'vitest';
import type { Charge, Order, OrderSetupRequest } from '../shared';
import { createCheckoutStore, TEST_CARDS } from './checkoutStore';

const NOW = new Date(2026, 10, 22);
const orderRequest = (locationType: 'VENUE' | 'ONLINE' = 'VENUE'): OrderSetupRequest => ({
  event: { name: 'Gala', startsAt: '2027-01-01T20:00:00Z', locationType, recurrenceStatus: 'ONE_TIME' },
  lines: [
    { name: 'Seat', unitPrice: 2500, quantity: 2 },
    { name: 'Programme', unitPrice: 300, quantity: 1 },
  ],
  currency: 'eur',
});
const card = (number: string, over: Record<string, unknown> = {}) => ({
  holderName: 'Ada Lovelace',
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...over,
});

function setup(locationType: 'VENUE' | 'ONLINE' = 'VENUE') {
  const store = createCheckoutStore(() => NOW);
  const order = store.setupOrder(orderRequest(locationType)).body as Order;
  const tokenFor = (number: string) => (store.tokenizeCard(card(number)).body as { token: string }).token;
  return { store, order, tokenFor };
}

describe('orders', () => {
  it('order setup totals the lines in minor units and awaits payment', () => {
    const { order, store } = setup();
    expect(order).toMatchObject({ status: 'AWAITING_PAYMENT', total: { amount: 5300, currency: 'EUR' } });
    expect(store.getOrder(order.id)).toEqual({ status: 200, body: order });
  });

  it.each([
    { name: 'no event', body: { ...orderRequest(), event: undefined }, says: 'event is required' },
    {
      name: 'bad location type',
      body: { ...orderRequest(), event: { ...orderRequest().event, locationType: 'MOON' } },
      says: 'VENUE, ONLINE',
    },
    { name: 'no lines', body: { ...orderRequest(), lines: [] }, says: 'lines' },
    {
      name: 'fractional price',
      body: { ...orderRequest(), lines: [{ name: 'x', unitPrice: 1.5, quantity: 1 }] },
      says: 'unitPrice',
    },
  ])('order setup with $name → 400 naming it', ({ body, says }) => {
    const reply = createCheckoutStore().setupOrder(body);
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain(says);
  });

  it('offers "Pay at the venue" for VENUE events only', () => {
    const venue = setup('VENUE');
    expect(venue.store.paymentMethodsFor(venue.order.id).body).toEqual([
      { type: 'CARD', label: 'Card' },
      { type: 'PAY_AT_VENUE', label: 'Pay at the venue' },
    ]);
    const online = setup('ONLINE');
    expect(online.store.paymentMethodsFor(online.order.id).body).toEqual([{ type: 'CARD', label: 'Card' }]);
  });
});

describe('card tokenization', () => {
  it.each([
    { name: 'a valid card', over: {}, number: TEST_CARDS.approved, status: 201, code: undefined },
    { name: 'a number failing Luhn', over: {}, number: '4242424242424241', status: 400, code: 'INVALID_CARD_NUMBER' },
    {
      name: 'a past expiry',
      over: { expMonth: 10, expYear: 2026 },
      number: TEST_CARDS.approved,
      status: 400,
      code: 'CARD_EXPIRED',
    },
    {
      name: 'the current month',
      over: { expMonth: 11, expYear: 2026 },
      number: TEST_CARDS.approved,
      status: 201,
      code: undefined,
    },
    { name: 'a short CVC', over: { cvc: '12' }, number: TEST_CARDS.approved, status: 400, code: 'INVALID_CVC' },
    { name: 'no holder name', over: { holderName: ' ' }, number: TEST_CARDS.approved, status: 400, code: 'INVALID_CARD' },
  ])('$name → $status $code', ({ over, number, status, code }) => {
    const reply = createCheckoutStore(() => NOW).tokenizeCard(card(number, over));
    expect(reply.status).toBe(status);
    if (code) expect(reply.body).toMatchObject({ details: { applicationError: { code } } });
    else expect(reply.body).toMatchObject({ brand: 'visa', last4: number.slice(-4) });
    expect(JSON.stringify(reply.body)).not.toContain(number.slice(0, 12));
  });
});

describe('charges: exactly once', () => {
  it.each([
    { number: TEST_CARDS.approved, status: 'APPROVED', declineCode: undefined, orderStatus: 'PAID' },
    { number: TEST_CARDS.declined, status: 'DECLINED', declineCode: 'card_declined', orderStatus: 'AWAITING_PAYMENT' },
    {
      number: TEST_CARDS.insufficientFunds,
      status: 'DECLINED',
      declineCode: 'insufficient_funds',
      orderStatus: 'AWAITING_PAYMENT',
    },
  ])('card $number → $status, order $orderStatus', ({ number, status, declineCode, orderStatus }) => {
    const { store, order, tokenFor } = setup();
    const reply = store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken: tokenFor(number) }, 'k1');
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status, orderId: order.id, amount: { amount: 5300, currency: 'EUR' } });
    expect((reply.body as Charge).declineCode).toBe(declineCode);
    expect((store.getOrder(order.id).body as Order).status).toBe(orderStatus);
  });

  it('a repeated Idempotency-Key gets the first charge back, marked replayed, and makes no second charge', () => {
    const { store, order, tokenFor } = setup();
    const body = { paymentMethod: 'CARD', cardToken: tokenFor(TEST_CARDS.approved) };
    const first = store.chargeOrder(order.id, body, 'key-1');
    const again = store.chargeOrder(order.id, body, 'key-1');
    expect(again.body).toEqual(first.body);
    expect(again.headers).toEqual({ 'Idempotent-Replayed': 'true' });
    expect(store.allCharges()).toHaveLength(1);
  });

  it('the same key with another body is refused (422), not replayed', () => {
    const { store, order, tokenFor } = setup();
    store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken: tokenFor(TEST_CARDS.declined) }, 'key-1');
    const reply = store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken: tokenFor(TEST_CARDS.approved) }, 'key-1');
    expect(reply).toMatchObject({ status: 422, body: { details: { applicationError: { code: 'IDEMPOTENCY_KEY_REUSED' } } } });
  });

  it('a paid order refuses a second charge with another key (409 ORDER_ALREADY_PAID)', () => {
    const { store, order, tokenFor } = setup();
    store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken: tokenFor(TEST_CARDS.approved) }, 'key-1');
    const reply = store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken: tokenFor(TEST_CARDS.approved) }, 'key-2');
    expect(reply).toMatchObject({ status: 409, body: { details: { applicationError: { code: 'ORDER_ALREADY_PAID' } } } });
    expect(store.allCharges().filter((c) => c.status === 'APPROVED')).toHaveLength(1);
  });

  it('a decline, then another card with a new key → paid; the order lists both charges', () => {
    const { store, order, tokenFor } = setup();
    store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken: tokenFor(TEST_CARDS.declined) }, 'key-1');
    const paid = store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken: tokenFor(TEST_CARDS.approved) }, 'key-2');
    expect((store.getOrder(order.id).body as Order).chargeId).toBe((paid.body as Charge).id);
    expect((store.chargesOf(order.id).body as Charge[]).map((c) => c.status)).toEqual(['DECLINED', 'APPROVED']);
  });

  it.each([
    { name: 'no Idempotency-Key', key: undefined, body: { paymentMethod: 'CARD' }, code: 'IDEMPOTENCY_KEY_REQUIRED' },
    { name: 'an unknown token', key: 'k', body: { paymentMethod: 'CARD', cardToken: 'tok_x' }, code: 'INVALID_CARD_TOKEN' },
    { name: 'an unknown method', key: 'k', body: { paymentMethod: 'CASH' }, code: 'INVALID_PAYMENT_METHOD' },
  ])('$name → 400 $code', ({ key, body, code }) => {
    const { store, order } = setup();
    expect(store.chargeOrder(order.id, body, key)).toMatchObject({
      status: 400,
      body: { details: { applicationError: { code } } },
    });
    expect(store.allCharges()).toHaveLength(0);
  });

  it('a token is single use', () => {
    const { store, order, tokenFor } = setup();
    const cardToken = tokenFor(TEST_CARDS.declined);
    store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken }, 'key-1');
    expect(store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken }, 'key-2').status).toBe(400);
  });

  it('pay at the venue: PENDING charge for a VENUE event, refused for an ONLINE one', () => {
    const venue = setup('VENUE');
    expect(venue.store.chargeOrder(venue.order.id, { paymentMethod: 'PAY_AT_VENUE' }, 'k').body).toMatchObject({
      status: 'PENDING',
    });
    expect((venue.store.getOrder(venue.order.id).body as Order).status).toBe('PAY_AT_VENUE');
    const online = setup('ONLINE');
    expect(online.store.chargeOrder(online.order.id, { paymentMethod: 'PAY_AT_VENUE' }, 'k')).toMatchObject({
      status: 400,
      body: { details: { applicationError: { code: 'PAYMENT_METHOD_NOT_AVAILABLE' } } },
    });
  });
});
