import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';
import axiosRetry from 'axios-retry';
import { assertProviderPath } from './assertProviderPath';
import { CashierError, ErrorCode } from './CashierError';
import { checkDeadline, openDeadline, untilAborted } from './callScope';
import { MAX_RETRIES, MAX_REVALIDATIONS, SETTINGS_ATTEMPT_TIMEOUT_MS, SETTINGS_DEADLINE_MS } from './constants';
import { isValidGuid } from './isValidGuid';
import { ProviderPaths, WIDGET_SETTINGS_PATH } from './paths';
import { retryConfig } from './retryPolicy';
import { toCashierError } from './toCashierError';
import { parseWidgetSettings, type WidgetSettings } from './widgetSettings';

/** Options of {@link createProviderClient}. */
export interface ProviderClientOptions {
  /** The provider's API base URL (not the site's), e.g. "https://api.cashier.example" (spec 1: host). */
  host: string;
  /**
   * The card vault's origin (shared/vault.ts: fixed when the frame is built, never the page's
   * choice): `vault.request` sends there. Default none: `vault.request` rejects INVALID_ARGUMENT.
   */
  vaultOrigin?: string;
  /** Returns the current app instance token, sent raw as `Authorization` (spec 6). */
  getAppInstance: () => string;
  /**
   * Asks the host for a fresh app instance token (spec 7, through the bridge). Called at most
   * MAX_REVALIDATIONS (1) times per call, shared by concurrent failures. Default none: a 401/403
   * fails at once.
   */
  revalidateAppInstance?: () => Promise<string>;
  /** Aborts every request in flight and every later one (destroy): they reject with DESTROYED. Default: none. */
  signal?: AbortSignal;
  /**
   * Per-attempt timeout in milliseconds of every call but the widget settings (whose attempts take
   * SETTINGS_ATTEMPT_TIMEOUT_MS, 2 300). A timed-out attempt of an idempotent method is retried like
   * a network error; a POST or PATCH rejects with TIMEOUT. Default 8000 (DEFAULT_REQUEST_TIMEOUT_MS).
   */
  timeoutMs?: number;
  /**
   * Overall deadline of `getWidgetSettings` in milliseconds, covering every attempt, the retry
   * delays and a revalidation; past it the call rejects with TIMEOUT. Default SETTINGS_DEADLINE_MS (9000).
   */
  settingsDeadlineMs?: number;
  /**
   * Overall deadline in milliseconds of every other call, with the same rules; a request's own
   * `deadlineMs` wins. Default none (each attempt still has `timeoutMs`).
   */
  deadlineMs?: number;
}

/** One provider call: HTTP method, path under the provider host, query, JSON body, extra headers. */
export interface ProviderRequest {
  /** HTTP method, e.g. "get"; only get, head, options, put and delete are retried (spec 7). */
  method: string;
  /**
   * Path under `/_serverless/payments-checkout-server/` (ProviderPaths), never an absolute URL and
   * without "." or ".." segments; anything else rejects with INVALID_ARGUMENT before sending.
   */
  path: string;
  /** Query parameters. Default none. */
  params?: Record<string, string>;
  /** JSON body. Default none. */
  data?: unknown;
  /** Extra headers, e.g. `Idempotency-Key`; `Authorization` is always the app instance. */
  headers?: Record<string, string>;
  /**
   * Overall deadline of this call in milliseconds, covering every attempt, the retry delays and
   * a revalidation; past it the call rejects with TIMEOUT. Default the client's `deadlineMs` (none).
   */
  deadlineMs?: number;
  /**
   * Called with the reply's `Date` header (the provider's clock, RFC 9110 IMF-fixdate; undefined
   * when the reply has none or CORS hides it) just before the call resolves, so a caller can set
   * its clock by the provider's (seat holds, issue 24). Not called when the call rejects. Default: none.
   */
  onDate?: (date: string | undefined) => void;
}

/**
 * The frame's provider request client (DESIGN "Requests"), handed to the bundle as a prop: the
 * widget settings call and `request`, which sends any spec section 7 operation with the spec's
 * retry and revalidation rules. A bundle wraps `request` in `createProviderApi` for one typed
 * function per operation; the typed functions ship in the bundle, and only the ones it calls,
 * so the frame's critical path carries no payload shapes (issue "a buyer on a phone").
 */
