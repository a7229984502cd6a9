import type { Order } from '../../shared';

/**
 * Where an order's seat hold stands at an instant (issue 37):
 * - `HELD`: before `holdExpiresAt`; the order takes payments and hold extensions;
 * - `KEPT`: past `holdExpiresAt`, but a payment started while the seats were still the buyer's is
 *   under way, and the grace limit (`holdExpiresAt` + grace) has not passed: the seats stay the
 *   buyer's, payments are taken, extensions are not;
 * - `ENDED`: the seats went back on sale, for good: nothing is charged any more, and an approval
 *   that still comes in is refunded (`REFUNDED_HOLD_EXPIRED`).
 */
export type HoldState = 'HELD' | 'KEPT' | 'ENDED';

/**
 * The id of an order's wallet payment under way (Google Pay start, Apple Pay merchant validation
 * with `orderId`: wallets.ts): one per order, ended when a charge of the order settles.
 */
export const WALLET_SHEET_PAYMENT = 'wallet_sheet';

/**
 * The payments under way that keep the checkout store's seat holds past `holdExpiresAt`, and when
 * each hold ended for good. A payment (a charge request, an open 3-D Secure charge, a PayPal
 * checkout, a wallet sheet) is known by an id of the caller's choosing, unique per order.
 * `now` is the store's clock; `graceMs()` the grace limit in milliseconds, read at every question
 * (the control routes may change it).
 */
export function createSeatHolds(now: () => Date, graceMs: () => number) {
  /**
   * Order id → its payments under way (id → when it started, ms). Once a hold is `ENDED` it stays
   * so: past `holdExpiresAt` with none under way, and a payment cannot start then.
   */
  const holds = new Map<string, Map<string, number>>();

  /** The hold of `order` at `at` (default now); an order without `holdExpiresAt` is always `HELD`. */
  function stateOf(order: Pick<Order, 'id' | 'holdExpiresAt'>, at: Date = now()): HoldState {
    if (order.holdExpiresAt === undefined) return 'HELD';
    const t = at.getTime();
    const end = Date.parse(order.holdExpiresAt);
    if (t < end) return 'HELD';
    if (t >= end + graceMs()) return 'ENDED';
    return (holds.get(order.id)?.size ?? 0) > 0 ? 'KEPT' : 'ENDED';
  }

  return {
    stateOf,
    /** When the grace limit of `order`'s hold ends (ms since the epoch): `holdExpiresAt` + grace; undefined without a hold. */
    graceEndOf: (order: Pick<Order, 'holdExpiresAt'>): number | undefined =>
      order.holdExpiresAt === undefined ? undefined : Date.parse(order.holdExpiresAt) + graceMs(),
    /**
     * A payment `paymentId` of `order` started at `at` (default now): it keeps the hold while it is
     * under way, if the hold had not ended at `at`. Returns whether it counts (false: the hold had ended).
     */
    started(order: Pick<Order, 'id' | 'holdExpiresAt'>, paymentId: string, at: Date = now()): boolean {
      if (stateOf(order, at) === 'ENDED') return false;
      const payments = holds.get(order.id) ?? new Map<string, number>();
      payments.set(paymentId, at.getTime());
      holds.set(order.id, payments);
      return true;
    },
    /**
     * Payment `paymentId` of `order` settled or was given up: it keeps the hold no more. When it was
     * the last one under way and `holdExpiresAt` has passed, the hold has ended for good. A payment
     * not under way is ignored.
     */
    ended(order: Pick<Order, 'id'>, paymentId: string): void {
      const payments = holds.get(order.id);
      payments?.delete(paymentId);
      if (payments?.size === 0) holds.delete(order.id);
    },
    /** Forgets every hold. */
    clear: (): void => holds.clear(),
  };
}

/** The seat holds of one checkout store. */
export type SeatHolds = ReturnType<typeof createSeatHolds>;
