// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://tickets.example.com/"}
// msw 3 lets jsdom's own XMLHttpRequest go out (through Node's http, where msw answers it), so jsdom
// applies CORS as a browser would: a cross-origin request with Authorization is preflighted, and the
// reply needs CORS headers. The provider's CORS is the browser tests' concern (e2e/); here the frame
// document is on the provider's origin, so the loader's requests are same-origin.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CashierWidgetProps, type FrameBootstrap, ProviderPaths, type SettingsClaim } from '../../shared';
import type { ContrastAdjustment } from '../../shared/appearance/contrast';
import { mount as mountReferenceBundle } from '../../widget';
import { createApiRelay } from './createApiRelay';
import { createLoader, type HostPort } from './createLoader';

const host = 'https://tickets.example.com';
const statics = 'http://127.0.0.1:4175/statics';
const settingsUrl = `${host}${ProviderPaths.widgetSettings}`;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const GUID = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
const bootstrap = (over: Partial<FrameBootstrap> = {}): FrameBootstrap => ({
  host,
  configuration: { appInstance: 'token-1', msid: GUID },
  theme: 'modal',
  debug: false,
  canRevalidate: false,
  ...over,
});

type Reply = { status: number; body: unknown };
const ok = (body: unknown = { widgetStaticsBaseUrl: statics, currency: 'EUR' }): Reply => ({ status: 200, body });

function replySettings(...replies: Reply[]) {
  const seen: Request[] = [];
  server.use(
    http.get(settingsUrl, ({ request }) => {
      seen.push(request);
      const reply = replies[Math.min(seen.length - 1, replies.length - 1)] as Reply;
      return HttpResponse.json(reply.body as object, { status: reply.status });
    }),
  );
  return seen;
}

const goodModule = () => ({
  mount: vi.fn((container: HTMLElement, props: CashierWidgetProps) => {
    container.textContent = 'card form';
    props.onApiInit({ validate: () => ({ valid: true }), version: '1' });
    return { unmount: vi.fn() };
  }),
});

/** A host port whose settings cache tells the frame to fetch (one widget on the page). */
function fakeHost(claim: () => Promise<SettingsClaim> = async () => ({ kind: 'fetch' })) {
  return {
    onApiInit: vi.fn(),
    onCrash: vi.fn(),
    revalidateAppInstance: vi.fn(async () => 'token-2'),
    claimWidgetSettings: vi.fn(claim),
    publishWidgetSettings: vi.fn(),
    onChallenge: vi.fn(),
    onBlur: vi.fn(),
  } satisfies HostPort;
}

