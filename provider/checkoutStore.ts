import { randomUUID } from 'node:crypto';
import {
  type CardToken,
  type Charge,
  type ChargeRequest,
  cardDigits,
  EventRecurrenceStatus,
  isExpiryInFuture,
  isValidCardNumber,
  LocationType,
  type Order,
  type OrderSetupRequest,
  type PaymentMethod,
  securityCodeLength,
} from '../shared';

/**
 * The reference provider's in-memory checkout: orders, card tokens and charges (DESIGN "Reference
 * provider and bundle"). Every operation returns an HTTP status and a JSON body, so the routes are
 * thin and this logic is tested without a server. Exactly once: a charge needs an idempotency key,
 * a repeated key gets the first charge back, and an order has at most one settling charge.
 */

/** A reply: HTTP status, JSON body, extra headers. */
export interface StoreReply<T = unknown> {
  status: number;
  body: T;
  headers?: Record<string, string>;
}

/** The provider's test cards (README "Test cards"); any other valid number is approved. */
export const TEST_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

const DECLINES: Record<string, string> = {
  [TEST_CARDS.declined]: 'card_declined',
  [TEST_CARDS.insufficientFunds]: 'insufficient_funds',
};

/** The provider's application error body (DESIGN "Widget settings call"). */
export function applicationError(code: string, description: string) {
  return { message: description, details: { applicationError: { code, description } } };
}

const fail = (status: number, code: string, description: string): StoreReply => ({
  status,
  body: applicationError(code, description),
});

interface StoredToken extends CardToken {
  used: boolean;
  declineCode?: string;
}

