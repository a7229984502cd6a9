import { CallOptions } from 'penpal';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_CALL_TIMEOUT_MS, CashierError, ErrorCode, epochNow, type FrameMethods } from '../shared';
import { createHostMethods } from './createHostMethods';
import { resolveOptions } from './resolveOptions';
import { createSettingsCache } from './settingsCache';
import type { MountCashierOptions } from './types';

const TOKEN = 'secret-token-123';

function setup(
  overrides: Partial<MountCashierOptions> = {},
  callApi: FrameMethods['callApi'] = vi.fn(),
  context: { revalidateTimeoutMs?: number } = {},
) {
  let destroyed = false;
  const callbacks = { onApiInit: vi.fn(), onCrash: vi.fn(), onSlow: vi.fn() };
  const options = resolveOptions(
    { host: 'https://tickets.example.com', configuration: { appInstance: TOKEN }, ...callbacks, ...overrides },
    'https://shop.example/checkout',
  );
  const bridge = createHostMethods({ options, remote: async () => ({ callApi }), isDestroyed: () => destroyed, ...context });
  return { ...bridge, ...callbacks, callApi, destroy: () => (destroyed = true) };
}

const serialized = (code: string, message = 'it broke') => ({ name: 'CashierError', code, message });

describe('createHostMethods: getBootstrap', () => {
  it('gives the widget inputs with defaults applied', () => {
    const { methods } = setup({ configuration: { appInstance: TOKEN, msid: 'site-1' }, theme: 'modal', debug: true });
    expect(methods.getBootstrap()).toEqual({
      host: 'https://tickets.example.com',
      configuration: { appInstance: TOKEN, msid: 'site-1' },
      theme: 'modal',
      debug: true,
      canRevalidate: false,
      locale: 'en',
    });
  });

  it('leaves msid out when not given and says whether revalidation is possible', () => {
    const { methods } = setup({ revalidateAppInstance: async () => 'fresh' });
    expect(methods.getBootstrap()).toEqual({
      host: 'https://tickets.example.com',
      configuration: { appInstance: TOKEN },
      theme: 'inline',
      debug: false,
      canRevalidate: true,
      locale: 'en',
    });
  });
});

describe('createHostMethods: onCrash', () => {
  it('calls the host at most once, with the rebuilt CashierError', () => {
    const { methods, onCrash } = setup();
    methods.onCrash(serialized(ErrorCode.SettingsLoadFailed, 'settings failed'));
    methods.onCrash(serialized(ErrorCode.BundleCrashed));
    expect(onCrash).toHaveBeenCalledTimes(1);
    const error = onCrash.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(CashierError);
    expect(error).toMatchObject({ code: 'SETTINGS_LOAD_FAILED', message: 'settings failed' });
  });

  it('shares the once-guard with crash() (connection failures)', () => {
    const { methods, crash, onCrash } = setup();
    crash(new CashierError(ErrorCode.ConnectionFailed, 'timeout'));
    methods.onCrash(serialized(ErrorCode.BundleCrashed));
    expect(onCrash).toHaveBeenCalledTimes(1);
    expect(onCrash.mock.calls[0]?.[0]).toMatchObject({ code: 'CONNECTION_FAILED' });
  });

  it('turns untrusted input into a BUNDLE_CRASHED error', () => {
    const { methods, onCrash } = setup();
    methods.onCrash(42 as never);
    expect(onCrash.mock.calls[0]?.[0]).toMatchObject({
      code: 'BUNDLE_CRASHED',
      message: 'An error in no known form (BUNDLE_CRASHED; its message is withheld).',
    });
  });

  it('survives a host onCrash that throws, and still fires only once', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onCrash = vi.fn(() => {
      throw new Error('host bug');
    });
    const { methods } = setup({ onCrash });
    expect(() => methods.onCrash(serialized(ErrorCode.BundleCrashed))).not.toThrow();
    methods.onCrash(serialized(ErrorCode.BundleCrashed));
    expect(onCrash).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledTimes(1);
  });
});

describe('createHostMethods: nothing fires after destroy', () => {
  it('drops onApiInit, onCrash and crash()', () => {
    const { methods, crash, destroy, onApiInit, onCrash } = setup();
    destroy();
    methods.onApiInit(['validate']);
    methods.onCrash(serialized(ErrorCode.BundleCrashed));
    crash(new CashierError(ErrorCode.ConnectionFailed, 'x'));
    expect(onApiInit).not.toHaveBeenCalled();
    expect(onCrash).not.toHaveBeenCalled();
  });
});

