import { describe, expect, it } from 'vitest';
import type { Charge, Order, OrderSetupRequest } from '../../shared';
import { CARD_TOKEN_TTL_MS, createCheckoutStore, IDEMPOTENCY_TTL_MS, TEST_CARDS } from '.';

const NOW = new Date(2026, 10, 22);
const APP = 'app-instance-a';
const OTHER_APP = 'app-instance-b';
const EVENT_BY_LOCATION = { VENUE: 'riverside-jazz-night', ONLINE: 'modern-jazz-masterclass' } as const;
/** Two general admission tickets and one VIP table seat: 2 × 25.00 + 60.00 EUR at the provider's prices. */
const orderRequest = (locationType: 'VENUE' | 'ONLINE' = 'VENUE'): OrderSetupRequest => ({
  eventId: EVENT_BY_LOCATION[locationType],
  lines: [
    { ticketTypeId: 'general-admission', quantity: 2 },
    { ticketTypeId: 'vip-table-seat', quantity: 1 },
  ],
});
const card = (number: string, over: Record<string, unknown> = {}) => ({
  holderName: 'Ada Lovelace',
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...over,
});

/** A store on a clock the test moves (`advance(ms)`), with one order of {@link APP}, held for an hour. */
function setup(locationType: 'VENUE' | 'ONLINE' = 'VENUE') {
  let clock = NOW.getTime();
  const store = createCheckoutStore(() => new Date(clock), { holdSeconds: 3600 });
  const order = store.setupOrder(orderRequest(locationType), APP).body as Order;
  const tokenFor = (number: string, appInstance = APP) =>
    (store.tokenizeCard(card(number), appInstance).body as { token: string }).token;
  const advance = (ms: number) => {
    clock += ms;
  };
  return { store, order, tokenFor, advance };
}
const code = (reply: { body: unknown }) =>
  (reply.body as { details?: { applicationError?: { code?: string } } }).details?.applicationError?.code;

