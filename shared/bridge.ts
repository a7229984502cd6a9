import type { ContrastAdjustment } from './appearance/contrast';
import type { Appearance, CashierFont } from './appearance/shape';
import type { SerializedCashierError } from './CashierError';
import type { CashierChange, CashierFieldEvent } from './events';
import type { PayResult } from './widgetApi';
import type { WidgetSettings } from './widgetSettings';

/**
 * The messages and methods that cross the iframe boundary (penpal). Both sides compile against
 * these one definitions. Method maps are `type` aliases, as penpal requires.
 */

/** Query parameter of the frame URL that carries the host page's origin (not a secret). */
export const PARENT_ORIGIN_PARAM = 'parentOrigin';

/**
 * How long each side waits for the penpal handshake, in milliseconds. Longer than the spec's
 * 10 000 ms ready limit on purpose: a frame that is merely slow is reported through `onSlow`
 * first and may still connect; only a frame that never answers ends in CONNECTION_FAILED.
 */
export const CONNECTION_TIMEOUT_MS = 20_000;

/**
 * How long the frame waits for the host's answer to `getBootstrap`, in milliseconds; after it
 * the frame shows the alert and reports CONNECTION_FAILED (`onCrash`).
 */
export const BOOTSTRAP_CALL_TIMEOUT_MS = 5_000;

/**
 * How long the host SDK waits for the host page's `revalidateAppInstance`, in milliseconds;
 * after it the 401/403 stands (UNAUTHORIZED). The frame's call over the bridge waits a second more.
 */
export const REVALIDATE_TIMEOUT_MS = 5_000;

/**
 * How long the frame waits for `claimWidgetSettings`, in milliseconds: another widget's request
 * in flight may hold it up to the cache's 10 000 ms pending limit. After it the frame fetches alone.
 */
export const SETTINGS_CLAIM_TIMEOUT_MS = 12_000;

/**
 * How long after the iframe's document ended (its `load` or `error` event, or the browser's
 * resource timing entry for the frame URL, which is all Firefox gives for a refused connection)
 * the frame app must have spoken, in milliseconds; else FRAME_LOAD_FAILED (issue 12). The frame's
 * bootstrap script speaks (penpal's handshake) before its document's `load`, so a frame app that
 * loaded never waits on this: it is margin for message ordering and a busy host page. The host SDK
 * checks once a second (HEARTBEAT_INTERVAL_MS), so the code comes 1.5 to 2.5 s after the end.
 */
export const FRAME_LOAD_GRACE_MS = 1_500;

/**
 * How often the host SDK checks on its frame, in milliseconds (issue 12): the iframe is still in
 * the page, the load limits above, and, once connected, one heartbeat `ping` at a time.
 */
export const HEARTBEAT_INTERVAL_MS = 1_000;

/**
 * How long a heartbeat `ping` may go unanswered, in milliseconds, before the frame counts as lost
 * (CONNECTION_LOST, issue 12). With a check a second, that is the third check after the ping went
 * out (2.5 s, not 3 s: a check that comes a hair early must not cost a fourth), so a crashed or hung
 * renderer is noticed 2 to 4 s after it stopped, and a frame is lost only when busy 2.5 s or more
 * without a break. Only time in which the host page ran and was visible counts: a hidden tab (its
 * timers throttled) or a page frozen or stalled (a check more than two intervals late) never
 * counts its pause against the frame.
 */
export const HEARTBEAT_TIMEOUT_MS = 2_500;

/**
 * How long a relayed api call other than `pay` may take, in milliseconds, before it rejects with
 * TIMEOUT (`details.method`): above one idempotent request with its retries (26 000 ms at most,
 * docs/development.md "Timeouts"). The call may still finish in the widget, unseen.
 */
export const API_CALL_TIMEOUT_MS = 30_000;

/**
 * How long a relayed `pay` may take, in milliseconds, before it rejects with
 * PAYMENT_OUTCOME_UNKNOWN (`details.orderId`). A pay is a card tokenization and a charge, each a
 * POST of at most 8 000 ms, a 401 on each adding a revalidation (6 000 ms) and a second attempt
 * (8 000 ms): 44 000 ms; an order already paid adds its read (8 000 ms a try). Chosen above that,
 * not above every compounding failure: past it the pay may still be running in the widget, and
 * calling `pay` again joins it, never charging twice.
 */
