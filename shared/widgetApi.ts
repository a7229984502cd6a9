/**
 * The widget's api as a site calls it (`onApiInit`'s `api`): its methods, their arguments and what
 * they resolve to. The reference widget's bundle builds these values; the host SDK publishes the types.
 */

/** The card form's fields, by the names `validate` and an INVALID `pay` report their errors under. */
export type CardField =
  | 'cardholderName'
  | 'cardNumber'
  | 'expirationDate'
  | 'securityCode'
  /** The billing country, ISO 3166-1 alpha-2. */
  | 'country'
  /** The billing postal code, where the country has them. */
  | 'postalCode'
  /** The billing state, province or prefecture, where the country's addresses need one. */
  | 'subdivision'
  | 'email'
  /** BLIK's 6-digit code from the buyer's banking app. */
  | 'blikCode';

/** What `api.validate()` resolves to. */
export interface ValidationResult {
  /** True when every field is valid (always true for a method with nothing to fill, such as pay at the venue). */
  valid: boolean;
  /** One message per invalid field, keyed by field name; empty when valid. */
  errors: Partial<Record<CardField, string>>;
}

/**
 * Why the provider declined a payment: `'card_declined'` (the bank refused it),
 * `'insufficient_funds'`, `'incorrect_zip'`, and for 3-D Secure `'authentication_failed'` (the buyer
 * failed the bank's challenge) or `'authentication_abandoned'` (the challenge, or a local method's
 * page, was closed, cancelled or left open 10 minutes); for local methods `'customer_declined'` (the
 * buyer or the bank declined it there) and `'code_expired'` (a BLIK code not confirmed in time); other providers' codes come through as they are, so match the known ones and treat
 * any other string as a decline.
 */
export type DeclineCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'incorrect_zip'
  | 'authentication_failed'
  | 'authentication_abandoned'
  | 'customer_declined'
  | 'code_expired'
  | (string & {});

/** What `api.pay` takes: the order to pay, the one the widget was mounted or updated with (`orderId`). */
export interface PayInput {
  /** The order's id, from order setup. Required, non-empty. */
  orderId: string;
}

/**
 * What `api.pay` resolves to, by `status`:
 * - `INVALID`: the form has invalid fields (the widget shows them); nothing was charged.
 * - `APPROVED`: the order is paid; it is never charged again.
 * - `PENDING` with `paymentMethod` `PAY_AT_VENUE`: the order is settled, the buyer pays at the door
 *   (final); it is never charged again.
 * - `PENDING` with a local method (`IDEAL`, `BANCONTACT`, `BLIK`, `KLARNA`): the buyer approved and
 *   the bank is still confirming. The order is NOT paid yet: do not send tickets. The widget keeps
 *   watching and calls `onPaymentResult` once when it settles (`APPROVED` or `DECLINED`); the site's
 *   server learns it from the `order.paid` or `order.payment_failed` webhook.
 * - `DECLINED`: the card was declined (the widget shows `message`); the buyer may try another card.
 * - `REFUNDED_HOLD_EXPIRED`: the bank approved the payment only after the order's seat
 *   hold had ended for good (past `holdExpiresAt` and the provider's grace limit), so the seats were
 *   back on sale; the provider refunded the charge `chargeId` in full, at once. The order is not
 *   paid: do not fulfil it. The widget shows `message`; the buyer needs a new order.
 * Failures that are not a decline reject with a `CashierError` instead (see `ErrorCode`).
 */
export type PayResult =
  | { status: 'INVALID'; errors: Partial<Record<CardField, string>> }
  | { status: 'APPROVED'; orderId: string; chargeId: string }
  | {
      status: 'PENDING';
      orderId: string;
      chargeId: string;
      /** `PAY_AT_VENUE` (settled, final) or the local method whose payment is still being confirmed. */
      paymentMethod: 'PAY_AT_VENUE' | 'IDEAL' | 'BANCONTACT' | 'BLIK' | 'KLARNA';
    }
  | { status: 'DECLINED'; orderId: string; chargeId: string; declineCode?: DeclineCode; message: string }
  | { status: 'REFUNDED_HOLD_EXPIRED'; orderId: string; chargeId: string; message: string };

/**
 * The widget's api (`onApiInit`'s first argument). Every method returns a Promise, and rejects with
 * a `CashierError`: `API_CALL_FAILED`, `API_METHOD_NOT_FOUND` (a widget bundle without the
 * method), `TIMEOUT`, `CONNECTION_LOST`, `DESTROYED`, or the widget's own code.
 */
export interface CashierApi {
  /**
   * Checks the form: shows the errors and focuses the first invalid field. Resolves to
   * `{ valid, errors }`; nothing is sent to the provider.
   */
  validate(): Promise<ValidationResult>;
  /**
   * Pays for `input.orderId`, exactly once: validates, tokenizes the card and charges it. Resolves
   * to a {@link PayResult}. Rejects with `PAYMENT_OUTCOME_UNKNOWN` (`details.orderId`) when it
   * cannot say whether the order was charged: call `pay` again with the same order, which never
   * charges twice; with `PAYMENT_OPEN_FOR_ANOTHER_ORDER` when another order's payment is open;
   * with `INVALID_ARGUMENT` when `orderId` is missing or is not the widget's order; with the
   * request's code (`NETWORK_ERROR`, `UNAUTHORIZED`, `HTTP_CLIENT_ERROR`, …) when nothing was charged.
   */
  pay(input: PayInput): Promise<PayResult>;
}
