import axios, { type AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import axiosRetry from 'axios-retry';
import { CashierError, ErrorCode } from './CashierError';
import { isValidGuid } from './isValidGuid';
import { ProviderPaths } from './paths';
import { createProviderApi, type ProviderApi } from './providerApi';
import { retryConfig } from './retryPolicy';
import { parseWidgetSettings, type WidgetSettings } from './widgetSettings';

/** Options of {@link createProviderClient}. */
export interface ProviderClientOptions {
  /** Provider API base URL, e.g. "https://tickets.example.com" (spec 1: host). */
  host: string;
  /** Returns the current app instance token, sent raw as `Authorization` (spec 6). */
  getAppInstance: () => string;
  /**
   * Asks the host for a fresh app instance token (spec 7, through the bridge). Called at most
   * once per request, shared by concurrent failures. Default none: a 401/403 fails at once.
   */
  revalidateAppInstance?: () => Promise<string>;
  /** Aborts every request in flight and every later one (destroy). Default: none. */
  signal?: AbortSignal;
  /** Per-attempt timeout in milliseconds. Default 8000, so two retries still fit the 10 s ready limit more often than not. */
  timeoutMs?: number;
}

/** One provider call: HTTP method, path under the provider host, query, JSON body, extra headers. */
export interface ProviderRequest {
  method: string;
  path: string;
  params?: Record<string, string>;
  data?: unknown;
  /** Extra headers, e.g. `Idempotency-Key`; `Authorization` is always the app instance. */
  headers?: Record<string, string>;
}

/**
 * The frame's provider request client (DESIGN "Requests"), handed to the bundle as a prop: one
 * typed function per spec section 7 operation ({@link ProviderApi}), plus `request` for anything else.
 */
export interface ProviderClient extends ProviderApi {
  /** GET widget-settings (spec 7). Rejects with CashierError (see {@link toCashierError}). */
  getWidgetSettings(query?: { msid?: string }): Promise<WidgetSettings>;
  /**
   * Any provider call under the payments-checkout path, with the spec's retry rules.
   * Resolves to the JSON body; rejects with CashierError.
   */
  request<T = unknown>(config: ProviderRequest): Promise<T>;
}

/** Default per-attempt timeout, in milliseconds. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 8000;

/**
 * Creates the provider client: one axios instance with axios-retry configured to spec
 * sections 7 and 9. Every failure rejects with a CashierError whose code names its class.
 */
export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const instance: AxiosInstance = axios.create({
    baseURL: options.host.replace(/\/+$/, ''),
    timeout: options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    signal: options.signal,
  });
  axiosRetry(instance, retryConfig);

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

  const attempt = async <T>(config: AxiosRequestConfig, token: string): Promise<T> => {
    try {
      const response = await instance.request<T>({ ...config, headers: { ...config.headers, Authorization: token } });
      return response.data;
    } catch (error) {
      throw toCashierError(error);
    }
  };

  /**
   * Spec 7: retries come from axios-retry; a 401, or a 403 that is not a captcha error, drops
   * the stale Authorization, revalidates the app instance once and retries with the new token.
   * A second refusal fails with UNAUTHORIZED.
   */
  async function send<T>(config: AxiosRequestConfig): Promise<T> {
    const used = currentToken();
    try {
      return await attempt<T>(config, used);
    } catch (error) {
      const refusal = error as CashierError;
      if (refusal.code !== ErrorCode.Unauthorized || !options.revalidateAppInstance) throw refusal;
      let token: string;
      try {
        token = currentToken() !== used ? currentToken() : await revalidate(options.revalidateAppInstance);
      } catch (cause) {
        const reason = cause instanceof Error ? cause.message : String(cause);
        throw new CashierError(
          ErrorCode.Unauthorized,
          `${refusal.message} Revalidating the app instance failed: ${reason}`,
          refusal.details,
        );
      }
      return attempt<T>(config, token);
    }
  }

  const request = <T>(config: ProviderRequest) =>
    send<T>({ method: config.method, url: config.path, params: config.params, data: config.data, headers: config.headers });

  return {
    ...createProviderApi(request),
    async getWidgetSettings(query = {}) {
      const params = query.msid && isValidGuid(query.msid) ? { msid: query.msid } : undefined;
      const body = await send<unknown>({ method: 'get', url: ProviderPaths.widgetSettings, params });
      return parseWidgetSettings(body);
    },
    request,
  };
}

/**
 * Maps an axios failure to CashierError: NETWORK_ERROR (no reply), TIMEOUT, DESTROYED (aborted),
 * CAPTCHA_ERROR (403 with CAPTCHA_REQUIRED / CAPTCHA_ASSESSMENT_FAILED), UNAUTHORIZED (401/403),
 * HTTP_CLIENT_ERROR (other 4xx), HTTP_SERVER_ERROR (5xx). Status and application error code go
 * into `details`. A CashierError passes through unchanged.
 */
export function toCashierError(error: unknown): CashierError {
  if (error instanceof CashierError) return error;
  if (!axios.isAxiosError(error)) {
    return new CashierError(ErrorCode.NetworkError, error instanceof Error ? error.message : String(error));
  }
  const what = describeRequest(error);
  if (axios.isCancel(error) || error.code === 'ERR_CANCELED') {
    return new CashierError(ErrorCode.Destroyed, `${what} was aborted.`);
  }
  if (!error.response) {
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
      return new CashierError(ErrorCode.Timeout, `${what} timed out.`);
    }
    return new CashierError(ErrorCode.NetworkError, `${what} failed without a reply (${error.code ?? 'network error'}).`);
  }
  const status = error.response.status;
  const applicationErrorCode = readApplicationErrorCode(error.response.data);
  const details = applicationErrorCode ? { status, applicationErrorCode } : { status };
  if (isCaptchaError(status, applicationErrorCode)) {
    return new CashierError(ErrorCode.CaptchaError, `${what} needs a captcha (${applicationErrorCode}).`, details);
  }
  const code =
    status === 401 || status === 403
      ? ErrorCode.Unauthorized
      : status >= 500
        ? ErrorCode.HttpServerError
        : ErrorCode.HttpClientError;
  const suffix = applicationErrorCode ? ` (${applicationErrorCode})` : '';
  return new CashierError(code, `${what} answered HTTP ${status}${suffix}.`, details);
}

/** Application error codes that make a 403 a captcha error (spec 8). */
export const CAPTCHA_ERROR_CODES = ['CAPTCHA_REQUIRED', 'CAPTCHA_ASSESSMENT_FAILED'] as const;

/** True for HTTP 403 with application error code CAPTCHA_REQUIRED or CAPTCHA_ASSESSMENT_FAILED (spec 8). */
export function isCaptchaError(status: number, applicationErrorCode: string | undefined): boolean {
  return status === 403 && (CAPTCHA_ERROR_CODES as readonly string[]).includes(applicationErrorCode ?? '');
}

/** Reads `details.applicationError.code` from a provider error body (DESIGN "Widget settings call"). */
export function readApplicationErrorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const details = (body as { details?: unknown }).details;
  if (typeof details !== 'object' || details === null) return undefined;
  const applicationError = (details as { applicationError?: unknown }).applicationError;
  if (typeof applicationError !== 'object' || applicationError === null) return undefined;
  const code = (applicationError as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function describeRequest(error: AxiosError): string {
  const method = (error.config?.method ?? 'get').toUpperCase();
  const url = error.config?.url ?? '';
  return `${method} ${url}`;
}
