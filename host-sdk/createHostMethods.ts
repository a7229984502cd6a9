import type { RemoteProxy } from 'penpal';
import {
  CashierError,
  ErrorCode,
  epochNow,
  type FrameMethods,
  type HostMethods,
  MAX_FRAME_HEIGHT_PX,
  MAX_WIDGET_READY_TIME_MS,
  PAY_CALL_TIMEOUT_MS,
  REVALIDATE_TIMEOUT_MS,
  rebuildCashierError,
} from '../shared';
import { callSafely } from './callSafely';
import { destroyedCallError } from './destroyedCallError';
import { parseChange, parseFieldEvent } from './parseEvents';
import { parseSettledPayResult } from './parsePayResult';
import { type PausableTimer, pausableTimer } from './pausableTimer';
import { relayApi } from './relayApi';
import { frameAnswer, PAY, PAY_TIMED_OUT, relayedCallFailure, relayedCallOptions } from './relayedCall';
import type { ResolvedOptions } from './resolveOptions';
import { pageSettingsCache, type SettingsCache, settingsCacheKey } from './settingsCache';
import { toTimings } from './toTimings';

/** What the host methods need from the mount. */
export interface HostContext {
  /** The mount's options, defaults applied. */
  options: ResolvedOptions;
  /** The frame's methods, once connected (penpal's connection promise); the api relay is all it uses. */
  remote: () => Promise<Pick<RemoteProxy<FrameMethods>, 'callApi'>>;
  /** True once `destroy()` ran; nothing fires after it. */
  isDestroyed: () => boolean;
  /** When the mount began (`epochNow()`, ms): timings and the slow limit count from it. Default: now. */
  mountedAt?: number;
  /** Sizes the iframe to the frame's content height, in CSS pixels; default: the iframe keeps its size. */
  resize?: (heightPx: number) => void;
  /**
   * Presents the iframe over the whole viewport (`true`) or gives it its place back (`false`),
   * when the frame asks for room for a 3-D Secure challenge (issue 22); default: never.
   */
  overlay?: (on: boolean) => void;
  /** Where widget settings are shared between mounts (spec 4); default the page's one cache. */
  settingsCache?: SettingsCache;
  /**
   * Milliseconds from the mount until the host is told the widget is slow (`onSlow`); default
   * MAX_WIDGET_READY_TIME_MS (10 000, spec 4 and 9). Ready means the bundle called `onApiInit`.
   */
  slowAfterMs?: number;
  /**
   * Milliseconds the host's `revalidateAppInstance` may take before the refusal stands
   * (`UNAUTHORIZED`); default REVALIDATE_TIMEOUT_MS (5 000).
   */
  revalidateTimeoutMs?: number;
}

/** The methods exposed to the frame, and the one way to report a crash (at most once per mount). */
export interface HostBridge {
  methods: HostMethods;
  /**
   * Calls `opts.onCrash(error)` unless a crash was reported already or the mount is destroyed.
   * A code saying the statics failed drops the page's cached settings (`SettingsCache.crashed`).
   */
  crash: (error: CashierError) => void;
  /**
   * Gives up this mount's claim on the shared settings request (a later claim rejects with
   * DESTROYED) and stops the slow timer (destroy).
   */
  release: () => void;
}

/**
 * The host side of the bridge (shared `HostMethods`, DESIGN "Host SDK"). Input from the frame is
 * untrusted and narrowed. `onCrash` fires at most once; `onSlow` once, `slowAfterMs` after the
 * mount, unless the widget is ready (`onApiInit`) or crashed by then; nothing fires after
 * destroy. The host's callbacks run through `callSafely`. A settings failure published while
 * this mount's `revalidateAppInstance` runs counts as the mount's own in the settings cache. A
 * relayed `pay` rejects PAYMENT_OUTCOME_UNKNOWN after PAY_CALL_TIMEOUT_MS not counting the time a
 * 3-D Secure challenge is open (`onChallenge`), which may also borrow the viewport (`overlay`), and
 * when the frame is lost after a challenge opened during it (its charge is open: not CONNECTION_LOST).
 * `onHoldExpired` fires once per order (issue 24), with `{ orderId }` only; `onHoldExtended` at each
 * extension the frame reports (issue 37), with `{ orderId, holdExpiresAt }` only (a date string); `onPaymentResult` once per
 * order and charge (issue 25), with a settled `PayResult` copied by `parseSettledPayResult`.
 * `onChange`, `onFocus`, `onBlur` and `onEscape` (issue 36) pass on copies of known values only
 * (parseEvents.ts); `onChange` not again for a value equal to the last.
 */
