/**
 * Stable error codes. Codes are API and never change meaning; messages may. Host code matches
 * on `code`, never on message text.
 */
export const ErrorCode = {
  /**
   * The frame app started but could not connect to the host: the handshake did not finish within
   * 20 000 ms, or the frame got no widget inputs within 5 000 ms. The frame shows the alert. The
   * last resort: a frame that never loads is FRAME_LOAD_FAILED, long before. Also the host SDK's
   * bridge that did not load (the script tag's `cashier-bridge-<hash>.js`: a 404, a CORS refusal or
   * a wrong Subresource Integrity hash, the message naming its URL; or the ES build's bridge
   * chunk): the SDK shows the alert itself. What to do: `destroy()` and mount again later; for the
   * script tag, serve the bridge beside `cashier.iife.js` with `Access-Control-Allow-Origin: *`.
   */
  ConnectionFailed: 'CONNECTION_FAILED',
  /**
   * The frame never loaded: the iframe's document ended (the frame origin is down or unreachable,
   * answered an error page such as a 404, or the host page's Content-Security-Policy `frame-src`
   * blocked it) and the frame app did not speak within 1.5 s (about 2 s after the mount). (A document
   * that never ends, an origin that never answers, is a slow network as far as the page can tell:
   * it gets `onSlow` and then CONNECTION_FAILED at 20 000 ms.) The host SDK removes the iframe
   * and shows the alert in the mount element itself. What to do: check that `frameUrl` is served
   * and that the page's CSP (`frame-src`, else `child-src`, else `default-src`) allows its origin;
   * `destroy()` and mount again to retry.
   */
  FrameLoadFailed: 'FRAME_LOAD_FAILED',
  /**
   * The connection to a frame that had loaded was lost: its renderer crashed or stopped
   * answering (no heartbeat reply within 2.5 s of visible page time), it navigated or reloaded, or the
   * iframe was removed from the page without `destroy()`. `onCrash` gets it (unless it fired
   * before), api calls in flight and later reject with it (`details.method`; for `pay`,
   * `details.orderId`), and the host SDK removes the iframe and shows the alert in the mount
   * element. What to do: `destroy()` and mount again. A `pay` that was in flight may or may not
   * have charged, as with PAYMENT_OUTCOME_UNKNOWN: `pay({ orderId: details.orderId })` again on
   * the new mount before paying anything else; it reads the order's charges first and never
   * charges twice.
   */
  ConnectionLost: 'CONNECTION_LOST',
  /** The frame's parent is not the origin the host SDK announced; the frame refuses to talk. */
  ParentOriginMismatch: 'PARENT_ORIGIN_MISMATCH',
  /**
   * The widget settings could not be loaded: `details.causeCode` says why (the request's code, e.g.
   * HTTP_SERVER_ERROR, NETWORK_ERROR, TIMEOUT, UNAUTHORIZED) and `details.status` the HTTP status.
   */
  SettingsLoadFailed: 'SETTINGS_LOAD_FAILED',
  /**
   * The provider's widget settings name a `widgetStaticsBaseUrl` that is not on the frame build's
   * statics allowlist (the only origins the frame runs the widget's script from), or, in a
   * production build, a folder other than the one it pins, so nothing was loaded.
   */
  StaticsNotAllowed: 'STATICS_NOT_ALLOWED',
  /** The widget's script (the bundle) could not be fetched or run: its origin is down, or a CORS or CSP refusal. */
  BundleLoadFailed: 'BUNDLE_LOAD_FAILED',
  /** The bundle's `mount` threw or the module has no `mount` export. */
  BundleMountFailed: 'BUNDLE_MOUNT_FAILED',
  /**
   * The bundle reported a crash through its `onCrash` prop. A request of the widget that failed
   * (e.g. loading the order's payment methods) reaches `onCrash` with its own code instead
   * (ORDER_NOT_FOUND, NETWORK_ERROR, TIMEOUT, HTTP_CLIENT_ERROR, HTTP_SERVER_ERROR, with
   * `details.status`).
   */
  BundleCrashed: 'BUNDLE_CRASHED',
  /** A request failed without an HTTP reply (connection refused, dropped, DNS). */
  NetworkError: 'NETWORK_ERROR',
  /**
   * A request took longer than its timeout; or a relayed api method other than `pay` got no answer
   * from the widget within 30 000 ms (`details.method`; the call may still finish in the
   * widget, unseen).
   */
  Timeout: 'TIMEOUT',
  /** The provider answered 4xx (other than 401, captcha 403). */
  HttpClientError: 'HTTP_CLIENT_ERROR',
  /** The provider answered 5xx. */
  HttpServerError: 'HTTP_SERVER_ERROR',
  /** 401/403 that revalidation could not cure (or no `revalidateAppInstance`). */
  Unauthorized: 'UNAUTHORIZED',
  /** HTTP 403 with application error code CAPTCHA_REQUIRED or CAPTCHA_ASSESSMENT_FAILED; nothing was charged. */
  CaptchaError: 'CAPTCHA_ERROR',
  /** The provider's reply did not have the expected shape. */
  InvalidResponse: 'INVALID_RESPONSE',
  /**
   * A relayed api method threw or rejected without a known code; the message names the method,
   * not the thrown text (that is withheld: it may be any text, an HTML page or a token).
   */
  ApiCallFailed: 'API_CALL_FAILED',
  /** A relayed api method name that the bundle did not expose. */
  ApiMethodNotFound: 'API_METHOD_NOT_FOUND',
  /** A relayed api method was called with arguments it cannot take (e.g. pay without an orderId). */
  InvalidArgument: 'INVALID_ARGUMENT',
  /**
   * `pay` cannot say whether the order was charged: the charge's reply was lost or unreadable
   * (network, timeout, 5xx), checking it was refused or failed, `destroy()` cut the `pay`
   * short, or the widget did not answer it within 60 000 ms (the pay may still be running in the
   * widget). `details.orderId` names the order. What the host should do:
   * call `pay({ orderId: details.orderId })` again, in this mount or a new one (after a destroy or
   * a reload), before paying anything else; it joins a pay still running, resends the same charge
   * or reads the order's charges first, so it resolves with the original charge if there was one
   * and never charges twice.
   */
  PaymentOutcomeUnknown: 'PAYMENT_OUTCOME_UNKNOWN',
  /**
   * `pay` named another order while the payment of `details.orderId` is open in this widget (its
   * `pay` runs, or its outcome is unknown): nothing was tokenized or charged. One order's payment
   * is open at a time, so the card the buyer typed for one order is never charged for
   * another. What the host should do: settle the open order first, by calling
   * `pay({ orderId: details.orderId })` until it resolves or rejects with another code than
   * PAYMENT_OUTCOME_UNKNOWN (a paid order's card fields are emptied, so the buyer types the card
   * again for the next order); or, to give up that order, destroy the widget and mount a new one.
   */
  PaymentOpenForAnotherOrder: 'PAYMENT_OPEN_FOR_ANOTHER_ORDER',
  /**
   * `handle.update()` asked to change the order or the buyer's details while the payment of
   * `details.orderId` is open (its `pay` runs, or its outcome is unknown): nothing was
   * changed, so the open payment is not lost and what the buyer sees is what is resent. What the
   * host should do: settle that order first (`pay({ orderId: details.orderId })`, as for
   * PAYMENT_OPEN_FOR_ANOTHER_ORDER), then update again.
   */
  PaymentOpen: 'PAYMENT_OPEN',
  /**
   * The order's seat hold has run out (the provider's 409 with application error code
   * `ORDER_HOLD_EXPIRED`, or the widget's own count against the provider's clock): nothing was
   * tokenized or charged, and the seats may be back on sale. `details.orderId` names the order.
   * What the host should do: create a new order (hold the seats again) and pass it with
   * `handle.update({ orderId })`; the widget then takes payments again.
   */
  OrderHoldExpired: 'ORDER_HOLD_EXPIRED',
  /**
   * The order `orderId` names does not exist for this app instance: the provider answered 404
   * with application error code `ORDER_NOT_FOUND` when the widget loaded the order's payment
   * methods, at the mount (`onCrash`, the frame showing the alert) or for
   * `handle.update({ orderId })` (which rejects; the widget keeps its order). The id is mistyped,
   * belongs to another app instance, or the order is gone. Nothing was charged. `details.orderId`
   * names the order, `details.status` is 404. What to do: create the order (or look it up) again,
   * then pass its id with `handle.update({ orderId })`, or, after `onCrash`, `destroy()` and mount
   * with it.
   */
  OrderNotFound: 'ORDER_NOT_FOUND',
  /** The call was cut short because the widget was destroyed. */
  Destroyed: 'DESTROYED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Facts attached to an error: the HTTP status, the provider's application error, the cause's code. */
export interface CashierErrorDetails {
  /** HTTP status of the last reply, when there was one. */
  status?: number;
  /** `details.applicationError.code` of the provider's error body, when present. */
  applicationErrorCode?: string;
  /** The code of the error that caused this one (e.g. HTTP_SERVER_ERROR under SETTINGS_LOAD_FAILED). */
  causeCode?: string;
  /**
   * The relayed api method whose call the host SDK cut short (CONNECTION_LOST, or a relayed call's
   * timeout). Set by the host SDK only; it does not cross the iframe.
   */
  method?: string;
  /**
   * The order a payment error is about (PAYMENT_OUTCOME_UNKNOWN, PAYMENT_OPEN_FOR_ANOTHER_ORDER, a
   * `pay` cut short by CONNECTION_LOST), or the order that does not exist (ORDER_NOT_FOUND).
   */
  orderId?: string;
  /**
   * The charge an INVALID_RESPONSE is about, when the reply was a charge that cannot be acted on
   * (a 3-D Secure challenge page off the vault origin): the payment flow cancels it. It
   * does not cross the iframe.
   */
  chargeId?: string;
}

/** The plain-object form of a CashierError, as it crosses the iframe (and as `toJSON()` gives it). */
export interface SerializedCashierError {
  name: string;
  code: string;
  message: string;
  details?: CashierErrorDetails;
}

/**
 * Marks a CashierError whichever copy of the class made it: the script-tag SDK and the bridge it
 * loads each carry one, as may a site's bundle beside an SDK from a CDN. A registered
 * symbol is the same in every copy.
 */
const BRAND = Symbol.for('cashier-widget.CashierError');

/**
 * The project's one error class: a stable `code` from {@link ErrorCode}, a message, and details.
 * `instanceof CashierError` is true for an error from any copy of the class (a brand check).
 */
export class CashierError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && BRAND in value;
  }

  override readonly name = 'CashierError';
  declare readonly code: ErrorCode;
  declare readonly details: CashierErrorDetails;

  constructor(code: ErrorCode, message: string, details: CashierErrorDetails = {}) {
    super(message);
    this.code = code;
    this.details = details;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** The plain-object form that crosses the iframe boundary. */
  toJSON(): SerializedCashierError {
    return { name: this.name, code: this.code, message: this.message, details: { ...this.details } };
  }
}

