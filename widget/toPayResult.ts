import { msg } from '@lingui/core/macro';
import { CashierError, type Charge, ErrorCode, type PayResult } from '../shared';
import { isLocalMethod } from '../shared/localMethods';
import type { Message } from './i18n/createTranslator';

/** What `api.pay` resolves to: the public type the host SDK publishes. */
export type { PayResult };

/**
 * Shown when a charge was sent but its reply was lost or unreadable (PAYMENT_OUTCOME_UNKNOWN). It
 * stays until a pay settles; meanwhile the form is locked, so the next "Place order" resends
 * exactly what the buyer sees (same idempotency key and card token), and the provider answers
 * with the original charge.
 */
export const OUTCOME_UNKNOWN_NOTICE = msg`We could not confirm your payment. Place the order again to check it: you will not be charged twice.`;

/** The buyer-facing message for a decline code, translated when shown (issue 23). */
export function declineMessage(declineCode: string | undefined): Message {
  switch (declineCode) {
    case 'insufficient_funds':
      return msg`Your card has insufficient funds. Try another card.`;
    case 'authentication_failed':
      return msg`Your bank could not confirm this payment. Try again, or use another card.`;
    case 'authentication_abandoned':
      return msg`The payment was not confirmed with your bank, so nothing was charged. Place the order again to retry.`;
    case 'incorrect_zip':
      return msg`The postal code does not match your card's billing address. Check it, or use another card.`;
    default:
      return msg`Your card was declined. Try another card.`;
  }
}

/**
 * True for a result that paid the order (APPROVED, or PENDING at the venue): it is never charged
 * again. A local method's PENDING (issue 38) is not paid yet: it settles later.
 */
export function isPaid(result: PayResult): result is Extract<PayResult, { status: 'APPROVED' | 'PENDING' }> {
  return result.status === 'APPROVED' || (result.status === 'PENDING' && result.paymentMethod === 'PAY_AT_VENUE');
}

/** True for a charge that settled its order: APPROVED, or PENDING at the venue (a local method's PENDING is still being confirmed). */
export function settles(charge: Charge): boolean {
  return charge.status === 'APPROVED' || (charge.status === 'PENDING' && charge.paymentMethod === 'PAY_AT_VENUE');
}

/**
 * The charge among an order's charges (`GET orders/:id/charges`) that settled the order:
 * APPROVED, or PENDING at the venue, for this order; undefined when there is none.
 */
export function settlingCharge(orderId: string, charges: Charge[]): Charge | undefined {
  return charges.find((c) => c.orderId === orderId && settles(c));
}

/**
 * The newest REQUIRES_ACTION charge among an order's charges: a 3-D Secure challenge still open
 * (issue 22); undefined when there is none.
 */
export function openCharge(orderId: string, charges: Charge[]): Charge | undefined {
  return [...charges].reverse().find((c) => c.orderId === orderId && c.status === 'REQUIRES_ACTION');
}

/**
 * The order's newest charge when it is a local method's PENDING (issue 38: approved by the buyer,
 * the bank still confirming; settles within seconds); undefined otherwise.
 */
export function pendingCharge(orderId: string, charges: Charge[]): Charge | undefined {
  const newest = charges.filter((c) => c.orderId === orderId).at(-1);
  return newest?.status === 'PENDING' && isLocalMethod(newest.paymentMethod) ? newest : undefined;
}

/** Decline codes only a 3-D Secure challenge ends with (issue 22): failed, or cancelled / expired. */
const CHALLENGE_DECLINES: ReadonlySet<unknown> = new Set(['authentication_failed', 'authentication_abandoned']);

/**
 * The order's newest charge when it is a 3-D Secure challenge that ended DECLINED
 * (`authentication_failed` or `authentication_abandoned`, issue 22): the outcome of a challenge
 * that settled while no widget showed it. Undefined otherwise: an older challenge's decline was
 * followed by another charge, and a plain decline leaves the order to be charged anew as before.
 */
export function endedChallenge(orderId: string, charges: Charge[]): Charge | undefined {
  const newest = charges.filter((c) => c.orderId === orderId).at(-1);
  return newest?.status === 'DECLINED' && CHALLENGE_DECLINES.has(newest.declineCode) ? newest : undefined;
}

/**
 * Checks that the provider's charge (untrusted JSON) is one for `orderId`.
 * @throws CashierError INVALID_RESPONSE without a string id, or for another order.
 */
export function checkChargeFor(orderId: string, charge: Charge): void {
  if (typeof charge !== 'object' || charge === null || typeof charge.id !== 'string') {
    throw new CashierError(ErrorCode.InvalidResponse, 'The charge reply has no id.');
  }
  if (charge.orderId !== undefined && charge.orderId !== orderId) {
    throw new CashierError(ErrorCode.InvalidResponse, `The charge reply is for order ${String(charge.orderId)}, not ${orderId}.`);
  }
}

/**
 * Narrows the provider's settled charge (untrusted JSON) to the result `pay` resolves to: APPROVED,
 * PENDING, DECLINED (with its `declineCode`) or REFUNDED_HOLD_EXPIRED, each naming the charge.
 * @throws CashierError INVALID_RESPONSE without a string id, for another order, or with an unknown
 *   status (REQUIRES_ACTION included: an open charge is no result).
 */
export function toPayResult(orderId: string, charge: Charge): PayResult {
  checkChargeFor(orderId, charge);
  switch (charge.status) {
    case 'APPROVED':
      return { status: 'APPROVED', orderId, chargeId: charge.id };
    case 'PENDING':
      // At the venue (settled), or a local method still being confirmed (issue 38).
      if (charge.paymentMethod !== 'PAY_AT_VENUE' && !isLocalMethod(charge.paymentMethod)) {
        throw new CashierError(ErrorCode.InvalidResponse, `The charge reply is PENDING for ${String(charge.paymentMethod)}.`);
      }
      return { status: 'PENDING', orderId, chargeId: charge.id, paymentMethod: charge.paymentMethod };
    case 'DECLINED':
      return {
        status: 'DECLINED',
        orderId,
        chargeId: charge.id,
        ...(typeof charge.declineCode === 'string' ? { declineCode: charge.declineCode } : {}),
        // In the buyer's language: the widget's `pay` writes it ({@link declineMessage}).
        message: '',
      };
    // Issue 37: the bank approved it after the seat hold had ended for good; the provider refunded it.
    case 'REFUNDED_HOLD_EXPIRED':
      // In the buyer's language: the widget's `pay` writes it.
      return { status: 'REFUNDED_HOLD_EXPIRED', orderId, chargeId: charge.id, message: '' };
    default:
      throw new CashierError(ErrorCode.InvalidResponse, `The charge reply has an unknown status ${String(charge.status)}.`);
  }
}
