import { type ProviderClient, ProviderPaths, type ProviderRequest, parseOrder } from '../shared';

/** An order's seat hold as read (issue 24), in epoch milliseconds. */
export interface OrderHold {
  /** When the hold ends, on the provider's clock (`Order.holdExpiresAt`). */
  expiresAt: number;
  /** `Order.holdExpiresAt` as the provider wrote it (what the host's `onHoldExtended` is given). */
  holdExpiresAt: string;
  /**
   * The provider's clock minus the device's when the order was read, from the reply's `Date`
   * header (1 s resolution); 0 when the reply has none (CORS hides it, or an older frame).
   */
  skewMs: number;
  /**
   * How many more times the buyer may extend the hold (`Order.holdExtensions.remaining`, issue 37);
   * 0 when the order has none left, or the provider says nothing of extensions.
   */
  extensionsLeft: number;
}

type Client = Pick<ProviderClient, 'request'>;

/**
 * GET the order (spec 7, with the provider client's request rules) and its seat hold: undefined
 * when the order has no `holdExpiresAt`, or one that is not a date. Rejects with the provider
 * client's CashierError; INVALID_RESPONSE when the body is not an order.
 */
export function readOrderHold(client: Client, orderId: string): Promise<OrderHold | undefined> {
  return holdOf(client, { method: 'get', path: ProviderPaths.order(orderId) }, 'getOrder');
}

/**
 * POST the order's hold extension (issue 37, `ProviderPaths.holdExtensions`) under
 * `idempotencyKey` (a resend never spends two), and its seat hold as {@link readOrderHold} reads
 * it. Never retried (a POST). Rejects with the provider client's CashierError: 409
 * HTTP_CLIENT_ERROR with `details.applicationErrorCode` `HOLD_NOT_EXTENDABLE` when no more time
 * can be given.
 */
export function extendOrderHold(client: Client, orderId: string, idempotencyKey: string): Promise<OrderHold | undefined> {
  const path = ProviderPaths.holdExtensions(orderId);
  return holdOf(client, { method: 'post', path, data: {}, headers: { 'Idempotency-Key': idempotencyKey } }, 'extendHold');
}

/** Sends `request`, whose reply is an order, and reads its hold with the reply's `Date`. */
async function holdOf(client: Client, request: ProviderRequest, operation: string): Promise<OrderHold | undefined> {
  let date: string | undefined;
  const body = await client.request({
    ...request,
    onDate: (given) => {
      date = given;
    },
  });
  const readAt = Date.now();
  const { holdExpiresAt, holdExtensions } = parseOrder(body, operation);
  const expiresAt = typeof holdExpiresAt === 'string' ? Date.parse(holdExpiresAt) : Number.NaN;
  if (!Number.isFinite(expiresAt)) return undefined;
  const providerNow = Date.parse(date ?? '');
  const left = Object(holdExtensions).remaining;
  return {
    expiresAt,
    holdExpiresAt: holdExpiresAt as string,
    skewMs: Number.isFinite(providerNow) ? providerNow - readAt : 0,
    extensionsLeft: Number.isInteger(left) && left > 0 ? left : 0,
  };
}