describe('createHostMethods: onSlow (spec 4: not ready within 10 000 ms)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires once, 10 000 ms after the mount, with the elapsed time, and the widget keeps waiting', async () => {
    vi.useFakeTimers();
    const { methods, onSlow, onApiInit } = setup();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(onSlow).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onSlow).toHaveBeenCalledTimes(1);
    expect(onSlow).toHaveBeenCalledWith(10_000);
    methods.onApiInit(['validate']);
    expect(onApiInit).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onSlow).toHaveBeenCalledTimes(1);
  });

  it('never says less than the limit: a clock that reads a millisecond short when the timer fires (Firefox coarsens performance.now)', async () => {
    vi.useFakeTimers();
    const { onSlow } = setup();
    const now = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(now + 9_998.6); // rounds to 9 999
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onSlow).toHaveBeenCalledWith(10_000);
  });

  it.each([
    ['ready (onApiInit)', (b: ReturnType<typeof setup>) => b.methods.onApiInit([])],
    ['crashed', (b: ReturnType<typeof setup>) => b.methods.onCrash(serialized(ErrorCode.BundleCrashed))],
    ['released (destroy)', (b: ReturnType<typeof setup>) => b.release()],
    ['destroyed', (b: ReturnType<typeof setup>) => b.destroy()],
  ])('does not fire once %s before the limit', async (_name, settle) => {
    vi.useFakeTimers();
    const bridge = setup();
    await vi.advanceTimersByTimeAsync(9_000);
    settle(bridge);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(bridge.onSlow).not.toHaveBeenCalled();
  });
});

describe('createHostMethods: onApiInit tells the load timings', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives ms since the mount: the frame phases, connected (getBootstrap) and ready (onApiInit)', async () => {
    vi.useFakeTimers();
    const mountedAt = epochNow();
    const { methods, onApiInit } = setup();
    await vi.advanceTimersByTimeAsync(120);
    methods.getBootstrap();
    await vi.advanceTimersByTimeAsync(380);
    methods.onApiInit(['pay'], {
      frameLoaded: mountedAt + 100,
      settingsReceived: mountedAt + 300,
      settingsFromCache: false,
      bundleImported: mountedAt + 420,
      mounted: mountedAt + 490,
    });
    expect(onApiInit.mock.calls[0]?.[1]).toEqual({
      frameLoaded: 100,
      connected: 120,
      settingsReceived: 300,
      settingsFromCache: false,
      bundleImported: 420,
      mounted: 490,
      ready: 500,
    });
  });
});