function setup(
  options: {
    loadBundle?: (url: string) => Promise<unknown>;
    bootstrap?: FrameBootstrap;
    claim?: () => Promise<SettingsClaim>;
    now?: () => number;
    whileFetching?: () => void;
    allowlist?: readonly string[];
    pinnedBundles?: readonly string[];
    appearance?: Promise<{ contrastAdjustments: ContrastAdjustment[] }>;
  } = {},
) {
  const hostPort = fakeHost(options.claim);
  const container = document.createElement('div');
  const loadBundle = vi.fn(options.loadBundle ?? (async () => goodModule()));
  const relay = createApiRelay();
  const loader = createLoader({
    bootstrap: options.bootstrap ?? bootstrap(),
    host: hostPort,
    container,
    allowlist: options.allowlist ?? 'development',
    ...(options.pinnedBundles ? { pinnedBundles: options.pinnedBundles } : {}),
    loadBundle,
    relay,
    frameLoadedAt: 1000,
    ...(options.now ? { now: options.now } : {}),
    ...(options.whileFetching ? { whileFetching: options.whileFetching } : {}),
    ...(options.appearance ? { appearance: options.appearance } : {}),
  });
  return { loader, hostPort, container, loadBundle, relay };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createLoader: waiting → loaded | failed (spec 4, 7, 8)', () => {
  const scenarios = [
    { name: 'settings 200, bundle mounts', replies: [ok()], bundle: undefined, state: 'loaded', code: undefined, attempts: 1 },
    {
      name: 'settings 500 on all 3 attempts',
      replies: [{ status: 500, body: {} }],
      bundle: undefined,
      state: 'failed',
      code: 'SETTINGS_LOAD_FAILED',
      attempts: 3,
    },
    {
      name: 'settings 503 then 200',
      replies: [{ status: 503, body: {} }, ok()],
      bundle: undefined,
      state: 'loaded',
      code: undefined,
      attempts: 2,
    },
    {
      name: 'settings 401',
      replies: [{ status: 401, body: {} }],
      bundle: undefined,
      state: 'failed',
      code: 'SETTINGS_LOAD_FAILED',
      attempts: 1,
    },
    {
      name: 'malformed settings',
      replies: [ok({ nope: true })],
      bundle: undefined,
      state: 'failed',
      code: 'SETTINGS_LOAD_FAILED',
      attempts: 1,
    },
    {
      name: 'statics not on the allowlist',
      replies: [ok({ widgetStaticsBaseUrl: 'https://evil.example/statics' })],
      bundle: undefined,
      state: 'failed',
      code: 'STATICS_NOT_ALLOWED',
      attempts: 1,
    },
    {
      name: 'import rejects',
      replies: [ok()],
      bundle: async () => {
        throw new TypeError('Failed to fetch dynamically imported module');
      },
      state: 'failed',
      code: 'BUNDLE_LOAD_FAILED',
      attempts: 1,
    },
    {
      name: 'module without mount',
      replies: [ok()],
      bundle: async () => ({ default: {} }),
      state: 'failed',
      code: 'BUNDLE_LOAD_FAILED',
      attempts: 1,
    },
    {
      name: 'mount throws',
      replies: [ok()],
      bundle: async () => ({
        mount: () => {
          throw new Error('boom');
        },
      }),
      state: 'failed',
      code: 'BUNDLE_MOUNT_FAILED',
      attempts: 1,
    },
  ] as const;

  it.each(scenarios)('$name → $state $code after $attempts attempt(s)', async ({ replies, bundle, state, code, attempts }) => {
    const seen = replySettings(...replies);
    const { loader, hostPort, loadBundle } = setup({ loadBundle: bundle });
    await loader.start();
    await flush();
    const snapshot = loader.getSnapshot();
    expect(snapshot.status).toBe(state);
    expect(seen).toHaveLength(attempts);
    if (code) {
      expect(snapshot.status === 'failed' && snapshot.error.code).toBe(code);
      expect(hostPort.onCrash).toHaveBeenCalledTimes(1);
      expect(hostPort.onCrash.mock.calls[0]?.[0]).toMatchObject({ name: 'CashierError', code });
      expect(hostPort.onApiInit).not.toHaveBeenCalled();
    } else {
      expect(hostPort.onCrash).not.toHaveBeenCalled();
    }
    if (code === 'STATICS_NOT_ALLOWED') expect(loadBundle).not.toHaveBeenCalled();
  });

  // Security review M2: the page answers claimWidgetSettings itself, naming another file or version
  // on the build's own statics origin; a production build imports only the URLs it pins.
  describe('a production build imports only its pinned bundle URLs', () => {
    const origin = 'https://static.cashier.example';
    const pinnedBundles = [
      `${origin}/statics/cashier-widget-lazy-component.bundle.min.js`,
      `${origin}/statics/cashier-widget-lazy-component.bundle.js`,
    ];
    const rows = [
      { base: `${origin}/statics`, debug: false, code: undefined, imported: pinnedBundles[0] },
      { base: `${origin}/statics/`, debug: true, code: undefined, imported: pinnedBundles[1] },
      { base: `${origin}/statics/standalone/`, debug: false, code: 'STATICS_NOT_ALLOWED', imported: undefined },
      { base: `${origin}/fixtures/plain-dom/`, debug: false, code: 'STATICS_NOT_ALLOWED', imported: undefined },
      { base: `${origin}/v3/`, debug: false, code: 'STATICS_NOT_ALLOWED', imported: undefined },
      { base: `${origin}/statics?v=3`, debug: false, code: 'STATICS_NOT_ALLOWED', imported: undefined },
      { base: `${origin}/`, debug: false, code: 'STATICS_NOT_ALLOWED', imported: undefined },
    ] as const;

    it.each(rows)(
      'cached settings naming $base (debug $debug) → $code imports $imported',
      async ({ base, debug, code, imported }) => {
        const { loader, hostPort, loadBundle } = setup({
          allowlist: [origin],
          pinnedBundles,
          bootstrap: bootstrap({ debug }),
          claim: async () => ({ kind: 'cached', settings: { widgetStaticsBaseUrl: base } }),
        });
        await loader.start();
        await flush();
        const snapshot = loader.getSnapshot();
        expect(snapshot.status === 'failed' ? snapshot.error.code : undefined).toBe(code);
        expect(hostPort.onCrash).toHaveBeenCalledTimes(code ? 1 : 0);
        expect(loadBundle.mock.calls).toEqual(imported ? [[imported]] : []);
      },
    );

    it('pins nothing: an allowlisted origin imports nothing', async () => {
      const { loader, loadBundle } = setup({
        allowlist: [origin],
        claim: async () => ({ kind: 'cached', settings: { widgetStaticsBaseUrl: `${origin}/statics` } }),
      });
      await loader.start();
      const snapshot = loader.getSnapshot();
      expect(snapshot.status === 'failed' && snapshot.error.code).toBe('STATICS_NOT_ALLOWED');
      expect(loadBundle).not.toHaveBeenCalled();
    });
  });

  it('a settings failure carries the cause: status 500, HTTP_SERVER_ERROR', async () => {
    replySettings({ status: 500, body: {} });
    const { loader } = setup();
    await loader.start();
    const snapshot = loader.getSnapshot();
    expect(snapshot.status === 'failed' && snapshot.error.details).toEqual({ status: 500, causeCode: 'HTTP_SERVER_ERROR' });
  });

  it('sends the token as Authorization and msid only when it is a GUID', async () => {
    const seen = replySettings(ok());
    await setup().loader.start();
    await setup({ bootstrap: bootstrap({ configuration: { appInstance: 'token-2', msid: 'not-a-guid' } }) }).loader.start();
    expect(seen.map((r) => r.headers.get('authorization'))).toEqual(['token-1', 'token-2']);
    expect(seen.map((r) => new URL(r.url).searchParams.get('msid'))).toEqual([GUID, null]);
  });

  it.each([
    { debug: false, file: 'cashier-widget-lazy-component.bundle.min.js' },
    { debug: true, file: 'cashier-widget-lazy-component.bundle.js' },
  ])('debug $debug imports $file and mounts with the widget inputs', async ({ debug, file }) => {
    replySettings(ok());
    const module = goodModule();
    const { loader, hostPort, container, loadBundle } = setup({
      loadBundle: async () => module,
      bootstrap: bootstrap({ debug }),
    });
    await loader.start();
    await flush();
    expect(loadBundle).toHaveBeenCalledWith(`${statics}/${file}`);
    const [mountedInto, props] = module.mount.mock.calls[0] ?? [];
    expect(mountedInto).toBe(container);
    expect(props).toMatchObject({
      host,
      configuration: { appInstance: 'token-1', msid: GUID },
      theme: 'modal',
      debug,
      settings: { widgetStaticsBaseUrl: statics, currency: 'EUR' },
    });
    expect(typeof props?.providerClient.getWidgetSettings).toBe('function');
    expect(hostPort.onApiInit).toHaveBeenCalledWith(['validate'], expect.objectContaining({ frameLoaded: 1000 }));
  });

  it('runs whileFetching once, after asking for the settings and while it still waits for them', async () => {
    const seen = replySettings(ok());
    let state: string | undefined;
    const whileFetching = vi.fn(() => {
      state = loader.getSnapshot().status;
    });
    const { loader } = setup({ whileFetching });
    await loader.start();
    expect(whileFetching).toHaveBeenCalledTimes(1);
    expect(state).toBe('waiting');
    expect(seen).toHaveLength(1);
  });

  it('cached settings need no network: whileFetching is not called', async () => {
    const whileFetching = vi.fn();
    const { loader } = setup({
      whileFetching,
      claim: async () => ({ kind: 'cached', settings: { widgetStaticsBaseUrl: statics } }),
    });
    await loader.start();
    expect(loader.getSnapshot().status).toBe('loaded');
    expect(whileFetching).not.toHaveBeenCalled();
  });

  it('tells the host when it reached each phase: settings (fetched), bundle imported, mounted, in that order', async () => {
    replySettings(ok());
    let clock = 1000;
    const { loader, hostPort } = setup({ now: () => (clock += 10) });
    await loader.start();
    await flush();
    expect(hostPort.onApiInit).toHaveBeenCalledTimes(1);
    expect(hostPort.onApiInit.mock.calls[0]?.[1]).toEqual({
      frameLoaded: 1000,
      settingsFromCache: false,
      settingsReceived: 1010,
      bundleImported: 1020,
      mounted: 1030,
    });
  });

  it("the bundle's onCrash fails the loader, unmounts the bundle and tells the host once", async () => {
    replySettings(ok());
    let props: CashierWidgetProps | undefined;
    const unmount = vi.fn();
    const { loader, hostPort, container } = setup({
      loadBundle: async () => ({
        mount: (_: HTMLElement, p: CashierWidgetProps) => {
          props = p;
          return { unmount };
        },
      }),
    });
    await loader.start();
    expect(loader.getSnapshot().status).toBe('loaded');
    props?.onCrash(new Error('card service down'));
    props?.onCrash(new Error('again'));
    await flush();
    expect(loader.getSnapshot()).toMatchObject({ status: 'failed', error: { code: 'BUNDLE_CRASHED' } });
    expect(unmount).toHaveBeenCalledTimes(1);
    expect(container.childNodes).toHaveLength(0);
    expect(hostPort.onCrash).toHaveBeenCalledTimes(1);
  });

  // Issue 19: a thrown message may be an HTML error page or hold a token; the host sees neither.
  const FOREIGN = new TypeError('<!doctype html><title>502</title>Bearer token-1 is not a valid header value');
  it.each([
    {
      name: 'the import rejects',
      code: 'BUNDLE_LOAD_FAILED',
      loadBundle: async () => Promise.reject(FOREIGN),
    },
    {
      name: 'mount throws',
      code: 'BUNDLE_MOUNT_FAILED',
      loadBundle: async () => ({
        mount: () => {
          throw FOREIGN;
        },
      }),
    },
    {
      name: 'the bundle crashes',
      code: 'BUNDLE_CRASHED',
      loadBundle: async () => ({
        mount: (_: HTMLElement, p: CashierWidgetProps) => {
          setTimeout(() => p.onCrash(FOREIGN));
          return { unmount: vi.fn() };
        },
      }),
    },
  ])(
    "$name with a foreign message: $code, the message names the code and withholds the thrown one's text",
    async ({ code, loadBundle }) => {
      replySettings(ok());
      const { loader, hostPort } = setup({ loadBundle });
      await loader.start();
      await vi.waitFor(() => expect(hostPort.onCrash).toHaveBeenCalledTimes(1));
      const crash = hostPort.onCrash.mock.calls[0]?.[0];
      expect(crash).toMatchObject({ code });
      const message = String(crash?.message);
      expect(message).toContain(`a TypeError (${code}; its message is withheld)`);
      for (const leak of ['token-1', '<', 'doctype', 'Bearer']) expect(message).not.toContain(leak);
    },
  );

  it('notifies subscribers on each state change', async () => {
    replySettings(ok());
    const { loader } = setup();
    const seen: string[] = [];
    loader.subscribe(() => seen.push(loader.getSnapshot().status));
    expect(loader.getSnapshot().status).toBe('waiting');
    await loader.start();
    expect(seen).toEqual(['loaded']);
  });

  it('stop() during the settings request aborts it; nothing fires after', async () => {
    server.use(
      http.get(settingsUrl, async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return HttpResponse.json({ widgetStaticsBaseUrl: statics });
      }),
    );
    const { loader, hostPort, loadBundle } = setup();
    const started = loader.start();
    loader.stop();
    await started;
    await flush();
    expect(loader.getSnapshot().status).toBe('waiting');
    expect(loadBundle).not.toHaveBeenCalled();
    expect(hostPort.onCrash).not.toHaveBeenCalled();
  });
});