export interface ProviderClient {
  /**
   * GET widget-settings (spec 7): attempts of SETTINGS_ATTEMPT_TIMEOUT_MS (2 300 ms) each, within
   * `settingsDeadlineMs` (default 9000 ms) in all. Rejects with CashierError (see
   * {@link toCashierError}; TIMEOUT when the last attempt times out or the deadline passes).
   */
  getWidgetSettings(query?: { msid?: string }): Promise<WidgetSettings>;
  /**
   * Any provider call under the payments-checkout path, with the spec's retry rules. Resolves to
   * the JSON body, unchecked (narrow it with a guard); rejects with CashierError, INVALID_ARGUMENT
   * for a path outside the payments-checkout base path or a bad `deadlineMs`.
   */
  request(config: ProviderRequest): Promise<unknown>;
  /**
   * The card vault (DESIGN "Security model"): the one place card number, expiry and security code
   * may be sent. `origin` is the client's `vaultOrigin`; `request` sends a {@link VAULT_PATHS} call
   * there with the same Authorization, revalidation and retry rules as `request` (card
   * tokenization is a POST: never retried), and rejects INVALID_ARGUMENT for any other path or
   * when the client has no vault.
   */
  vault: { origin: string | undefined; request(config: ProviderRequest): Promise<unknown> };
}

/**
 * The paths the vault answers, and `request` to `host` refuses (card data never goes to the
 * embedding page's choice of server): card tokenization and saved-card tokens (spec 7; a saved card's
 * security code is card data too, issue 25), and wallet tokens (a wallet's payment token, issue 25 item 4).
 */
export const VAULT_PATHS: readonly string[] = [
  ProviderPaths.cardTokenization,
  ProviderPaths.savedCardTokens,
  ProviderPaths.walletTokens,
];

/**
 * Default per-attempt timeout of every call but the widget settings, in milliseconds. A POST or
 * PATCH (a charge) gets one attempt: TIMEOUT after 8 000 ms. An idempotent call retries a timed-out
 * attempt twice: without a deadline, TIMEOUT after 3 × 8 000 + 500 + 1 500 = 26 000 ms at most;
 * a caller that needs less passes `deadlineMs`.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 8000;

/**
 * The provider's axios instance: `baseURL` the host, `allowAbsoluteUrls: false` (a URL in a path
 * can never send the app instance to another origin), `timeoutMs` per attempt (default 8000) and
 * axios-retry configured to spec sections 7 and 9 ({@link retryConfig}).
 */
export function createProviderAxios(options: Pick<ProviderClientOptions, 'host' | 'timeoutMs'>): AxiosInstance {
  const instance = axios.create({
    baseURL: options.host.replace(/\/+$/, ''),
    allowAbsoluteUrls: false,
    timeout: options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
  });
  axiosRetry(instance, retryConfig);
  return instance;
}

/** A reply: its JSON body and its `Date` header, if any. */
type Reply = { body: unknown; date: string | undefined };

/** One send's outcome: the reply, or the failure and how many retries the call has used so far. */
type Outcome = ({ ok: true } & Reply) | { ok: false; error: CashierError; retryCount: number };

/**
 * Creates the provider client: one axios instance with axios-retry configured to spec
 * sections 7 and 9. Every failure rejects with a CashierError whose code names its class.
 * Throws INVALID_ARGUMENT when `settingsDeadlineMs` or `deadlineMs` is not a positive number.
 */