describe('orders', () => {
  it("order setup prices the lines from the event's ticket types, in minor units, and awaits payment", () => {
    const { order, store } = setup();
    expect(order).toMatchObject({
      status: 'AWAITING_PAYMENT',
      event: { id: 'riverside-jazz-night', name: 'Riverside Jazz Night', locationType: 'VENUE' },
      lines: [
        { ticketTypeId: 'general-admission', name: 'General admission', unitPrice: 2500, quantity: 2 },
        { ticketTypeId: 'vip-table-seat', name: 'VIP table seat', unitPrice: 6000, quantity: 1 },
      ],
      total: { amount: 11000, currency: 'EUR' },
    });
    expect(store.getOrder(order.id, APP)).toEqual({ status: 200, body: order });
  });

  const line = (over: Record<string, unknown>) => ({
    ...orderRequest(),
    lines: [{ ticketTypeId: 'general-admission', quantity: 1, ...over }],
  });
  it.each([
    { name: 'no eventId', body: { lines: orderRequest().lines }, says: 'eventId is required' },
    { name: 'an unknown event', body: { ...orderRequest(), eventId: 'free-gig' }, says: 'eventId "free-gig"' },
    { name: 'no lines', body: { ...orderRequest(), lines: [] }, says: 'lines' },
    { name: 'an unknown ticket type', body: line({ ticketTypeId: 'backstage' }), says: 'lines[0].ticketTypeId "backstage"' },
    {
      name: 'a quantity over the limit (11)',
      body: line({ quantity: 11 }),
      says: 'lines[0].quantity must be a whole number from 1 to 10',
    },
    {
      name: "a quantity over the type's own limit (5 VIP seats)",
      body: line({ ticketTypeId: 'vip-table-seat', quantity: 5 }),
      says: 'from 1 to 4',
    },
    { name: 'quantity 0', body: line({ quantity: 0 }), says: 'lines[0].quantity' },
    { name: 'a fractional quantity', body: line({ quantity: 1.5 }), says: 'lines[0].quantity' },
    {
      name: 'a ticket type twice (to pass the limit)',
      body: { ...orderRequest(), lines: [orderRequest().lines[0], orderRequest().lines[0]] },
      says: 'lines[1].ticketTypeId general-admission is listed twice',
    },
    { name: 'a line price', body: line({ unitPrice: 1 }), says: 'lines[0].unitPrice is not accepted: prices come from' },
    { name: 'an amount', body: { ...orderRequest(), amount: 1 }, says: 'amount is not accepted' },
    { name: 'a total', body: { ...orderRequest(), total: { amount: 1, currency: 'EUR' } }, says: 'total is not accepted' },
    { name: 'a currency', body: { ...orderRequest(), currency: 'JPY' }, says: 'currency is not accepted' },
    {
      name: 'an event of its own (the old shape)',
      body: { ...orderRequest(), event: { name: 'x' } },
      says: 'event is not a field',
    },
    {
      name: 'an unknown buyer field',
      body: { ...orderRequest(), buyer: { isAdmin: 'yes' } },
      says: 'buyer.isAdmin is not a buyer field',
    },
  ])('order setup with $name → 400 INVALID_ORDER naming it, no order made', ({ body, says }) => {
    const store = createCheckoutStore();
    const reply = store.setupOrder(body, APP);
    expect(reply.status).toBe(400);
    expect(code(reply)).toBe('INVALID_ORDER');
    expect((reply.body as { message: string }).message).toContain(says);
  });

  it('offers "Pay at the venue" for VENUE events only', () => {
    const venue = setup('VENUE');
    expect(venue.store.paymentMethodsFor(venue.order.id, APP).body).toEqual([
      { type: 'CARD', label: 'Card' },
      { type: 'PAY_AT_VENUE', label: 'Pay at the venue' },
    ]);
    const online = setup('ONLINE');
    expect(online.store.paymentMethodsFor(online.order.id, APP).body).toEqual([{ type: 'CARD', label: 'Card' }]);
  });

  it('another app instance gets 404 on every order operation, and changes nothing', () => {
    const { store, order, tokenFor } = setup();
    const paid = store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken: tokenFor(TEST_CARDS.declined) }, 'k0', APP);
    const chargeId = (paid.body as Charge).id;
    const replies = {
      getOrder: store.getOrder(order.id, OTHER_APP),
      paymentMethodsFor: store.paymentMethodsFor(order.id, OTHER_APP),
      chargesOf: store.chargesOf(order.id, OTHER_APP),
      updateBuyer: store.updateBuyer(order.id, { email: 'eve@example.com' }, OTHER_APP),
      chargeOrder: store.chargeOrder(
        order.id,
        { paymentMethod: 'CARD', cardToken: tokenFor(TEST_CARDS.approved, OTHER_APP) },
        'k1',
        OTHER_APP,
      ),
      getCharge: store.getCharge(chargeId, OTHER_APP),
    };
    for (const [name, reply] of Object.entries(replies)) {
      expect(reply.status, name).toBe(404);
      expect(code(reply), name).toBe(name === 'getCharge' ? 'CHARGE_NOT_FOUND' : 'ORDER_NOT_FOUND');
    }
    expect(store.getOrder(order.id, APP).body).toMatchObject({ status: 'AWAITING_PAYMENT' });
    expect((store.getOrder(order.id, APP).body as Order).buyer).toBeUndefined();
    expect(store.getCharge(chargeId, APP).status).toBe(200);
    expect(store.allCharges()).toHaveLength(1);
  });
});

