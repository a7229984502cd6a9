/** Business constants and limits of spec section 9, and the fixed strings of sections 1 and 8. */

/**
 * Maximum widget ready time in milliseconds (spec 4, 9). The host SDK times it from
 * `mountCashier`: past it without `onApiInit` it calls `onSlow` once, and the widget keeps
 * loading. It is also the settings cache's pending limit: how long widgets wait on another
 * widget's settings request before they claim again.
 */
export const MAX_WIDGET_READY_TIME_MS = 10_000;

/**
 * Maximum age of the widget settings in the host page's settings cache, in milliseconds: 10
 * minutes (issue 12). Spec 4 caches the settings and reuses them across widgets, and names no
 * lifetime; DESIGN asks one request per page. The settings are a few hundred bytes that change
 * when the site owner reconfigures or the statics are redeployed, so a long-lived page (a
 * single-page app, a kiosk) should not keep them for its whole life. 10 minutes covers one
 * checkout (ticket sites hold seats for about 10 to 15 minutes), so a buyer's remounts share one
 * request, while a widget mounted later asks again: one small request per page every 10 minutes
 * at most. Counted from the reply's arrival; an older entry is fetched again by the next mount.
 */
export const SETTINGS_MAX_AGE_MS = 600_000;

/** How many times an idempotent request is retried after its first attempt (spec 9). */
export const MAX_RETRIES = 2;

/** How many times one request may revalidate the app instance (spec 9). */
export const MAX_REVALIDATIONS = 1;

/** Base delay before a retry of an HTTP 429/5xx reply, in milliseconds (spec 9). */
export const RETRY_BASE_DELAY_MS = 100;

/** Upper bound of the random jitter added to the base retry delay, as a fraction of it (spec 9: 20 %). */
export const RETRY_JITTER_RATIO = 0.2;

/** Lowest and highest HTTP status retried besides 429 (spec 9: 500 to 599). */
export const RETRYABLE_SERVER_STATUS_MIN = 500;
export const RETRYABLE_SERVER_STATUS_MAX = 599;

/**
 * Longest wait a 429's Retry-After can impose before one retry, in milliseconds. A wait, not a
 * timeout: two retries at this cap still end the settings call (loaded, or failed at its
 * SETTINGS_DEADLINE_MS at the latest) inside the 10 s ready limit.
 */
export const MAX_RETRY_AFTER_MS = 2_000;

/**
 * Overall deadline of the widget settings request, in milliseconds: every attempt (each of
 * SETTINGS_ATTEMPT_TIMEOUT_MS), the retry delays and a revalidation must fit in it, or the call
 * rejects with CashierError `TIMEOUT` (the frame then fails with SETTINGS_LOAD_FAILED).
 * Below the 10 000 ms ready limit (spec 4, 9) and the host's settings cache wait (also 10 000 ms),
 * so the frame fails, and tells the waiting widgets, before they give up on it. Other calls have
 * no overall deadline unless one is asked for (`deadlineMs`).
 */
export const SETTINGS_DEADLINE_MS = 9_000;

/**
 * Per-attempt timeout of the widget settings request, in milliseconds; a timed-out attempt is
 * retried like a network error (spec 9). Chosen so that the first attempt, spec 9's 2 retries
 * and the network back-offs between them (500 + 1 500 ms) all fit inside SETTINGS_DEADLINE_MS:
 * 3 × 2 300 + 2 000 = 8 900 ≤ 9 000. The 8 000 ms of other calls would let one hung attempt use
 * up the deadline, leaving no room for a retry. A settings reply is a few hundred bytes, so 2.3 s
 * still covers a cold connection (DNS, TCP, TLS, request) on a slow phone network; a reply slower
 * than that is treated as lost and asked for again.
 */
export const SETTINGS_ATTEMPT_TIMEOUT_MS = 2_300;

/** HTTP 429 Too Many Requests, retried (spec 9). */
export const TOO_MANY_REQUESTS_STATUS = 429;

/** HTTP methods that are idempotent and so retried on network errors, 429 and 5xx (spec 7). */
export const IDEMPOTENT_METHODS = ['get', 'head', 'options', 'put', 'delete'] as const;

/** Email local part maximum length in characters (spec 5, 9). */
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

/** Email domain maximum length in characters (spec 5, 9). */
export const EMAIL_DOMAIN_MAX_LENGTH = 253;

/** The payment frame's accessible name in English (the iframe's `title`), before the buyer's language is known. */
export const FRAME_TITLE_MESSAGE = 'Secure payment form';

/** The failed-state alert text, word for word (spec 8). */
export const TECHNICAL_DIFFICULTIES_MESSAGE =
  "We are experiencing some technical difficulties, and can't accept your payment right now. Please try again in a little while.";

/** Name of the cashier widget bundle (spec 1). */
export const BUNDLE_NAME = 'cashier-widget-lazy-component';

/** File name of the minified bundle under `widgetStaticsBaseUrl` (DESIGN "The bundle"). */
export const BUNDLE_FILE_MIN = `${BUNDLE_NAME}.bundle.min.js`;

/** File name of the unminified bundle loaded in debug (spec 2, DESIGN "The bundle"). */
export const BUNDLE_FILE_DEBUG = `${BUNDLE_NAME}.bundle.js`;

/** Theme value that gives the modal look (spec 1, 2); any other value is the inline look. */
export const MODAL_THEME = 'modal';
