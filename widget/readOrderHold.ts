import { type ProviderClient, ProviderPaths, parseOrder } from '../shared';

/** An order's seat hold as read (issue 24), in epoch milliseconds. */
export interface OrderHold {
  /** When the hold ends, on the provider's clock (`Order.holdExpiresAt`). */
  expiresAt: number;
  /**
   * The provider's clock minus the device's when the order was read, from the reply's `Date`
   * header (1 s resolution); 0 when the reply has none (CORS hides it, or an older frame).
   */
  skewMs: number;
}

/**
 * GET the order (spec 7, with the provider client's request rules) and its seat hold: undefined
 * when the order has no `holdExpiresAt`, or one that is not a date. Rejects with the provider
 * client's CashierError; INVALID_RESPONSE when the body is not an order.
 */
export async function readOrderHold(client: Pick<ProviderClient, 'request'>, orderId: string): Promise<OrderHold | undefined> {
  let date: string | undefined;
  const body = await client.request({
    method: 'get',
    path: ProviderPaths.order(orderId),
    onDate: (given) => {
      date = given;
    },
  });
  const readAt = Date.now();
  const { holdExpiresAt } = parseOrder(body, 'getOrder');
  const expiresAt = Date.parse(holdExpiresAt ?? '');
  if (!Number.isFinite(expiresAt)) return undefined;
  const providerNow = Date.parse(date ?? '');
  return { expiresAt, skewMs: Number.isFinite(providerNow) ? providerNow - readAt : 0 };
}
