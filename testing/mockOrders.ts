import { type HttpHandler, http } from 'msw';
import { createHoldExtensions, createIdempotencyRecords, fail, type SeatHolds } from '../provider/store';
import { LOCAL_METHOD_LABELS, localMethodsFor } from '../shared/localMethods';
import {
  describeHoldExtensionsProblem,
  holdExpiresAt,
  isBuyerCountry,
  isHoldSeconds,
  priceOrderSetup,
} from '../shared/orderSetup';
import { ProviderPaths } from '../shared/paths';
import type { HoldExtensionPolicy, PaymentMethod } from '../shared/providerShapes';
import type { MockHttp } from './mockHttp';
import type { MockOrder, MockOrderInput } from './mockProviderTypes';

/** What {@link createMockOrders} needs. */
export interface MockOrdersOptions {
  /** The HTTP helpers ({@link MockHttp}). */
  http: MockHttp;
  /** The default seat hold, in seconds (the checked `holdSeconds` option). */
  holdSeconds: number;
  /** The default hold extensions (the checked `holdExtensions` option). */
  holdExtensions: HoldExtensionPolicy;
  /** The seat holds (the reference provider's, provider/store/seatHolds.ts): where each order's hold stands. */
  holds: SeatHolds;
  /** The mock's clock. */
  now: () => Date;
  /** A new id with this prefix (`ord` → `ord_mock_1`). */
  nextId: (prefix: string) => string;
  /** Whether every order offers PayPal (the checked `payPal` option). */
  payPal: boolean;
  /** Whether orders offer the local methods of their currency and buyer's country (the `localPayments` option). */
  localPayments: boolean;
  /** Makes the changes due by now (a pending local payment settling pays its order) before an order is read. */
  sweep: () => void;
}

/**
 * The mock provider's orders: `createOrder` (a site's server's order setup), the order setup
 * route (priced as the reference provider, shared/orderSetup.ts), order by id and payment methods
 * by order (CARD, PAYPAL with the `payPal` option, and with `localPayments` the local methods of the
 * order's currency and buyer's `country`, shared/localMethods.ts). Every order holds its seats until `holdExpiresAt` (its `holdSeconds`, else the default).
 * Seat hold extensions (issue 37): every order carries `holdExtensions` (order setup's, else the
 * default) and `POST orders/{orderId}/hold-extensions` answers as the reference provider, with its
 * own logic (provider/store/holdExtensions.ts): 200 with the order, its `holdExpiresAt` moved by
 * `seconds`; 404 ORDER_NOT_FOUND; 409 HOLD_NOT_EXTENDABLE (`details.reason` `NO_EXTENSIONS_LEFT`,
 * `HOLD_EXPIRED`, `ORDER_SETTLED`); an optional Idempotency-Key so a resend extends once.
 */
