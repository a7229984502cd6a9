import { CashierError, type Charge, type ChargeRequest, ErrorCode, type PaymentMethodType, type ProviderApi } from '../shared';
import type { CardField, CardFormValues, ValidationResult } from './validateCardForm';

/**
 * The reference payment flow (issue "A buyer pays for tickets"): validate → tokenize → charge,
 * exactly once.
 * - Two `pay` calls for one order while one runs share it (a double click is one payment).
 * - Every charge carries an idempotency key. The key and the charge body are kept until the
 *   charge's outcome is known, that is until a reply was read and validated. If the reply is lost
 *   (network, timeout, 5xx) or unreadable (a 2xx whose body is not a charge for this order:
 *   INVALID_RESPONSE), the provider may have made the charge: `pay` rejects with
 *   PAYMENT_OUTCOME_UNKNOWN and the next `pay` resends the very same request, so the provider
 *   answers with the original charge instead of a second one.
 * - While a `pay` runs or a charge's outcome is unknown, the form is locked
 *   ({@link PaymentDeps.onLockedChange}): what the buyer sees is what is (re)sent.
 * - An order this widget saw settle (APPROVED, or PENDING at the venue) is not charged again: a
 *   later `pay` for it resolves with the same result, without tokenizing or charging, whatever
 *   the provider would do with a second charge.
 * - A charge is a POST and is never retried automatically (spec 7).
 */

/** What `api.pay` resolves to. */
export type PayResult =
  | { status: 'INVALID'; errors: Partial<Record<CardField, string>> }
  | { status: 'APPROVED' | 'PENDING'; orderId: string; chargeId: string }
  | { status: 'DECLINED'; orderId: string; chargeId: string; declineCode?: string; message: string };

/** What the payment flow needs from the widget. */
export interface PaymentDeps {
  /** The provider client's calls the flow makes (its errors are CashierErrors with stable codes). */
  api: Pick<ProviderApi, 'tokenizeCard' | 'chargeOrder' | 'getOrder'>;
  /** The payment method the buyer chose. */
  method: () => PaymentMethodType;
  /** The card form's values. */
  values: () => CardFormValues;
  /** Validates the card form, shows its errors and focuses the first invalid field. */
  validate: () => ValidationResult;
  /** Shows errors the provider found in the card (tokenization) beside their fields. */
  showErrors: (errors: Partial<Record<CardField, string>>) => void;
  /** The order the widget was mounted for, if any; `pay` must name the same one. */
  mountedOrderId?: string;
  /** A fresh idempotency key; default `crypto.randomUUID()`. */
  newIdempotencyKey?: () => string;
  /**
   * Called with `true` when the payment form must stop taking edits (a `pay` is running, or a
   * charge was sent whose outcome is unknown, issue 4 "Exactly once") and with `false` once every
   * charge sent has settled (approved, declined, pending, or refused before it was made). Default: none.
   */
  onLockedChange?: (locked: boolean) => void;
}

/** Tokenization errors the buyer can fix, by the field they belong to. */
const TOKENIZATION_FIELD_ERRORS: Record<string, [CardField, string]> = {
  INVALID_CARD_NUMBER: ['cardNumber', 'Enter a valid card number'],
  CARD_EXPIRED: ['expirationDate', 'This card has expired'],
  INVALID_CVC: ['securityCode', 'Enter a valid security code'],
  INVALID_CARD: ['cardholderName', 'Enter the name on the card'],
};

/** The buyer-facing message for a decline code. */
export function declineMessage(declineCode: string | undefined): string {
  if (declineCode === 'insufficient_funds') return 'Your card has insufficient funds. Try another card.';
  return 'Your card was declined. Try another card.';
}

/**
 * Failures after which the provider may or may not have made the charge: no reply, a 5xx, or a
 * 2xx whose body we cannot read (INVALID_RESPONSE, from the provider client or from toResult).
 */
const OUTCOME_UNKNOWN: ReadonlySet<string> = new Set([
  ErrorCode.NetworkError,
  ErrorCode.Timeout,
  ErrorCode.HttpServerError,
  ErrorCode.InvalidResponse,
]);

