import axios, { type AxiosError } from 'axios';
import { CashierError, ErrorCode } from './CashierError';
import { describeForeignError } from './describeForeignError';

// How a failed provider request becomes a CashierError (spec 7, 8): one code per class of failure,
// the HTTP status and the application error code in `details`.

/**
 * Maps an axios failure to CashierError: NETWORK_ERROR (no reply), TIMEOUT, DESTROYED (aborted),
 * CAPTCHA_ERROR (403 with CAPTCHA_REQUIRED / CAPTCHA_ASSESSMENT_FAILED), UNAUTHORIZED (401/403),
 * HTTP_CLIENT_ERROR (other 4xx), HTTP_SERVER_ERROR (5xx). Status and application error code go
 * into `details`. A CashierError passes through unchanged. Anything else thrown (e.g. the browser
 * refusing a header value) is NETWORK_ERROR whose message never repeats the thrown one, which may
 * hold a token or an HTML page ({@link describeForeignError}).
 */
export function toCashierError(error: unknown): CashierError {
  if (error instanceof CashierError) return error;
  if (!axios.isAxiosError(error)) {
    const what = describeForeignError(error, ErrorCode.NetworkError);
    return new CashierError(ErrorCode.NetworkError, `The request failed before any reply: ${what}.`);
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