describe('createLoader: the page settings cache (spec 4, DESIGN "Settings cache")', () => {
  it('fetches when told to and publishes the settings to the host', async () => {
    const seen = replySettings(ok());
    const { loader, hostPort } = setup();
    await loader.start();
    expect(seen).toHaveLength(1);
    expect(hostPort.publishWidgetSettings).toHaveBeenCalledWith({
      ok: true,
      settings: { widgetStaticsBaseUrl: statics, currency: 'EUR' },
    });
  });

  it('publishes a failure with its code, so waiting widgets fail with it', async () => {
    replySettings({ status: 500, body: {} });
    const { loader, hostPort } = setup();
    await loader.start();
    expect(hostPort.publishWidgetSettings).toHaveBeenCalledTimes(1);
    expect(hostPort.publishWidgetSettings.mock.calls[0]?.[0]).toMatchObject({
      ok: false,
      error: { code: 'HTTP_SERVER_ERROR', details: { status: 500 } },
    });
  });

  it('cached settings: no request, the bundle gets them, nothing is published', async () => {
    const seen = replySettings(ok());
    const module = goodModule();
    const cached = { widgetStaticsBaseUrl: statics, currency: 'USD' };
    const { loader, hostPort } = setup({
      claim: async () => ({ kind: 'cached', settings: cached }),
      loadBundle: async () => module,
    });
    await loader.start();
    expect(seen).toHaveLength(0);
    expect(loader.getSnapshot().status).toBe('loaded');
    expect(module.mount.mock.calls[0]?.[1].settings).toEqual(cached);
    expect(hostPort.publishWidgetSettings).not.toHaveBeenCalled();
    await flush();
    expect(hostPort.onApiInit.mock.calls[0]?.[1]).toMatchObject({ settingsFromCache: true });
  });

  it('cached settings are checked like a reply: a bad statics URL from the host fails, nothing loads', async () => {
    const { loader, loadBundle, hostPort } = setup({
      claim: async () => ({ kind: 'cached', settings: { widgetStaticsBaseUrl: 'https://evil.example/x' } }),
    });
    await loader.start();
    expect(loader.getSnapshot()).toMatchObject({ status: 'failed', error: { code: 'STATICS_NOT_ALLOWED' } });
    expect(loadBundle).not.toHaveBeenCalled();
    expect(hostPort.onCrash).toHaveBeenCalledTimes(1);
  });

  it('the request this widget waited on failed: fails with its cause, without a request of its own', async () => {
    const seen = replySettings(ok());
    const error = { name: 'CashierError', code: 'HTTP_SERVER_ERROR', message: 'HTTP 500', details: { status: 500 } };
    const { loader, hostPort } = setup({ claim: async () => ({ kind: 'failed', error }) });
    await loader.start();
    expect(seen).toHaveLength(0);
    expect(loader.getSnapshot()).toMatchObject({
      status: 'failed',
      error: { code: 'SETTINGS_LOAD_FAILED', details: { status: 500, causeCode: 'HTTP_SERVER_ERROR' } },
    });
    expect(hostPort.onCrash).toHaveBeenCalledTimes(1);
  });

  it('a host without the cache (claim rejects) still gets a loaded widget', async () => {
    const seen = replySettings(ok());
    const { loader } = setup({ claim: () => Promise.reject(new Error('Method not found')) });
    await loader.start();
    expect(seen).toHaveLength(1);
    expect(loader.getSnapshot().status).toBe('loaded');
  });
});

