import {
  CashierError,
  describeForeignError,
  ErrorCode,
  isOrderNotFound,
  orderNotFound,
  type ProviderClient,
  ProviderPaths,
  type ProviderRequest,
} from '../../shared';

/**
 * The codes a failed provider request has (shared/toCashierError.ts): the only ones a bundle's
 * crash may carry to the host, and only when its error is one the frame's client rejected with.
 */
const REQUEST_CODES: readonly string[] = [
  ErrorCode.NetworkError,
  ErrorCode.Timeout,
  ErrorCode.HttpClientError,
  ErrorCode.HttpServerError,
  ErrorCode.Unauthorized,
  ErrorCode.CaptchaError,
  ErrorCode.InvalidResponse,
];

/** A provider application error code as the provider writes them (e.g. `ORDER_NOT_FOUND`); anything else is dropped. */
const APPLICATION_CODE = /^[A-Z][A-Z0-9_]{0,63}$/;

/** The frame's provider client as the bundle gets it, and what the host is told of the bundle's crash. */
export interface TrackedRequests {
  /** The frame's client, each request's rejection remembered (the same calls, replies and errors). */
  client: ProviderClient;
  /**
   * What the host is told when the bundle reports `error` through `onCrash` (the bundle is built
   * apart and may send anything, so the frame decides):
   * - an error one of {@link client}'s requests rejected with (the same object), of a request code
   *   (NETWORK_ERROR, TIMEOUT, HTTP_CLIENT_ERROR, HTTP_SERVER_ERROR, UNAUTHORIZED, CAPTCHA_ERROR,
   *   INVALID_RESPONSE): that code, with the `status` and `applicationErrorCode` it had when it was
   *   rejected with (whatever the bundle changed since), in the frame's words;
   * - ORDER_NOT_FOUND naming a `details.orderId` whose payment methods the provider answered 404
   *   ORDER_NOT_FOUND to one of those requests: ORDER_NOT_FOUND `{ orderId, status: 404 }`;
   * - anything else, other codes included: BUNDLE_CRASHED, its text withheld ({@link describeForeignError}).
   */
  crashOf(error: unknown): CashierError;
}

/** Wraps `client` for the bundle: see {@link TrackedRequests}. */
export function trackRequests(client: ProviderClient): TrackedRequests {
  /** Each error a request rejected with, and what the host may be told of it, taken then. */
  const failures = new WeakMap<object, CashierError>();
  /** The paths the provider answered 404 ORDER_NOT_FOUND. */
  const notFound = new Set<string>();

  const tracked =
    (send: (config: ProviderRequest) => Promise<unknown>) =>
    (config: ProviderRequest): Promise<unknown> => {
      const path = String(Object(config).path); // as sent: the bundle may change its config later
      return send(config).catch((error: unknown) => {
        if (error instanceof CashierError && REQUEST_CODES.includes(error.code)) {
          failures.set(error, requestFailure(error));
          if (isOrderNotFound(error)) notFound.add(path);
        }
        throw error;
      });
    };

  return {
    client: {
      ...client,
      request: tracked((config) => client.request(config)),
      vault: { ...client.vault, request: tracked((config) => client.vault.request(config)) },
    },
    crashOf(error) {
      const failure = typeof error === 'object' && error !== null ? failures.get(error) : undefined;
      if (failure) return failure;
      const { code, details } = Object(error) as { code?: unknown; details?: { orderId?: unknown } };
      const orderId = Object(details).orderId;
      if (
        code === ErrorCode.OrderNotFound &&
        typeof orderId === 'string' &&
        notFound.has(ProviderPaths.paymentMethodsByOrder(orderId))
      ) {
        return orderNotFound(orderId);
      }
      return new CashierError(
        ErrorCode.BundleCrashed,
        `The widget crashed: ${describeForeignError(error, ErrorCode.BundleCrashed)}.`,
      );
    },
  };
}

/** `error` (a request's) as the host may see it: its code, status and application error code, in the frame's words. */
function requestFailure({ code, details }: CashierError): CashierError {
  const { status, applicationErrorCode } = details;
  const kept = {
    ...(typeof status === 'number' ? { status } : {}),
    ...(typeof applicationErrorCode === 'string' && APPLICATION_CODE.test(applicationErrorCode) ? { applicationErrorCode } : {}),
  };
  const http = kept.status === undefined ? '' : `, HTTP ${kept.status}`;
  return new CashierError(code, `A request of the widget failed (${code}${http}).`, kept);
}
