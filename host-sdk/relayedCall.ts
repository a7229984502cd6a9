import { CallOptions } from 'penpal';
import { API_CALL_TIMEOUT_MS, CashierError, type CashierErrorDetails, ErrorCode, PAY_CALL_TIMEOUT_MS } from '../shared';

/** The relayed api method whose outcome is a payment: its timeout and its failures say so. */
export const PAY = 'pay';

/** How long a relayed call of `method` may take, in milliseconds (issue 12). */
const timeoutOf = (method: string) => (method === PAY ? PAY_CALL_TIMEOUT_MS : API_CALL_TIMEOUT_MS);

/**
 * penpal's options for one relayed api call (issue 12): API_CALL_TIMEOUT_MS (30 000) for every
 * method but `pay`, which has none from penpal: its PAY_CALL_TIMEOUT_MS (60 000) is the host's own
 * {@link pausableTimer}, paused while a 3-D Secure challenge is open (issue 22), ending in
 * {@link PAY_TIMED_OUT}.
 */
export function relayedCallOptions(method: string): CallOptions {
  return new CallOptions({ timeout: method === PAY ? undefined : API_CALL_TIMEOUT_MS });
}

/** What the host's own `pay` timeout throws: read by {@link relayedCallFailure} as penpal's own call timeout. */
export const PAY_TIMED_OUT = { code: 'METHOD_CALL_TIMEOUT' } as const;

/**
 * The frame's answer to a relayed call, unless the frame cut the call short itself: a DESTROYED
 * from the frame means its page is going away (navigated, reloaded, removed; the host destroyed
 * nothing, or the SDK would not be asking), so the call was lost with the connection. That throws
 * the answer's error, which {@link relayedCallFailure} turns into CONNECTION_LOST (issue 12). (The
 * reference widget answers a `pay` whose charge the unload aborted with PAYMENT_OUTCOME_UNKNOWN
 * itself; this covers any other call, and a bundle that passes DESTROYED on.)
 */
export function frameAnswer(result: unknown): unknown {
  const error: unknown = Object(result).error;
  if (Object(error).code === ErrorCode.Destroyed) throw error;
  return result;
}

/**
 * What a relayed api call rejects with when the frame gave no answer and the host did not destroy
 * the widget (issue 12), with `details.method` and, for `pay`, the `details.orderId` it named:
 * - penpal's CONNECTION_DESTROYED (the SDK ended a lost connection, or the frame ended it), or
 *   the frame's own DESTROYED ({@link frameAnswer}): CONNECTION_LOST, or PAYMENT_OUTCOME_UNKNOWN when
 *   `chargeOpen` (a `pay` during which a 3-D Secure challenge opened, issue 22: its charge is open);
 * - penpal's METHOD_CALL_TIMEOUT: PAYMENT_OUTCOME_UNKNOWN for `pay` (it may still charge), TIMEOUT
 *   for any other method;
 * - anything else: API_CALL_FAILED, without its message (it may hold any text, issue 19).
 */
export function relayedCallFailure(method: string, args: unknown[], thrown: unknown, chargeOpen: boolean): CashierError {
  const orderId: unknown = method === PAY ? Object(args[0]).orderId : undefined;
  const details: CashierErrorDetails = typeof orderId === 'string' ? { method, orderId } : { method };
  switch ((thrown as { code?: unknown } | null)?.code) {
    case 'CONNECTION_DESTROYED':
    case ErrorCode.Destroyed:
      return new CashierError(
        chargeOpen ? ErrorCode.PaymentOutcomeUnknown : ErrorCode.ConnectionLost,
        `${method}: the connection to the payment frame was lost`,
        details,
      );
    case 'METHOD_CALL_TIMEOUT':
      return new CashierError(
        method === PAY ? ErrorCode.PaymentOutcomeUnknown : ErrorCode.Timeout,
        `${method}: no answer within ${timeoutOf(method)} ms`,
        details,
      );
    default:
      return new CashierError(ErrorCode.ApiCallFailed, `${method} failed (API_CALL_FAILED; its message is withheld).`, details);
  }
}
