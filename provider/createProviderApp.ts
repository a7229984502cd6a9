import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { PAYMENTS_CHECKOUT_BASE_PATH, ProviderPaths } from '../shared';
import { registerCheckoutRoutes } from './checkoutRoutes';
import { applicationError, type CheckoutStore, createCheckoutStore } from './checkoutStore';
import { mountControl } from './controlRoutes';
import { cacheStatics, compressReplies, noStore } from './deliveryPolicy';
import { type Fault, ProviderState } from './ProviderState';
import { tokenFingerprint } from './tokenFingerprint';

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
  /** Accepted app instance tokens, each its own app instance; default ['demo-app-instance']. */
  appInstances?: string[];
  /**
   * Enables /__control (fault switches, recorded requests) for calls that carry this key in the
   * `X-Cashier-Control-Key` header (at least 32 characters; `npm start` makes a random one).
   * Default none: no control routes, as in every build a site would deploy.
   */
  controlKey?: string;
}

/** Largest request body any route takes: 64 KiB (a bigger one gets 413 PAYLOAD_TOO_LARGE). */
export const MAX_BODY_BYTES = 64 * 1024;

/** The default accepted app instance token. */
export const DEMO_APP_INSTANCE = 'demo-app-instance';

type Env = {
  Bindings: HttpBindings;
  Variables: {
    /** The request's Authorization fingerprint as recorded (null without one), for faults that name one. */
    tokenFingerprint: string | null;
    /** The app instance its (accepted) Authorization token stands for: what owns orders, charges and card tokens. */
    appInstance: string;
  };
};

/**
 * The reference provider (DESIGN "Reference provider and bundle"): the widget-settings call,
 * the statics, and fault switches for tests. Every reply carries `Connection: close` so a
 * dropped connection is never hidden by the browser's silent keep-alive retry. Replies are
 * compressed and the statics cached as `deliveryPolicy` says; API replies are `no-store`.
 */
export function createProviderApp(options: ProviderOptions): { app: Hono<Env>; state: ProviderState; store: CheckoutStore } {
  const state = new ProviderState(options.appInstances ?? [DEMO_APP_INSTANCE]);
  const store = createCheckoutStore();
  state.resetHooks.push(() => store.reset());
  const app = new Hono<Env>();

  app.use('*', async (c, next) => {
    await next();
    c.header('Connection', 'close');
  });
  app.use('*', compressReplies());

  // Record, then play back faults, for every API and statics request.
  app.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname.startsWith('/__control')) return next();
    const token = c.req.header('authorization');
    const recorded = state.record({
      method: c.req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      tokenFingerprint: token === undefined ? null : tokenFingerprint(token),
      idempotencyKey: c.req.header('idempotency-key') ?? null,
      at: Date.now(),
    });
    c.set('tokenFingerprint', recorded.tokenFingerprint);
    return next();
  });

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
  // Every route, control calls too; after CORS, so a browser can read the 413.
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.json(applicationError('PAYLOAD_TOO_LARGE', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`), 413),
    }),
  );
  if (options.controlKey !== undefined) mountControl(app, state, store, options.controlKey);
  // Before the fault switches: a fault still plays on a statics path (a revalidation too), and its reply is neither cached nor tagged.
  app.use('/statics/*', staticsHeaders, cacheStatics());
  app.use('/fixtures/*', staticsHeaders, cacheStatics());
  app.use('*', async (c, next) => {
    const fault =
      c.req.method === 'OPTIONS'
        ? undefined
        : state.takeFault(c.req.method, new URL(c.req.url).pathname, c.get('tokenFingerprint') ?? null);
    if (!fault) return next();
    return playFault(c, fault, next);
  });

  // Spec 6: every request carries the app instance as Authorization.
  app.use(`${PAYMENTS_CHECKOUT_BASE_PATH}/*`, async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const token = c.req.header('authorization');
    const appInstance = token === undefined ? undefined : state.appInstances.get(token);
    if (appInstance === undefined) {
      return c.json(applicationError('UNAUTHORIZED', 'Unknown or missing app instance.'), 401);
    }
    c.set('appInstance', appInstance);
    return next();
  });

  app.get(ProviderPaths.widgetSettings, (c) =>
    c.json({ widgetStaticsBaseUrl: `${options.publicUrl}/statics`, ...state.settingsOverrides }),
  );
  registerCheckoutRoutes(app, store, (c) => c.get('appInstance'));

  app.use('/statics/*', serveStatic({ root: options.staticsDir, rewriteRequestPath: (p) => p.replace(/^\/statics/, '') }));
  if (options.fixturesDir) {
    app.use('/fixtures/*', serveStatic({ root: options.fixturesDir, rewriteRequestPath: (p) => p.replace(/^\/fixtures/, '') }));
  }
  app.notFound((c) => c.json(applicationError('NOT_FOUND', `No route for ${c.req.method} ${new URL(c.req.url).pathname}.`), 404));
  return { app, state, store };
}

export { applicationError };

async function staticsHeaders(c: Context, next: () => Promise<void>) {
  await next();
  // Module scripts are fetched in CORS mode; the statics are public.
  c.header('Access-Control-Allow-Origin', '*');
  if (c.req.path.endsWith('.js')) c.header('Content-Type', 'text/javascript; charset=utf-8');
}

async function playFault(c: Context<Env>, fault: Fault, next: () => Promise<void>) {
  if (fault.delayMs) await sleep(fault.delayMs);
  if (fault.drop) {
    c.env.incoming.socket.destroy();
    return new Response(null, { status: 499 });
  }
  if (fault.dropAfterApply) {
    // The request takes effect (a charge is made), then the reply is lost on the way back.
    await next();
    c.env.incoming.socket.destroy();
    return new Response(null, { status: 499 });
  }
  if (fault.status === undefined) return next();
  for (const [name, value] of Object.entries(fault.headers ?? {})) c.header(name, value);
  const body = fault.body ?? applicationError(`HTTP_${fault.status}`, `Fault injected: HTTP ${fault.status}.`);
  if (typeof body === 'string') return c.body(body, fault.status as 500);
  return c.json(body, fault.status as 500);
}