describe('createLoader: revalidation through the host (spec 7)', () => {
  it('401 → asks the host once for a new token, retries with it, loads', async () => {
    const seen = replySettings({ status: 401, body: {} }, ok());
    const { loader, hostPort } = setup({ bootstrap: bootstrap({ canRevalidate: true }) });
    await loader.start();
    expect(loader.getSnapshot().status).toBe('loaded');
    expect(hostPort.revalidateAppInstance).toHaveBeenCalledTimes(1);
    expect(seen.map((r) => r.headers.get('authorization'))).toEqual(['token-1', 'token-2']);
  });

  it('a host without revalidateAppInstance: a 401 fails at once, the host is not asked', async () => {
    const seen = replySettings({ status: 401, body: {} }, ok());
    const { loader, hostPort } = setup({ bootstrap: bootstrap({ canRevalidate: false }) });
    await loader.start();
    expect(loader.getSnapshot()).toMatchObject({ status: 'failed', error: { details: { causeCode: 'UNAUTHORIZED' } } });
    expect(hostPort.revalidateAppInstance).not.toHaveBeenCalled();
    expect(seen).toHaveLength(1);
  });
});

describe('createLoader: update (issue 13)', () => {
  const BUYER = { email: 'ann@example.com', name: 'Ann' };
  /** A bundle whose instance has `update` when `withUpdate`; every mount is recorded. */
  function trackedModule(withUpdate: boolean, update = vi.fn(async (_changes: Partial<CashierWidgetProps>) => {})) {
    const mounts: CashierWidgetProps[] = [];
    const unmounts: ReturnType<typeof vi.fn>[] = [];
    const module = {
      mount: (container: HTMLElement, props: CashierWidgetProps) => {
        mounts.push(props);
        container.textContent = `form ${props.theme}`;
        props.onApiInit({ validate: () => ({ valid: true }) });
        const unmount = vi.fn();
        unmounts.push(unmount);
        return withUpdate ? { unmount, update } : { unmount };
      },
    };
    return { module, mounts, unmounts, update };
  }

  it('before the bundle mounts, the changes are kept and the bundle is mounted with them', async () => {
    replySettings(ok());
    const tracked = trackedModule(true);
    const { loader } = setup({ loadBundle: async () => tracked.module });
    const started = loader.start();
    await loader.update({ theme: 'inline', orderId: 'ord_2', buyer: BUYER });
    await started;
    expect(tracked.mounts).toHaveLength(1);
    expect(tracked.mounts[0]).toMatchObject({ theme: 'inline', orderId: 'ord_2', buyer: BUYER });
    expect(tracked.update).not.toHaveBeenCalled();
  });

  it("once loaded, the changes go to the bundle's update(props): no new mount", async () => {
    replySettings(ok());
    const tracked = trackedModule(true);
    const { loader, hostPort } = setup({ loadBundle: async () => tracked.module });
    await loader.start();
    await loader.update({ theme: 'inline', buyer: BUYER });
    expect(tracked.update).toHaveBeenCalledWith({ theme: 'inline', buyer: BUYER });
    expect(tracked.mounts).toHaveLength(1);
    expect(tracked.unmounts[0]).not.toHaveBeenCalled();
    expect(loader.inputs()).toMatchObject({ theme: 'inline', buyer: BUYER });
    expect(hostPort.onApiInit).toHaveBeenCalledTimes(1);
  });

  it("mounts with the host's locale (issue 23), and its change goes to the bundle's update(props)", async () => {
    replySettings(ok());
    const tracked = trackedModule(true);
    const { loader } = setup({ bootstrap: bootstrap({ locale: 'he' }), loadBundle: async () => tracked.module });
    await loader.start();
    expect(tracked.mounts[0]).toMatchObject({ locale: 'he' });
    await loader.update({ locale: 'de-AT' });
    expect(tracked.update).toHaveBeenCalledWith({ locale: 'de-AT' });
    expect(tracked.mounts).toHaveLength(1);
    expect(loader.inputs().locale).toBe('de-AT');
  });

  it('a bundle without update is mounted again with the changes, in the same container; the host hears onApiInit once; the api still answers', async () => {
    replySettings(ok());
    const tracked = trackedModule(false);
    const { loader, hostPort, container, relay } = setup({ loadBundle: async () => tracked.module });
    await loader.start();
    await loader.update({ theme: 'inline', orderId: 'ord_9' });
    expect(tracked.unmounts[0]).toHaveBeenCalledTimes(1);
    expect(tracked.mounts).toHaveLength(2);
    expect(tracked.mounts[1]).toMatchObject({ theme: 'inline', orderId: 'ord_9' });
    expect(container.textContent).toBe('form inline');
    expect(loader.getSnapshot()).toEqual({ status: 'loaded' });
    await flush();
    expect(hostPort.onApiInit).toHaveBeenCalledTimes(1);
    await expect(relay.callApi('validate', [])).resolves.toEqual({ ok: true, value: { valid: true } });
  });

  it('a refusal by the bundle rejects with its error and keeps the inputs as they were', async () => {
    replySettings(ok());
    const refusal = Object.assign(new Error('open'), { code: 'PAYMENT_OPEN' });
    const tracked = trackedModule(true, vi.fn(async () => {}).mockRejectedValueOnce(refusal));
    const { loader } = setup({ loadBundle: async () => tracked.module });
    await loader.start();
    await expect(loader.update({ theme: 'inline', orderId: 'ord_2' })).rejects.toBe(refusal);
    expect(loader.inputs()).toMatchObject({ theme: 'modal' });
    expect(loader.inputs().orderId).toBeUndefined();
    await loader.update({ theme: 'inline' }); // the next update is not held up by the refused one
    expect(loader.inputs().theme).toBe('inline');
  });

  it('once failed, the theme is kept for the alert and subscribers hear of it', async () => {
    replySettings({ status: 404, body: {} });
    const { loader } = setup();
    await loader.start();
    const listener = vi.fn();
    loader.subscribe(listener);
    await loader.update({ theme: 'inline' });
    expect(loader.inputs().theme).toBe('inline');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(loader.getSnapshot().status).toBe('failed');
  });
});

