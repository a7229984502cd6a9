import {
  CashierError,
  ErrorCode,
  MAX_WIDGET_READY_TIME_MS,
  rebuildCashierError,
  SETTINGS_MAX_AGE_MS,
  type SettingsClaim,
  TOO_MANY_REQUESTS_STATUS,
  type WidgetSettings,
} from '../shared';

/**
 * The page's widget settings cache (spec 4, DESIGN "Settings cache"). Every iframe is its own
 * realm, so the sharing lives here, in the host SDK, which all the frames on a page talk to.
 *
 * Per key (`host` + `msid` as given, see {@link settingsCacheKey}):
 * - nobody has the settings: the first claimant is told to fetch them (`fetch`) and owns the
 *   request; later claimants wait for it;
 * - the owner publishes success: cached for every later mount for SETTINGS_MAX_AGE_MS, unless
 *   `devMode: true` (never reused: every waiter then fetches its own, at once);
 * - the owner publishes a failure of the provider (network, 5xx, 429, a bad reply, the request's
 *   own TIMEOUT): the waiters fail with it (`failed`), so a provider that is down gets one
 *   request, not one per widget; nothing is cached, so a widget mounted later asks again;
 * - the owner's failure was its own (issue 12): UNAUTHORIZED, CAPTCHA_ERROR or HTTP_CLIENT_ERROR
 *   other than 429 (tokens are per widget), any failure while its `revalidateAppInstance` was
 *   still running (the TIMEOUT of a slow revalidation), it was destroyed, its request was
 *   aborted, or it has not published within the pending limit (its iframe may have been removed
 *   without `destroy()`): the waiters claim again, one of them becoming the new owner;
 * - a widget crashes with a code of {@link STATICS_FAILURES} (issue 12): the settings point at
 *   statics that do not work (e.g. a release since removed), so they are dropped and the next
 *   mount asks the provider again. A crash of a widget that had older settings may drop newer
 *   ones too: that costs one request, and keeps the cache this small.
 */
export interface SettingsCache {
  /**
   * Claims the settings for `key` on behalf of `claimant` (one per mount); settles within the
   * pending limit. Rejects with DESTROYED once it was released.
   */
  claim(key: string, claimant: object): Promise<SettingsClaim>;
  /**
   * The owner's outcome; ignored unless `claimant` owns the request in flight for `key`.
   * `revalidating`: the owner's `revalidateAppInstance` was still running (default false), so a
   * failure is its own.
   */
  publish(key: string, claimant: object, outcome: unknown, revalidating?: boolean): void;
  /**
   * A widget for `key` crashed with `code`: a code of {@link STATICS_FAILURES} drops the cached
   * settings (issue 12), so the next mount asks the provider again. Other codes: nothing.
   */
  crashed(key: string, code: string): void;
  /** The claimant went away (destroy): requests it owned are given to the next waiter. */
  release(claimant: object): void;
}

/** A request in flight: its owner, and how its waiters learn the outcome (`undefined`: claim again). */
interface Pending {
  owner: object;
  settled: Promise<SettingsClaim | undefined>;
  settle: (result?: SettingsClaim) => void;
}

/**
 * The cache key of DESIGN "Settings cache": the provider host (trailing slashes dropped) and the
 * msid as given. Kept literal on purpose: the host SDK stays small (no GUID rules here), and two
 * widgets that differ only in an invalid msid cost at most one extra request.
 */
export function settingsCacheKey(host: string, msid: string | undefined): string {
  return JSON.stringify([host.replace(/\/+$/, ''), msid ?? null]);
}

/** Options of {@link createSettingsCache}. */
export interface SettingsCacheOptions {
  /**
   * Milliseconds an owner may hold a request before its waiters stop waiting and claim again;
   * default MAX_WIDGET_READY_TIME_MS (10 000, spec 9). Its late outcome is then ignored.
   */
  pendingLimitMs?: number;
}

/**
 * Owner failures that say nothing about the settings, only about the owner's own token or mount
 * (a 400/404 for its token is HTTP_CLIENT_ERROR); an HTTP_CLIENT_ERROR with status 429 is the
 * provider's rate limit and is shared.
 */
const OWN_FAILURES: string[] = [ErrorCode.Destroyed, ErrorCode.Unauthorized, ErrorCode.CaptchaError, ErrorCode.HttpClientError];

