import { CashierError, ErrorCode } from '../shared';

/**
 * The error of a relayed api call that `destroy()` cut short while it was in flight (issue 12,
 * finding 3). A `pay({ orderId })` may have sent its charge by then, so it rejects with
 * PAYMENT_OUTCOME_UNKNOWN and `details.orderId`: the host pays that order again in a new mount,
 * which reads the order's charges before it charges anything. Any other call: DESTROYED.
 */
export function destroyedCallError(method: string, args: unknown[]): CashierError {
  const orderId: unknown = Object(args[0]).orderId;
  const paying = method === 'pay' && typeof orderId === 'string';
  return new CashierError(
    paying ? ErrorCode.PaymentOutcomeUnknown : ErrorCode.Destroyed,
    `${method}: the widget was destroyed`,
    paying ? { orderId } : {},
  );
}