export const PAY_CALL_TIMEOUT_MS = 60_000;

/** The tallest the host lets the frame make itself, in CSS pixels. */
export const MAX_FRAME_HEIGHT_PX = 4000;

/** The site's app instance: the token the provider issued it (`appInstance`) and its optional meta site id (`msid`). */
export interface CashierConfiguration {
  /** The app instance token, sent as the Authorization header. Never put in a URL, log or storage. */
  appInstance: string;
  /** Meta site id; sent as `msid` only when it is a GUID of version 1 to 5 (else left out). */
  msid?: string;
}

/** What the frame asks the host for once connected: the widget inputs of spec section 1. */
export interface FrameBootstrap {
  /** The provider's API base URL (not the site's), as the host gave it (spec 1: host), e.g. `https://api.cashier.example`. */
  host: string;
  /** The app instance token and msid (spec 1: configuration). */
  configuration: CashierConfiguration;
  /** `'modal'` (red alert text) or anything else (grey alert background); default `'inline'` (spec 2). */
  theme: string;
  /** true when `opts.debug` or the host page URL has a `debug` parameter that is not `false`. */
  debug: boolean;
  /** Whether the host gave `revalidateAppInstance`; without it a 401 fails at once. */
  canRevalidate: boolean;
  /** The order being paid for (`opts.orderId`), when the host gave one. */
  orderId?: string;
  /** What the host knows of the buyer (`opts.buyer`, issue 13), to prefill the widget's fields. */
  buyer?: CashierBuyer;
  /** The buyer's language (`opts.locale` or its default, issue 23), a canonical BCP 47 tag; absent from a host SDK before it. */ locale?: string;
  /** False when the site turned off the offer of more time on the seat hold (`opts.holdExtensionOffer`, issue 37); absent: offered. */
  holdExtensionOffer?: boolean;
  /** The site's look (`opts.appearance`), as the page gave it: the frame checks and parses it again. */
  appearance?: Appearance;
  /** The site's fonts (`opts.fonts`), as the page gave them: the frame checks them again. */
  fonts?: CashierFont[];
  /**
   * True for `preloadCashier`'s hidden warm-up frame (issue 24): fetch the settings (through the
   * page's cache) and the bundle, mount nothing, then say done with `onApiInit([])`. Default false.
   * The frame then waits on {@link STANDBY_CHANNEL} for a mount that adopts it.
   */
  preload?: boolean;
}

/**
 * The penpal channel on which a warm-up frame, its preload done, waits for a mount to adopt it
 * (issue 24): the host moves the frame into the mount's element with `Element.moveBefore` (the
 * frame keeps its document, its React and the imported bundle) and connects to it again on this
 * channel, with the mount's own methods and widget inputs. Without `moveBefore` the warm-up frame
 * is removed and nothing connects here.
 */
export const STANDBY_CHANNEL = 'cashier-standby';

/**
 * The DOM event a mount dispatches on its iframe when it lets the frame go (destroyed, or failed
 * and showing its own alert). A warm-up frame adopted while still warming up (issue 24) would
 * otherwise wait for ever for a `done` from a frame that is gone: the warm-up ends on it, nothing kept.
 */
export const FRAME_RELEASED_EVENT = 'cashier-released';

/**
 * The buyer's details a host page already has: they prefill the widget's email
 * and cardholder-name fields, which the buyer may still edit. They cross the bridge in the widget
 * inputs, never the frame URL.
 */
export interface CashierBuyer {
  /** Prefills the email field; the widget checks it like a typed value. At most 318 characters. */
  email?: string;
  /** Prefills the cardholder-name field. At most 256 characters. */
  name?: string;
}

/**
 * The longest value each {@link CashierBuyer} field takes, in characters: an email is at most
 * 64 + 1 + 253 (spec 5's local part, `@`, domain); a name 256.
 */
export const BUYER_FIELD_MAX_LENGTH = { email: 318, name: 256 } as const;