/**
 * Crash codes that say the statics the settings point at do not work for this frame (issue 12):
 * off the allowlist, the bundle not imported (404, network, no `mount` export), or its `mount`
 * threw. A statics redeploy fixes each only through new settings, so the cached ones are dropped:
 * a wrong drop costs the next mount one settings request, a wrong keep fails every later mount.
 * BUNDLE_CRASHED is left out: a running widget's crash says nothing about where it came from.
 */
export const STATICS_FAILURES: string[] = [ErrorCode.StaticsNotAllowed, ErrorCode.BundleLoadFailed, ErrorCode.BundleMountFailed];

const FETCH: SettingsClaim = { kind: 'fetch' };

/** Creates an empty settings cache; the SDK uses one per page ({@link pageSettingsCache}). */
export function createSettingsCache({ pendingLimitMs = MAX_WIDGET_READY_TIME_MS }: SettingsCacheOptions = {}): SettingsCache {
  const cached = new Map<string, WidgetSettings>();
  const pending = new Map<string, Pending>();
  /** Claimants that went away: one that was waiting must not become an owner nobody answers for. */
  const released = new WeakSet<object>();

  /** Ends `key`'s request in flight, if it is still `entry`: its waiters get `result`. */
  const finish = (key: string, entry: Pending, result?: SettingsClaim): void => {
    if (pending.get(key) !== entry) return;
    pending.delete(key);
    entry.settle(result);
  };

  return {
    async claim(key, claimant) {
      // One claim waits at most pendingLimitMs in all, even when owners that vanish follow one
      // another: past it the claimant fetches alone, owning nothing (its outcome is not shared).
      // The frame's own timeout on this call is longer, so the frame always hears this answer.
      const giveUpAt = Date.now() + pendingLimitMs;
      for (;;) {
        if (released.has(claimant)) throw new CashierError(ErrorCode.Destroyed, 'The widget was destroyed');
        const settings = cached.get(key);
        if (settings) return { kind: 'cached', settings };
        const entry = pending.get(key);
        if (!entry) {
          let settle!: Pending['settle'];
          const settled = new Promise<SettingsClaim | undefined>((resolve) => {
            settle = resolve;
          });
          const owned: Pending = { owner: claimant, settled, settle };
          pending.set(key, owned);
          const limit = setTimeout(() => finish(key, owned), pendingLimitMs);
          void settled.then(() => clearTimeout(limit));
          return FETCH;
        }
        let timer: ReturnType<typeof setTimeout> | undefined;
        const result = await Promise.race([
          entry.settled,
          new Promise<SettingsClaim>((resolve) => {
            timer = setTimeout(resolve, giveUpAt - Date.now(), FETCH);
          }),
        ]);
        clearTimeout(timer);
        if (result) return result;
      }
    },
    publish(key, claimant, outcome, revalidating) {
      const entry = pending.get(key);
      if (entry?.owner !== claimant) return;
      // Frame input is untrusted: settings without a string `widgetStaticsBaseUrl`, or a shapeless
      // failure, count as a failure. Each frame parses cached settings fully again before use, and
      // checks the statics allowlist, so the host only has to keep garbage out of the cache.
      const { ok, settings, error } = (outcome ?? {}) as { ok?: unknown; settings?: Partial<WidgetSettings>; error?: unknown };
      if (ok === true && typeof settings?.widgetStaticsBaseUrl === 'string') {
        if (settings.devMode === true) return finish(key, entry, FETCH);
        cached.set(key, settings as WidgetSettings);
        // Too old past SETTINGS_MAX_AGE_MS: the next mount fetches again (unless newer ones came).
        setTimeout(() => cached.get(key) === settings && cached.delete(key), SETTINGS_MAX_AGE_MS);
        return finish(key, entry);
      }
      const failure = rebuildCashierError(
        ok === true
          ? new CashierError(ErrorCode.InvalidResponse, 'widgetStaticsBaseUrl is not a string')
          : (error ?? new CashierError(ErrorCode.SettingsLoadFailed, 'The widget settings request failed')),
      ).toJSON();
      const own = revalidating || (OWN_FAILURES.includes(failure.code) && failure.details?.status !== TOO_MANY_REQUESTS_STATUS);
      finish(key, entry, own ? undefined : { kind: 'failed', error: failure });
    },
    crashed(key, code) {
      if (STATICS_FAILURES.includes(code)) cached.delete(key);
    },
    release(claimant) {
      released.add(claimant);
      for (const [key, entry] of pending) if (entry.owner === claimant) finish(key, entry);
    },
  };
}

/**
 * The one cache of this page. Module state on purpose: every `mountCashier` of this SDK copy
 * shares it, and it dies with the page.
 */
export const pageSettingsCache: SettingsCache = createSettingsCache();