describe('createLoader: the back/forward cache (issue 19)', () => {
  /** A bundle whose every mount and unmount is recorded. */
  function recordingModule() {
    const mounts: CashierWidgetProps[] = [];
    const unmounts: ReturnType<typeof vi.fn>[] = [];
    const module = {
      mount: (container: HTMLElement, props: CashierWidgetProps) => {
        mounts.push(props);
        container.textContent = `card form ${mounts.length}`;
        props.onApiInit({ validate: () => ({ valid: true }) });
        const unmount = vi.fn();
        unmounts.push(unmount);
        return { unmount, update: vi.fn(async () => {}) };
      },
    };
    return { module, mounts, unmounts };
  }

  it('suspend unmounts the bundle and keeps the state; resume mounts it again, empty, with the inputs as they are now, and tells the host', async () => {
    replySettings(ok());
    const recorded = recordingModule();
    const { loader, hostPort, container, relay, loadBundle } = setup({ loadBundle: async () => recorded.module });
    await loader.start();
    await flush();
    expect(hostPort.onApiInit).toHaveBeenCalledTimes(1);

    // A blur told in the task that suspends (Firefox blurs the field as the page goes into the
    // cache), or by the unmounted bundle later, is not posted: a message would evict the page.
    recorded.mounts[0]?.onBlur?.({ field: 'postalCode' });
    loader.suspend();
    recorded.mounts[0]?.onBlur?.({ field: 'email' });
    await flush();
    expect(hostPort.onBlur).not.toHaveBeenCalled();
    expect(recorded.unmounts[0]).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe('');
    expect(loader.getSnapshot()).toEqual({ status: 'loaded' });
    expect((await relay.callApi('validate', [])).ok).toBe(false); // nothing answers while cached
    await loader.update({ theme: 'inline' }); // kept for the mount to come

    loader.resume();
    expect(recorded.mounts).toHaveLength(2);
    expect(recorded.mounts[1]).toMatchObject({ theme: 'inline' });
    expect(container.textContent).toBe('card form 2');
    await flush();
    expect(hostPort.onApiInit).toHaveBeenCalledTimes(2);
    expect(hostPort.onApiInit.mock.calls[1]?.[0]).toEqual(['validate']);
    await expect(relay.callApi('validate', [])).resolves.toEqual({ ok: true, value: { valid: true } });
    recorded.mounts[1]?.onBlur?.({ field: 'email' });
    await flush();
    expect(hostPort.onBlur.mock.calls).toEqual([[{ field: 'email' }]]);
    expect(loadBundle).toHaveBeenCalledTimes(1); // the module imported once: no new request

    loader.resume(); // no suspend before it: nothing
    expect(recorded.mounts).toHaveLength(2);
  });

  it('does nothing while waiting, once failed, or once stopped', async () => {
    replySettings({ status: 404, body: {} });
    const failing = setup();
    failing.loader.suspend();
    failing.loader.resume();
    await failing.loader.start();
    failing.loader.suspend();
    failing.loader.resume();
    expect(failing.loader.getSnapshot().status).toBe('failed');
    expect(failing.loadBundle).not.toHaveBeenCalled();

    replySettings(ok());
    const recorded = recordingModule();
    const { loader, hostPort } = setup({ loadBundle: async () => recorded.module });
    await loader.start();
    loader.suspend();
    loader.stop();
    loader.resume();
    await flush();
    expect(recorded.mounts).toHaveLength(1);
    expect(hostPort.onApiInit).toHaveBeenCalledTimes(1);
  });
});

