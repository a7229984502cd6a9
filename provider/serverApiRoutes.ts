import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { ProviderEnv } from './requestPipeline';
import { applicationError, type CheckoutStore, type StoreReply } from './store';

/** The server API's base path on the provider: `{host}/v1/…`, for a site's own server. */
export const SERVER_API_BASE_PATH = '/v1';

/** The server API's paths, under {@link SERVER_API_BASE_PATH}. */
export const ServerApiPaths = {
  /** GET: the order with all its charges. */
  order: (orderId: string) => `${SERVER_API_BASE_PATH}/orders/${encodeURIComponent(orderId)}`,
  /** POST: a full refund of the order's settling charge. */
  refunds: (chargeId: string) => `${SERVER_API_BASE_PATH}/charges/${encodeURIComponent(chargeId)}/refunds`,
} as const;

/**
 * The server API (docs/going-live.md): what a site's server asks the provider, authenticated
 * with the site's secret key as `Authorization: Bearer <secret key>`. The key is the app
 * instance's server-side credential: it sees and refunds that app instance's orders only.
 * - A request from a browser (it carries an `Origin` header) is refused 403
 *   SECRET_KEY_IN_BROWSER, key or not: a secret key in a page is a leaked key. No CORS headers.
 * - No key, or one the provider does not know: 401 SECRET_KEY_INVALID.
 * - `GET /v1/orders/{orderId}`: 200 with the order and its charges; 404 ORDER_NOT_FOUND.
 * - `POST /v1/charges/{chargeId}/refunds`: 201 with the refunded charge (`charge.refunded` is sent);
 *   200 when it was refunded already; 404 CHARGE_NOT_FOUND; 409 CHARGE_NOT_REFUNDABLE.
 * `secretKeys` maps each secret key to its app instance.
 */
export function registerServerApiRoutes(app: Hono<ProviderEnv>, store: CheckoutStore, secretKeys: Record<string, string>): void {
  const keys = new Map(Object.entries(secretKeys));
  const requireSecretKey: MiddlewareHandler<ProviderEnv> = async (c, next) => {
    c.header('Cache-Control', 'no-store');
    if (c.req.header('Origin') !== undefined) {
      return c.json(
        applicationError(
          'SECRET_KEY_IN_BROWSER',
          "The server API is for the site's server: a secret key never goes to a browser.",
        ),
        403,
      );
    }
    const key = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    const appInstance = key === undefined ? undefined : keys.get(key);
    if (appInstance === undefined) {
      return c.json(applicationError('SECRET_KEY_INVALID', 'Send the secret key as Authorization: Bearer <secret key>.'), 401);
    }
    c.set('appInstance', appInstance);
    await next();
  };
  const send = (c: Context<ProviderEnv>, { status, body }: StoreReply) => c.json(body as object, status as 200);
  app.use(`${SERVER_API_BASE_PATH}/*`, requireSecretKey);
  app.get(`${SERVER_API_BASE_PATH}/orders/:orderId`, (c) =>
    send(c, store.readOrder(c.req.param('orderId'), c.get('appInstance'))),
  );
  app.post(`${SERVER_API_BASE_PATH}/charges/:chargeId/refunds`, (c) =>
    send(c, store.refundCharge(c.req.param('chargeId'), c.get('appInstance'))),
  );
}
