import {
  CashierError,
  ErrorCode,
  MAX_WIDGET_READY_TIME_MS,
  type SerializedCashierError,
  type SettingsClaim,
  type SettingsOutcome,
  type WidgetSettings,
} from '../shared';

/**
 * The page's widget settings cache (spec 4, DESIGN "Settings cache"). Every iframe is its own
 * realm, so the sharing lives here, in the host SDK, which all the frames on a page talk to.
 *
 * Per key (`host` + `msid` as given, see {@link settingsCacheKey}):
 * - nobody has the settings: the first claimant is told to fetch them (`fetch`) and owns the
 *   request; later claimants wait for it;
 * - the owner publishes success: cached for every later mount, unless `devMode: true` (never
 *   reused: every waiter then fetches its own, at once);
 * - the owner publishes a failure of the provider (network, 5xx, bad reply): the waiters fail
 *   with it (`failed`), and nothing is cached, so a widget mounted later asks again;
 * - the owner's failure was its own (UNAUTHORIZED, CAPTCHA_ERROR: tokens are per widget), it was
 *   destroyed, its request was aborted, or it has not published within the pending limit (its
 *   iframe may have been removed without `destroy()`): the waiters claim again, one of them
 *   becoming the new owner.
 */
export interface SettingsCache {
  /**
   * Claims the settings for `key` on behalf of `claimant` (one per mount); settles within the
   * pending limit. Rejects with DESTROYED once it was released.
   */
  claim(key: string, claimant: object): Promise<SettingsClaim>;
  /** The owner's outcome; ignored unless `claimant` owns the request in flight for `key`. */
  publish(key: string, claimant: object, outcome: unknown): void;
  /** The claimant went away (destroy): requests it owned are given to the next waiter. */
  release(claimant: object): void;
  /** How many keys hold cached settings (tests, diagnostics). */
  readonly size: number;
}

type Entry =
  | { state: 'cached'; settings: WidgetSettings }
  | {
      state: 'pending';
      owner: object;
      settle: (result: SettingsClaim | undefined) => void;
      settled: Promise<SettingsClaim | undefined>;
    };

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

/** Owner failures that say nothing about the settings, only about the owner's own credentials. */
const OWN_FAILURES: ReadonlySet<string> = new Set([ErrorCode.Destroyed, ErrorCode.Unauthorized, ErrorCode.CaptchaError]);

/** Creates an empty settings cache; the SDK uses one per page ({@link pageSettingsCache}). */
export function createSettingsCache({ pendingLimitMs = MAX_WIDGET_READY_TIME_MS }: SettingsCacheOptions = {}): SettingsCache {
  const entries = new Map<string, Entry>();
  /** Claimants that went away: one that was waiting must not become an owner nobody answers for. */
  const released = new WeakSet<object>();

  const startPending = (key: string, owner: object): void => {
    let settle!: (result: SettingsClaim | undefined) => void;
    const settled = new Promise<SettingsClaim | undefined>((resolve) => {
      settle = resolve;
    });
    const entry: Extract<Entry, { state: 'pending' }> = { state: 'pending', owner, settle, settled };
    entries.set(key, entry);
    const limit = setTimeout(() => {
      if (entries.get(key) === entry) finish(key, entry, undefined);
    }, pendingLimitMs);
    void settled.then(() => clearTimeout(limit));
  };

  /** Ends the request in flight for `key`: waiters get `result`, or claim again when undefined. */
  const finish = (key: string, entry: Entry & { state: 'pending' }, next: Entry | undefined, result?: SettingsClaim) => {
    if (next) entries.set(key, next);
    else entries.delete(key);
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
        const entry = entries.get(key);
        if (!entry) {
          startPending(key, claimant);
          return { kind: 'fetch' };
        }
        if (entry.state === 'cached') return { kind: 'cached', settings: entry.settings };
        const result = await settledWithin(entry.settled, giveUpAt - Date.now());
        if (result === TIMED_OUT) return { kind: 'fetch' };
        if (result) return result;
      }
    },
    publish(key, claimant, outcome) {
      const entry = entries.get(key);
      if (entry?.state !== 'pending' || entry.owner !== claimant) return;
      const narrowed = narrowOutcome(outcome);
      if (narrowed.ok && narrowed.settings.devMode === true) finish(key, entry, undefined, { kind: 'fetch' });
      else if (narrowed.ok) finish(key, entry, { state: 'cached', settings: narrowed.settings });
      else if (OWN_FAILURES.has(narrowed.error.code)) finish(key, entry, undefined);
      else finish(key, entry, undefined, { kind: 'failed', error: narrowed.error });
    },
    release(claimant) {
      released.add(claimant);
      for (const [key, entry] of entries) {
        if (entry.state === 'pending' && entry.owner === claimant) finish(key, entry, undefined);
      }
    },
    get size() {
      let cached = 0;
      for (const entry of entries.values()) if (entry.state === 'cached') cached += 1;
      return cached;
    },
  };
}

const TIMED_OUT = Symbol('timed out');

/** `settled`, or TIMED_OUT when it takes longer than `ms` (at once when `ms` ≤ 0). */
function settledWithin<T>(settled: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  if (ms <= 0) return Promise.resolve(TIMED_OUT);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([settled, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Frame input is untrusted: settings without a string `widgetStaticsBaseUrl`, or a shapeless
 * failure, count as a failure. Each frame parses cached settings fully again before use, and
 * checks the statics allowlist, so the host only has to keep garbage out of the cache.
 */
function narrowOutcome(outcome: unknown): SettingsOutcome {
  if (typeof outcome === 'object' && outcome !== null && (outcome as { ok?: unknown }).ok === true) {
    const settings = (outcome as { settings?: unknown }).settings;
    if (
      typeof settings === 'object' &&
      settings !== null &&
      typeof (settings as WidgetSettings).widgetStaticsBaseUrl === 'string'
    ) {
      return { ok: true, settings: settings as WidgetSettings };
    }
    return {
      ok: false,
      error: new CashierError(ErrorCode.InvalidResponse, 'Widget settings: widgetStaticsBaseUrl must be a string.').toJSON(),
    };
  }
  const error: SerializedCashierError = CashierError.fromSerialized(
    (outcome as { error?: unknown } | null)?.error ??
      new CashierError(ErrorCode.SettingsLoadFailed, 'The widget settings request failed.'),
  ).toJSON();
  return { ok: false, error };
}

/**
 * The one cache of this page. Module state on purpose: every `mountCashier` of this SDK copy
 * shares it, and it dies with the page.
 */
export const pageSettingsCache: SettingsCache = createSettingsCache();