/** The type of each field of {@link CashierErrorDetails}: a field of another type is dropped. */
const DETAIL_TYPES = { status: 'number', applicationErrorCode: 'string', causeCode: 'string', orderId: 'string' };

/**
 * Rebuilds an error that crossed the iframe. A value without a known `code` and a string
 * `message` is BUNDLE_CRASHED, and its text is not passed on (it may be any text). A function, not
 * a static method of {@link CashierError}, so the script-tag SDK, which rebuilds none, does not
 * carry it.
 */
export function rebuildCashierError(value: unknown): CashierError {
  const { code, message, details } = (value ?? {}) as Record<string, unknown>;
  if (!isErrorCode(code) || typeof message !== 'string') {
    return new CashierError(ErrorCode.BundleCrashed, 'An error in no known form (BUNDLE_CRASHED; its message is withheld).');
  }
  const picked: Record<string, unknown> = {};
  for (const [key, type] of Object.entries(DETAIL_TYPES)) {
    const detail = (details as Record<string, unknown> | undefined)?.[key];
    if (typeof detail === type) picked[key] = detail;
  }
  return new CashierError(code, message, picked);
}

/** True when `s` is one of the {@link ErrorCode} values. */
export function isErrorCode(s: unknown): s is ErrorCode {
  return Object.values<unknown>(ErrorCode).includes(s);
}

/** The message of a thrown value: an Error's `message`, anything else as text. */
export function messageOf(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}