/**
 * The widget inputs a running widget can change without a new frame document (no reload), as
 * `handle.update` takes them. A key left out (or `undefined`) is not changed.
 */
export interface CashierUpdate {
  /** The new theme: `'modal'` or anything else (the inline look); the alert takes it too. */
  theme?: string;
  /** The new order: the widget loads that order's payment methods; `pay` must then name it. */
  orderId?: string;
  /** New buyer details: they replace what an earlier prefill put in the fields, never what the buyer typed. */
  buyer?: CashierBuyer;
  /** The buyer's new language, a BCP 47 tag: the widget switches in place, in the same frame document. */
  locale?: string;
  /** The site's new look (docs/appearance.md): applied live, what the buyer typed stays. `{}` is the default look. */
  appearance?: Appearance;
  /** Which of the mount's font files to use now: the frame's CSP allows those only. */
  fonts?: CashierFont[];
}

/** Result of a relayed api call: a value, or an error in its serialized form. */
export type ApiCallResult = { ok: true; value: unknown } | { ok: false; error: SerializedCashierError };

/**
 * The host's answer to `claimWidgetSettings` (spec 4, DESIGN "Settings cache"): fetch them
 * yourself and publish the outcome (`fetch`), take the page's cached settings (`cached`), or
 * fail with the error of the request this widget waited on (`failed`; only a failure of the
 * provider's: a failure of the fetching widget's own token or mount gives `fetch`, issue 12).
 */
export type SettingsClaim =
  | { kind: 'fetch' }
  | { kind: 'cached'; settings: WidgetSettings }
  | { kind: 'failed'; error: SerializedCashierError };

/** What the frame that fetched the widget settings tells the host: the settings, or why not. */
export type SettingsOutcome = { ok: true; settings: WidgetSettings } | { ok: false; error: SerializedCashierError };

/**
 * When the frame reached each step of its load, as epoch milliseconds ({@link epochNow} in the
 * frame), sent with `onApiInit`; the host turns them into `CashierTimings`.
 */
export type FramePhases = {
  /** The frame document was loaded and its bootstrap script started. */
  frameLoaded?: number;
  /** The widget settings arrived, from the page's settings cache when `settingsFromCache` (spec 4). */
  settingsReceived?: number;
  /** True when another widget's request (or the page's cache) gave the settings. */
  settingsFromCache?: boolean;
  /** The bundle module was imported. */
  bundleImported?: number;
  /** The bundle's `mount` returned (or called `onApiInit`, if it did so first). */
  mounted?: number;
  /** The colours the frame moved to keep WCAG 2.1 AA contrast in the site's `appearance`; absent when none moved. */
  contrastAdjustments?: ContrastAdjustment[];
};

/**
 * What the frame tells the host about a 3-D Secure challenge (issue 22, `HostMethods.onChallenge`).
 * While `open`, the host's relayed `pay` timeout (PAY_CALL_TIMEOUT_MS) is paused: it counts network
 * time, not the buyer's. `overlay: true` (only with `open`) asks the host to present the iframe over
 * the whole viewport, above the page's own modal dialogs, because the iframe is too small to hold
 * the challenge; `open: false` gives the room back.
 */
export interface ChallengePresentation {
  /** True when the challenge dialog opened, false when it closed. */
  open: boolean;
  /** True when the frame needs the whole viewport while the challenge is open. Default false. */
  overlay?: boolean;
}

/** Narrows an untrusted {@link ChallengePresentation} (the bundle's, the frame's) to its two booleans. */
export function toChallengePresentation(value: unknown): Required<ChallengePresentation> {
  const open = Object(value).open === true;
  return { open, overlay: open && Object(value).overlay === true };
}

/**
 * The smallest frame viewport, in CSS pixels, that holds the challenge dialog as a centred box (the
 * bank's page at least 390 × 400 plus the dialog's heading and Cancel button); a smaller frame asks
 * for the overlay ({@link ChallengePresentation}).
 */
export const CHALLENGE_BOX_PX = { width: 480, height: 560 } as const;