export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const settingsDeadlineMs = checkDeadline('settingsDeadlineMs', options.settingsDeadlineMs) ?? SETTINGS_DEADLINE_MS;
  const defaultDeadlineMs = checkDeadline('deadlineMs', options.deadlineMs);
  const instance = createProviderAxios(options);
  const vaultInstance = options.vaultOrigin ? createProviderAxios({ ...options, host: options.vaultOrigin }) : undefined;

  let freshToken: string | undefined;
  let revalidation: Promise<string> | undefined;
  const currentToken = () => freshToken ?? options.getAppInstance();

  /** One revalidation for every request that fails while it runs (DESIGN "Requests"). */
  const revalidate = (revalidateAppInstance: () => Promise<string>): Promise<string> => {
    revalidation ??= revalidateAppInstance()
      .then((token) => {
        if (typeof token !== 'string' || token === '') throw new Error('revalidateAppInstance gave no token');
        freshToken = token;
        return token;
      })
      .finally(() => {
        revalidation = undefined;
      });
    return revalidation;
  };

  /**
   * Sends with `token`. axios-retry carries on from `retryCount` retries already made by this
   * call, so the call never exceeds MAX_RETRIES and the network back-off keeps counting.
   */
  const attempt = async (via: AxiosInstance, config: AxiosRequestConfig, token: string, retryCount: number): Promise<Outcome> => {
    try {
      const response = await via.request<unknown>({
        ...config,
        headers: { ...config.headers, Authorization: token },
        'axios-retry': { retries: MAX_RETRIES, retryCount },
      });
      const date: unknown = response.headers?.date;
      return { ok: true, body: response.data, date: typeof date === 'string' ? date : undefined };
    } catch (error) {
      const made = axios.isAxiosError(error) ? error.config?.['axios-retry']?.retryCount : undefined;
      return { ok: false, error: toCashierError(error), retryCount: made ?? retryCount };
    }
  };

  /** The token to re-send with after `refusal`: one another call already got, or a fresh one. */
  const tokenAfter = async (used: string, refusal: CashierError, signal: AbortSignal | undefined): Promise<string> => {
    const revalidateAppInstance = options.revalidateAppInstance;
    if (!revalidateAppInstance) throw refusal;
    if (currentToken() !== used) return currentToken();
    try {
      return await untilAborted(revalidate(revalidateAppInstance), signal);
    } catch (cause) {
      if (cause instanceof CashierError && cause.code === ErrorCode.Destroyed) throw cause;
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new CashierError(
        ErrorCode.Unauthorized,
        `${refusal.message} Revalidating the app instance failed: ${reason}`,
        refusal.details,
      );
    }
  };

  /**
   * Spec 7 and 9: retries come from axios-retry, at most MAX_RETRIES (2) for the whole call; a
   * 401, or a 403 that is not a captcha error, drops the stale Authorization, revalidates the app
   * instance (at most MAX_REVALIDATIONS times) and re-sends once with the new token, keeping the
   * retries left. So one call makes at most 1 + MAX_RETRIES + MAX_REVALIDATIONS attempts. Another
   * refusal fails with UNAUTHORIZED.
   */
  async function sendWithin(via: AxiosInstance, config: AxiosRequestConfig, signal: AbortSignal | undefined): Promise<Reply> {
    let retryCount = 0;
    let token = currentToken();
    for (let revalidations = 0; ; revalidations += 1) {
      const outcome = await attempt(via, config, token, retryCount);
      if (outcome.ok) return outcome;
      if (outcome.error.code !== ErrorCode.Unauthorized || revalidations >= MAX_REVALIDATIONS) throw outcome.error;
      retryCount = outcome.retryCount;
      token = await tokenAfter(token, outcome.error, signal);
    }
  }

  /** Runs one call under the destroy signal and, if given, an overall deadline (TIMEOUT past it); `via` the vault's instance or the host's. */
  async function send(config: AxiosRequestConfig, deadlineMs: number | undefined, via = instance): Promise<Reply> {
    const scope = openDeadline(options.signal, deadlineMs);
    try {
      return await sendWithin(via, { ...config, signal: scope.signal }, scope.signal);
    } catch (error) {
      if (!scope.expired()) throw error;
      const what = `${(config.method ?? 'get').toUpperCase()} ${config.url ?? ''}`;
      throw new CashierError(
        ErrorCode.Timeout,
        `${what} did not finish within its ${deadlineMs} ms deadline (retries and revalidation included).`,
      );
    } finally {
      scope.close();
    }
  }

  const request = async (config: ProviderRequest, via = instance): Promise<unknown> => {
    const url = assertProviderPath(config.path);
    if (via === instance && VAULT_PATHS.includes(url)) {
      throw new CashierError(
        ErrorCode.InvalidArgument,
        `${url} carries card data: it goes to the vault (vault.request), never to host.`,
      );
    }
    const deadlineMs = checkDeadline('deadlineMs', config.deadlineMs) ?? defaultDeadlineMs;
    const { method, params, data, headers } = config;
    const reply = await send({ method, url, params, data, headers }, deadlineMs, via);
    config.onDate?.(reply.date);
    return reply.body;
  };
  const vaultRequest = async (config: ProviderRequest): Promise<unknown> => {
    if (!vaultInstance) throw new CashierError(ErrorCode.InvalidArgument, 'This provider client has no vault origin.');
    if (!VAULT_PATHS.includes(config.path)) {
      throw new CashierError(
        ErrorCode.InvalidArgument,
        `The vault answers only ${VAULT_PATHS.join(', ')}, not ${JSON.stringify(String(config.path).slice(0, 120))}.`,
      );
    }
    return request(config, vaultInstance);
  };

  return {
    async getWidgetSettings(query = {}) {
      const params = query.msid && isValidGuid(query.msid) ? { msid: query.msid } : undefined;
      const timeout = SETTINGS_ATTEMPT_TIMEOUT_MS;
      const { body } = await send({ method: 'get', url: WIDGET_SETTINGS_PATH, params, timeout }, settingsDeadlineMs);
      return parseWidgetSettings(body);
    },
    request: (config) => request(config),
    vault: { origin: options.vaultOrigin, request: vaultRequest },
  };
}