/** Creates an empty checkout store. `now` is injectable for expiry checks in tests. */
export function createCheckoutStore(now: () => Date = () => new Date()) {
  const orders = new Map<string, Order>();
  const tokens = new Map<string, StoredToken>();
  const charges = new Map<string, Charge>();
  /** Idempotency-Key → the request it was first used with and the reply it got. */
  const idempotency = new Map<string, { fingerprint: string; reply: StoreReply<Charge> }>();

  /** Order setup: 201 with the order (AWAITING_PAYMENT, total from the lines); 400 INVALID_ORDER naming the bad field. */
  function setupOrder(body: unknown): StoreReply {
    const problem = describeOrderProblem(body);
    if (problem) return fail(400, 'INVALID_ORDER', problem);
    const request = body as OrderSetupRequest;
    const amount = request.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
    const order: Order = {
      id: `ord_${randomUUID()}`,
      status: 'AWAITING_PAYMENT',
      event: request.event,
      lines: request.lines.map(({ name, unitPrice, quantity }) => ({ name, unitPrice, quantity })),
      total: { amount, currency: request.currency.toUpperCase() },
      ...(request.buyer ? { buyer: request.buyer } : {}),
      createdAt: now().toISOString(),
    };
    orders.set(order.id, order);
    return { status: 201, body: order };
  }

  /** Order by id: 200 with the order; 404 ORDER_NOT_FOUND. */
  function getOrder(orderId: string): StoreReply {
    const order = orders.get(orderId);
    return order ? { status: 200, body: order } : fail(404, 'ORDER_NOT_FOUND', `No order ${orderId}.`);
  }

  /** Payment methods by order: CARD, plus PAY_AT_VENUE for a VENUE event; 404 ORDER_NOT_FOUND. */
  function paymentMethodsFor(orderId: string): StoreReply {
    const order = orders.get(orderId);
    if (!order) return fail(404, 'ORDER_NOT_FOUND', `No order ${orderId}.`);
    const methods: PaymentMethod[] = [{ type: 'CARD', label: 'Card' }];
    if (order.event.locationType === LocationType.VENUE) methods.push({ type: 'PAY_AT_VENUE', label: 'Pay at the venue' });
    return { status: 200, body: methods };
  }

  /**
   * Card tokenization: 201 with a single-use token; 400 INVALID_CARD (no holder name),
   * INVALID_CARD_NUMBER (not 13–19 digits passing Luhn), CARD_EXPIRED (month ended), INVALID_CVC
   * (3 digits, 4 for Amex). A {@link TEST_CARDS} decline number tokenizes and declines at charge.
   */
  function tokenizeCard(body: unknown): StoreReply {
    if (typeof body !== 'object' || body === null) return fail(400, 'INVALID_CARD', 'Expected a JSON object.');
    const card = body as Record<string, unknown>;
    const number = typeof card.number === 'string' ? cardDigits(card.number) : '';
    if (typeof card.holderName !== 'string' || card.holderName.trim() === '') {
      return fail(400, 'INVALID_CARD', 'holderName is required.');
    }
    if (!isValidCardNumber(number)) return fail(400, 'INVALID_CARD_NUMBER', 'number must be 13–19 digits passing Luhn.');
    if (
      typeof card.expMonth !== 'number' ||
      typeof card.expYear !== 'number' ||
      !isExpiryInFuture(card.expMonth, card.expYear, now())
    ) {
      return fail(400, 'CARD_EXPIRED', 'expMonth/expYear must be a month that has not ended.');
    }
    const cvcLength = securityCodeLength(number);
    if (typeof card.cvc !== 'string' || !new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
      return fail(400, 'INVALID_CVC', `cvc must be ${cvcLength} digits.`);
    }
    const token: StoredToken = {
      token: `tok_${randomUUID()}`,
      brand: number.startsWith('4') ? 'visa' : number.startsWith('3') ? 'amex' : number.startsWith('5') ? 'mastercard' : 'card',
      last4: number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
      used: false,
      ...(DECLINES[number] ? { declineCode: DECLINES[number] } : {}),
    };
    tokens.set(token.token, token);
    const { used: _used, declineCode: _declineCode, ...publicToken } = token;
    return { status: 201, body: publicToken };
  }

  /**
   * Charge an order, exactly once:
   * - 400 IDEMPOTENCY_KEY_REQUIRED without a key of 1–255 characters;
   * - a key seen before with the same order and body replays its first 201 reply (header
   *   `Idempotent-Replayed: true`), with another body 422 IDEMPOTENCY_KEY_REUSED;
   * - 404 ORDER_NOT_FOUND; 409 ORDER_ALREADY_PAID once an order has a settling charge (APPROVED, or
   *   PENDING for pay at the venue): at most one per order;
   * - CARD needs an unused token (400 INVALID_CARD_TOKEN): APPROVED, or DECLINED with the test
   *   card's decline code (the order stays payable); PAY_AT_VENUE only for VENUE events (400
   *   PAYMENT_METHOD_NOT_AVAILABLE) → PENDING; anything else 400 INVALID_PAYMENT_METHOD.
   * Only 201 replies are remembered under the key.
   */
  function chargeOrder(orderId: string, body: unknown, idempotencyKey: string | undefined): StoreReply {
    if (!idempotencyKey || idempotencyKey.length > 255) {
      return fail(400, 'IDEMPOTENCY_KEY_REQUIRED', 'A charge needs an Idempotency-Key header of 1–255 characters.');
    }
    const fingerprint = JSON.stringify([orderId, body]);
    const previous = idempotency.get(idempotencyKey);
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        return fail(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with another request.');
      }
      return { ...previous.reply, headers: { 'Idempotent-Replayed': 'true' } };
    }
    const order = orders.get(orderId);
    if (!order) return fail(404, 'ORDER_NOT_FOUND', `No order ${orderId}.`);
    if (order.status !== 'AWAITING_PAYMENT') {
      return fail(409, 'ORDER_ALREADY_PAID', `Order ${orderId} is already settled by charge ${order.chargeId}.`);
    }
    const request = (typeof body === 'object' && body !== null ? body : {}) as Partial<ChargeRequest>;
    let charge: Charge;
    const base = { id: `ch_${randomUUID()}`, orderId, amount: order.total, createdAt: now().toISOString() };
    if (request.paymentMethod === 'PAY_AT_VENUE') {
      if (order.event.locationType !== LocationType.VENUE) {
        return fail(400, 'PAYMENT_METHOD_NOT_AVAILABLE', 'Pay at the venue is only offered for VENUE events.');
      }
      charge = { ...base, status: 'PENDING', paymentMethod: 'PAY_AT_VENUE' };
    } else if (request.paymentMethod === 'CARD') {
      const token = typeof request.cardToken === 'string' ? tokens.get(request.cardToken) : undefined;
      if (!token || token.used) return fail(400, 'INVALID_CARD_TOKEN', 'cardToken is unknown or was used already.');
      token.used = true;
      charge = token.declineCode
        ? { ...base, status: 'DECLINED', paymentMethod: 'CARD', declineCode: token.declineCode }
        : { ...base, status: 'APPROVED', paymentMethod: 'CARD' };
    } else {
      return fail(400, 'INVALID_PAYMENT_METHOD', 'paymentMethod must be CARD or PAY_AT_VENUE.');
    }
    charges.set(charge.id, charge);
    if (charge.status !== 'DECLINED') {
      order.status = charge.status === 'APPROVED' ? 'PAID' : 'PAY_AT_VENUE';
      order.chargeId = charge.id;
    }
    const reply: StoreReply<Charge> = { status: 201, body: charge };
    idempotency.set(idempotencyKey, { fingerprint, reply });
    return reply;
  }

  /** Create contact and update order: the buyer's form values, kept on the order. */
  function updateBuyer(orderId: string, body: unknown): StoreReply {
    const order = orders.get(orderId);
    if (!order) return fail(404, 'ORDER_NOT_FOUND', `No order ${orderId}.`);
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return fail(400, 'INVALID_CONTACT', 'Expected a JSON object.');
    order.buyer = { ...order.buyer, ...(body as Record<string, unknown>) };
    return { status: 200, body: order };
  }

  /** Charges by order, declines included, oldest first; 404 ORDER_NOT_FOUND. */
  function chargesOf(orderId: string): StoreReply {
    if (!orders.has(orderId)) return fail(404, 'ORDER_NOT_FOUND', `No order ${orderId}.`);
    return { status: 200, body: [...charges.values()].filter((c) => c.orderId === orderId) };
  }

  /** Charge by id: 200 with the charge; 404 CHARGE_NOT_FOUND. */
  function getCharge(chargeId: string): StoreReply {
    const charge = charges.get(chargeId);
    return charge ? { status: 200, body: charge } : fail(404, 'CHARGE_NOT_FOUND', `No charge ${chargeId}.`);
  }

  return {
    setupOrder,
    getOrder,
    paymentMethodsFor,
    tokenizeCard,
    chargeOrder,
    updateBuyer,
    chargesOf,
    getCharge,
    /** Every charge made, in order (tests count them). */
    allCharges: (): Charge[] => [...charges.values()],
    /** Forgets every order, token, charge and idempotency key (tests' `/__control/reset`). */
    reset(): void {
      orders.clear();
      tokens.clear();
      charges.clear();
      idempotency.clear();
    },
  };
}