describe("createLoader: the bundle's 3-D Secure challenge reaches the host (issue 22)", () => {
  it('onChallenge is passed on narrowed to its two booleans; overlay only while open', async () => {
    replySettings(ok());
    let props: CashierWidgetProps | undefined;
    const module = {
      mount: (_container: HTMLElement, p: CashierWidgetProps) => {
        props = p;
        p.onApiInit({});
        return { unmount: vi.fn() };
      },
    };
    const { loader, hostPort } = setup({ loadBundle: async () => module });
    await loader.start();
    props?.onChallenge?.({ open: true, overlay: true, url: 'https://evil.example' } as never);
    props?.onChallenge?.({ open: false, overlay: true });
    props?.onChallenge?.('open' as never);
    await flush();
    expect(hostPort.onChallenge.mock.calls).toEqual([
      [{ open: true, overlay: true }],
      [{ open: false, overlay: false }],
      [{ open: false, overlay: false }],
    ]);
  });
});

describe("createLoader with the reference bundle: the order's payment methods that cannot be loaded reach the host with their own code", () => {
  const methodsUrl = `${host}${ProviderPaths.paymentMethodsByOrder('ord_gone')}`;
  it.each([
    {
      name: '404 ORDER_NOT_FOUND (a mistyped or foreign order)',
      reply: { status: 404, body: { details: { applicationError: { code: 'ORDER_NOT_FOUND' } } } },
      expected: { code: 'ORDER_NOT_FOUND', details: { orderId: 'ord_gone', status: 404 } },
    },
    {
      name: '503 on every attempt',
      reply: { status: 503, body: {} },
      expected: { code: 'HTTP_SERVER_ERROR', details: { status: 503 } },
    },
  ])('$name → onCrash $expected.code, once, with its details', async ({ reply, expected }) => {
    server.use(
      http.get(methodsUrl, () => HttpResponse.json(reply.body, { status: reply.status })),
      // Everything else the widget asks for (the order's hold, billing metadata) is not there: it lives without.
      http.all(`${host}/*`, () => HttpResponse.json({}, { status: 404 })),
    );
    replySettings(ok()); // used before the catch-all (msw tries the last handlers added first)
    const { loader, hostPort } = setup({
      bootstrap: bootstrap({ orderId: 'ord_gone' }),
      loadBundle: async () => ({ mount: mountReferenceBundle }),
    });
    await loader.start();
    await vi.waitFor(() => expect(hostPort.onCrash).toHaveBeenCalled(), { timeout: 5000 });
    expect(hostPort.onCrash).toHaveBeenCalledTimes(1);
    const [crash] = hostPort.onCrash.mock.calls[0] as [{ code: string; details: unknown }];
    expect({ code: crash.code, details: crash.details }).toEqual(expected);
    expect(loader.getSnapshot()).toMatchObject({ status: 'failed', error: { code: expected.code } });
    expect(hostPort.onApiInit).not.toHaveBeenCalled();
  });
});