export function createHostMethods({
  options,
  remote,
  isDestroyed,
  mountedAt = epochNow(),
  resize,
  overlay,
  settingsCache = pageSettingsCache,
  slowAfterMs = MAX_WIDGET_READY_TIME_MS,
  revalidateTimeoutMs = REVALIDATE_TIMEOUT_MS,
}: HostContext): HostBridge {
  const { host, configuration, debug, revalidateAppInstance } = options;
  const settingsKey = settingsCacheKey(host, configuration.msid);
  let crashed = false;
  /** True while the host's `revalidateAppInstance` runs: a settings failure then is this mount's own. */
  let revalidating = false;

  // Spec 4: the widget counts as slow when it is not ready within the limit. Timed here, from
  // the mount, so the frame's own load and the handshake count too; the widget keeps waiting.
  // Ready (onApiInit), a crash and release() stop the timer.
  let connectedAt = mountedAt;
  const slowTimer = setTimeout(
    () => {
      // The limit has passed when this fires; a coarsened clock (Firefox's performance.now) may
      // still read a millisecond short of it.
      const elapsed = Math.max(slowAfterMs, Math.round(epochNow() - mountedAt));
      if (!isDestroyed()) callSafely('onSlow', options.onSlow, elapsed);
    },
    slowAfterMs - (epochNow() - mountedAt),
  );

  const crash = (error: CashierError): void => {
    settingsCache.crashed(settingsKey, error.code); // statics that failed drop their settings (issue 12)
    if (crashed || isDestroyed()) return;
    crashed = true;
    clearTimeout(slowTimer);
    callSafely('onCrash', options.onCrash, error);
  };

  /** True while the widget shows a 3-D Secure challenge: the `pay` timers are paused (issue 22). */
  let challengeOpen = false;
  /** Counts the frame's `onChallenge` calls: a `pay` during which one came, or one is open, has an open charge. */
  let challengeCalls = 0;
  const payTimers = new Set<PausableTimer>();
  /** The orders whose seat hold the host was told ran out (`onHoldExpired`, issue 24): once each. */
  const heldOut = new Set<string>();
  /** The last `onChange` the host was given (JSON): an equal one is not passed on (issue 36). */
  let lastChange: string | undefined;
  /** The payments started in the widget whose outcome the host was told (`onPaymentResult`, issue 25), by order and charge. */
  const settled = new Set<string>();
  /** `call` within PAY_CALL_TIMEOUT_MS of time without a challenge open; else PAY_TIMED_OUT. */
  const withinPayTimeout = <T>(call: Promise<T>): Promise<T> => {
    // The executor runs at once: the timer is set before the race below.
    let timer!: PausableTimer;
    const expired = new Promise<never>((_, reject) => {
      timer = pausableTimer(PAY_CALL_TIMEOUT_MS, () => reject(PAY_TIMED_OUT), challengeOpen);
      payTimers.add(timer);
    });
    return Promise.race([call, expired]).finally(() => {
      timer.clear();
      payTimers.delete(timer);
    });
  };

  // Every call has a timeout, and a connection lost under it rejects it (relayedCall.ts, issue 12).
  const callApi = async (method: string, args: unknown[]): Promise<unknown> => {
    // Not sent: no charge can have been made, so no order to name (DESTROYED).
    if (isDestroyed()) throw destroyedCallError(method, []);
    const callsBefore = challengeCalls;
    try {
      const call = (await remote()).callApi(method, args, relayedCallOptions(method));
      return frameAnswer(await (method === PAY ? withinPayTimeout(call) : call));
    } catch (error) {
      if (!isDestroyed())
        throw relayedCallFailure(method, args, error, method === PAY && (challengeOpen || challengeCalls !== callsBefore));
    }
    // Cut short in flight: a pay may have charged (PAYMENT_OUTCOME_UNKNOWN).
    throw destroyedCallError(method, args);
  };

  /**
   * Asks the host for a fresh token; rejects with `UNAUTHORIZED` when there is none to be had:
   * no `revalidateAppInstance`, a throw or rejection, no non-empty string, or no answer within
   * `revalidateTimeoutMs`.
   */
  const revalidate = async (): Promise<string> => {
    if (isDestroyed()) throw new CashierError(ErrorCode.Destroyed, 'The widget was destroyed');
    let timer: ReturnType<typeof setTimeout> | undefined;
    revalidating = true;
    try {
      const token: unknown = await Promise.race([
        revalidateAppInstance?.(),
        new Promise((resolve) => {
          timer = setTimeout(resolve, revalidateTimeoutMs);
        }),
      ]);
      if (typeof token === 'string' && token.trim()) return token;
    } catch {
      // the host's refusal: no token
    } finally {
      clearTimeout(timer);
      revalidating = false;
    }
    throw new CashierError(ErrorCode.Unauthorized, `revalidateAppInstance gave no token within ${revalidateTimeoutMs} ms`);
  };

  const methods: HostMethods = {
    // The widget inputs; the token and the buyer's details travel here, never in the frame URL.
    // Theme, order, buyer, locale, appearance and fonts are read now: `handle.update` may have changed them since the mount.
    getBootstrap: () => {
      connectedAt = epochNow();
      const { appInstance, msid } = configuration;
      const { theme, orderId, buyer, locale, appearance, fonts, holdExtensionOffer } = options;
      const canRevalidate = !!revalidateAppInstance;
      // `buyer` is not copied: penpal's postMessage sends a copy (structured clone) anyway.
      return {
        host,
        configuration: { appInstance, msid },
        theme,
        debug,
        canRevalidate,
        orderId,
        buyer,
        locale,
        appearance,
        fonts,
        holdExtensionOffer,
      };
    },
    onApiInit: (methodNames: unknown, phases?: unknown) => {
      if (isDestroyed()) return;
      clearTimeout(slowTimer);
      const timings = toTimings(phases, mountedAt, connectedAt, epochNow());
      callSafely('onApiInit', options.onApiInit, relayApi(methodNames, callApi), timings);
    },
    onCrash: (serialized: unknown) => crash(rebuildCashierError(serialized)),
    onResize: (heightPx: unknown) => {
      if (!isDestroyed() && Number.isFinite(heightPx)) {
        resize?.(Math.min(Math.max(Math.ceil(heightPx as number), 0), MAX_FRAME_HEIGHT_PX));
      }
    },
    revalidateAppInstance: revalidate,
    // The mount claims the shared settings as `options`, an object of its own.
    // The frame's (untrusted) word on its 3-D Secure challenge: pause the pay timeout, lend the viewport.
    onChallenge: (state: unknown) => {
      if (isDestroyed()) return;
      const open = Object(state).open === true;
      challengeCalls++;
      challengeOpen = open;
      for (const timer of payTimers) open ? timer.pause() : timer.resume();
      overlay?.(open && Object(state).overlay === true);
    },
    // The frame's (untrusted) word that an order's seat hold ran out: the host hears it once per order.
    onHoldExpired: (expiry: unknown) => {
      const orderId: unknown = Object(expiry).orderId;
      if (isDestroyed() || typeof orderId !== 'string' || orderId === '' || heldOut.has(orderId)) return;
      heldOut.add(orderId);
      callSafely('onHoldExpired', options.onHoldExpired, { orderId });
    },
    // The frame's (untrusted) word that an order's seat hold got more time (issue 37): a copy of the two fields.
    onHoldExtended: (extension: unknown) => {
      const { orderId, holdExpiresAt } = Object(extension);
      if (isDestroyed() || typeof orderId !== 'string' || orderId === '' || typeof holdExpiresAt !== 'string') return;
      if (!Number.isNaN(Date.parse(holdExpiresAt)))
        callSafely('onHoldExtended', options.onHoldExtended, { orderId, holdExpiresAt });
    },
    // The frame's (untrusted) word that a payment started in the widget settled: once per order and charge.
    onPaymentResult: (value: unknown) => {
      const result = parseSettledPayResult(value);
      if (isDestroyed() || !result) return;
      const key = JSON.stringify([result.orderId, result.chargeId]);
      if (settled.has(key)) return;
      settled.add(key);
      callSafely('onPaymentResult', options.onPaymentResult, result);
    },
    // The frame's (untrusted) word on the form (issue 36): copied from known values only.
    onChange: (value: unknown) => {
      const change = parseChange(value);
      const json = JSON.stringify(change);
      if (isDestroyed() || !change || json === lastChange) return;
      lastChange = json;
      callSafely('onChange', options.onChange, change);
    },
    onFocus: (value: unknown) => {
      const event = parseFieldEvent(value);
      if (!isDestroyed() && event) callSafely('onFocus', options.onFocus, event);
    },
    onBlur: (value: unknown) => {
      const event = parseFieldEvent(value);
      if (!isDestroyed() && event) callSafely('onBlur', options.onBlur, event);
    },
    onEscape: () => {
      if (!isDestroyed()) callSafely('onEscape', options.onEscape);
    },
    claimWidgetSettings: () => settingsCache.claim(settingsKey, options),
    publishWidgetSettings: (outcome: unknown) => settingsCache.publish(settingsKey, options, outcome, revalidating),
  };
  const release = () => {
    clearTimeout(slowTimer);
    settingsCache.release(options);
  };
  return { methods, crash, release };
}
