import { afterEach, describe, expect, it, vi } from 'vitest';
import { CashierError, ErrorCode, SETTINGS_MAX_AGE_MS, type SettingsClaim } from '../shared';
import { createSettingsCache, settingsCacheKey } from './settingsCache';

const GUID = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
const KEY = settingsCacheKey('https://tickets.example.com', GUID);
const settings = { widgetStaticsBaseUrl: 'https://static.example.com/cashier' };
const failure = new CashierError(ErrorCode.HttpServerError, 'GET widget-settings answered HTTP 500.', { status: 500 }).toJSON();

/** A claim that has not settled yet reads as 'pending'. */
async function peek(claim: Promise<SettingsClaim>): Promise<SettingsClaim | 'pending'> {
  return Promise.race([claim, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 5))]);
}

describe('settingsCacheKey (DESIGN "Settings cache": host + msid)', () => {
  it.each([
    { a: ['https://t.example.com', GUID], b: ['https://t.example.com/', GUID], same: true },
    { a: ['https://t.example.com', undefined], b: ['https://t.example.com//', undefined], same: true },
    { a: ['https://t.example.com', GUID], b: ['https://t.example.com', undefined], same: false },
    { a: ['https://t.example.com', undefined], b: ['https://u.example.com', undefined], same: false },
  ] as const)('$a and $b share a key: $same', ({ a, b, same }) => {
    expect(settingsCacheKey(a[0], a[1]) === settingsCacheKey(b[0], b[1])).toBe(same);
  });
});

