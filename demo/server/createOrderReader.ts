import type { ServerOrder } from 'cashier-widget/server';

/** Options of {@link createOrderReader}. */
export interface OrderReaderOptions {
  /** The provider's base URL, e.g. `http://127.0.0.1:4175`. */
  providerUrl: string;
  /** The site's secret keys, one per app instance it sells with; tried in turn. Never sent to a browser. */
  secretKeys: string[];
  /** How to call the provider; default the global `fetch` (tests pass their own). */
  fetch?: typeof fetch;
}

/** Thrown by the reader when the provider could not be asked, or refused the key. */
export class OrderReadError extends Error {
  override readonly name = 'OrderReadError';
}

/**
 * The site's server reading an order with the provider's server API (`GET /v1/orders/{orderId}`,
 * `Authorization: Bearer <secret key>`), from the server, never the browser. Each key sees its
 * own app instance's orders, so a 404 under one key is asked again under the next.
 * Returns the order with its charges, or undefined when no key finds it (404 ORDER_NOT_FOUND).
 * @throws OrderReadError when the provider is unreachable or answers anything else (401 for a
 *   key it does not know, 5xx).
 */
export function createOrderReader({ providerUrl, secretKeys, fetch: call = fetch }: OrderReaderOptions) {
  return async function readOrder(orderId: string): Promise<ServerOrder | undefined> {
    for (const key of secretKeys) {
      const url = `${providerUrl}/v1/orders/${encodeURIComponent(orderId)}`;
      let response: Response;
      try {
        response = await call(url, { headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' } });
      } catch (thrown) {
        throw new OrderReadError(`The provider could not be asked for order ${orderId}: ${(thrown as Error).message}`);
      }
      if (response.status === 404) continue;
      if (!response.ok) throw new OrderReadError(`The provider answered HTTP ${response.status} for order ${orderId}.`);
      return (await response.json()) as ServerOrder;
    }
    return undefined;
  };
}