describe("createLoader: the mount's appearance (issue 35)", () => {
  const moved: ContrastAdjustment = {
    variable: 'colorText',
    against: 'colorBackground',
    from: '#cccccc',
    to: '#767676',
    ratio: 1.6,
    adjusted: 4.54,
    required: 4.5,
  };

  it('mounts the bundle only once the appearance is applied, and reports the colours it moved', async () => {
    replySettings(ok());
    let applied: (report: { contrastAdjustments: ContrastAdjustment[] }) => void = () => undefined;
    const appearance = new Promise<{ contrastAdjustments: ContrastAdjustment[] }>((resolve) => {
      applied = resolve;
    });
    const module = goodModule();
    const { loader, hostPort, loadBundle } = setup({ appearance, loadBundle: async () => module });
    const started = loader.start();
    await expect.poll(() => loadBundle.mock.calls.length).toBe(1);
    await flush();
    expect(module.mount).not.toHaveBeenCalled();
    expect(loader.getSnapshot().status).toBe('waiting');
    applied({ contrastAdjustments: [moved] });
    await started;
    await flush();
    expect(module.mount).toHaveBeenCalledTimes(1);
    expect(hostPort.onApiInit.mock.calls[0]?.[1]).toMatchObject({ contrastAdjustments: [moved] });
  });

  it('a value the frame refuses fails the load with INVALID_ARGUMENT naming the key; nothing is mounted', async () => {
    replySettings(ok());
    const refusal = new TypeError('mountCashier: opts.appearance.variables.colorPrimary must be a colour (got "blurple")');
    const module = goodModule();
    const refused = Promise.reject(refusal);
    refused.catch(() => undefined); // handled by the loader later, as main.ts's own handler does
    const { loader, hostPort } = setup({ appearance: refused, loadBundle: async () => module });
    await loader.start();
    await flush();
    expect(module.mount).not.toHaveBeenCalled();
    expect(loader.getSnapshot()).toMatchObject({ status: 'failed', error: { code: 'INVALID_ARGUMENT' } });
    expect(hostPort.onCrash).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: `The widget's appearance was refused: ${refusal.message}`,
      }),
    );
  });
});
