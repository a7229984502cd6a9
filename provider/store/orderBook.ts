import { randomUUID } from 'node:crypto';
import { type HoldExtensionPolicy, LocationType, type Order, type PaymentMethod } from '../../shared';
import { LOCAL_METHOD_LABELS, localMethodsFor } from '../../shared/localMethods';
import {
  DEFAULT_HOLD_SECONDS,
  describeBuyerProblem,
  holdExpiresAt,
  orderCountry,
  priceOrderSetup,
} from '../../shared/orderSetup';
import type { CheckoutStoreOptions } from './checkoutStoreOptions';
import { fail, type StoreReply } from './storeReply';

/**
 * The checkout store's orders (checkoutStore.ts): order setup, order by id, the payment methods
 * by order and the buyer's details. Every order belongs to the app instance that made it; another
 * one gets 404 ORDER_NOT_FOUND. `now` is the store's clock; `holdExtensions()` the extension policy
 * of an order whose setup names none (issue 37).
 */
export function createOrderBook(now: () => Date, options: CheckoutStoreOptions, holdExtensions: () => HoldExtensionPolicy) {
  /** Order id → the order and the app instance that made it. */
  const orders = new Map<string, { order: Order; appInstance: string }>();

  /** The order `orderId` when `appInstance` made it; otherwise undefined (the caller answers 404). */
  const ownOrder = (orderId: string, appInstance: string): Order | undefined => {
    const held = orders.get(orderId);
    return held && held.appInstance === appInstance ? held.order : undefined;
  };
  /** The 404 ORDER_NOT_FOUND reply for `orderId`. */
  const orderNotFound = (orderId: string) => fail(404, 'ORDER_NOT_FOUND', `No order ${orderId}.`);

  /**
   * Order setup for `appInstance` ({@link OrderSetupRequest}): 201 with the order
   * (AWAITING_PAYMENT, lines priced from the event's ticket types, total in its currency,
   * `holdExpiresAt` now + the hold, `holdExtensions` the body's policy or the default with all of
   * them `remaining`); 400 INVALID_ORDER naming the bad field (unknown event or ticket type, a
   * quantity over the type's limit, a price or other unknown field, bad buyer details, a
   * `holdSeconds` that is not a whole number from 1 to 3600, a `holdExtensions` that is not `{ count:
   * 0–10, seconds: 1–3600 }`, a `country` that is not an upper-case alpha-2 code). The buyer's
   * `country` is kept on the order (it decides the local methods offered; `PL` is priced in PLN).
   */
  function setupOrder(body: unknown, appInstance: string): StoreReply {
    const priced = priceOrderSetup(body);
    if ('problem' in priced) return fail(400, 'INVALID_ORDER', priced.problem);
    const { id, name, startsAt, locationType, recurrenceStatus, venue } = priced.event;
    // One instant for both: the hold is exactly its seconds after the order was made.
    const madeAt = now();
    const order: Order & { country?: string } = {
      id: `ord_${randomUUID()}`,
      status: 'AWAITING_PAYMENT',
      event: { id, name, startsAt, locationType, recurrenceStatus, ...(venue === undefined ? {} : { venue }) },
      lines: priced.lines,
      total: priced.total,
      ...(priced.buyer ? { buyer: { ...priced.buyer } } : {}),
      ...(priced.country === undefined ? {} : { country: priced.country }),
      createdAt: madeAt.toISOString(),
      holdExpiresAt: holdExpiresAt(madeAt, priced.holdSeconds ?? options.holdSeconds ?? DEFAULT_HOLD_SECONDS),
    };
    const { count, seconds } = priced.holdExtensions ?? holdExtensions();
    order.holdExtensions = { count, seconds, remaining: count };
    orders.set(order.id, { order, appInstance });
    return { status: 201, body: order };
  }

  /** Order by id: 200 with the order; 404 ORDER_NOT_FOUND (also when another app instance made it). */
  function getOrder(orderId: string, appInstance: string): StoreReply {
    const order = ownOrder(orderId, appInstance);
    return order ? { status: 200, body: order } : orderNotFound(orderId);
  }

  /**
   * Payment methods by order: CARD, plus PAY_AT_VENUE for a VENUE event, plus PAYPAL when the
   * order's app instance takes it ({@link CheckoutStoreOptions.offersPayPal}), plus the local
   * methods of the order's currency and buyer's country (shared/localMethods.ts `localMethodsFor`;
   * none without a country); 404 ORDER_NOT_FOUND.
   */
  function paymentMethodsFor(orderId: string, appInstance: string): StoreReply {
    const order = ownOrder(orderId, appInstance);
    if (!order) return orderNotFound(orderId);
    const methods: PaymentMethod[] = [{ type: 'CARD', label: 'Card' }];
    if (order.event.locationType === LocationType.VENUE) methods.push({ type: 'PAY_AT_VENUE', label: 'Pay at the venue' });
    if (options.offersPayPal?.(appInstance)) methods.push({ type: 'PAYPAL', label: 'PayPal' });
    for (const type of localMethodsFor(order.total.currency, orderCountry(order)))
      methods.push({ type, label: LOCAL_METHOD_LABELS[type] });
    return { status: 200, body: methods };
  }

  /**
   * Create contact and update order: merges the buyer's details into the order's. 200 with the
   * order; 404 ORDER_NOT_FOUND; 400 INVALID_CONTACT naming a field that is not a known buyer
   * field, not a string, or too long (shared/orderSetup.ts `BUYER_FIELD_MAX_LENGTHS`).
   */
  function updateBuyer(orderId: string, body: unknown, appInstance: string): StoreReply {
    const order = ownOrder(orderId, appInstance);
    if (!order) return orderNotFound(orderId);
    const problem = describeBuyerProblem(body);
    if (problem) return fail(400, 'INVALID_CONTACT', problem);
    order.buyer = { ...order.buyer, ...(body as Order['buyer']) };
    return { status: 200, body: order };
  }

  return {
    ownOrder,
    orderNotFound,
    /** The app instance that made order `orderId`, or undefined when there is no such order. */
    ownerOf: (orderId: string): string | undefined => orders.get(orderId)?.appInstance,
    setupOrder,
    getOrder,
    paymentMethodsFor,
    updateBuyer,
    /** Forgets every order. */
    clear: () => orders.clear(),
  };
}
