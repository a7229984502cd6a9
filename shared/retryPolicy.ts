import type { AxiosError } from 'axios';
import type { IAxiosRetryConfig } from 'axios-retry';
import { isNetworkError, retryAfter } from 'axios-retry';
import {
  IDEMPOTENT_METHODS,
  MAX_RETRIES,
  MAX_RETRY_AFTER_MS,
  RETRY_BASE_DELAY_MS,
  RETRY_JITTER_RATIO,
  RETRYABLE_SERVER_STATUS_MAX,
  RETRYABLE_SERVER_STATUS_MIN,
  TOO_MANY_REQUESTS_STATUS,
} from './constants';

const idempotent: ReadonlySet<string> = new Set(IDEMPOTENT_METHODS);

/** True for get, head, options, put and delete (spec 7); POST and PATCH are never retried. */
export function isIdempotentMethod(method: string | undefined): boolean {
  return idempotent.has((method ?? 'get').toLowerCase());
}

/** True for HTTP 429 and 500 to 599 (spec 9). */
export function isRetryableStatus(status: number): boolean {
  return status === TOO_MANY_REQUESTS_STATUS || (status >= RETRYABLE_SERVER_STATUS_MIN && status <= RETRYABLE_SERVER_STATUS_MAX);
}

/**
 * Spec 7: an idempotent request that failed on the network, with 429 or with 5xx is retried.
 * "On the network" is axios-retry's `isNetworkError` (a failure without a reply, not a certificate
 * or DNS error; in the browser axios says `ERR_NETWORK`; the fetch adapter's timeout `ETIMEDOUT`
 * is one), plus an attempt that timed out (`ECONNABORTED`, which `isNetworkError` leaves out: a
 * hung attempt is a reply lost on the network, and the call's deadline, not the first attempt,
 * bounds the wait; the xhr adapter also says it when the browser drops the request, as on a
 * navigation, where a retry is harmless), plus a request that went out and whose transport rejected without any error
 * code (Node's adapter wraps such a failure with the request but no code; toCashierError reports
 * it as NETWORK_ERROR). An error with neither code nor request failed before anything was sent
 * and is not retried; nor is an attempt aborted by destroy or the deadline (`ERR_CANCELED`).
 */
export function shouldRetry(error: AxiosError): boolean {
  if (!isIdempotentMethod(error.config?.method)) return false;
  if (error.response) return isRetryableStatus(error.response.status);
  return isNetworkError(error) || error.code === 'ECONNABORTED' || (error.code === undefined && error.request !== undefined);
}

/**
 * Delay before retry number `retryCount` (1-based), in milliseconds (spec 9): network errors
 * back off (2^retryCount − 1) / 2 s; HTTP replies wait 100 ms plus up to 20 % random jitter; a
 * 429 with Retry-After waits that long instead when it is longer, capped at MAX_RETRY_AFTER_MS.
 * `random` is injectable for tests and defaults to Math.random.
 */
export function retryDelayMs(retryCount: number, error: AxiosError, random: () => number = Math.random): number {
  if (!error.response) return ((2 ** retryCount - 1) / 2) * 1000;
  const jittered = RETRY_BASE_DELAY_MS * (1 + random() * RETRY_JITTER_RATIO);
  if (error.response.status !== TOO_MANY_REQUESTS_STATUS) return jittered;
  return Math.max(jittered, Math.min(retryAfter(error), MAX_RETRY_AFTER_MS));
}

/** The axios-retry configuration of spec sections 7 and 9. */
export const retryConfig: IAxiosRetryConfig = {
  retries: MAX_RETRIES,
  retryCondition: shouldRetry,
  retryDelay: (retryCount, error) => retryDelayMs(retryCount, error),
  shouldResetTimeout: true,
};
