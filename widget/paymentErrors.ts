import { CashierError, describeForeignError, ErrorCode, isErrorCode, rebuildCashierError } from '../shared';

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
  if (isErrorCode((error as { code?: unknown } | null)?.code)) return rebuildCashierError(error);
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

/**
 * ORDER_HOLD_EXPIRED for `orderId` (issue 24): its seat hold ran out before a new charge was
 * made, so nothing was tokenized or charged (or the provider refused the charge, 409).
 */
export function holdExpired(orderId: string): CashierError {
  return new CashierError(
    ErrorCode.OrderHoldExpired,
    `The seats of order ${orderId} are no longer held; nothing was charged. Hold them again with a new order and pass it with update({ orderId }).`,
    { orderId },
  );
}

/**
 * The order `pay(input)` names, or its refusal: INVALID_ARGUMENT without a non-empty string
 * `input.orderId`, or when it is not `mountedOrderId` (the widget's order, if any);
 * PAYMENT_OPEN_FOR_ANOTHER_ORDER (`details.orderId`) when `open` is another order's payment
 * (`running`: its pay runs, else its outcome is unknown).
 */
export function payOrderId(
  input: unknown,
  mountedOrderId: string | undefined,
  open: string | undefined,
  running: boolean,
): string | CashierError {
  const orderId = typeof input === 'object' && input !== null ? (input as { orderId?: unknown }).orderId : undefined;
  if (typeof orderId !== 'string' || orderId.trim() === '')
    return new CashierError(ErrorCode.InvalidArgument, 'pay needs { orderId: string }.');
  if (mountedOrderId !== undefined && orderId !== mountedOrderId) {
    return new CashierError(
      ErrorCode.InvalidArgument,
      `pay was called for order ${orderId}, but the widget is for order ${mountedOrderId}.`,
    );
  }
  if (open === undefined || open === orderId) return orderId;
  return new CashierError(
    ErrorCode.PaymentOpenForAnotherOrder,
    `pay was called for order ${orderId} while the payment of order ${open} is ${running ? 'running' : 'not settled'}; nothing was charged. Call pay for order ${open} until it settles first.`,
    { orderId: open },
  );
}
