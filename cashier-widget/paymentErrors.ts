import { CashierError, describeForeignError, ErrorCode, isErrorCode } from '../shared';

/**
 * Failures of a charge after which the provider may or may not have made it: no reply, a 5xx, a
 * 2xx whose body we cannot read (INVALID_RESPONSE, from the provider client or from toPayResult),
 * or the frame's own teardown (DESTROYED: the frame navigated, reloaded or was removed and aborted
 * the charge in flight, which may have reached the provider).
 */
const REPLY_LOST: ReadonlySet<string> = new Set([
  ErrorCode.NetworkError,
  ErrorCode.Timeout,
  ErrorCode.HttpServerError,
  ErrorCode.InvalidResponse,
  ErrorCode.Destroyed,
]);

/**
 * Any thrown value as this bundle's CashierError, read by its shape: the frame's provider client
 * throws the frame's own copy of the class (the bundle carries its own `shared`), so `instanceof`
 * would take every refusal for a lost reply. A throw without a known `code` counts as a network
 * error: nothing is known, and its message is not passed on ({@link describeForeignError}).
 */
export function asCashierError(error: unknown): CashierError {
  if (error instanceof CashierError) return error;
  if (isErrorCode((error as { code?: unknown } | null)?.code)) return CashierError.fromSerialized(error);
  return new CashierError(ErrorCode.NetworkError, `The payment failed: ${describeForeignError(error, ErrorCode.NetworkError)}.`);
}

/** True when the charge may have been made though no readable reply came back. */
export function isReplyLost(failure: CashierError): boolean {
  return REPLY_LOST.has(failure.code);
}

/**
 * True for a refusal that the same request will get again whatever the wait: a 4xx other than
 * 408, 409, 425 and 429 (e.g. 404 ORDER_NOT_FOUND, 400 INVALID_CARD_TOKEN, 422
 * IDEMPOTENCY_KEY_REUSED). 401 and captcha refusals have codes of their own and may pass later.
 */
export function isRefusedForGood(failure: CashierError): boolean {
  return failure.code === ErrorCode.HttpClientError && ![408, 409, 425, 429].includes(failure.details.status ?? 0);
}

/**
 * PAYMENT_OUTCOME_UNKNOWN for `orderId`: `why` says what happened, `cause` is kept in the details
 * (`causeCode`, the HTTP status and application error code when there was a reply).
 */
export function outcomeUnknown(orderId: string, why: string, cause: CashierError): CashierError {
  return new CashierError(
    ErrorCode.PaymentOutcomeUnknown,
    `The payment of order ${orderId} may have been made: ${why} (${cause.code}). Call pay again for this order: it checks the charge first and never charges twice.`,
    { ...cause.details, causeCode: cause.code, orderId },
  );
}
