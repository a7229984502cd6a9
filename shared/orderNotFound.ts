import { CashierError, ErrorCode } from './CashierError';

/**
 * True when `error` is the provider's word that an order does not exist for this app instance: a
 * request's CashierError with HTTP status 404 and application error code `ORDER_NOT_FOUND`
 * (checked by shape: the bundle's copy of the class makes the same errors).
 */
export function isOrderNotFound(error: unknown): boolean {
  const details = Object(Object(error).details) as { status?: unknown; applicationErrorCode?: unknown };
  return details.status === 404 && details.applicationErrorCode === 'ORDER_NOT_FOUND';
}

/** ORDER_NOT_FOUND for `orderId`, with details `{ orderId, status: 404 }`: nothing was charged. */
export function orderNotFound(orderId: string): CashierError {
  return new CashierError(ErrorCode.OrderNotFound, `Order ${orderId} was not found; nothing was charged.`, {
    orderId,
    status: 404,
  });
}
