import type { Charge, Order } from '../../shared';
import { isHoldExpired } from '../../shared/orderSetup';
import type { ServerOrder, WebhookEventType } from '../../shared/webhooks';
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
  /** Whether `orderId` has a charge waiting for 3-D Secure (it keeps the hold until it settles). */
  hasOpenCharge: (orderId: string) => boolean;
}

/**
 * The checkout store's events for the site's server (webhooks), its order reads with charges
 * (the server API) and its refunds:
 * - a charge settling: APPROVED → `order.paid`, PENDING (pay at the venue) →
 *   `order.payment_pending`, DECLINED → `order.payment_failed` (a 3-D Secure charge when its
 *   challenge ends);
 * - `order.hold_expired` when the seat hold ends with the order unpaid and no charge under way (a
 *   timer at `holdExpiresAt`), or when a charge that kept the hold past it is declined;
 * - `charge.refunded` for a refund.
 */
export function createOrderEvents(sources: OrderEventSources) {
  const { now, onEvent } = sources;
  const holdTimers = new Map<string, ReturnType<typeof setTimeout>>();

  /** The order with its charges, as the server API and the webhooks give it. */
  function serverOrderOf(order: Order): ServerOrder {
    return { ...structuredClone(order), charges: structuredClone(sources.chargesOf(order.id)) };
  }

  function emit(order: Order, type: WebhookEventType, charge?: Charge): void {
    const appInstance = sources.ownerOf(order.id);
    if (!onEvent || appInstance === undefined) return;
    onEvent(appInstance, type, { order: serverOrderOf(order), ...(charge ? { charge: structuredClone(charge) } : {}) });
  }

  /** The hold ran out: an unpaid order with no charge under way has lost its seats. */
  function holdEnded(order: Order): void {
    holdTimers.delete(order.id);
    if (order.status === 'AWAITING_PAYMENT' && !sources.hasOpenCharge(order.id)) emit(order, 'order.hold_expired');
  }

  return {
    /** A charge was made or settled: its event, if it settled (a REQUIRES_ACTION charge has none yet). */
    charged(order: Order, charge: Charge): void {
      if (charge.status === 'APPROVED') emit(order, 'order.paid', charge);
      else if (charge.status === 'PENDING') emit(order, 'order.payment_pending', charge);
      else if (charge.status === 'DECLINED') {
        emit(order, 'order.payment_failed', charge);
        // a 3-D Secure charge kept the hold past its end; declined, the seats go now
        if (isHoldExpired(order, now()) && !holdTimers.has(order.id)) holdEnded(order);
      }
    },
    /** A new order: when someone listens, a timer at its hold's end (unref'd: it keeps no process alive). */
    opened(order: Order): void {
      if (!onEvent || order.holdExpiresAt === undefined) return;
      const timer = setTimeout(() => holdEnded(order), Math.max(0, Date.parse(order.holdExpiresAt) - now().getTime()));
      (timer as { unref?: () => void }).unref?.();
      holdTimers.set(order.id, timer);
    },
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
    /** Stops every hold timer. */
    clear(): void {
      for (const timer of holdTimers.values()) clearTimeout(timer);
      holdTimers.clear();
    },
  };
}
