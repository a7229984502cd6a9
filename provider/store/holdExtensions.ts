import type { Order } from '../../shared';
import type { IdempotencyRecords } from './idempotencyRecords';
import type { HoldState } from './seatHolds';
import { fail, type StoreReply } from './storeReply';

/** Why an order's hold cannot be extended: `details.reason` of 409 HOLD_NOT_EXTENDABLE. */
export type HoldNotExtendableReason = 'NO_EXTENSIONS_LEFT' | 'HOLD_EXPIRED' | 'ORDER_SETTLED';

/** What an extension reads and moves of an order: the checkout store's `Order`, or the mock mode's. */
export type ExtendableOrder = Pick<Order, 'id' | 'chargeId' | 'holdExpiresAt' | 'holdExtensions'> & { status: string };

/** What {@link createHoldExtensions} reads of the checkout store (or of the mock mode's orders). */
export interface HoldExtensionSources<O extends ExtendableOrder = Order> {
  /** The order `orderId` when `appInstance` made it; otherwise undefined. */
  ownOrder: (orderId: string, appInstance: string) => O | undefined;
  /** The 404 ORDER_NOT_FOUND reply for `orderId`. */
  orderNotFound: (orderId: string) => StoreReply;
  /** Where `order`'s hold stands now (seatHolds.ts). */
  holdStateOf: (order: O) => HoldState;
  /** The store's Idempotency-Keys (per app instance, shared with the charges). */
  idempotency: IdempotencyRecords;
  /** Hears each extension made (the store moves its hold timer). */
  onExtended: (order: O) => void;
}

/**
 * The seat hold extensions of the checkout store (issue 37): `POST orders/{orderId}/hold-extensions`.
 * Each extension adds the order's `holdExtensions.seconds` to its current `holdExpiresAt` (not to
 * now: the buyer gets every second they were promised, whenever they ask) and uses one of its
 * `holdExtensions.remaining`. The mock mode serves the same answers over its own orders.
 */
export function createHoldExtensions<O extends ExtendableOrder = Order>(sources: HoldExtensionSources<O>) {
  const notExtendable = (order: O, reason: HoldNotExtendableReason, why: string) =>
    fail(409, 'HOLD_NOT_EXTENDABLE', `Order ${order.id}'s seat hold cannot be extended: ${why}`, { orderId: order.id, reason });

  /**
   * Extends the hold of `orderId` for `appInstance`, once per call:
   * - 200 with the order (its new `holdExpiresAt`, one fewer `holdExtensions.remaining`);
   * - 404 ORDER_NOT_FOUND (also another app instance's order);
   * - 409 HOLD_NOT_EXTENDABLE (`details.orderId`, `details.reason`): `ORDER_SETTLED` when the order
   *   is paid (or to be paid at the venue), `HOLD_EXPIRED` once `holdExpiresAt` has passed (even
   *   while a payment under way keeps the seats: the grace limit is not extended), `NO_EXTENSIONS_LEFT`
   *   when its policy has none left;
   * - `idempotencyKey` (optional, 1–255 characters, else 400 INVALID_IDEMPOTENCY_KEY): a key used
   *   before for this order's extension answers that first 200 with the order as it is now
   *   (`Idempotent-Replayed: true`) and extends nothing; a key used for another request is 422
   *   IDEMPOTENCY_KEY_REUSED. Only 200 replies are remembered. Without a key every call extends.
   */
  function extend(orderId: string, appInstance: string, idempotencyKey?: string): StoreReply {
    if (idempotencyKey !== undefined && (idempotencyKey.length === 0 || idempotencyKey.length > 255)) {
      return fail(400, 'INVALID_IDEMPOTENCY_KEY', 'An Idempotency-Key header must be 1–255 characters.');
    }
    const fingerprint = JSON.stringify(['hold-extensions', orderId]);
    const previous = idempotencyKey === undefined ? undefined : sources.idempotency.get(appInstance, idempotencyKey);
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        return fail(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with another request.');
      }
      return { ...previous.reply, headers: { 'Idempotent-Replayed': 'true' } };
    }
    const order = sources.ownOrder(orderId, appInstance);
    if (!order) return sources.orderNotFound(orderId);
    if (order.status !== 'AWAITING_PAYMENT') {
      return notExtendable(order, 'ORDER_SETTLED', `it is settled by charge ${order.chargeId}.`);
    }
    if (order.holdExpiresAt === undefined || sources.holdStateOf(order) !== 'HELD') {
      return notExtendable(order, 'HOLD_EXPIRED', `the hold ended at ${order.holdExpiresAt}.`);
    }
    const policy = order.holdExtensions;
    if (!policy || policy.remaining < 1) {
      return notExtendable(order, 'NO_EXTENSIONS_LEFT', `all ${policy?.count ?? 0} extensions are used.`);
    }
    policy.remaining -= 1;
    order.holdExpiresAt = new Date(Date.parse(order.holdExpiresAt) + policy.seconds * 1000).toISOString();
    sources.onExtended(order);
    const reply: StoreReply<O> = { status: 200, body: order };
    if (idempotencyKey !== undefined) sources.idempotency.set(appInstance, idempotencyKey, { fingerprint, reply });
    return reply;
  }

  return { extend };
}