/** Methods the host exposes to the frame. */
export type HostMethods = {
  /** The widget inputs; the app instance token travels here, never in the frame URL. */
  getBootstrap: () => FrameBootstrap;
  /**
   * The bundle called onApiInit with an api whose function-valued keys are `methodNames`;
   * `phases` says when the frame reached each step of its load.
   */
  onApiInit: (methodNames: string[], phases?: FramePhases) => void;
  /** The loader failed (spec 8); the host calls its `onCrash` at most once. */
  onCrash: (error: SerializedCashierError) => void;
  /** The frame's content is now `heightPx` CSS pixels tall; the host sizes the iframe to fit. */
  onResize: (heightPx: number) => void;
  /** Asks the host's `revalidateAppInstance` for a fresh app instance token (spec 7). */
  revalidateAppInstance: () => Promise<string>;
  /**
   * Asks the page's settings cache for this widget's `host` + `msid` (spec 4). Resolves at once
   * when the settings are cached or nobody is fetching them; otherwise when the request in flight
   * (another widget's) settles.
   */
  claimWidgetSettings: () => Promise<SettingsClaim>;
  /** The outcome of the settings request this frame was told to make (`kind: 'fetch'`). */
  publishWidgetSettings: (outcome: SettingsOutcome) => void;
  /**
   * A 3-D Secure challenge opened or closed in the widget (issue 22): the host pauses the `pay`
   * timeout while it is open and, when asked (`overlay`), lends the iframe the whole viewport.
   */
  onChallenge: (state: ChallengePresentation) => void;
  /**
   * The seat hold of order `orderId` ran out in the widget (issue 24): the host calls its
   * `onHoldExpired({ orderId })` once per order. Untrusted: a value without a non-empty string
   * `orderId` is ignored.
   */
  onHoldExpired: (expiry: { orderId: string }) => void;
  /**
   * The provider gave the seat hold of order `orderId` more time at the buyer's request (issue 37):
   * the host calls its `onHoldExtended({ orderId, holdExpiresAt })`. Untrusted: a value without a
   * non-empty string `orderId` and a `holdExpiresAt` string that is a date is ignored.
   */
  onHoldExtended: (extension: { orderId: string; holdExpiresAt: string }) => void;
  /**
   * A payment the buyer started inside the widget settled (issue 25): the host calls its
   * `onPaymentResult(result)` once per `orderId` and `chargeId`. Untrusted: a value that is not
   * an `APPROVED`, `PENDING` or `DECLINED` `PayResult` is ignored.
   */
  onPaymentResult: (result: PayResult) => void;
  /**
   * The form's values a page builds on changed (issue 36): the host calls its `onChange` with a
   * copy it builds from known values only (shared/events.ts `CashierChange`), and not again for an
   * equal one. Untrusted: a value without boolean `complete` and `empty` and a method type is ignored.
   */
  onChange: (change: CashierChange) => void;
  /** A field got the focus (issue 36); untrusted: a field not in CASHIER_FIELDS is ignored. */
  onFocus: (event: CashierFieldEvent) => void;
  /** A field lost the focus (issue 36); untrusted: a field not in CASHIER_FIELDS is ignored. */
  onBlur: (event: CashierFieldEvent) => void;
  /** The buyer pressed Escape in the widget, no dialog of its own open (issue 36). */
  onEscape: () => void;
};

/** Methods the frame exposes to the host. */
export type FrameMethods = {
  /** Calls the bundle's api method `method` with `args`; never rejects, errors come as results. */
  callApi: (method: string, args: unknown[]) => Promise<ApiCallResult>;
  /**
   * The host's heartbeat (HEARTBEAT_INTERVAL_MS, issue 12): answers at once. Any answer counts, a
   * rejection too (a frame built before this method answers METHOD_NOT_FOUND); only none does not.
   */
  ping: () => void;
  /**
   * Applies `changes` to the running widget (issue 13, `handle.update`): kept for the mount when
   * the bundle is not mounted yet, else passed to the bundle's `update(props)` (a bundle without
   * one is mounted again in the same frame document). Never rejects: a refusal (PAYMENT_OPEN, the
   * loader's failure, the bundle's error) comes as an error result.
   */
  update: (changes: CashierUpdate) => Promise<ApiCallResult>;
};