describe('contact (create contact and update order)', () => {
  it('merges known string fields into the buyer', () => {
    const { store, order } = setup();
    store.updateBuyer(order.id, { name: 'Ada' }, APP);
    const reply = store.updateBuyer(order.id, { email: 'ada@example.com' }, APP);
    expect(reply.status).toBe(200);
    expect((reply.body as Order).buyer).toEqual({ name: 'Ada', email: 'ada@example.com' });
  });

  it.each([
    { name: 'not an object', body: ['ada'], says: 'JSON object' },
    { name: 'an unknown field', body: { role: 'admin' }, says: 'role is not a buyer field' },
    { name: 'a prototype key', body: JSON.parse('{"__proto__": {"x": "1"}}'), says: '__proto__ is not a buyer field' },
    { name: 'a non-string value', body: { email: { nested: true } }, says: 'email must be a string' },
    { name: 'a value over its limit', body: { name: 'a'.repeat(201) }, says: 'name must be at most 200 characters' },
  ])('$name → 400 INVALID_CONTACT naming it, the buyer unchanged', ({ body, says }) => {
    const { store, order } = setup();
    const reply = store.updateBuyer(order.id, body, APP);
    expect(reply.status).toBe(400);
    expect(code(reply)).toBe('INVALID_CONTACT');
    expect((reply.body as { message: string }).message).toContain(says);
    expect((store.getOrder(order.id, APP).body as Order).buyer).toBeUndefined();
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
    const reply = createCheckoutStore(() => NOW).tokenizeCard(card(number, over), APP);
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
    const reply = store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken: tokenFor(number) }, 'k1', APP);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status, orderId: order.id, amount: { amount: 11000, currency: 'EUR' } });
    expect((reply.body as Charge).declineCode).toBe(declineCode);
    expect((store.getOrder(order.id, APP).body as Order).status).toBe(orderStatus);
  });

  it('a repeated Idempotency-Key gets the first charge back, marked replayed, and makes no second charge', () => {
    const { store, order, tokenFor } = setup();
    const body = { paymentMethod: 'CARD', cardToken: tokenFor(TEST_CARDS.approved) };
    const first = store.chargeOrder(order.id, body, 'key-1', APP);
    const again = store.chargeOrder(order.id, body, 'key-1', APP);
    expect(again.body).toEqual(first.body);
    expect(again.headers).toEqual({ 'Idempotent-Replayed': 'true' });
    expect(store.allCharges()).toHaveLength(1);
  });

  it('the same key with another body is refused (422), not replayed', () => {
    const { store, order, tokenFor } = setup();
    store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken: tokenFor(TEST_CARDS.declined) }, 'key-1', APP);
    const reply = store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken: tokenFor(TEST_CARDS.approved) }, 'key-1', APP);
    expect(reply).toMatchObject({ status: 422, body: { details: { applicationError: { code: 'IDEMPOTENCY_KEY_REUSED' } } } });
  });

  it('a paid order refuses a second charge with another key (409 ORDER_ALREADY_PAID)', () => {
    const { store, order, tokenFor } = setup();
    store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken: tokenFor(TEST_CARDS.approved) }, 'key-1', APP);
    const reply = store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken: tokenFor(TEST_CARDS.approved) }, 'key-2', APP);
    expect(reply).toMatchObject({ status: 409, body: { details: { applicationError: { code: 'ORDER_ALREADY_PAID' } } } });
    expect(store.allCharges().filter((c) => c.status === 'APPROVED')).toHaveLength(1);
  });

  it('a decline, then another card with a new key → paid; the order lists both charges', () => {
    const { store, order, tokenFor } = setup();
    store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken: tokenFor(TEST_CARDS.declined) }, 'key-1', APP);
    const paid = store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken: tokenFor(TEST_CARDS.approved) }, 'key-2', APP);
    expect((store.getOrder(order.id, APP).body as Order).chargeId).toBe((paid.body as Charge).id);
    expect((store.chargesOf(order.id, APP).body as Charge[]).map((c) => c.status)).toEqual(['DECLINED', 'APPROVED']);
  });

  it.each([
    { name: 'no Idempotency-Key', key: undefined, body: { paymentMethod: 'CARD' }, code: 'IDEMPOTENCY_KEY_REQUIRED' },
    { name: 'an unknown token', key: 'k', body: { paymentMethod: 'CARD', cardToken: 'tok_x' }, code: 'INVALID_CARD_TOKEN' },
    { name: 'an unknown method', key: 'k', body: { paymentMethod: 'CASH' }, code: 'INVALID_PAYMENT_METHOD' },
  ])('$name → 400 $code', ({ key, body, code }) => {
    const { store, order } = setup();
    expect(store.chargeOrder(order.id, body, key, APP)).toMatchObject({
      status: 400,
      body: { details: { applicationError: { code } } },
    });
    expect(store.allCharges()).toHaveLength(0);
  });

  it('a token is single use', () => {
    const { store, order, tokenFor } = setup();
    const cardToken = tokenFor(TEST_CARDS.declined);
    store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken }, 'key-1', APP);
    expect(store.chargeOrder(order.id, { paymentMethod: 'CARD', cardToken }, 'key-2', APP).status).toBe(400);
  });

  it('pay at the venue: PENDING charge for a VENUE event, refused for an ONLINE one', () => {
    const venue = setup('VENUE');
    expect(venue.store.chargeOrder(venue.order.id, { paymentMethod: 'PAY_AT_VENUE' }, 'k', APP).body).toMatchObject({
      status: 'PENDING',
    });
    expect((venue.store.getOrder(venue.order.id, APP).body as Order).status).toBe('PAY_AT_VENUE');
    const online = setup('ONLINE');
    expect(online.store.chargeOrder(online.order.id, { paymentMethod: 'PAY_AT_VENUE' }, 'k', APP)).toMatchObject({
      status: 400,
      body: { details: { applicationError: { code: 'PAYMENT_METHOD_NOT_AVAILABLE' } } },
    });
  });
});

