// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, FRAME_TITLE_MESSAGE, type FrameMethods, type HostMethods, TECHNICAL_DIFFICULTIES_MESSAGE } from '../shared';
import { alertText, frameTitle } from '../shared/catalogText';
import { loadBridge } from './loadBridge';
import { mountCashier } from './mountCashier';
import type { CashierHandle, MountCashierOptions } from './types';

/**
 * The bridge loads for real (a dynamic import) unless a test makes it fail. Each test is a page of
 * its own: `loadedBridge()` has the module only once this test's page loaded it.
 */
const bridgeLoad = vi.hoisted(() => ({
  failure: undefined as Error | undefined,
  gate: undefined as Promise<void> | undefined,
  loaded: undefined as typeof import('./connectFrame') | undefined,
}));
vi.mock('./loadBridge', async (importOriginal) => {
  const real = await importOriginal<typeof import('./loadBridge')>();
  return {
    loadBridge: async () => {
      await bridgeLoad.gate;
      if (bridgeLoad.failure) throw bridgeLoad.failure;
      bridgeLoad.loaded = await real.loadBridge();
      return bridgeLoad.loaded;
    },
    loadedBridge: () => bridgeLoad.loaded,
  };
});

/** penpal replaced by a connection the test settles by hand (the real handshake is covered in e2e). */
const penpal = vi.hoisted(() => ({
  connect: vi.fn(),
  messengerOptions: [] as { remoteWindow: unknown; allowedOrigins: unknown }[],
}));
vi.mock('penpal', () => ({
  WindowMessenger: class {
    constructor(options: { remoteWindow: unknown; allowedOrigins: unknown }) {
      penpal.messengerOptions.push(options);
    }
  },
  connect: penpal.connect,
  CallOptions: class {
    constructor(options: { timeout?: number }) {
      Object.assign(this, options);
    }
  },
}));

interface FakeConnection {
  methods: HostMethods;
  timeout: number;
  /** Connects; a frame without `ping` answers the heartbeat with a rejection, as penpal would. */
  resolve: (remote: Pick<FrameMethods, 'callApi'> & Partial<FrameMethods>) => void;
  reject: (error: unknown) => void;
  destroy: ReturnType<typeof vi.fn>;
}

const TOKEN = 'secret-token-123';
const FRAME_URL = 'http://127.0.0.1:4174/';
let connections: FakeConnection[] = [];

beforeAll(async () => {
  await loadBridge(); // the bridge module evaluated once, so each mount's import settles in microtasks
});

beforeEach(() => {
  bridgeLoad.failure = undefined;
  bridgeLoad.gate = undefined;
  bridgeLoad.loaded = undefined;
  connections = [];
  penpal.messengerOptions.length = 0;
  penpal.connect.mockReset();
  penpal.connect.mockImplementation(({ methods, timeout }: { methods: HostMethods; timeout: number }) => {
    let resolve!: FakeConnection['resolve'];
    let reject!: FakeConnection['reject'];
    const promise = new Promise<Partial<FrameMethods>>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const connection: FakeConnection = { methods, timeout, resolve, reject, destroy: vi.fn() };
    // Like penpal, destroying rejects the connection promise.
    connection.destroy.mockImplementation(() => reject(Object.assign(new Error('destroyed'), { code: 'CONNECTION_DESTROYED' })));
    connections.push(connection);
    return { promise, destroy: connection.destroy };
  });
});

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  vi.unstubAllEnvs();
});

