import type { Socket } from 'node:net';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { PAYMENTS_CHECKOUT_BASE_PATH, ProviderPaths } from '../shared';
import { registerCheckoutRoutes } from './checkoutRoutes';
import { applicationError, type CheckoutStore, createCheckoutStore } from './checkoutStore';
import { createVaultApp } from './createVaultApp';
import { cacheStatics, noStore } from './deliveryPolicy';
import { isLoopbackHost } from './isLoopbackHost';
import { ProviderState } from './ProviderState';
import { applyDelivery, type ProviderEnv, playFaults, recordRequests, requireAppInstance } from './requestPipeline';

/** Options of the reference provider. */
export interface ProviderOptions {
  /** The provider's own base URL, e.g. http://127.0.0.1:4175; widgetStaticsBaseUrl is `${publicUrl}/statics`. */
  publicUrl: string;
  /** Origins allowed to call the API (CORS): the frame's, and a host page that calls the provider itself (the demo). */
  frameOrigins: string[];
  /** Folder served at /statics (the built bundle, dist/cashier-widget). */
  staticsDir: string;
  /** Folder served at /fixtures (test bundles); default none. */
  fixturesDir?: string;
  /** Accepted app instance tokens; default ['demo-app-instance']. */
  appInstances?: string[];
  /**
   * Origins allowed to call the card vault (`vaultApp`): the frame's only, never a host page's
   * (card data comes from the frame alone); default `frameOrigins`.
   */
  vaultFrameOrigins?: string[];
  /** Enables /__control (fault switches, recorded requests); default false. */
  control?: boolean;
}

/** The default accepted app instance token. */
export const DEMO_APP_INSTANCE = 'demo-app-instance';

type Env = ProviderEnv;

/**
 * The reference provider (DESIGN "Reference provider and bundle"): the widget-settings call,
 * the statics, and fault switches for tests. Every reply carries `Connection: close` so a
 * dropped connection is never hidden by the browser's silent keep-alive retry. Replies are
 * compressed and the statics cached as `deliveryPolicy` says; API replies are `no-store`.
 */