describe('card tokens: bound to their app instance, expiring', () => {
  const charge = (s: ReturnType<typeof setup>, cardToken: string, key: string, appInstance = APP) =>
    s.store.chargeOrder(s.order.id, { paymentMethod: 'CARD', cardToken }, key, appInstance);

  it("a token made for another app instance is refused (400 INVALID_CARD_TOKEN) on that instance's own order, and stays usable by its maker", () => {
    const s = setup();
    const theirs = s.store.setupOrder(orderRequest(), OTHER_APP).body as Order;
    const cardToken = s.tokenFor(TEST_CARDS.approved, APP);
    const refused = s.store.chargeOrder(theirs.id, { paymentMethod: 'CARD', cardToken }, 'k1', OTHER_APP);
    expect(refused.status).toBe(400);
    expect(code(refused)).toBe('INVALID_CARD_TOKEN');
    expect(s.store.allCharges()).toHaveLength(0);
    expect(charge(s, cardToken, 'k2').body).toMatchObject({ status: 'APPROVED' });
  });

  it.each([
    { name: 'just under 15 minutes', ms: CARD_TOKEN_TTL_MS - 1, status: 201 },
    { name: '15 minutes', ms: CARD_TOKEN_TTL_MS, status: 400 },
  ])('a token unused for $name → $status', ({ ms, status }) => {
    const s = setup();
    const cardToken = s.tokenFor(TEST_CARDS.approved);
    s.advance(ms);
    const reply = charge(s, cardToken, 'k1');
    expect(reply.status).toBe(status);
    if (status === 400) expect(code(reply)).toBe('INVALID_CARD_TOKEN');
  });

  it('a resend of a charge whose token has since expired is still answered from its key (replayed, no second charge)', () => {
    const s = setup();
    const cardToken = s.tokenFor(TEST_CARDS.approved);
    const first = charge(s, cardToken, 'k1');
    s.advance(CARD_TOKEN_TTL_MS + 60_000);
    const again = charge(s, cardToken, 'k1');
    expect(again).toEqual({ ...first, headers: { 'Idempotent-Replayed': 'true' } });
    expect(s.store.allCharges()).toHaveLength(1);
  });
});

describe('idempotency records expire after 24 hours', () => {
  it('within 24 hours a key replays; after, it is forgotten, and the order still refuses a second settling charge (409)', () => {
    const s = setup();
    const body = { paymentMethod: 'CARD', cardToken: s.tokenFor(TEST_CARDS.approved) };
    s.store.chargeOrder(s.order.id, body, 'k1', APP);
    s.advance(IDEMPOTENCY_TTL_MS - 1);
    expect(s.store.chargeOrder(s.order.id, body, 'k1', APP).headers).toEqual({ 'Idempotent-Replayed': 'true' });
    s.advance(1);
    const late = s.store.chargeOrder(s.order.id, body, 'k1', APP);
    expect(late.headers).toBeUndefined();
    expect(code(late)).toBe('ORDER_ALREADY_PAID');
    expect(s.store.allCharges()).toHaveLength(1);
  });

  it('a declined charge’s key, once forgotten, no longer blocks a new charge with it', () => {
    const s = setup();
    const declined = { paymentMethod: 'CARD', cardToken: s.tokenFor(TEST_CARDS.declined) };
    s.store.chargeOrder(s.order.id, declined, 'k1', APP);
    s.advance(IDEMPOTENCY_TTL_MS);
    // A new order: the first one's seat hold ran out long ago. Before the key was forgotten, this was 422 IDEMPOTENCY_KEY_REUSED.
    const later = s.store.setupOrder(orderRequest(), APP).body as Order;
    const approved = { paymentMethod: 'CARD', cardToken: s.tokenFor(TEST_CARDS.approved) };
    expect(s.store.chargeOrder(later.id, approved, 'k1', APP)).toMatchObject({ status: 201, body: { status: 'APPROVED' } });
  });

  it('keys are per app instance: the same key from another one is not a replay of the first', () => {
    const s = setup();
    const theirs = s.store.setupOrder(orderRequest(), OTHER_APP).body as Order;
    s.store.chargeOrder(s.order.id, { paymentMethod: 'CARD', cardToken: s.tokenFor(TEST_CARDS.approved) }, 'shared-key', APP);
    const other = s.store.chargeOrder(
      theirs.id,
      { paymentMethod: 'CARD', cardToken: s.tokenFor(TEST_CARDS.approved, OTHER_APP) },
      'shared-key',
      OTHER_APP,
    );
    expect(other).toMatchObject({ status: 201, body: { orderId: theirs.id, status: 'APPROVED' } });
  });
});