/** Creates the payment flow; `pay(input)` is the api method the host calls. */
export function createPayment(deps: PaymentDeps) {
  const newKey = deps.newIdempotencyKey ?? (() => crypto.randomUUID());
  const inFlight = new Map<string, Promise<PayResult>>();
  /** Charges sent whose outcome is unknown, by order: resent as they were. */
  const unsettled = new Map<string, { key: string; body: ChargeRequest }>();
  /** Orders whose payment this widget saw succeed (APPROVED or PENDING), with that result. */
  const settledOrders = new Map<string, PayResult>();
  let locked = false;
  /** Tells the widget whether the form is locked, when that changes. */
  const updateLock = () => {
    const next = inFlight.size > 0 || unsettled.size > 0;
    if (next === locked) return;
    locked = next;
    deps.onLockedChange?.(next);
  };

  async function prepareCharge(): Promise<{ key: string; body: ChargeRequest } | PayResult> {
    const method = deps.method();
    if (method === 'PAY_AT_VENUE') return { key: newKey(), body: { paymentMethod: 'PAY_AT_VENUE' } };
    const validation = deps.validate();
    if (!validation.valid) return { status: 'INVALID', errors: validation.errors };
    const values = deps.values();
    const [month, year] = values.expirationDate.split('/').map((part) => Number(part.trim()));
    let cardToken: string;
    try {
      const token = await deps.api.tokenizeCard({
        holderName: values.cardholderName.trim(),
        number: values.cardNumber.replace(/\D/g, ''),
        expMonth: month ?? 0,
        expYear: year !== undefined && year < 100 ? 2000 + year : (year ?? 0),
        cvc: values.securityCode,
      });
      cardToken = token.token;
    } catch (error) {
      const fieldError =
        error instanceof CashierError ? TOKENIZATION_FIELD_ERRORS[error.details.applicationErrorCode ?? ''] : undefined;
      if (!fieldError) throw error;
      const errors = { [fieldError[0]]: fieldError[1] };
      deps.showErrors(errors);
      return { status: 'INVALID', errors };
    }
    return { key: newKey(), body: { paymentMethod: 'CARD', cardToken, email: values.email.trim() } };
  }

  async function run(orderId: string): Promise<PayResult> {
    const done = settledOrders.get(orderId);
    if (done) return done;
    const result = await charge(orderId);
    if (result.status === 'APPROVED' || result.status === 'PENDING') settledOrders.set(orderId, result);
    return result;
  }

  async function charge(orderId: string): Promise<PayResult> {
    let attempt = unsettled.get(orderId);
    /** A resend: the same request went out before and may have been applied. */
    const resend = attempt !== undefined;
    if (!attempt) {
      const prepared = await prepareCharge();
      if ('status' in prepared) return prepared;
      attempt = prepared;
      unsettled.set(orderId, attempt);
    }
    let result: PayResult;
    try {
      const charge = await deps.api.chargeOrder(orderId, attempt.body, attempt.key);
      result = toResult(orderId, charge);
    } catch (error) {
      const failure = error instanceof CashierError ? error : new CashierError(ErrorCode.NetworkError, String(error));
      if (OUTCOME_UNKNOWN.has(failure.code)) {
        throw new CashierError(
          ErrorCode.PaymentOutcomeUnknown,
          `The charge for order ${orderId} was sent but its reply was lost or unreadable (${failure.code}). Call pay again: the same charge is checked, never made twice.`,
          { ...failure.details, causeCode: failure.code },
        );
      }
      if (failure.details.applicationErrorCode === 'ORDER_ALREADY_PAID') {
        unsettled.delete(orderId);
        return alreadySettled(orderId);
      }
      if (resend) {
        // A refusal of the resend (401, 429, …) says nothing about the first send, which may have
        // been applied: the key stays, and the next pay resends the same request again.
        throw new CashierError(
          ErrorCode.PaymentOutcomeUnknown,
          `The charge for order ${orderId} may have been made by an earlier attempt, and checking it was refused (${failure.code}). Call pay again: the same charge is checked, never made twice.`,
          { ...failure.details, causeCode: failure.code },
        );
      }
      unsettled.delete(orderId);
      throw failure;
    }
    unsettled.delete(orderId);
    return result;
  }

  async function alreadySettled(orderId: string): Promise<PayResult> {
    const order = await deps.api.getOrder(orderId);
    if (typeof order?.chargeId !== 'string') {
      throw new CashierError(ErrorCode.InvalidResponse, `Order ${orderId} is settled but names no charge.`);
    }
    return { status: order.status === 'PAY_AT_VENUE' ? 'PENDING' : 'APPROVED', orderId, chargeId: order.chargeId };
  }

  return {
    /**
     * `api.pay({ orderId })`: resolves to {@link PayResult}. Rejects with CashierError
     * INVALID_ARGUMENT (no or another order), PAYMENT_OUTCOME_UNKNOWN (the charge's reply was lost
     * or unreadable: call again, the same charge is resent), or the
     * provider client's codes (NETWORK_ERROR before any charge was sent, UNAUTHORIZED, …).
     */
    pay(input: unknown): Promise<PayResult> {
      const orderId = typeof input === 'object' && input !== null ? (input as { orderId?: unknown }).orderId : undefined;
      if (typeof orderId !== 'string' || orderId.trim() === '') {
        return Promise.reject(new CashierError(ErrorCode.InvalidArgument, 'pay needs { orderId: string }.'));
      }
      if (deps.mountedOrderId !== undefined && orderId !== deps.mountedOrderId) {
        return Promise.reject(
          new CashierError(
            ErrorCode.InvalidArgument,
            `pay was called for order ${orderId}, but the widget was mounted for order ${deps.mountedOrderId}.`,
          ),
        );
      }
      const running = inFlight.get(orderId);
      if (running) return running;
      const started = run(orderId).finally(() => {
        inFlight.delete(orderId);
        updateLock();
      });
      inFlight.set(orderId, started);
      updateLock();
      return started;
    },
  };
}

/** Narrows the provider's charge (untrusted JSON) to the result `pay` resolves to. */
function toResult(orderId: string, charge: Charge): PayResult {
  if (typeof charge !== 'object' || charge === null || typeof charge.id !== 'string') {
    throw new CashierError(ErrorCode.InvalidResponse, 'The charge reply has no id.');
  }
  if (charge.orderId !== undefined && charge.orderId !== orderId) {
    throw new CashierError(ErrorCode.InvalidResponse, `The charge reply is for order ${String(charge.orderId)}, not ${orderId}.`);
  }
  switch (charge.status) {
    case 'APPROVED':
    case 'PENDING':
      return { status: charge.status, orderId, chargeId: charge.id };
    case 'DECLINED':
      return {
        status: 'DECLINED',
        orderId,
        chargeId: charge.id,
        ...(typeof charge.declineCode === 'string' ? { declineCode: charge.declineCode } : {}),
        message: declineMessage(charge.declineCode),
      };
    default:
      throw new CashierError(ErrorCode.InvalidResponse, `The charge reply has an unknown status ${String(charge.status)}.`);
  }
}