describe('createSettingsCache (spec 4)', () => {
  it('the first claimant fetches; the others wait and then get the cached settings; later mounts too', async () => {
    const cache = createSettingsCache();
    const [a, b, c] = [{}, {}, {}];
    expect(await cache.claim(KEY, a)).toEqual({ kind: 'fetch' });
    const waitingB = cache.claim(KEY, b);
    const waitingC = cache.claim(KEY, c);
    expect(await peek(waitingB)).toBe('pending');
    cache.publish(KEY, a, { ok: true, settings });
    expect(await waitingB).toEqual({ kind: 'cached', settings });
    expect(await waitingC).toEqual({ kind: 'cached', settings });
    expect(await cache.claim(KEY, {})).toEqual({ kind: 'cached', settings });
  });

  it('a failure reaches the waiters and is not cached: the next mount fetches again', async () => {
    const cache = createSettingsCache();
    const owner = {};
    await cache.claim(KEY, owner);
    const waiting = cache.claim(KEY, {});
    cache.publish(KEY, owner, { ok: false, error: failure });
    expect(await waiting).toEqual({ kind: 'failed', error: { ...failure, details: { status: 500 } } });
    expect(await cache.claim(KEY, {})).toEqual({ kind: 'fetch' });
  });

  it('devMode: true is never reused: every waiter fetches its own, at once', async () => {
    const cache = createSettingsCache();
    const [a, b, c] = [{}, {}, {}];
    await cache.claim(KEY, a);
    const waitingB = cache.claim(KEY, b);
    const waitingC = cache.claim(KEY, c);
    cache.publish(KEY, a, { ok: true, settings: { ...settings, devMode: true } });
    expect(await waitingB).toEqual({ kind: 'fetch' });
    expect(await waitingC).toEqual({ kind: 'fetch' });
    expect(await cache.claim(KEY, {})).toEqual({ kind: 'fetch' });
  });

  it.each([
    { name: 'UNAUTHORIZED: its token refused', code: ErrorCode.Unauthorized, status: 401, revalidating: false, own: true },
    { name: 'CAPTCHA_ERROR', code: ErrorCode.CaptchaError, status: 403, revalidating: false, own: true },
    { name: 'HTTP 400 for its token', code: ErrorCode.HttpClientError, status: 400, revalidating: false, own: true },
    { name: 'HTTP 404 for its token', code: ErrorCode.HttpClientError, status: 404, revalidating: false, own: true },
    { name: 'TIMEOUT while its revalidateAppInstance runs', code: ErrorCode.Timeout, revalidating: true, own: true },
    {
      name: "HTTP 429 after the retries: the provider's rate limit",
      code: ErrorCode.HttpClientError,
      status: 429,
      revalidating: false,
      own: false,
    },
    { name: 'HTTP 503 after the retries', code: ErrorCode.HttpServerError, status: 503, revalidating: false, own: false },
    { name: 'NETWORK_ERROR', code: ErrorCode.NetworkError, revalidating: false, own: false },
    { name: 'TIMEOUT of the request itself', code: ErrorCode.Timeout, revalidating: false, own: false },
    { name: 'INVALID_RESPONSE', code: ErrorCode.InvalidResponse, status: 200, revalidating: false, own: false },
  ])('owner failed with $name → its own: $own (issue 12)', async ({ code, status, revalidating, own }) => {
    const cache = createSettingsCache();
    const [a, b, c] = [{}, {}, {}];
    await cache.claim(KEY, a);
    const waitingB = cache.claim(KEY, b);
    const waitingC = cache.claim(KEY, c);
    const error = new CashierError(code, 'it failed', status === undefined ? {} : { status }).toJSON();
    cache.publish(KEY, a, { ok: false, error }, revalidating);
    if (own) {
      // One waiter fetches with its own token, the other waits for it.
      expect(await waitingB).toEqual({ kind: 'fetch' });
      expect(await peek(waitingC)).toBe('pending');
      cache.publish(KEY, b, { ok: true, settings });
      expect(await waitingC).toEqual({ kind: 'cached', settings });
    } else {
      // The provider's failure is shared: one request, not one per widget.
      expect(await waitingB).toEqual({ kind: 'failed', error });
      expect(await waitingC).toEqual({ kind: 'failed', error });
    }
  });

  it('an owner that never publishes (iframe removed without destroy) is given up after the pending limit', async () => {
    vi.useFakeTimers();
    try {
      const cache = createSettingsCache({ pendingLimitMs: 10_000 });
      const [a, b] = [{}, {}];
      await cache.claim(KEY, a);
      let claimB: SettingsClaim | undefined;
      void cache.claim(KEY, b).then((claim) => {
        claimB = claim;
      });
      await vi.advanceTimersByTimeAsync(9_999);
      expect(claimB).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(claimB).toEqual({ kind: 'fetch' });
      cache.publish(KEY, a, { ok: true, settings: { ...settings, widgetStaticsBaseUrl: 'https://late.example.com' } });
      cache.publish(KEY, b, { ok: true, settings });
      expect(await cache.claim(KEY, {})).toEqual({ kind: 'cached', settings });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a claim settles within the pending limit even when owners vanish one after another; then it owns nothing', async () => {
    vi.useFakeTimers();
    try {
      const cache = createSettingsCache({ pendingLimitMs: 10_000 });
      const [a, b, c] = [{}, {}, {}];
      await cache.claim(KEY, a); // a owns the request and never publishes
      void cache.claim(KEY, b); // b waits, and owns the request from 10 s on, and never publishes either
      await vi.advanceTimersByTimeAsync(5_000);
      let claimC: SettingsClaim | undefined;
      void cache.claim(KEY, c).then((claim) => {
        claimC = claim;
      });
      await vi.advanceTimersByTimeAsync(9_999);
      expect(claimC).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(claimC).toEqual({ kind: 'fetch' }); // at 15 s, not at 20 s when b is given up
      cache.publish(KEY, c, { ok: true, settings }); // c fetched alone: its outcome is not shared
      let claimD: SettingsClaim | undefined;
      void cache.claim(KEY, {}).then((claim) => {
        claimD = claim;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(claimD).toBeUndefined(); // b still owns the request: a new mount waits for it
    } finally {
      vi.useRealTimers();
    }
  });

  it('an owner destroyed mid-request hands the request to a waiter, not a failure', async () => {
    const cache = createSettingsCache();
    const [a, b] = [{}, {}];
    await cache.claim(KEY, a);
    const waitingB = cache.claim(KEY, b);
    cache.release(a);
    expect(await waitingB).toEqual({ kind: 'fetch' });
    cache.publish(KEY, a, { ok: true, settings }); // too late: a no longer owns it
    expect(await peek(cache.claim(KEY, {}))).toBe('pending'); // nothing cached: a new mount waits for b
  });

  it('an aborted request (DESTROYED) is handed on like a destroyed owner', async () => {
    const cache = createSettingsCache();
    const [a, b] = [{}, {}];
    await cache.claim(KEY, a);
    const waitingB = cache.claim(KEY, b);
    cache.publish(KEY, a, { ok: false, error: new CashierError(ErrorCode.Destroyed, 'aborted').toJSON() });
    expect(await waitingB).toEqual({ kind: 'fetch' });
  });

  it('a released waiter rejects with DESTROYED and never becomes the owner', async () => {
    const cache = createSettingsCache();
    const [a, b, c] = [{}, {}, {}];
    await cache.claim(KEY, a);
    const waitingB = cache.claim(KEY, b);
    const waitingC = cache.claim(KEY, c);
    cache.release(b);
    cache.release(a);
    await expect(waitingB).rejects.toMatchObject({ code: 'DESTROYED' });
    expect(await waitingC).toEqual({ kind: 'fetch' });
  });

  it('only the owner may publish; settings without a string widgetStaticsBaseUrl count as a failure', async () => {
    const cache = createSettingsCache();
    const owner = {};
    await cache.claim(KEY, owner);
    const waiting = cache.claim(KEY, {});
    cache.publish(KEY, {}, { ok: true, settings });
    expect(await peek(waiting)).toBe('pending');
    cache.publish(KEY, owner, { ok: true, settings: { widgetStaticsBaseUrl: 42 } });
    expect(await waiting).toMatchObject({ kind: 'failed', error: { code: 'INVALID_RESPONSE' } });
    expect(await cache.claim(KEY, {})).toEqual({ kind: 'fetch' });
  });

  it('different keys do not wait on each other', async () => {
    const cache = createSettingsCache();
    await cache.claim(KEY, {});
    expect(await cache.claim(settingsCacheKey('https://tickets.example.com', undefined), {})).toEqual({ kind: 'fetch' });
  });
});

describe('createSettingsCache: settings whose statics failed are dropped (issue 12)', () => {
  it.each([ErrorCode.BundleLoadFailed, ErrorCode.StaticsNotAllowed, ErrorCode.BundleMountFailed])(
    'a widget crashed with %s: the next mount fetches again, and its settings are cached',
    async (code) => {
      const cache = createSettingsCache();
      const owner = {};
      await cache.claim(KEY, owner);
      cache.publish(KEY, owner, { ok: true, settings });
      expect(await cache.claim(KEY, {})).toEqual({ kind: 'cached', settings });
      cache.crashed(KEY, code);
      const next = {};
      expect(await cache.claim(KEY, next)).toEqual({ kind: 'fetch' });
      const redeployed = { widgetStaticsBaseUrl: 'https://static.example.com/cashier/v2' };
      cache.publish(KEY, next, { ok: true, settings: redeployed });
      expect(await cache.claim(KEY, {})).toEqual({ kind: 'cached', settings: redeployed });
    },
  );

  it.each([ErrorCode.BundleCrashed, ErrorCode.SettingsLoadFailed, ErrorCode.ConnectionFailed, 'NOT_A_CODE'])(
    'a crash with %s keeps the settings',
    async (code) => {
      const cache = createSettingsCache();
      const owner = {};
      await cache.claim(KEY, owner);
      cache.publish(KEY, owner, { ok: true, settings });
      cache.crashed(KEY, code);
      expect(await cache.claim(KEY, {})).toEqual({ kind: 'cached', settings });
    },
  );

  it('a crash drops only its own key', async () => {
    const cache = createSettingsCache();
    const other = settingsCacheKey('https://tickets.example.com', undefined);
    for (const key of [KEY, other]) {
      const owner = {};
      await cache.claim(key, owner);
      cache.publish(key, owner, { ok: true, settings });
    }
    cache.crashed(KEY, ErrorCode.BundleLoadFailed);
    expect(await cache.claim(other, {})).toEqual({ kind: 'cached', settings });
    expect(await cache.claim(KEY, {})).toEqual({ kind: 'fetch' });
  });
});

describe('createSettingsCache: maximum age (issue 12)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`cached settings are reused for SETTINGS_MAX_AGE_MS (${SETTINGS_MAX_AGE_MS} ms) from their arrival, then fetched again`, async () => {
    vi.useFakeTimers();
    const cache = createSettingsCache();
    const owner = {};
    await cache.claim(KEY, owner);
    await vi.advanceTimersByTimeAsync(3_000); // the request takes a while: the age counts from the reply
    cache.publish(KEY, owner, { ok: true, settings });
    await vi.advanceTimersByTimeAsync(SETTINGS_MAX_AGE_MS - 1);
    expect(await cache.claim(KEY, {})).toEqual({ kind: 'cached', settings });
    await vi.advanceTimersByTimeAsync(1);
    const next = {};
    expect(await cache.claim(KEY, next)).toEqual({ kind: 'fetch' });
    const newer = { widgetStaticsBaseUrl: 'https://static.example.com/cashier/v2' };
    cache.publish(KEY, next, { ok: true, settings: newer });
    expect(await cache.claim(KEY, {})).toEqual({ kind: 'cached', settings: newer });
  });

  it('the age of dropped settings does not cut short the settings fetched after them', async () => {
    vi.useFakeTimers();
    const cache = createSettingsCache();
    const first = {};
    await cache.claim(KEY, first);
    cache.publish(KEY, first, { ok: true, settings });
    await vi.advanceTimersByTimeAsync(SETTINGS_MAX_AGE_MS / 2);
    cache.crashed(KEY, ErrorCode.BundleLoadFailed);
    const second = {};
    await cache.claim(KEY, second);
    const newer = { widgetStaticsBaseUrl: 'https://static.example.com/cashier/v2' };
    cache.publish(KEY, second, { ok: true, settings: newer });
    await vi.advanceTimersByTimeAsync(SETTINGS_MAX_AGE_MS / 2); // the first settings would be too old now
    expect(await cache.claim(KEY, {})).toEqual({ kind: 'cached', settings: newer });
    await vi.advanceTimersByTimeAsync(SETTINGS_MAX_AGE_MS / 2);
    expect(await cache.claim(KEY, {})).toEqual({ kind: 'fetch' });
  });
});