describe('createHostMethods: onApiInit relays the api', () => {
  /** The relayed api, each name callable with any arguments: what an untyped caller (the script tag) can do. */
  type UntypedApi = Record<string, ((...args: unknown[]) => Promise<unknown>) | undefined>;
  const apiOf = (onApiInit: ReturnType<typeof setup>['onApiInit']): UntypedApi => onApiInit.mock.calls[0]?.[0];

  it('gives the host one method per announced name, each calling the frame', async () => {
    const callApi = vi.fn(async () => ({ ok: true as const, value: { valid: true } }));
    const { methods, onApiInit } = setup({}, callApi);
    methods.onApiInit(['validate', 'pay']);
    const api = apiOf(onApiInit);
    expect(Object.keys(api)).toEqual(['validate', 'pay']);
    await expect(api.validate?.('x')).resolves.toEqual({ valid: true });
    expect(callApi).toHaveBeenCalledWith('validate', ['x'], new CallOptions({ timeout: API_CALL_TIMEOUT_MS }));
  });

  it("gives every call but pay penpal's timeout, API_CALL_TIMEOUT_MS (30 000); pay's is the host's own (issue 22, createHostMethods.challenge.test.ts)", async () => {
    const callApi = vi.fn(async () => ({ ok: true as const, value: null }));
    const { methods, onApiInit } = setup({}, callApi);
    methods.onApiInit(['validate', 'pay', 'anything']);
    const api = apiOf(onApiInit);
    await Promise.all([api.validate?.(), api.pay?.({ orderId: 'o-1' }), api.anything?.()]);
    expect(callApi.mock.calls.map((call: unknown[]) => [call[0], (call[2] as CallOptions).timeout])).toEqual([
      ['validate', 30_000],
      ['pay', undefined],
      ['anything', 30_000],
    ]);
  });

  it('rejects with the code the frame sent', async () => {
    const callApi = vi.fn(async () => ({ ok: false as const, error: serialized(ErrorCode.ApiCallFailed, 'card declined') }));
    const { methods, onApiInit } = setup({}, callApi);
    methods.onApiInit(['pay']);
    await expect(apiOf(onApiInit).pay?.()).rejects.toMatchObject({ code: 'API_CALL_FAILED', message: 'card declined' });
  });

  // The connection lost without destroy() (the mount's watchFrame ended it, or the frame did) and
  // the call's own timeout (issue 12) name the call: its method, and for pay the order it named.
  it.each([
    { name: 'destroyed before the call', destroyFirst: true, method: 'pay', transport: 'unused', code: 'DESTROYED', calls: 0 },
    {
      name: 'pay, penpal connection destroyed (lost)',
      method: 'pay',
      transport: 'CONNECTION_DESTROYED',
      code: 'CONNECTION_LOST',
      details: { method: 'pay', orderId: 'o-1' },
    },
    {
      name: 'validate, penpal connection destroyed (lost)',
      method: 'validate',
      transport: 'CONNECTION_DESTROYED',
      code: 'CONNECTION_LOST',
      details: { method: 'validate' },
    },
    {
      name: 'pay, no answer within its timeout',
      method: 'pay',
      transport: 'METHOD_CALL_TIMEOUT',
      code: 'PAYMENT_OUTCOME_UNKNOWN',
      details: { method: 'pay', orderId: 'o-1' },
    },
    {
      name: 'validate, no answer within its timeout',
      method: 'validate',
      transport: 'METHOD_CALL_TIMEOUT',
      code: 'TIMEOUT',
      details: { method: 'validate' },
    },
    { name: 'other transport failure', method: 'pay', transport: 'TRANSMISSION_FAILED', code: 'API_CALL_FAILED' },
  ])('$name → $code', async ({ destroyFirst, method, transport, code, details, calls = 1 }) => {
    const callApi = vi.fn(async () => {
      throw Object.assign(new Error('penpal says no'), { code: transport });
    });
    const { methods, onApiInit, destroy } = setup({}, callApi);
    methods.onApiInit([method]);
    if (destroyFirst) destroy();
    const rejection = await apiOf(onApiInit)
      [method]?.({ orderId: 'o-1' })
      .catch((e: unknown) => e);
    expect(rejection).toBeInstanceOf(CashierError);
    expect(rejection).toMatchObject({ code });
    if (details) expect((rejection as CashierError).details).toEqual(details);
    expect(callApi).toHaveBeenCalledTimes(calls);
    // Issue 19: what the transport threw is not repeated to the host (it may be any text).
    expect((rejection as CashierError).message).not.toContain('penpal says no');
  });

  // Issue 12 finding 3: a pay cut short may have charged, so its outcome is unknown, not DESTROYED.
  it.each([
    {
      name: 'a pay for an order',
      method: 'pay',
      args: [{ orderId: 'ord_1' }],
      expected: { code: 'PAYMENT_OUTCOME_UNKNOWN', details: { orderId: 'ord_1' } },
    },
    { name: 'a pay without an order (the frame would refuse it)', method: 'pay', args: [{}], expected: { code: 'DESTROYED' } },
    { name: 'validate', method: 'validate', args: [], expected: { code: 'DESTROYED' } },
  ])('destroy while $name is in flight → $expected.code', async ({ method, args, expected }) => {
    let destroyMount = () => {};
    const callApi = vi.fn(async () => {
      destroyMount();
      throw Object.assign(new Error('Connection destroyed'), { code: 'CONNECTION_DESTROYED' });
    });
    const { methods, onApiInit, destroy } = setup({}, callApi);
    destroyMount = destroy;
    methods.onApiInit([method]);
    const rejection = await apiOf(onApiInit)
      [method]?.(...args)
      .catch((e: unknown) => e);
    expect(rejection).toBeInstanceOf(CashierError);
    expect(rejection).toMatchObject(expected);
  });

  // Issue 12: a frame whose page goes away (navigated, reloaded, removed) stops its own calls and
  // answers DESTROYED though the host destroyed nothing; its charge may have gone out.
  it.each([
    {
      name: 'pay',
      method: 'pay',
      destroyed: false,
      expected: { code: 'CONNECTION_LOST', details: { method: 'pay', orderId: 'o-1' } },
    },
    {
      name: 'validate',
      method: 'validate',
      destroyed: false,
      expected: { code: 'CONNECTION_LOST', details: { method: 'validate' } },
    },
    {
      name: 'pay, the host destroying too',
      method: 'pay',
      destroyed: true,
      expected: { code: 'PAYMENT_OUTCOME_UNKNOWN', details: { orderId: 'o-1' } },
    },
  ])('the frame answers its own DESTROYED ($name) → $expected.code', async ({ method, destroyed, expected }) => {
    let destroyMount = () => {};
    const callApi = vi.fn(async () => {
      if (destroyed) destroyMount();
      return { ok: false as const, error: serialized(ErrorCode.Destroyed, 'The charge request was aborted.') };
    });
    const { methods, onApiInit, destroy } = setup({}, callApi);
    destroyMount = destroy;
    methods.onApiInit([method]);
    const rejection = await apiOf(onApiInit)
      [method]?.({ orderId: 'o-1' })
      .catch((e: unknown) => e);
    expect(rejection).toBeInstanceOf(CashierError);
    expect(rejection).toMatchObject(expected);
    expect((rejection as CashierError).details).toEqual(expected.details);
  });

  it('a pay called after destroy was never sent: DESTROYED, not an unknown outcome', async () => {
    const callApi = vi.fn();
    const { methods, onApiInit, destroy } = setup({}, callApi);
    methods.onApiInit(['pay']);
    destroy();
    await expect(apiOf(onApiInit).pay?.({ orderId: 'ord_1' })).rejects.toMatchObject({ code: 'DESTROYED' });
    expect(callApi).not.toHaveBeenCalled();
  });
});