const mountPoint = () => document.body.appendChild(document.createElement('div'));
const options = (extra: Partial<MountCashierOptions> = {}): MountCashierOptions => ({
  host: 'https://tickets.example.com',
  configuration: { appInstance: TOKEN },
  frameUrl: FRAME_URL,
  ...extra,
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Lets the mount's bridge import settle: the connection exists after it. */
async function bridgeSettled() {
  await loadBridge();
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}
/** `mountCashier`, then its bridge loaded and the frame connection begun (issue 10: the bridge is lazy). */
async function mount(el: HTMLElement, opts: MountCashierOptions): Promise<CashierHandle> {
  const handle = mountCashier(el, opts);
  await bridgeSettled();
  return handle;
}

describe('mountCashier: bad input creates nothing', () => {
  it.each([
    { name: 'el', noElement: true, opts: options() },
    { name: 'host', opts: { ...options(), host: 'tickets' } },
    { name: 'host', opts: { ...options(), host: 'http://tickets.example.com' } },
    { name: 'configuration', opts: { ...options(), configuration: undefined } },
    { name: 'appInstance', opts: options({ configuration: { appInstance: '' } }) },
    { name: 'onCrash', opts: { ...options(), onCrash: 'yes' } },
    { name: 'onApiInit', opts: { ...options(), onApiInit: 42 } },
    { name: 'revalidateAppInstance', opts: { ...options(), revalidateAppInstance: {} } },
    { name: 'onSlow', opts: { ...options(), onSlow: true } },
    { name: 'frameUrl', opts: { ...options(), frameUrl: 'frame.example' } },
    { name: 'frameUrl', opts: { ...options(), frameUrl: 'http://frame.example/' } },
  ])('bad $name → TypeError naming it, no iframe, no connection', ({ name, noElement, opts }) => {
    const target = mountPoint();
    const el = (noElement ? undefined : target) as HTMLElement;
    const call = () => mountCashier(el, opts as MountCashierOptions);
    expect(call).toThrow(TypeError);
    expect(call).toThrow(new RegExp(`^mountCashier: (opts\\.)?(configuration\\.)?${name} must`));
    expect(target.childNodes).toHaveLength(0);
    expect(document.querySelector('iframe')).toBeNull();
    expect(penpal.connect).not.toHaveBeenCalled();
  });
});

describe('mountCashier: the frame', () => {
  it('appends a sandboxed iframe whose URL carries the parent origin and no secret', () => {
    const el = mountPoint();
    const handle = mountCashier(el, options());
    expect(handle.iframe.parentElement).toBe(el);
    expect(handle.iframe.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-popups');
    expect(handle.iframe.title).toBe('Secure payment form');
    const src = new URL(handle.iframe.src);
    expect(src.origin).toBe('http://127.0.0.1:4174');
    expect(src.searchParams.get('parentOrigin')).toBe(window.location.origin);
    expect([...src.searchParams.keys()]).toEqual(['parentOrigin']);
    expect(handle.iframe.src).not.toContain(TOKEN);
    expect(handle.iframe.src).not.toContain('tickets.example.com');
  });

  it("uses the build's frame URL when none is given", () => {
    const { frameUrl: _omit, ...withoutFrameUrl } = options();
    vi.stubEnv('CASHIER_FRAME_URL', 'https://frame.example/app/');
    expect(mountCashier(mountPoint(), withoutFrameUrl).iframe.src.startsWith('https://frame.example/app/?parentOrigin=')).toBe(
      true,
    );
  });

  // What this asks of penpal (the iframe's window, the frame's origin) is proven against real
  // foreign windows posting to the host window in e2e/foreign-window.spec.ts (issue 19).
  it('connects to the frame window only, from its origin only, with the handshake timeout', async () => {
    const { iframe } = await mount(mountPoint(), options({ frameUrl: 'http://127.0.0.1:4174/app/?v=1' }));
    expect(penpal.messengerOptions).toEqual([{ remoteWindow: iframe.contentWindow, allowedOrigins: ['http://127.0.0.1:4174'] }]);
    expect(connections[0]?.timeout).toBe(20_000);
  });
});

describe('mountCashier: the bridge', () => {
  it('gives the frame the token over the bridge, with debug from the page URL', async () => {
    window.history.replaceState(null, '', '/checkout?debug=1');
    await mount(mountPoint(), options({ configuration: { appInstance: TOKEN, msid: 'site' } }));
    expect(connections[0]?.methods.getBootstrap()).toEqual({
      host: 'https://tickets.example.com',
      configuration: { appInstance: TOKEN, msid: 'site' },
      theme: 'inline',
      debug: true,
      canRevalidate: false,
      locale: 'en-US', // jsdom's navigator.languages[0]: the page has no <html lang>
    });
  });

  it('reports a failed handshake once as CONNECTION_FAILED', async () => {
    const onCrash = vi.fn();
    await mount(mountPoint(), options({ onCrash }));
    connections[0]?.reject(Object.assign(new Error('Connection timed out after 10000ms'), { code: 'CONNECTION_TIMEOUT' }));
    await flush();
    connections[0]?.methods.onCrash({ name: 'CashierError', code: ErrorCode.BundleCrashed, message: 'late' });
    expect(onCrash).toHaveBeenCalledTimes(1);
    expect(onCrash.mock.calls[0]?.[0]).toMatchObject({ code: 'CONNECTION_FAILED' });
    expect(onCrash.mock.calls[0]?.[0].message).toContain('timed out');
  });

  it('relays the api through the connection', async () => {
    const onApiInit = vi.fn();
    await mount(mountPoint(), options({ onApiInit }));
    const callApi = vi.fn(async () => ({ ok: true as const, value: 'validated' }));
    connections[0]?.resolve({ callApi });
    connections[0]?.methods.onApiInit(['validate']);
    await expect(onApiInit.mock.calls[0]?.[0].validate(1)).resolves.toBe('validated');
    expect(callApi).toHaveBeenCalledWith('validate', [1], { timeout: 30_000 });
  });
});

describe('mountCashier: an option name it does not know', () => {
  it('is reported once with console.warn, naming the nearest known option, when the bridge has loaded; the mount goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const opts = { ...options(), onCrahs: () => undefined } as MountCashierOptions;
    const handle = mountCashier(mountPoint(), opts);
    expect(warn).not.toHaveBeenCalled(); // the entry carries no check: the bridge has it
    await bridgeSettled();
    expect(warn.mock.calls).toEqual([['mountCashier: unknown option "onCrahs" (did you mean "onCrash"?)']]);
    expect(penpal.connect).toHaveBeenCalledOnce();
    handle.destroy();
  });

  it('is not reported when every option is known', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const handle = await mount(
      mountPoint(),
      options({ theme: 'modal', onCrash: () => undefined, configuration: { appInstance: TOKEN, msid: 'm' } }),
    );
    expect(penpal.connect).toHaveBeenCalledOnce();
    expect(warn).not.toHaveBeenCalled();
    handle.destroy();
  });
});

describe('mountCashier: destroy', () => {
  it('removes the iframe and the connection; twice is safe; nothing fires after', async () => {
    const callbacks = { onApiInit: vi.fn(), onCrash: vi.fn() };
    const el = mountPoint();
    const handle = await mount(el, options(callbacks));
    handle.destroy();
    expect(() => handle.destroy()).not.toThrow();
    expect(el.querySelector('iframe')).toBeNull();
    expect(handle.iframe.isConnected).toBe(false);
    expect(connections[0]?.destroy).toHaveBeenCalledTimes(1);
    await flush();
    const methods = connections[0]?.methods;
    methods?.onApiInit(['validate']);
    methods?.onCrash({ name: 'CashierError', code: ErrorCode.BundleCrashed, message: 'late' });
    expect(callbacks.onApiInit).not.toHaveBeenCalled();
    expect(callbacks.onCrash).not.toHaveBeenCalled();
  });

  it('makes api calls reject with DESTROYED', async () => {
    const onApiInit = vi.fn();
    const handle = await mount(mountPoint(), options({ onApiInit }));
    const callApi = vi.fn(async () => ({ ok: true as const, value: 1 }));
    connections[0]?.resolve({ callApi });
    connections[0]?.methods.onApiInit(['pay']);
    handle.destroy();
    await expect(onApiInit.mock.calls[0]?.[0].pay()).rejects.toMatchObject({ code: 'DESTROYED' });
    expect(callApi).not.toHaveBeenCalled();
  });

  it('leaves other mounts alone', async () => {
    const first = await mount(mountPoint(), options());
    const second = await mount(mountPoint(), options());
    first.destroy();
    expect(second.iframe.isConnected).toBe(true);
    expect(connections[1]?.destroy).not.toHaveBeenCalled();
  });
});

describe('mountCashier: a frame that cannot show its alert (issue 12)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const FRAME_ORIGIN = new URL(FRAME_URL).origin;
  /** A message from the frame's window and origin: the frame app started. */
  const frameSpeaks = (iframe: HTMLIFrameElement) =>
    window.dispatchEvent(new MessageEvent('message', { data: {}, source: iframe.contentWindow, origin: FRAME_ORIGIN }));

  it('never started (FRAME_LOAD_FAILED): the alert in place of the iframe, styled by theme, onCrash once; destroy removes the alert', async () => {
    const onCrash = vi.fn();
    const el = mountPoint();
    const before = el.appendChild(document.createElement('span'));
    const handle = await mount(el, options({ onCrash, theme: 'modal' }));
    handle.iframe.dispatchEvent(new Event('load')); // an error page: nothing in it speaks
    await vi.advanceTimersByTimeAsync(2_000);

    expect(onCrash).toHaveBeenCalledTimes(1);
    expect(onCrash.mock.calls[0]?.[0]).toMatchObject({ name: 'CashierError', code: 'FRAME_LOAD_FAILED' });
    expect(connections[0]?.destroy).toHaveBeenCalledTimes(1);
    expect(handle.iframe.isConnected).toBe(false);
    expect(el.children[0]).toBe(before);
    const alert = el.querySelector<HTMLElement>('[role="alert"]');
    expect(alert?.textContent).toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
    expect(alert?.style.color).toBe('rgb(214, 48, 49)');
    expect(el.children[1]).toBe(alert);

    handle.destroy();
    expect(alert?.isConnected).toBe(false);
    expect([...el.children]).toEqual([before]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onCrash).toHaveBeenCalledTimes(1);
  });

  it('lost after loading (CONNECTION_LOST, a reload): a pay in flight rejects naming its order, onCrash once, the alert instead of the frame', async () => {
    const callbacks = { onCrash: vi.fn(), onApiInit: vi.fn() };
    const el = mountPoint();
    const handle = await mount(el, options(callbacks));
    const connection = connections[0] as FakeConnection;
    // Like penpal: destroying rejects the calls in flight, and later calls throw.
    const destroyedError = Object.assign(new Error('destroyed'), { code: 'CONNECTION_DESTROYED' });
    const inFlight: ((error: unknown) => void)[] = [];
    connection.destroy.mockImplementation(() => {
      for (const reject of inFlight.splice(0)) reject(destroyedError);
      callApi.mockImplementation(() => {
        throw destroyedError;
      });
    });
    const callApi = vi.fn(() => new Promise<never>((_, reject) => inFlight.push(reject)));
    frameSpeaks(handle.iframe);
    connection.resolve({ callApi, ping: async () => undefined });
    handle.iframe.dispatchEvent(new Event('load'));
    connection.methods.onApiInit(['pay']);
    const pay = callbacks.onApiInit.mock.calls[0]?.[0].pay({ orderId: 'o-1' }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(callApi).toHaveBeenCalledTimes(1);
    expect(callbacks.onCrash).not.toHaveBeenCalled();

    handle.iframe.dispatchEvent(new Event('load')); // the frame reloaded
    const rejection = await pay;
    expect(rejection).toMatchObject({ code: 'CONNECTION_LOST', details: { method: 'pay', orderId: 'o-1' } });
    expect(callbacks.onCrash).toHaveBeenCalledTimes(1);
    expect(callbacks.onCrash.mock.calls[0]?.[0]).toMatchObject({ code: 'CONNECTION_LOST' });
    expect(handle.iframe.isConnected).toBe(false);
    expect(el.querySelector('[role="alert"]')?.textContent).toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
    await expect(callbacks.onApiInit.mock.calls[0]?.[0].pay({ orderId: 'o-1' })).rejects.toMatchObject({
      code: 'CONNECTION_LOST',
    });
  });

  it('a renderer that stops answering the heartbeat is CONNECTION_LOST within 4 s', async () => {
    const onCrash = vi.fn();
    const handle = await mount(mountPoint(), options({ onCrash }));
    const ping = vi.fn(async () => undefined);
    frameSpeaks(handle.iframe);
    connections[0]?.resolve({ callApi: vi.fn(), ping });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ping).toHaveBeenCalledTimes(10);
    ping.mockImplementation(() => new Promise(() => {})); // it crashed
    await vi.advanceTimersByTimeAsync(3_000);
    expect(onCrash).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onCrash).toHaveBeenCalledTimes(1);
    expect(onCrash.mock.calls[0]?.[0]).toMatchObject({ code: 'CONNECTION_LOST' });
  });

  it('a handshake that fails (CONNECTION_FAILED) ends the watch: the iframe removed later changes nothing', async () => {
    const onCrash = vi.fn();
    const el = mountPoint();
    const handle = await mount(el, options({ onCrash }));
    frameSpeaks(handle.iframe);
    connections[0]?.reject(Object.assign(new Error('Connection timed out'), { code: 'CONNECTION_TIMEOUT' }));
    await vi.advanceTimersByTimeAsync(0);
    handle.iframe.remove();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onCrash).toHaveBeenCalledTimes(1);
    expect(onCrash.mock.calls[0]?.[0]).toMatchObject({ code: 'CONNECTION_FAILED' });
    expect(el.childNodes).toHaveLength(0);
  });
});