/** The checkout store's operations. */
export type CheckoutStore = ReturnType<typeof createCheckoutStore>;

/** What is wrong with an order setup body, or undefined when nothing is. */
function describeOrderProblem(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return 'Expected a JSON object.';
  const { event, lines, currency } = body as Record<string, unknown>;
  if (typeof event !== 'object' || event === null) return 'event is required.';
  const e = event as Record<string, unknown>;
  if (typeof e.name !== 'string' || e.name.trim() === '') return 'event.name is required.';
  if (typeof e.startsAt !== 'string' || Number.isNaN(Date.parse(e.startsAt))) return 'event.startsAt must be an ISO date-time.';
  if (!Object.values(LocationType).includes(e.locationType as LocationType)) {
    return `event.locationType must be one of ${Object.values(LocationType).join(', ')}.`;
  }
  if (!Object.values(EventRecurrenceStatus).includes(e.recurrenceStatus as EventRecurrenceStatus)) {
    return `event.recurrenceStatus must be one of ${Object.values(EventRecurrenceStatus).join(', ')}.`;
  }
  if (typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency)) return 'currency must be an ISO 4217 code.';
  if (!Array.isArray(lines) || lines.length === 0) return 'lines must list at least one ticket.';
  for (const [i, line] of lines.entries()) {
    const l = line as Record<string, unknown>;
    if (typeof l?.name !== 'string' || !Number.isInteger(l.unitPrice) || (l.unitPrice as number) < 0) {
      return `lines[${i}] needs a name and a whole unitPrice in minor units.`;
    }
    if (!Number.isInteger(l.quantity) || (l.quantity as number) < 1) return `lines[${i}].quantity must be 1 or more.`;
  }
  return undefined;
}
