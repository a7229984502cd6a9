import type { Charge, ChargeRequest, LocalMethodType, Order } from '../../shared';
import { localMethodsFor } from '../../shared/localMethods';
import {
  createLocalPayments,
  describeBlikCodeProblem,
  type LocalPageAnswer,
  type LocalPageChoices,
  type LocalPaymentTimings,
} from '../../shared/localPayments';
import { orderCountry } from '../../shared/orderSetup';
import type { OrderEvents } from './orderEvents';
import type { SeatHolds } from './seatHolds';
import { fail, type StoreReply } from './storeReply';

/** What {@link createLocalCharges} reads of the checkout store. */
interface LocalChargeSources {
  now: () => Date;
  /** The payments origin, where the methods' pages are (`CheckoutStoreOptions.paymentsOrigin`). */
  paymentsOrigin: () => string | undefined;
  /** The timings the store starts with (and a reset restores). */
  timings: LocalPaymentTimings;
  holds: SeatHolds;
  events: Pick<OrderEvents, 'charged'>;
  chargeOf: (chargeId: string) => Charge | undefined;
  orderOf: (orderId: string) => Order | undefined;
}

/**
 * The checkout store's local method charges (iDEAL, Bancontact, BLIK, Klarna; issue 38) over
 * shared/localPayments.ts: which orders offer them, the checks before a charge is made, the seat
 * hold a charge keeps while it waits for the buyer or the bank (`holds.started` / `holds.ended`,
 * as a 3-D Secure charge), and its events as it moves: `order.payment_processing` when it turns
 * `PENDING`, then `order.paid`, `order.payment_failed` or `charge.refunded` when it settles.
 */
export function createLocalCharges(sources: LocalChargeSources) {
  const { now, holds, events } = sources;
  let timings: LocalPaymentTimings = { ...sources.timings };
  const payments = createLocalPayments({
    now,
    paymentsOrigin: sources.paymentsOrigin,
    timings: () => timings,
    onChange: (changed) => {
      const charge = sources.chargeOf(changed.id);
      const order = charge && sources.orderOf(charge.orderId);
      if (!charge || !order) return;
      // A pending payment still keeps the seats; a settled one no more.
      if (charge.status !== 'PENDING') holds.ended(order, charge.id);
      events.charged(order, charge);
    },
    // The approval came after the hold ended for good (past the grace limit): refunded, not paid.
    approvedTooLate: (charge, at) => {
      const order = sources.orderOf(charge.orderId);
      return order !== undefined && holds.stateOf(order, at) === 'ENDED';
    },
  });

  /**
   * The charge `base` of `order` by the local `method` the request names, opened
   * (`REQUIRES_ACTION`, keeping the hold from `startedAt`), for the caller to record; or the
   * refusal: 400 PAYMENT_METHOD_NOT_AVAILABLE when the order does not offer the method (its
   * currency and the buyer's country), 400 INVALID_BLIK_CODE (nothing charged), 500
   * LOCAL_PAYMENTS_UNAVAILABLE when the payments origin is not known.
   */
  function make(
    order: Order,
    method: LocalMethodType,
    request: Partial<ChargeRequest>,
    base: Omit<Charge, 'status' | 'paymentMethod'>,
    startedAt: Date,
  ): { charge: Charge } | { refused: StoreReply } {
    if (!localMethodsFor(order.total.currency, orderCountry(order)).includes(method)) {
      return {
        refused: fail(
          400,
          'PAYMENT_METHOD_NOT_AVAILABLE',
          `${method} is not offered for order ${order.id} (its currency and country).`,
        ),
      };
    }
    if (method === 'BLIK') {
      const problem = describeBlikCodeProblem(request.blikCode);
      if (problem) return { refused: fail(400, 'INVALID_BLIK_CODE', problem) };
    }
    const charge: Charge = { ...base, status: 'REQUIRES_ACTION', paymentMethod: method };
    try {
      payments.open(charge, order, { merchant: order.event.name, ...(method === 'BLIK' ? { blikCode: request.blikCode } : {}) });
    } catch (error) {
      return { refused: fail(500, 'LOCAL_PAYMENTS_UNAVAILABLE', (error as Error).message) };
    }
    // The charge under way keeps the hold until it settles (onChange above ends it).
    holds.started(order, charge.id, startedAt);
    return { charge };
  }

  return {
    make,
    sweep: payments.sweep,
    cancel: payments.cancel,
    openChargeOf: payments.openChargeOf,
    /** The pages' side (the payments origin's routes; the charge id is the page's key). */
    pages: {
      /** What the page of `chargeId` shows; undefined when unknown, BLIK's or no longer open (404). */
      view: (chargeId: string) => payments.view(chargeId),
      /** Records the page's `answer` once (`closed` after that, a cancel or the expiry). */
      record: (chargeId: string, answer: LocalPageAnswer, choices?: LocalPageChoices) =>
        payments.record(chargeId, answer, choices),
    },
    /** The timings in force. */
    timings: (): LocalPaymentTimings => ({ ...timings }),
    /** Changes some timings until {@link clear} (checked by the caller: `describeLocalPaymentTimingsProblem`). */
    setTimings(change: Partial<LocalPaymentTimings>): LocalPaymentTimings {
      timings = { ...timings, ...change };
      return { ...timings };
    },
    /** Forgets every local charge, stops their timers, and restores the starting timings. */
    clear(): void {
      payments.clear();
      timings = { ...sources.timings };
    },
  };
}