describe('mountCashier: the bridge loads lazily (issue 10)', () => {
  it('destroy() before the bridge arrives: no connection is made and nothing fires', async () => {
    const callbacks = { onApiInit: vi.fn(), onCrash: vi.fn(), onSlow: vi.fn() };
    const el = mountPoint();
    const handle = mountCashier(el, options(callbacks));
    handle.destroy();
    await bridgeSettled();
    await flush();
    expect(connections).toHaveLength(0);
    expect(el.childNodes).toHaveLength(0);
    expect(Object.values(callbacks).every((callback) => callback.mock.calls.length === 0)).toBe(true);
  });

  it('a bridge that does not load is CONNECTION_FAILED once, naming it, with the alert in place of the iframe', async () => {
    vi.useFakeTimers();
    try {
      bridgeLoad.failure = new Error('https://cdn.example/cashier-bridge-abc.js did not load');
      const onCrash = vi.fn();
      const el = mountPoint();
      const handle = mountCashier(el, options({ onCrash }));
      await vi.advanceTimersByTimeAsync(0);
      expect(onCrash).toHaveBeenCalledTimes(1);
      expect(onCrash.mock.calls[0]?.[0]).toMatchObject({ name: 'CashierError', code: 'CONNECTION_FAILED' });
      expect(onCrash.mock.calls[0]?.[0].message).toContain('cashier-bridge-abc.js');
      expect(handle.iframe.isConnected).toBe(false);
      expect(el.querySelector('[role="alert"]')?.textContent).toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
      // The watch ended with it: the iframe's load (an error page) and 30 s more change nothing.
      handle.iframe.dispatchEvent(new Event('load'));
      await vi.advanceTimersByTimeAsync(30_000);
      expect(onCrash).toHaveBeenCalledTimes(1);
      expect(connections).toHaveLength(0);
      handle.destroy();
      expect(el.childNodes).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a frame that fails before the bridge arrives: onCrash once from the entry, and no connection after', async () => {
    vi.useFakeTimers();
    try {
      let open!: () => void;
      bridgeLoad.gate = new Promise((resolve) => {
        open = resolve;
      });
      const onCrash = vi.fn();
      const el = mountPoint();
      const handle = mountCashier(el, options({ onCrash }));
      handle.iframe.dispatchEvent(new Event('load')); // nothing in it speaks
      await vi.advanceTimersByTimeAsync(2_000);
      expect(onCrash).toHaveBeenCalledTimes(1);
      expect(onCrash.mock.calls[0]?.[0]).toMatchObject({ code: 'FRAME_LOAD_FAILED' });
      open();
      await vi.advanceTimersByTimeAsync(30_000);
      expect(connections).toHaveLength(0);
      expect(onCrash).toHaveBeenCalledTimes(1);
      expect(el.querySelectorAll('[role="alert"]')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('mountCashier: buyer and handle.update (issue 13)', () => {
  const BUYER = { email: 'ann.buyer@example.com', name: 'Ann Buyer' };

  it('gives the buyer over the bridge, never in the frame URL', async () => {
    const { iframe } = await mount(mountPoint(), options({ buyer: BUYER }));
    expect(connections[0]?.methods.getBootstrap()).toMatchObject({ buyer: BUYER });
    const src = decodeURIComponent(iframe.src);
    for (const value of [BUYER.email, BUYER.name, 'ann.buyer', 'Ann']) expect(src).not.toContain(value);
  });

  it('an update before the frame asks for its inputs is in them, and is sent to the frame once connected', async () => {
    const el = mountPoint();
    const handle = await mount(el, options({ theme: 'modal', orderId: 'ord_1' }));
    const update = vi.fn(async () => ({ ok: true as const, value: undefined }));
    const updated = handle.update({ theme: 'inline', orderId: 'ord_2', buyer: BUYER });
    expect(connections[0]?.methods.getBootstrap()).toMatchObject({ theme: 'inline', orderId: 'ord_2', buyer: BUYER });
    connections[0]?.resolve({ callApi: vi.fn(), update });
    await expect(updated).resolves.toBeUndefined();
    expect(update).toHaveBeenCalledWith({ theme: 'inline', orderId: 'ord_2', buyer: BUYER });
    expect(el.querySelectorAll('iframe')).toHaveLength(1);
    expect(el.firstElementChild).toBe(handle.iframe);
  });

  it.each([
    { changes: null, message: 'update: changes must be an object (got null)' },
    { changes: { theme: 1 }, message: 'update: changes.theme must be a string if given (got 1)' },
    { changes: { orderId: '' }, message: 'update: changes.orderId must be a non-empty string if given (got "")' },
    {
      changes: { buyer: 'a@b.co' },
      message: 'update: changes.buyer must be an object { email?, name? } if given (got "a@b.co")',
    },
    {
      changes: { buyer: { email: 5 } },
      message: 'update: changes.buyer.email must be a string of at most 318 characters if given (got 5)',
    },
    {
      changes: { locale: 7 },
      message: 'update: changes.locale must be a well-formed BCP 47 language tag if given (got 7)',
    },
    {
      changes: { locale: 'de_AT' },
      message: 'update: changes.locale must be a well-formed BCP 47 language tag if given (got "de_AT")',
    },
    {
      changes: { debug: true },
      message:
        'update: changes.debug cannot be changed by update (only theme, orderId, buyer, locale, appearance, fonts; remount for others)',
    },
  ])(
    '$changes → TypeError "$message", synchronously, nothing changed or sent, bridge here or not',
    async ({ changes, message }) => {
      // Before the bridge arrives (the script tag loads it after the page's load): checked here all the same.
      let arrive = () => {};
      bridgeLoad.gate = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      const early = mountCashier(mountPoint(), options({ theme: 'modal' }));
      expect(() => early.update(changes as never)).toThrow(message);
      arrive();
      const handle = await mount(mountPoint(), options({ theme: 'modal' }));
      const update = vi.fn(async () => ({ ok: true as const, value: undefined }));
      for (const connection of connections) connection.resolve({ callApi: vi.fn(), update });
      const inputs = () => connections.map((connection) => connection.methods.getBootstrap());
      const before = inputs();
      const call = () => handle.update(changes as never);
      expect(call).toThrow(TypeError);
      expect(call).toThrow(message);
      await bridgeSettled();
      expect(inputs()).toEqual(before);
      expect(update).not.toHaveBeenCalled();
    },
  );

  it("gives the locale over the bridge: opts.locale canonical, else the page's <html lang>; update sends it canonical", async () => {
    await mount(mountPoint(), options({ locale: 'PT-pt' }));
    expect(connections[0]?.methods.getBootstrap()).toMatchObject({ locale: 'pt-PT' });
    document.documentElement.lang = 'ja';
    try {
      const handle = await mount(mountPoint(), options());
      expect(connections[1]?.methods.getBootstrap()).toMatchObject({ locale: 'ja' });
      const update = vi.fn(async () => ({ ok: true as const, value: undefined }));
      connections[1]?.resolve({ callApi: vi.fn(), update });
      await handle.update({ locale: 'HE' });
      expect(update).toHaveBeenCalledWith({ locale: 'he' });
      expect(() => handle.update({ locale: 'he_IL' })).toThrow(
        'update: changes.locale must be a well-formed BCP 47 language tag if given (got "he_IL")',
      );
    } finally {
      document.documentElement.removeAttribute('lang');
    }
  });

  it('after destroy() it rejects with DESTROYED', async () => {
    const handle = mountCashier(mountPoint(), options());
    handle.destroy();
    await expect(handle.update({ theme: 'modal' })).rejects.toMatchObject({ name: 'CashierError', code: 'DESTROYED' });
  });

  it("restyles the SDK's own alert (a frame that never loaded) with the new theme", async () => {
    vi.useFakeTimers();
    try {
      const el = mountPoint();
      const handle = mountCashier(el, options({ theme: 'inline' }));
      handle.iframe.dispatchEvent(new Event('load')); // an error page: nothing in it speaks
      await vi.advanceTimersByTimeAsync(2_000);
      const alert = el.querySelector<HTMLElement>('[role="alert"]');
      expect(alert?.style.color).toBe('rgb(51, 51, 51)');
      const updated = handle.update({ theme: 'modal' });
      expect(alert?.style.color).toBe('rgb(214, 48, 49)');
      expect(el.querySelector('[role="alert"]')).toBe(alert); // the same element: not announced again
      await expect(updated).rejects.toMatchObject({ code: 'CONNECTION_LOST' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("mountCashier: the buyer's language in the SDK's own words (the iframe's title, its alert)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const alertIn = (el: HTMLElement) => el.querySelector<HTMLElement>('[role="alert"]');
  /** The frame never started (an error page: nothing in it speaks): FRAME_LOAD_FAILED, the SDK's alert. */
  async function frameFails(handle: CashierHandle) {
    handle.iframe.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(2_000);
  }

  it('a live frame: English until the bridge arrives, then German; update({ locale: "fr" }) re-titles it at once', async () => {
    const handle = mountCashier(mountPoint(), options({ locale: 'de' }));
    expect(handle.iframe.title).toBe(FRAME_TITLE_MESSAGE);
    await bridgeSettled();
    expect(frameTitle('de')).not.toBe(FRAME_TITLE_MESSAGE);
    expect(handle.iframe.title).toBe(frameTitle('de'));
    const update = vi.fn(async () => ({ ok: true as const, value: undefined }));
    connections[0]?.resolve({ callApi: vi.fn(), update });
    const updated = handle.update({ locale: 'fr' });
    expect(handle.iframe.title).toBe(frameTitle('fr'));
    await updated;
    expect(update).toHaveBeenCalledWith({ locale: 'fr' });
  });

  it('FRAME_LOAD_FAILED: the alert in German; update({ locale: "fr" }) re-words the same element and re-titles the iframe', async () => {
    const el = mountPoint();
    const handle = await mount(el, options({ locale: 'de' }));
    await frameFails(handle);
    const alert = alertIn(el);
    expect(alertText('de')).not.toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
    expect(alert?.textContent).toBe(alertText('de'));
    const updated = handle.update({ locale: 'fr' });
    expect(alertIn(el)).toBe(alert); // the same element
    expect(alert?.textContent).toBe(alertText('fr'));
    expect(handle.iframe.title).toBe(frameTitle('fr'));
    await expect(updated).rejects.toMatchObject({ code: 'CONNECTION_LOST' }); // the frame is gone; the words stay
    expect(alert?.textContent).toBe(alertText('fr'));
  });

  it("CONNECTION_LOST (the frame reloaded): the alert in the buyer's language", async () => {
    const el = mountPoint();
    const handle = await mount(el, options({ locale: 'ja' }));
    window.dispatchEvent(
      new MessageEvent('message', { data: {}, source: handle.iframe.contentWindow, origin: new URL(FRAME_URL).origin }),
    );
    connections[0]?.resolve({ callApi: vi.fn(), ping: async () => undefined });
    handle.iframe.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(5_000);
    handle.iframe.dispatchEvent(new Event('load')); // the frame reloaded
    await vi.advanceTimersByTimeAsync(0);
    expect(alertIn(el)?.textContent).toBe(alertText('ja'));
  });

  it('a language the widget does not ship (zz) falls back to English: the title and the alert', async () => {
    const el = mountPoint();
    const handle = await mount(el, options({ locale: 'zz' }));
    expect(handle.iframe.title).toBe(FRAME_TITLE_MESSAGE);
    await frameFails(handle);
    expect(alertIn(el)?.textContent).toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
    handle.update({ locale: 'de' }).catch(() => undefined);
    expect(alertIn(el)?.textContent).toBe(alertText('de'));
    handle.update({ locale: 'zz-Latn' }).catch(() => undefined);
    expect(alertIn(el)?.textContent).toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
    expect(handle.iframe.title).toBe(FRAME_TITLE_MESSAGE);
  });

  it('a frame that fails before the bridge arrives: the alert at once in English, re-worded in German when the bridge arrives', async () => {
    let open!: () => void;
    bridgeLoad.gate = new Promise((resolve) => {
      open = resolve;
    });
    const el = mountPoint();
    const handle = mountCashier(el, options({ locale: 'de' }));
    await frameFails(handle);
    const alert = alertIn(el);
    expect(alert?.textContent).toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
    open();
    await vi.advanceTimersByTimeAsync(0);
    expect(alertIn(el)).toBe(alert);
    expect(alert?.textContent).toBe(alertText('de'));
  });

  it('a bridge that cannot load: the alert stays English (the other languages come with the bridge)', async () => {
    bridgeLoad.failure = new Error('https://cdn.example/cashier-bridge-abc.js did not load');
    const el = mountPoint();
    const handle = mountCashier(el, options({ locale: 'de' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(alertIn(el)?.textContent).toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
    expect(handle.iframe.title).toBe(FRAME_TITLE_MESSAGE);
  });
});
