import type { CashierError, Charge, PaymentMethodType, ProviderApi } from '../shared';
import type { ChargeJournal, createChargeJournal } from './createChargeJournal';
import type { PrepareChargeDeps } from './prepareCharge';
import type { PayResult } from './toPayResult';
import type { CardFormValues, ValidationResult } from './validateCardForm';

/**
 * What the payment flow (createPayment.ts, whose comment says how it keeps a charge exactly once)
 * needs from the widget: the provider's calls, the form, the 3-D Secure challenge, the journal,
 * the seat hold and PayPal's outcome.
 */
export interface PaymentDeps {
  /** The provider client's calls the flow makes (its errors are CashierErrors with stable codes). */
  api: Pick<ProviderApi, 'tokenizeCard' | 'chargeOrder' | 'getChargesByOrder' | 'cancelCharge'>;
  /**
   * Shows the 3-D Secure challenge of a REQUIRES_ACTION charge and resolves with the charge once it
   * settled (threeDSecure/awaitChallenge); rejects when it was cut short (the charge may be open).
   */
  challenge: (charge: Charge) => Promise<Charge>;
  /** The payment method the buyer chose. */
  method: () => PaymentMethodType;
  /** The card form's values. */
  values: () => CardFormValues;
  /** Validates the card form, shows its errors and focuses the first invalid field. */
  validate: () => ValidationResult;
  /** Shows errors the provider found in the card (tokenization) beside their fields; returns them as shown (translated). */
  showErrors: PrepareChargeDeps['showErrors'];
  /** The billing address to send with a card (issue 23); undefined when none is asked. */
  billingAddress?: PrepareChargeDeps['billingAddress'];
  /** The chosen saved card's token (issue 25); see {@link PrepareChargeDeps.savedCardToken}. */
  savedCardToken?: PrepareChargeDeps['savedCardToken'];
  /** The "save this card" consent (issue 25); see {@link PrepareChargeDeps.saveCard}. */
  saveCard?: PrepareChargeDeps['saveCard'];
  /** BLIK's charge body (issue 38); see {@link PrepareChargeDeps.blikBody}. */
  blikBody?: PrepareChargeDeps['blikBody'];
  /**
   * A refusal of a new charge (nothing was charged) that the form shows at its field (issue 38:
   * BLIK's 400 `INVALID_BLIK_CODE` on the code): the INVALID result naming the field; undefined for
   * any other refusal, which `pay` rejects with. Default: none.
   */
  chargeRefused?: (refused: CashierError) => PayResult | undefined;
  /** The order the widget is for now (mounted with, or changed by `update`), if any; `pay` must name the same one. */
  mountedOrderId?: () => string | undefined;
  /** A fresh idempotency key; default `crypto.randomUUID()`. */
  newIdempotencyKey?: () => string;
  /**
   * Called with `true` when the payment form must stop taking edits (a `pay` is running, or its
   * outcome is unknown, issue 4 "Exactly once") and with `false` once the outcome is known
   * (approved, declined, pending, or refused before a charge was made). Default: none.
   */
  onLockedChange?: (locked: boolean) => void;
  /**
   * Empties the card fields (values and errors), even while the form is locked; called once an
   * order is paid (APPROVED, or PENDING at the venue), before `pay` resolves (issue 12 finding 5).
   * Default: none.
   */
  clearCard?: () => void;
  /** Where charges sent with no known outcome are written first; default {@link createChargeJournal}() (the frame's sessionStorage). */
  journal?: ChargeJournal;
  /**
   * True when `orderId`'s seat hold has run out (issue 24): a new charge is then refused with
   * ORDER_HOLD_EXPIRED before anything is tokenized; a charge already made still settles. Default: never.
   */
  holdExpired?: (orderId: string) => boolean;
  /** Called when the provider refused a charge with 409 ORDER_HOLD_EXPIRED (the device clock was behind). Default: none. */
  onHoldRefused?: (orderId: string) => void;
  /**
   * True when `orderId` may have been paid inside the widget (PayPal offered, issue 25), perhaps by
   * an earlier mount: its charges are read before its first new charge in this mount, and `pay`
   * resolves with the charge that paid it. Default: never (a durable journal tells the rest).
   */
  mayBePaidInWidget?: (orderId: string) => boolean;
  /** PAYPAL chosen (issue 25, paid by its button): the order's PayPal outcome, awaited while open; default INVALID `{}`. */
  payPal?: (orderId: string) => Promise<PayResult>;
  /**
   * iDEAL, Bancontact or Klarna chosen (issue 38, paid by its button): the outcome of the local
   * payment of `orderId` the buyer started last, awaited while its window is open; undefined when
   * none was started (`pay` then reads the order's charges, else resolves INVALID `{}`).
   */
  localMethod?: (orderId: string) => Promise<PayResult> | undefined;
  /**
   * A local method's REQUIRES_ACTION charge met by `pay` (issue 38: a BLIK confirmation; a redirect
   * an earlier mount left open): resolves with the charge once it settled or is PENDING. Default:
   * the charge is cancelled (`cancelCharge`), and what it answers is the outcome.
   */
  localAction?: (charge: Charge) => Promise<Charge>;
  /**
   * A local method's charge is PENDING (issue 38): the widget watches it, then hands its settled
   * result to `settledLater`. Called once per order while it is pending. Default: none.
   */
  onPending?: (result: Extract<PayResult, { status: 'PENDING' }>) => void;
}