describe('createHostMethods: revalidateAppInstance', () => {
  it('resolves to the fresh token the host gives', async () => {
    const revalidateAppInstance = vi.fn(async () => 'fresh-token');
    const { methods } = setup({ revalidateAppInstance });
    await expect(methods.revalidateAppInstance()).resolves.toBe('fresh-token');
    expect(revalidateAppInstance).toHaveBeenCalledTimes(1);
  });

  it.each([
    { name: 'no revalidateAppInstance', revalidate: undefined },
    { name: 'resolves to an empty string', revalidate: async () => '' },
    { name: 'resolves to a non-string', revalidate: async () => 42 as unknown as string },
    { name: 'rejects', revalidate: async () => Promise.reject(new Error('nope')) },
    {
      name: 'rejects with a CashierError of another code',
      revalidate: async () => Promise.reject(new CashierError(ErrorCode.Destroyed, 'host gave up')),
    },
    {
      name: 'throws synchronously',
      revalidate: () => {
        throw new Error('nope');
      },
    },
  ])('$name → rejects UNAUTHORIZED', async ({ revalidate }) => {
    const { methods } = setup({ revalidateAppInstance: revalidate });
    const rejection = await methods.revalidateAppInstance().catch((e: unknown) => e);
    expect(rejection).toBeInstanceOf(CashierError);
    expect(rejection).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('rejects UNAUTHORIZED when the host never answers, after the timeout (default 5 000 ms)', async () => {
    vi.useFakeTimers();
    try {
      const { methods } = setup({ revalidateAppInstance: () => new Promise<string>(() => undefined) });
      const outcome = methods.revalidateAppInstance().catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(4_999);
      let settled = false;
      void outcome.then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringContaining('5000 ms') });
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects DESTROYED after destroy without asking the host', async () => {
    const revalidateAppInstance = vi.fn(async () => 'fresh');
    const { methods, destroy } = setup({ revalidateAppInstance });
    destroy();
    await expect(methods.revalidateAppInstance()).rejects.toMatchObject({ code: 'DESTROYED' });
    expect(revalidateAppInstance).not.toHaveBeenCalled();
  });
});

describe('createHostMethods: onResize', () => {
  it.each([
    { name: 'a height', input: 412.3, expected: [413] },
    { name: 'a negative height', input: -5, expected: [0] },
    { name: 'a huge height', input: 1e9, expected: [4000] },
    { name: 'not a number', input: '300', expected: undefined },
    { name: 'NaN', input: Number.NaN, expected: undefined },
  ])('$name → resize $expected', ({ input, expected }) => {
    const resize = vi.fn();
    const options = resolveOptions(
      { host: 'https://tickets.example.com', configuration: { appInstance: TOKEN } },
      'https://shop.example/',
    );
    const { methods } = createHostMethods({
      options,
      remote: async () => ({ callApi: vi.fn() }),
      isDestroyed: () => false,
      resize,
    });
    (methods.onResize as (h: unknown) => void)(input);
    expect(resize.mock.calls[0]).toEqual(expected);
  });

  it('does not resize after destroy', () => {
    const resize = vi.fn();
    const options = resolveOptions(
      { host: 'https://tickets.example.com', configuration: { appInstance: TOKEN } },
      'https://shop.example/',
    );
    const { methods } = createHostMethods({
      options,
      remote: async () => ({ callApi: vi.fn() }),
      isDestroyed: () => true,
      resize,
    });
    methods.onResize(300);
    expect(resize).not.toHaveBeenCalled();
  });
});

describe('createHostMethods: the shared settings cache (spec 4)', () => {
  const build = (cache: ReturnType<typeof createSettingsCache>, msid?: string, more: Partial<MountCashierOptions> = {}) => {
    const options = resolveOptions(
      { host: 'https://tickets.example.com', configuration: { appInstance: TOKEN, msid }, ...more },
      'https://shop.example/checkout',
    );
    let destroyed = false;
    const bridge = createHostMethods({
      options,
      remote: async () => ({ callApi: vi.fn() }),
      isDestroyed: () => destroyed,
      settingsCache: cache,
    });
    const destroy = () => {
      destroyed = true;
      bridge.release();
    };
    return { ...bridge, destroy };
  };
  const settings = { widgetStaticsBaseUrl: 'https://static.example.com/cashier' };

  it('two mounts for one host + msid: the first fetches, the second gets what it published', async () => {
    const cache = createSettingsCache();
    const first = build(cache);
    const second = build(cache);
    expect(await first.methods.claimWidgetSettings()).toEqual({ kind: 'fetch' });
    const waiting = second.methods.claimWidgetSettings();
    first.methods.publishWidgetSettings({ ok: true, settings });
    expect(await waiting).toEqual({ kind: 'cached', settings });
  });

  it('destroying the fetching mount hands the request to the waiting one', async () => {
    const cache = createSettingsCache();
    const first = build(cache);
    const second = build(cache);
    await first.methods.claimWidgetSettings();
    const waiting = second.methods.claimWidgetSettings();
    first.destroy();
    expect(await waiting).toEqual({ kind: 'fetch' });
  });

  it('a destroyed mount cannot claim', async () => {
    const mount = build(createSettingsCache());
    mount.destroy();
    await expect(mount.methods.claimWidgetSettings()).rejects.toMatchObject({ code: 'DESTROYED' });
  });

  it('the frame reports BUNDLE_LOAD_FAILED: the settings it got are dropped, the next mount fetches (issue 12)', async () => {
    const cache = createSettingsCache();
    const first = build(cache);
    await first.methods.claimWidgetSettings();
    first.methods.publishWidgetSettings({ ok: true, settings });
    const second = build(cache);
    expect(await second.methods.claimWidgetSettings()).toEqual({ kind: 'cached', settings });
    second.methods.onCrash(serialized(ErrorCode.BundleLoadFailed, 'The widget bundle could not be loaded'));
    expect(await build(cache).methods.claimWidgetSettings()).toEqual({ kind: 'fetch' });
  });

  it("a failure published while the mount's revalidateAppInstance runs (a slow one's TIMEOUT) is its own: the waiter fetches (issue 12)", async () => {
    const cache = createSettingsCache();
    let answer: (token: string) => void = () => undefined;
    const slow = () =>
      new Promise<string>((resolve) => {
        answer = resolve;
      });
    const first = build(cache, undefined, { revalidateAppInstance: slow });
    const second = build(cache);
    await first.methods.claimWidgetSettings();
    const waiting = second.methods.claimWidgetSettings();
    const revalidation = first.methods.revalidateAppInstance(); // the host has not answered yet
    const timeout = new CashierError(ErrorCode.Timeout, 'GET widget-settings did not finish within its 9000 ms deadline');
    first.methods.publishWidgetSettings({ ok: false, error: timeout.toJSON() });
    expect(await waiting).toEqual({ kind: 'fetch' });
    answer('late-token');
    await revalidation;
  });

  it('a TIMEOUT of the request itself, no revalidation running, is shared with the waiter', async () => {
    const cache = createSettingsCache();
    const first = build(cache, undefined, { revalidateAppInstance: async () => 'fresh-token' });
    const second = build(cache);
    await first.methods.claimWidgetSettings();
    const waiting = second.methods.claimWidgetSettings();
    await first.methods.revalidateAppInstance(); // answered: the revalidation is over
    const timeout = new CashierError(ErrorCode.Timeout, 'GET widget-settings timed out.').toJSON();
    first.methods.publishWidgetSettings({ ok: false, error: timeout });
    expect(await waiting).toMatchObject({ kind: 'failed', error: { code: 'TIMEOUT' } });
  });
});
