import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { type HoldExtensionPolicy, PAYMENTS_CHECKOUT_BASE_PATH, ProviderPaths } from '../shared';
import { describeLocalPaymentTimingsProblem, type LocalPaymentTimings } from '../shared/localPayments';
import { isHoldSeconds, readHoldSecondsSetting } from '../shared/orderSetup';
import { challengeFrameAncestors } from '../shared/threeDsChallengePage';
import { registerCheckoutRoutes } from './checkoutRoutes';
import { mountControl } from './controlRoutes';
import { createVaultApp } from './createVaultApp';
import { cacheStatics, noStore } from './deliveryPolicy';
import { registerLocaleRoutes } from './localeRoutes';
import { registerLocalPaymentRoutes } from './localPaymentRoutes';
import { ProviderState } from './ProviderState';
import { registerPayPalRoutes } from './payPalRoutes';
import { applyDelivery, limitBodies, type ProviderEnv, playFaults, recordRequests, requireAppInstance } from './requestPipeline';
import { registerServerApiRoutes } from './serverApiRoutes';
import {
  applicationError,
  type CheckoutStore,
  createCheckoutStore,
  describeHoldPolicyProblem,
  RETURNING_BUYER_APP_INSTANCE,
  RETURNING_BUYER_MEMBER_ID,
} from './store';
import { registerWalletControl } from './walletRoutes';
import { createWebhookSender, type WebhookEndpoint, type WebhookSender } from './webhookSender';

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
  /**
   * Accepted app instance tokens, each its own app instance; default `['demo-app-instance',
   * 'returning-buyer-app-instance']` ({@link DEMO_APP_INSTANCE}, {@link RETURNING_BUYER_APP_INSTANCE}).
   */
  appInstances?: string[];
  /**
   * App instance → the member it carries (a signed-in returning buyer, issue 25), whose saved
   * cards the credit card routes answer. Default `{ 'returning-buyer-app-instance':
   * 'member-returning-buyer' }`, whose cards are `RETURNING_BUYER_CARDS` (savedCards.ts).
   */
  members?: Record<string, string>;
  /**
   * App instances whose merchant takes PayPal (issue 25): their orders' payment methods include
   * `{ type: 'PAYPAL', label: 'PayPal' }`. Default `['returning-buyer-app-instance']`, the demo's
   * `?buyer=returning` (the guest checkout keeps its methods as they were).
   */
  payPalAppInstances?: string[];
  /**
   * App instances whose merchant takes Apple Pay and Google Pay (issue 25 item 4): their orders'
   * express payment methods list both. Default `['returning-buyer-app-instance']`, as PayPal's. With
   * `controlKey`, `POST /__control/wallets` `{ appInstances }` replaces them until the next reset.
   */
  walletAppInstances?: string[];
  /**
   * Origins allowed to call the card vault (`vaultApp`): the frame's only, never a host page's
   * (card data comes from the frame alone); default `frameOrigins`.
   */
  vaultFrameOrigins?: string[];
  /**
   * The card vault's public origin, where its 3-D Secure challenge pages are (a charge's
   * `nextAction.url`), e.g. `https://vault.example.com`. Default: where `startProvider` serves the
   * vault (`vaultPort`); set it when the vault is reached by another name (a proxy, a host map).
   */
  vaultOrigin?: string;
  /**
   * The payments origin, where the local methods' pages are (iDEAL, Bancontact, Klarna: a charge's
   * `nextAction.url` is `<paymentsOrigin>/local-payments/<chargeId>`), e.g. `https://pay.example.com`.
   * The pages are served by this app, so the origin must reach it (a proxy, a host map). Default:
   * `publicUrl`'s origin, as PayPal's approval page (and the frame's `VITE_CASHIER_PAYMENTS_ORIGIN`
   * development default).
   */
  paymentsOrigin?: string;
  /**
   * The local payments' timings in ms: `{ pendingSettleMs?, blikApproveMs?, blikExpiryMs? }`
   * (shared/localPayments.ts). Default 5 000, 2 000 and 120 000. With `controlKey`, `POST
   * /__control/local-payments` changes them until a reset.
   * @throws TypeError (from createProviderApp) naming the field when one is out of range.
   */
  localPaymentTimings?: Partial<LocalPaymentTimings>;
  /**
   * Enables /__control (fault switches, recorded requests) for calls that carry this key in the
   * `X-Cashier-Control-Key` header (at least 32 characters; `npm start` makes a random one).
   * Default none: no control routes, as in every build a site would deploy.
   */
  controlKey?: string;
  /**
   * How long an order holds its seats when order setup names no `holdSeconds`, in whole seconds
   * (1–3600). Default: the environment variable `CASHIER_HOLD_SECONDS`, else 600.
   * @throws TypeError (from createProviderApp, so the start fails) naming the option or
   * `CASHIER_HOLD_SECONDS` when it is not such a number.
   */
  holdSeconds?: number;
  /**
   * The hold extensions of an order whose setup names no `holdExtensions` (issue 37): `{ count,
   * seconds }`, `count` extensions (0–10) of `seconds` each (1–3600). Default 2 of 300 s
   * (`DEFAULT_HOLD_EXTENSIONS`). With `controlKey`, `POST /__control/holds` changes it until a reset.
   * @throws TypeError (from createProviderApp) naming the field when it is not such an object.
   */
  holdExtensions?: HoldExtensionPolicy;
  /**
   * How long past `holdExpiresAt` a payment under way keeps the seats, at most, in milliseconds
   * (issue 37; 0 to 86 400 000): a charge approved after that is refunded (`REFUNDED_HOLD_EXPIRED`).
   * Default 900 000, 15 minutes (`DEFAULT_HOLD_GRACE_MS`). With `controlKey`, `POST /__control/holds`
   * changes it until a reset.
   * @throws TypeError (from createProviderApp) when it is not such a number.
   */
  holdGraceMs?: number;
  /**
   * The sites' secret keys for the server API (`/v1/…`, serverApiRoutes.ts), each mapped to its
   * app instance, e.g. `{ 'sk_test_…': 'demo-app-instance' }`. Default none: the server API
   * answers 401 to every call.
   */
  secretKeys?: Record<string, string>;
  /** Where the orders' events are POSTed as signed webhooks (webhookSender.ts); default none. */
  webhookEndpoints?: WebhookEndpoint[];
  /** The waits before each webhook retry, in ms; default `WEBHOOK_RETRY_DELAYS_MS` (1 s doubling to 64 s). */
  webhookRetryDelaysMs?: number[];
}