export function createProviderApp(options: ProviderOptions): {
  app: Hono<Env>;
  /** The card vault on the same state and store, to serve on its own origin ({@link createVaultApp}). */
  vaultApp: Hono<Env>;
  state: ProviderState;
  store: CheckoutStore;
} {
  const state = new ProviderState(options.appInstances ?? [DEMO_APP_INSTANCE]);
  const store = createCheckoutStore();
  state.resetHooks.push(() => store.reset());
  const app = new Hono<Env>();

  applyDelivery(app);

  if (options.control) mountControl(app, state, store);

  // Record, then play back faults, for every API and statics request.
  app.use('*', recordRequests(state, 'api'));

  app.use(
    `${PAYMENTS_CHECKOUT_BASE_PATH}/*`,
    cors({
      origin: options.frameOrigins,
      allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
      allowMethods: ['GET', 'HEAD', 'PUT', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['Retry-After'],
      maxAge: 600,
    }),
  );
  app.use(`${PAYMENTS_CHECKOUT_BASE_PATH}/*`, noStore());
  // Before the fault switches: a fault still plays on a statics path (a revalidation too), and its reply is neither cached nor tagged.
  app.use('/statics/*', staticsHeaders, cacheStatics());
  app.use('/fixtures/*', staticsHeaders, cacheStatics());
  app.use('*', playFaults(state));

  // Spec 6: every request carries the app instance as Authorization.
  app.use(`${PAYMENTS_CHECKOUT_BASE_PATH}/*`, requireAppInstance(state));

  app.get(ProviderPaths.widgetSettings, (c) =>
    c.json({ widgetStaticsBaseUrl: `${options.publicUrl}/statics`, ...state.settingsOverrides }),
  );
  registerCheckoutRoutes(app, store);

  app.use('/statics/*', serveStatic({ root: options.staticsDir, rewriteRequestPath: (p) => p.replace(/^\/statics/, '') }));
  if (options.fixturesDir) {
    app.use('/fixtures/*', serveStatic({ root: options.fixturesDir, rewriteRequestPath: (p) => p.replace(/^\/fixtures/, '') }));
  }
  app.notFound((c) => c.json(applicationError('NOT_FOUND', `No route for ${c.req.method} ${new URL(c.req.url).pathname}.`), 404));
  const vaultApp = createVaultApp({ state, store, frameOrigins: options.vaultFrameOrigins ?? options.frameOrigins });
  return { app, vaultApp, state, store };
}

export { applicationError };

async function staticsHeaders(c: Context, next: () => Promise<void>) {
  await next();
  // Module scripts are fetched in CORS mode; the statics are public.
  c.header('Access-Control-Allow-Origin', '*');
  if (c.req.path.endsWith('.js')) c.header('Content-Type', 'text/javascript; charset=utf-8');
}

function mountControl(app: Hono<Env>, state: ProviderState, store: CheckoutStore) {
  // Only for this server's loopback names: a page on another name that resolves to 127.0.0.1
  // (DNS rebinding) is same-origin with us to its browser, but still sends its own Host.
  app.use('/__control/*', async (c, next) => {
    const host = c.req.header('host');
    const { port, defaultPort } = serverPort(c);
    if (!isLoopbackHost(host, port, defaultPort)) {
      const got = host === undefined ? 'no Host' : `Host ${JSON.stringify(host.slice(0, 100))}`;
      const allowed = `localhost:${port}, 127.0.0.1:${port} or [::1]:${port}`;
      return c.json(
        applicationError(
          'LOOPBACK_HOST_REQUIRED',
          `Control calls answer only Host ${allowed} (a guard against DNS rebinding); got ${got}.`,
        ),
        403,
      );
    }
    return next();
  });
  // Only JSON: a cross-site page can send a "simple" text/plain or form POST without a
  // preflight, and must not be able to arm faults or reset state while `npm start` runs.
  app.post('/__control/*', async (c, next) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\b/i.test(type)) {
      return c.json(applicationError('JSON_REQUIRED', 'Control calls take Content-Type: application/json.'), 415);
    }
    return next();
  });
  app.get('/__control/charges', (c) => c.json(store.allCharges()));
  app.post('/__control/faults', async (c) => {
    try {
      return c.json(state.addFault(await c.req.json()));
    } catch (error) {
      return c.json(applicationError('BAD_FAULT', (error as Error).message), 400);
    }
  });
  app.post('/__control/settings', async (c) => {
    const body: unknown = await c.req.json();
    state.settingsOverrides = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    return c.json(state.settingsOverrides);
  });
  app.post('/__control/app-instances', async (c) => {
    const body = (await c.req.json()) as { add?: unknown; remove?: unknown };
    for (const token of Array.isArray(body.add) ? body.add : []) if (typeof token === 'string') state.appInstances.add(token);
    for (const token of Array.isArray(body.remove) ? body.remove : [])
      if (typeof token === 'string') state.appInstances.delete(token);
    return c.json({ count: state.appInstances.size });
  });
  app.get('/__control/requests', (c) => {
    const path = c.req.query('path');
    const after = Number(c.req.query('after') ?? 0);
    if (!Number.isInteger(after) || after < 0) {
      return c.json(applicationError('BAD_QUERY', `after must be a whole number ≥ 0 (a seq), got ${c.req.query('after')}.`), 400);
    }
    const requests = after > 0 ? state.requestsAfter(after) : state.requests;
    return c.json(path ? requests.filter((r) => r.path === path) : requests);
  });
  app.post('/__control/reset', (c) => {
    state.reset();
    return c.json({ ok: true });
  });
}

/**
 * The port the request arrived on (the socket's, not the URL's: on a server the URL is built from
 * the Host header) and the scheme's default port, for {@link isLoopbackHost}. In process
 * (`app.request`, as unit tests call it) there is no socket, and the URL the caller chose stands in.
 */
function serverPort(c: Context<Env>): { port: number; defaultPort: number } {
  const socket = c.env?.incoming?.socket as (Socket & { encrypted?: boolean }) | undefined;
  if (socket?.localPort) return { port: socket.localPort, defaultPort: socket.encrypted ? 443 : 80 };
  const url = new URL(c.req.url);
  const defaultPort = url.protocol === 'https:' ? 443 : 80;
  return { port: url.port ? Number(url.port) : defaultPort, defaultPort };
}