export function createMockOrders(options: MockOrdersOptions) {
  const { http: h, holdSeconds: defaultHold, holdExtensions: defaultExtensions, holds, now, nextId, payPal, sweep } = options;
  const orders = new Map<string, MockOrder>();
  const idempotency = createIdempotencyRecords(now);
  const extensions = createHoldExtensions<MockOrder>({
    ownOrder: (orderId) => orders.get(orderId),
    orderNotFound: (orderId) => fail(404, 'ORDER_NOT_FOUND', `No order ${orderId}.`),
    holdStateOf: (order) => holds.stateOf(order),
    idempotency,
    onExtended: () => {},
  });
  /** Order id → the event name the challenge page shows as the merchant (order setup's). */
  const merchants = new Map<string, string>();

  const createOrder = (total: MockOrderInput = {}): string => {
    const amount = total.amount ?? 2500;
    const currency = total.currency ?? 'EUR';
    const holdSeconds = total.holdSeconds ?? defaultHold;
    const extensionsProblem =
      total.holdExtensions === undefined ? undefined : describeHoldExtensionsProblem(total.holdExtensions);
    if (!Number.isInteger(amount) || amount < 0)
      throw new TypeError(`createOrder: amount must be a whole number ≥ 0 (minor units), got ${String(amount)}.`);
    if (typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency))
      throw new TypeError(`createOrder: currency must be an ISO 4217 code, got ${String(currency)}.`);
    if (total.country !== undefined && !isBuyerCountry(total.country))
      throw new TypeError(
        `createOrder: country must be an ISO 3166-1 alpha-2 code in upper case (e.g. "NL"), got ${String(total.country)}.`,
      );
    if (!isHoldSeconds(holdSeconds))
      throw new TypeError(`createOrder: holdSeconds must be a whole number from 1 to 3600, got ${String(holdSeconds)}.`);
    if (extensionsProblem) throw new TypeError(`createOrder: ${extensionsProblem}`);
    const id = nextId('ord');
    const hold = holdExpiresAt(now(), holdSeconds);
    const { count, seconds } = total.holdExtensions ?? defaultExtensions;
    orders.set(id, {
      id,
      status: 'AWAITING_PAYMENT',
      total: { amount, currency: currency.toUpperCase() },
      ...(total.country === undefined ? {} : { country: total.country }),
      holdExpiresAt: hold,
      holdExtensions: { count, seconds, remaining: count },
    });
    return id;
  };
  /**
   * The local methods `order` offers: with `localPayments`, those of its currency and buyer's
   * country (the reference provider's table); none without.
   */
  const localMethodsOf = (order: MockOrder | undefined) =>
    options.localPayments && order ? localMethodsFor(order.total.currency, order.country) : [];
  /** Payment methods by order: CARD, PAYPAL when offered, then the order's local methods (as the reference provider lists them). */
  const methodsOf = (orderId?: string): PaymentMethod[] => [
    { type: 'CARD', label: 'Card' },
    ...(payPal ? [{ type: 'PAYPAL' as const, label: 'PayPal' }] : []),
    ...localMethodsOf(orderId === undefined ? undefined : orders.get(orderId)).map((type) => ({
      type,
      label: LOCAL_METHOD_LABELS[type],
    })),
  ];
  const orderNotFound = (request: Request, id: string) => h.fail(request, 404, 'ORDER_NOT_FOUND', `No order ${id}.`);

  const handlers: HttpHandler[] = [
    // As the reference provider: ids and quantities in, priced from the event's ticket types (shared/orderSetup.ts).
    http.post(h.url(ProviderPaths.orderSetup), async ({ request }) => {
      const stop = await h.gate(request);
      if (stop) return stop;
      const priced = priceOrderSetup(await request.json().catch(() => undefined));
      if ('problem' in priced) return h.fail(request, 400, 'INVALID_ORDER', priced.problem);
      const id = createOrder({
        ...priced.total,
        ...(priced.country ? { country: priced.country } : {}),
        ...(priced.holdSeconds ? { holdSeconds: priced.holdSeconds } : {}),
        ...(priced.holdExtensions ? { holdExtensions: priced.holdExtensions } : {}),
      });
      const order = orders.get(id) as MockOrder;
      order.lines = priced.lines;
      merchants.set(id, priced.event.name);
      return h.reply(request, order, 201);
    }),
    http.get(h.param(ProviderPaths.order, 'orderId'), async ({ request, params }) => {
      const stop = await h.gate(request);
      if (stop) return stop;
      sweep();
      const order = orders.get(String(params.orderId));
      return order ? h.reply(request, order) : orderNotFound(request, String(params.orderId));
    }),
    http.post(h.param(ProviderPaths.holdExtensions, 'orderId'), async ({ request, params }) => {
      const stop = await h.gate(request);
      if (stop) return stop;
      sweep();
      const key = request.headers.get('idempotency-key') ?? undefined;
      const reply = extensions.extend(String(params.orderId), request.headers.get('authorization') ?? '', key);
      return h.reply(request, reply.body, reply.status, reply.headers);
    }),
    http.get(h.param(ProviderPaths.paymentMethodsByOrder, 'orderId'), async ({ request, params }) => {
      const stop = await h.gate(request);
      if (stop) return stop;
      if (!orders.has(String(params.orderId))) return orderNotFound(request, String(params.orderId));
      return h.reply(request, methodsOf(String(params.orderId)));
    }),
  ];

  return {
    handlers,
    createOrder,
    orderNotFound,
    methodsOf,
    localMethodsOf,
    /** The order itself (not a copy), or undefined. */
    get: (orderId: string) => orders.get(orderId),
    /** The event name order setup gave `orderId`, or `'Mock merchant'` (`createOrder`). */
    merchantOf: (orderId: string) => merchants.get(orderId) ?? 'Mock merchant',
    /** Forgets every order. */
    clear(): void {
      orders.clear();
      merchants.clear();
      idempotency.clear();
    },
  };
}
