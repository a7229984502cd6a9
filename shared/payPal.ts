/**
 * PayPal on the reference provider (issue 25), shared by the provider and the widget: the
 * simulated approval page lives on the provider host's own origin at
 * `${PAYPAL_APPROVAL_PATH}/<checkoutId>`; once the buyer answers, it posts a
 * {@link PayPalResultMessage} to the window that opened it (target origin pinned to each frame
 * origin the provider allows, never `*`) and closes. The widget still learns the outcome from the
 * provider: a capture of a checkout the buyer did not approve is refused.
 */

/** The approval pages' folder on the provider host. */
export const PAYPAL_APPROVAL_PATH = '/paypal/approve';

/** `type` of the message the approval page posts to its opener. */
export const PAYPAL_RESULT_MESSAGE = 'cashier:paypal-result';

/** What the buyer answered on the approval page: "Approve payment" or "Cancel and return". */
export type PayPalOutcome = 'approve' | 'cancel';

/** The message the approval page posts to its opener once the buyer's answer is recorded. */
export interface PayPalResultMessage {
  type: typeof PAYPAL_RESULT_MESSAGE;
  /** The checkout the answer is for. */
  checkoutId: string;
  outcome: PayPalOutcome;
}

/**
 * A PayPal checkout as the provider answers it (create, update, payment details GET):
 * `CREATED` until the buyer answers, then `APPROVED` or `CANCELLED` (by the buyer on the page or
 * by the widget, PATCH `{ status: 'CANCELLED' }`), `CAPTURED` once the order is settled (its
 * settling charge is `chargeId`: a PAYPAL one, or the card charge that paid it first).
 */
export interface PayPalCheckout {
  checkoutId: string;
  orderId: string;
  status: 'CREATED' | 'APPROVED' | 'CANCELLED' | 'CAPTURED';
  /** Absolute URL of the approval page, to open in the buyer's popup. */
  approvalUrl: string;
  chargeId?: string;
}

/** True when `data` is a {@link PayPalResultMessage} (the widget checks the sender's origin apart). */
export function isPayPalResultMessage(data: unknown): data is PayPalResultMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Partial<PayPalResultMessage>;
  return (
    m.type === PAYPAL_RESULT_MESSAGE && typeof m.checkoutId === 'string' && (m.outcome === 'approve' || m.outcome === 'cancel')
  );
}
