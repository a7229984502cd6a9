/** What `api.pay` resolved to, as far as the confirmation reads it (cashier-widget PayResult). */
export interface PayOutcome {
  /** APPROVED (card) or PENDING (pay at the venue) when the order was settled. */
  status: string;
  /** The charge that settled the order. */
  chargeId?: string;
}

/** What the host page shows after reading the order back by id. */
export type Confirmation =
  | {
      ok: true;
      /** PAID for a card payment, PAY_AT_VENUE for a reservation paid at the venue. */
      status: 'PAID' | 'PAY_AT_VENUE';
      chargeId: string;
      /** The confirmation text, e.g. "Paid €50.00. Order ord_1, charge ch_1." */
      text: string;
    }
  | {
      ok: false;
      /** What went wrong, in words for the buyer. */
      problem: string;
    };

/** The order status that each settled pay outcome must leave behind. */
const EXPECTED_STATUS: Readonly<Record<string, 'PAID' | 'PAY_AT_VENUE'>> = { APPROVED: 'PAID', PENDING: 'PAY_AT_VENUE' };

/**
 * Checks the order read back by id (untrusted JSON) against the outcome of `api.pay` (issue 4,
 * step 4): the order must be `orderId`, carry the outcome's charge id, and have the status that
 * outcome leaves (APPROVED → PAID, PENDING → PAY_AT_VENUE). Anything else (another status such
 * as AWAITING_PAYMENT, a different charge, a body that is not the order) is a problem.
 * `money` formats minor units of the order's currency. Never throws.
 */
export function confirmationFor(
  orderId: string,
  body: unknown,
  outcome: PayOutcome,
  money: (minor: number) => string,
): Confirmation {
  const order = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const total = typeof order.total === 'object' && order.total !== null ? (order.total as Record<string, unknown>) : {};
  if (order.id !== orderId || typeof total.amount !== 'number') {
    return { ok: false, problem: `We could not read order ${orderId} back to confirm it.` };
  }
  const expected = EXPECTED_STATUS[outcome.status];
  if (!expected || typeof outcome.chargeId !== 'string') {
    return { ok: false, problem: `The payment did not settle order ${orderId} (outcome ${outcome.status}).` };
  }
  if (order.chargeId !== outcome.chargeId) {
    return {
      ok: false,
      problem: `Order ${orderId} names charge ${String(order.chargeId ?? 'none')}, but the payment returned charge ${outcome.chargeId}. Please contact us before paying again.`,
    };
  }
  if (order.status !== expected) {
    return {
      ok: false,
      problem: `Order ${orderId} is not confirmed yet (status ${String(order.status)}, charge ${outcome.chargeId}).`,
    };
  }
  const amount = money(total.amount);
  return {
    ok: true,
    status: expected,
    chargeId: outcome.chargeId,
    text:
      expected === 'PAID'
        ? `Paid ${amount}. Order ${orderId}, charge ${outcome.chargeId}.`
        : `Reserved: pay ${amount} at the venue. Order ${orderId}, charge ${outcome.chargeId}.`,
  };
}
