import type { Charge, Order } from '../../shared';
import type { ServerOrder, WebhookEventType } from '../../shared/webhooks';
import type { HoldState } from './seatHolds';
import { fail, type StoreReply } from './storeReply';

/** What the checkout store tells the provider happened (the webhooks' events, DESIGN "Webhooks"). */
export type OrderEventListener = (
  appInstance: string,
  type: WebhookEventType,
  data: { order: ServerOrder; charge?: Charge },
) => void;

/** What {@link createOrderEvents} reads of the checkout store. */
interface OrderEventSources {
  now: () => Date;
  /** Hears every event; undefined: no one listens, and no hold timer is set. */
  onEvent: OrderEventListener | undefined;
  ownerOf: (orderId: string) => string | undefined;
  orderOf: (orderId: string) => Order | undefined;
  /** All charges of `orderId`, oldest first. */
  chargesOf: (orderId: string) => Charge[];
  chargeOf: (chargeId: string) => Charge | undefined;
  /** Where `order`'s seat hold stands now (seatHolds.ts: a payment under way keeps it up to the grace limit). */
  holdStateOf: (order: Order) => HoldState;
  /** When `order`'s grace limit ends, in ms since the epoch (seatHolds.ts). */
  graceEndOf: (order: Order) => number | undefined;
}

/**
 * The checkout store's events for the site's server (webhooks), its order reads with charges
 * (the server API) and its refunds:
 * - a charge settling: APPROVED → `order.paid`, PENDING at the venue →
 *   `order.payment_pending`, DECLINED → `order.payment_failed` (a 3-D Secure charge when its
 *   challenge ends, a local method's when it settles);
 * - a local method's charge turning PENDING (the bank is confirming; the order is not paid yet):
 *   `order.payment_processing`, then one of the above when it settles;
 * - `order.hold_expired`, once, when the seat hold ends for good with the order unpaid: at
 *   `holdExpiresAt` with no payment under way, when the last payment that kept it past that time
 *   settles unpaid or is given up, or at the grace limit (a timer at each of these times);
 * - `charge.refunded` for a refund, the automatic one of a charge approved after its hold ended
 *   (`REFUNDED_HOLD_EXPIRED`) included.
 */
export function createOrderEvents(sources: OrderEventSources) {
  const { now, onEvent } = sources;
  const holdTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Orders whose `order.hold_expired` was sent. */
  const expired = new Set<string>();

  /** The order with its charges, as the server API and the webhooks give it. */
  function serverOrderOf(order: Order): ServerOrder {
    return { ...structuredClone(order), charges: structuredClone(sources.chargesOf(order.id)) };
  }

  function emit(order: Order, type: WebhookEventType, charge?: Charge): void {
    const appInstance = sources.ownerOf(order.id);
    if (!onEvent || appInstance === undefined) return;
    onEvent(appInstance, type, { order: serverOrderOf(order), ...(charge ? { charge: structuredClone(charge) } : {}) });
  }

  /**
   * Watches `order`'s hold, when someone listens: an unpaid order whose hold has ended for good
   * gets its `order.hold_expired` now (once); else a timer at the hold's next turn (`holdExpiresAt`
   * while held, the grace limit while a payment keeps it) looks again. Timers are unref'd: they
   * keep no process alive.
   */
  function watchHold(order: Order): void {
    clearTimeout(holdTimers.get(order.id));
    holdTimers.delete(order.id);
    if (!onEvent || order.holdExpiresAt === undefined || order.status !== 'AWAITING_PAYMENT' || expired.has(order.id)) return;
    const state = sources.holdStateOf(order);
    if (state === 'ENDED') {
      expired.add(order.id);
      emit(order, 'order.hold_expired');
      return;
    }
    const turn = state === 'HELD' ? Date.parse(order.holdExpiresAt) : (sources.graceEndOf(order) ?? 0);
    const timer = setTimeout(() => watchHold(order), Math.max(1, turn - now().getTime()));
    (timer as { unref?: () => void }).unref?.();
    holdTimers.set(order.id, timer);
  }

  return {
    /**
     * A charge was made or settled: its event, if it settled (a REQUIRES_ACTION charge has none
     * yet; one refunded because its hold had ended, `charge.refunded`), then the hold looked at again.
     */
    charged(order: Order, charge: Charge): void {
      if (charge.status === 'APPROVED') emit(order, 'order.paid', charge);
      else if (charge.status === 'PENDING') {
        emit(order, charge.paymentMethod === 'PAY_AT_VENUE' ? 'order.payment_pending' : 'order.payment_processing', charge);
      } else if (charge.status === 'DECLINED') emit(order, 'order.payment_failed', charge);
      else if (charge.status === 'REFUNDED_HOLD_EXPIRED') emit(order, 'charge.refunded', charge);
      if (charge.status !== 'REQUIRES_ACTION') watchHold(order);
    },
    /** A new order, an extended hold, a payment that ended: the hold is looked at again ({@link watchHold}). */
    watchHold,
    /** Order by id with its charges, for the app instance that made it: 200; 404 ORDER_NOT_FOUND. */
    readOrder(orderId: string, appInstance: string): StoreReply {
      const order = sources.orderOf(orderId);
      if (!order || sources.ownerOf(orderId) !== appInstance) return fail(404, 'ORDER_NOT_FOUND', `No order ${orderId}.`);
      return { status: 200, body: serverOrderOf(order) };
    },
    /**
     * Refunds the order's settling APPROVED charge in full, once: 201 with the charge
     * (`refundedAt` set) and `charge.refunded`; a charge refunded already answers 200 as it is;
     * 404 CHARGE_NOT_FOUND (also another app instance's); 409 CHARGE_NOT_REFUNDABLE for a charge
     * that took no money (declined, pending at the venue, awaiting 3-D Secure).
     */
    refund(chargeId: string, appInstance: string): StoreReply {
      const charge = sources.chargeOf(chargeId);
      const order = charge && sources.orderOf(charge.orderId);
      if (!charge || !order || sources.ownerOf(order.id) !== appInstance) {
        return fail(404, 'CHARGE_NOT_FOUND', `No charge ${chargeId}.`);
      }
      if (charge.refundedAt !== undefined) return { status: 200, body: charge };
      if (charge.status !== 'APPROVED') {
        return fail(409, 'CHARGE_NOT_REFUNDABLE', `Charge ${chargeId} is ${charge.status}: it took no money to refund.`);
      }
      charge.refundedAt = now().toISOString();
      emit(order, 'charge.refunded', charge);
      return { status: 201, body: charge };
    },
    /** Stops every hold timer and forgets what was sent. */
    clear(): void {
      for (const timer of holdTimers.values()) clearTimeout(timer);
      holdTimers.clear();
      expired.clear();
    },
  };
}

/** The events of one checkout store. */
export type OrderEvents = ReturnType<typeof createOrderEvents>;