export { MAX_BODY_BYTES } from './requestPipeline';

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
  /** The webhook deliveries (their log, for tests; `close()` stops the retries). */
  webhooks: WebhookSender;
  /** Sets the vault's public origin when it was not given (`startProvider`, once the vault listens). */
  setVaultOrigin(origin: string): void;
} {
  const state = new ProviderState(
    options.appInstances ?? [DEMO_APP_INSTANCE, RETURNING_BUYER_APP_INSTANCE],
    options.members ?? { [RETURNING_BUYER_APP_INSTANCE]: RETURNING_BUYER_MEMBER_ID },
  );
  const payPalDefaults = options.payPalAppInstances ?? [RETURNING_BUYER_APP_INSTANCE];
  const payPalAppInstances = new Set(payPalDefaults);
  const walletDefaults = options.walletAppInstances ?? [RETURNING_BUYER_APP_INSTANCE];
  const walletAppInstances = new Set(walletDefaults);
  let vaultOrigin = options.vaultOrigin;
  const holdSeconds = options.holdSeconds ?? readHoldSecondsSetting(process.env.CASHIER_HOLD_SECONDS, 'CASHIER_HOLD_SECONDS');
  if (!isHoldSeconds(holdSeconds)) throw new TypeError(`holdSeconds must be a whole number from 1 to 3600, got ${holdSeconds}.`);
  const holdPolicy = {
    ...(options.holdExtensions === undefined ? {} : { holdExtensions: options.holdExtensions }),
    ...(options.holdGraceMs === undefined ? {} : { holdGraceMs: options.holdGraceMs }),
  };
  const holdPolicyProblem = describeHoldPolicyProblem(holdPolicy);
  if (holdPolicyProblem) throw new TypeError(holdPolicyProblem);
  const timingsProblem = options.localPaymentTimings && describeLocalPaymentTimingsProblem(options.localPaymentTimings);
  if (timingsProblem) throw new TypeError(`localPaymentTimings: ${timingsProblem}`);
  const paymentsOrigin = new URL(options.paymentsOrigin ?? options.publicUrl).origin;
  const webhooks = createWebhookSender({
    endpoints: options.webhookEndpoints ?? [],
    ...(options.webhookRetryDelaysMs ? { retryDelaysMs: options.webhookRetryDelaysMs } : {}),
  });
  const store = createCheckoutStore(undefined, {
    ...(options.webhookEndpoints?.length ? { onEvent: webhooks.send } : {}),
    vaultOrigin: () => vaultOrigin,
    paymentsOrigin: () => paymentsOrigin,
    ...(options.localPaymentTimings ? { localPaymentTimings: options.localPaymentTimings } : {}),
    holdSeconds,
    ...holdPolicy,
    memberOf: (appInstance) => state.memberOf(appInstance),
    offersPayPal: (appInstance) => payPalAppInstances.has(appInstance),
    offersWallets: (appInstance) => walletAppInstances.has(appInstance),
  });
  state.resetHooks.push(() => store.reset());
  const app = new Hono<Env>();

  applyDelivery(app);

  // Record, then play back faults, for every API and statics request.
  app.use('*', recordRequests(state, 'api'));

  app.use(
    `${PAYMENTS_CHECKOUT_BASE_PATH}/*`,
    cors({
      origin: options.frameOrigins,
      allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
      allowMethods: ['GET', 'HEAD', 'PUT', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
      // Date: the provider's clock, which the widget counts a seat hold against (not the device's alone).
      exposeHeaders: ['Retry-After', 'Date'],
      maxAge: 600,
    }),
  );
  app.use(`${PAYMENTS_CHECKOUT_BASE_PATH}/*`, noStore());
  // Every route, control calls too; after CORS, so a browser can read the 413.
  app.use('*', limitBodies());
  if (options.controlKey !== undefined) mountControl(app, state, store, options.controlKey);
  // Before the fault switches: a fault still plays on a statics path (a revalidation too), and its reply is neither cached nor tagged.
  app.use('/statics/*', staticsHeaders, cacheStatics());
  app.use('/fixtures/*', staticsHeaders, cacheStatics());
  app.use('*', playFaults(state));

  // Spec 6: every request carries the app instance as Authorization.
  app.use(`${PAYMENTS_CHECKOUT_BASE_PATH}/*`, requireAppInstance(state));

  app.get(ProviderPaths.widgetSettings, (c) =>
    c.json({ widgetStaticsBaseUrl: `${options.publicUrl}/statics`, ...state.settingsOverrides }),
  );
  registerCheckoutRoutes(app, store, (c) => c.get('appInstance'));
  registerServerApiRoutes(app, store, options.secretKeys ?? {});
  registerLocaleRoutes(app, () => state.buyerCountry);
  const payPal = registerPayPalRoutes(app, store, { ...options, offers: payPalAppInstances });
  registerLocalPaymentRoutes(app, store, { frameOrigins: options.frameOrigins, paymentsOrigin });
  state.resetHooks.push(() => {
    payPal.clear();
    payPalAppInstances.clear();
    for (const appInstance of payPalDefaults) payPalAppInstances.add(appInstance);
    walletAppInstances.clear();
    for (const appInstance of walletDefaults) walletAppInstances.add(appInstance);
  });
  if (options.controlKey !== undefined) registerWalletControl(app, walletAppInstances);

  app.use('/statics/*', serveStatic({ root: options.staticsDir, rewriteRequestPath: (p) => p.replace(/^\/statics/, '') }));
  if (options.fixturesDir) {
    app.use('/fixtures/*', serveStatic({ root: options.fixturesDir, rewriteRequestPath: (p) => p.replace(/^\/fixtures/, '') }));
  }
  app.notFound((c) => c.json(applicationError('NOT_FOUND', `No route for ${c.req.method} ${new URL(c.req.url).pathname}.`), 404));
  const vaultFrameOrigins = options.vaultFrameOrigins ?? options.frameOrigins;
  // frame-ancestors is checked against every ancestor: the frame, https sites, and the API's plain-http (loopback) CORS origins.
  const challengeAncestors = challengeFrameAncestors(vaultFrameOrigins, options.frameOrigins);
  const vaultApp = createVaultApp({ state, store, frameOrigins: vaultFrameOrigins, challengeAncestors });
  const setVaultOrigin = (origin: string) => {
    vaultOrigin ??= origin;
  };
  return { app, vaultApp, state, store, webhooks, setVaultOrigin };
}

export { applicationError };

async function staticsHeaders(c: Context, next: () => Promise<void>) {
  await next();
  // Module scripts are fetched in CORS mode; the statics are public.
  c.header('Access-Control-Allow-Origin', '*');
  if (c.req.path.endsWith('.js')) c.header('Content-Type', 'text/javascript; charset=utf-8');
}
