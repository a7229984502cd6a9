// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://api.example.com/"}
// msw 3 lets jsdom's own XMLHttpRequest go out (through Node's http, where msw answers it), so jsdom
// applies CORS as a browser would: a cross-origin request with Authorization is preflighted, and the
// reply needs CORS headers. The provider's CORS is the browser tests' concern (e2e/); here the frame
// document is on the provider's origin, so the loader's requests are same-origin.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { type Connection, connect, type Methods, WindowMessenger } from 'penpal';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BOOTSTRAP_CALL_TIMEOUT_MS,
  type CashierWidgetProps,
  CONNECTION_TIMEOUT_MS,
  ErrorCode,
  type FrameBootstrap,
  type FrameMethods,
  type HostMethods,
  ProviderPaths,
  type SerializedCashierError,
  STANDBY_CHANNEL,
  TECHNICAL_DIFFICULTIES_MESSAGE,
} from '../../shared';
import { linkWindows, type WindowLink } from './testing/linkWindows';
import { stubResizeObserver } from './testing/stubResizeObserver';

// The frame app's entry (main.ts) as it runs in the frame document, against a real penpal host in
// its parent window (testing/linkWindows.ts carries the messages with their origin and source).
// Real: penpal, the loader and its provider client (msw answers the widget settings). Stubbed:
// the bundle import (no module server here), ResizeObserver (jsdom has none), and the frame's
// window.parent and document.referrer (jsdom has no location.ancestorOrigins: the frame checks the
// referrer, as in a browser without it). The browser tests in e2e/ run the same against real origins.

const HOST_ORIGIN = 'https://tickets.example.com';
const ATTACKER_ORIGIN = 'https://attacker.example';
const API = 'https://api.example.com';
const BOOTSTRAP: FrameBootstrap = {
  host: API,
  configuration: { appInstance: 'token-from-the-host' },
  theme: 'modal',
  debug: false,
  canRevalidate: false,
};

/** penpal's own messengers, reporting which window each talked to when destroyed. */
const destroyedMessengers = vi.hoisted(() => ({ remotes: [] as unknown[], changed: () => {} }));
vi.mock('penpal', async (importOriginal) => {
  const penpal = await importOriginal<typeof import('penpal')>();
  class WindowMessenger extends penpal.WindowMessenger {
    constructor(options: ConstructorParameters<typeof penpal.WindowMessenger>[0]) {
      super(options);
      const destroy = this.destroy;
      this.destroy = () => {
        destroy();
        destroyedMessengers.remotes.push(options.remoteWindow);
        destroyedMessengers.changed();
      };
    }
  }
  return { ...penpal, WindowMessenger };
});

const bundle = vi.hoisted(() => ({ unmount: () => {}, mounts: [] as { locale?: string; lang: string; dir: string }[] }));
vi.mock('./loadBundle', () => ({
  loadBundle: async () => ({
    mount(container: HTMLElement, props: CashierWidgetProps) {
      const { lang, dir } = document.documentElement;
      bundle.mounts.push({ locale: props.locale, lang, dir });
      container.textContent = 'card form';
      props.onApiInit({ validate: () => ({ valid: true }) });
      return { unmount: () => bundle.unmount() };
    },
  }),
}));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

/** The settings requests the frame made (Authorization header of each). */
let settingsRequests: (string | null)[] = [];
/** The ResizeObserver callbacks main.ts registered; calling one is a resize. */
let resizeCallbacks: (() => void)[] = [];
let parent: WindowLink;
const connections: Connection<Methods>[] = [];

beforeEach(() => {
  vi.resetModules();
  settingsRequests = [];
  server.use(
    http.get(`${API}${ProviderPaths.widgetSettings}`, ({ request }) => {
      settingsRequests.push(request.headers.get('Authorization'));
      return HttpResponse.json({ widgetStaticsBaseUrl: 'http://127.0.0.1:4175/statics' });
    }),
  );
  resizeCallbacks = stubResizeObserver();
  vi.stubEnv('CASHIER_STATICS_ALLOWLIST', 'development');
  vi.stubEnv('CASHIER_VAULT_ORIGIN', 'development');
  document.documentElement.dataset.loaderState = 'waiting';
  document.body.innerHTML = '<div id="cashier-widget"></div><div id="root"></div>';
  destroyedMessengers.remotes = [];
  bundle.unmount = vi.fn();
  bundle.mounts = [];
  document.documentElement.lang = 'en'; // as index.html has it
  document.documentElement.removeAttribute('dir');
});

afterEach(() => {
  window.dispatchEvent(new Event('pagehide')); // main.ts stops its loader on it
  for (const connection of connections.splice(0)) connection.destroy();
  parent.close();
  server.resetHandlers();
  vi.useRealTimers();
});

/**
 * Sets up the frame document: its URL says `parentOrigin`, the browser says it was embedded from
 * `referrer`, and its parent window really is at `parentIsAt`. Then runs main.ts.
 */
async function startFrame({ parentOrigin = HOST_ORIGIN, referrer = `${HOST_ORIGIN}/`, parentIsAt = HOST_ORIGIN } = {}) {
  window.history.replaceState(null, '', `/?parentOrigin=${encodeURIComponent(parentOrigin)}`);
  vi.spyOn(document, 'referrer', 'get').mockReturnValue(referrer);
  parent = linkWindows({ frameOrigin: location.origin, parentOrigin: parentIsAt });
  vi.stubGlobal('parent', parent.parent);
  await import('./main');
}

/** Resolves with the arguments of `fn`'s first call. */
function firstCall<A extends unknown[]>(): { fn: (...args: A) => void; called: Promise<A> } {
  let resolve!: (args: A) => void;
  const called = new Promise<A>((r) => {
    resolve = r;
  });
  return { fn: vi.fn((...args: A) => resolve(args)), called };
}

/** A penpal host in the parent window, with `methods` over a host that answers everything. */
function hostInParent(methods: Partial<HostMethods> = {}, allowedOrigins = [location.origin], channel?: string) {
  const all: HostMethods = {
    getBootstrap: vi.fn(() => BOOTSTRAP),
    onApiInit: vi.fn(),
    onCrash: vi.fn(),
    onResize: vi.fn(),
    revalidateAppInstance: vi.fn(async () => 'fresh-token'),
    claimWidgetSettings: vi.fn(async () => ({ kind: 'fetch' as const })),
    publishWidgetSettings: vi.fn(),
    onChallenge: vi.fn(),
    onHoldExpired: vi.fn(),
    onHoldExtended: vi.fn(),
    onPaymentResult: vi.fn(),
    onChange: vi.fn(),
    onFocus: vi.fn(),
    onBlur: vi.fn(),
    onEscape: vi.fn(),
    ...methods,
  };
  const connection = connect<FrameMethods>({
    messenger: new WindowMessenger({ remoteWindow: parent.frame as Window, allowedOrigins }),
    methods: all,
    channel,
  });
  const state = { connected: false };
  connection.promise.then(() => {
    state.connected = true;
  });
  connections.push(connection);
  return { connection, methods: all, state };
}

/** A getBootstrap that calls `onCall`, then never answers (penpal waits for a promise a method returns). */
const neverAnswers = (onCall: () => void) =>
  (() => {
    onCall();
    return new Promise(() => {});
  }) as unknown as HostMethods['getBootstrap'];

/** Resolves when the frame shows its alert. */
function alertShown(): Promise<HTMLElement> {
  const root = document.getElementById('root') as HTMLElement;
  return new Promise((resolve) => {
    const check = () => {
      const alert = root.querySelector<HTMLElement>('[role="alert"]');
      if (!alert) return false;
      resolve(alert);
      return true;
    };
    if (check()) return;
    const observer = new MutationObserver(() => check() && observer.disconnect());
    observer.observe(root, { childList: true });
  });
}

/** Resolves when penpal's messenger talking to `remote` has been destroyed. */
function messengerDestroyed(remote: unknown): Promise<void> {
  return new Promise((resolve) => {
    destroyedMessengers.changed = () => {
      if (destroyedMessengers.remotes.includes(remote)) resolve();
    };
    destroyedMessengers.changed();
  });
}

const alertText = () => document.querySelector('#root [role="alert"]')?.textContent;
const loaderState = () => document.documentElement.dataset.loaderState;
const penpalTypes = (posted: WindowLink['sentByFrame']) => posted.map((m) => (m.data as { type?: string }).type);

describe('main.ts, the frame side of the bridge', () => {
  it("connects to the host, asks for its widget inputs, loads the widget with the host's token, and relays the host's api calls", async () => {
    await startFrame();
    const apiInit = firstCall<Parameters<HostMethods['onApiInit']>>();
    const host = hostInParent({ onApiInit: apiInit.fn });
    const toFrame = await host.connection.promise;

    const [methodNames] = await apiInit.called;
    expect(methodNames).toEqual(['validate']);
    expect(host.methods.getBootstrap).toHaveBeenCalledTimes(1);
    expect(settingsRequests).toEqual([BOOTSTRAP.configuration.appInstance]);
    expect(loaderState()).toBe('loaded');
    expect(await toFrame.callApi('validate', [])).toEqual({ ok: true, value: { valid: true } });
    expect(host.methods.onResize).toHaveBeenCalledWith(0);
  });

  it('a warm-up frame (issue 24): preloads, says done, then waits on STANDBY_CHANNEL for a mount, whose inputs it mounts the widget with, from the cache', async () => {
    await startFrame();
    const warmedUp = firstCall<Parameters<HostMethods['onApiInit']>>();
    const warmUp = hostInParent({ getBootstrap: vi.fn(() => ({ ...BOOTSTRAP, preload: true })), onApiInit: warmedUp.fn });
    expect(await warmedUp.called).toEqual([[], {}]);
    expect(bundle.mounts, 'a warm-up mounts nothing').toEqual([]);
    warmUp.connection.destroy(); // the host ends the warm-up's connection, as preloadFrame does

    const apiInit = firstCall<Parameters<HostMethods['onApiInit']>>();
    const settings = { widgetStaticsBaseUrl: 'http://127.0.0.1:4175/statics' };
    const mount = hostInParent(
      {
        getBootstrap: vi.fn(() => ({ ...BOOTSTRAP, locale: 'de' })),
        onApiInit: apiInit.fn,
        claimWidgetSettings: vi.fn(async () => ({ kind: 'cached' as const, settings })),
      },
      [location.origin],
      STANDBY_CHANNEL,
    );
    const toFrame = await mount.connection.promise;
    const [methodNames] = await apiInit.called;
    expect(methodNames).toEqual(['validate']);
    expect(
      bundle.mounts.map((m) => m.locale),
      "the mount's inputs",
    ).toEqual(['de']);
    expect(settingsRequests, "one settings request, the warm-up's").toHaveLength(1);
    expect(await toFrame.callApi('validate', [])).toEqual({ ok: true, value: { valid: true } });
  });

  it('shows the alert and reports CONNECTION_FAILED when the host does not answer getBootstrap within BOOTSTRAP_CALL_TIMEOUT_MS', async () => {
    vi.useFakeTimers();
    const getBootstrap = firstCall<[]>();
    const onCrash = firstCall<[SerializedCashierError]>();
    await startFrame();
    hostInParent({
      getBootstrap: neverAnswers(getBootstrap.fn),
      onCrash: onCrash.fn,
    });
    await getBootstrap.called;

    await vi.advanceTimersByTimeAsync(BOOTSTRAP_CALL_TIMEOUT_MS - 1);
    expect(alertText()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(alertText()).toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
    expect(loaderState()).toBe('failed');
    const [error] = await onCrash.called;
    expect(error).toMatchObject({ code: ErrorCode.ConnectionFailed });
    expect(error.message).toContain(`${BOOTSTRAP_CALL_TIMEOUT_MS}`);
    expect(settingsRequests).toEqual([]);
  });

  it('never talks to a parent at another origin than parentOrigin, though the referrer names parentOrigin: no getBootstrap, no settings request, the alert after CONNECTION_TIMEOUT_MS', async () => {
    // The referrer is the document that navigated the frame, which need not be its parent (an open
    // redirect on the host's site): only penpal's allowedOrigins stands between the frame and this parent.
    vi.useFakeTimers();
    await startFrame({ parentIsAt: ATTACKER_ORIGIN });
    const attacker = hostInParent({}, ['*']);
    await parent.idle(); // the attacker's SYN reached the frame, and anything it answered reached the attacker

    expect(penpalTypes(parent.sentByParent)).toContain('SYN');
    expect(penpalTypes(parent.sentByFrame)).toEqual(['SYN']); // its own, never an answer
    await vi.advanceTimersByTimeAsync(CONNECTION_TIMEOUT_MS - 1);
    expect(alertText()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(alertText()).toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
    expect(loaderState()).toBe('failed');
    await parent.idle();
    expect(attacker.state.connected).toBe(false);
    expect(attacker.methods.getBootstrap).not.toHaveBeenCalled();
    expect(attacker.methods.onCrash).not.toHaveBeenCalled();
    expect(settingsRequests).toEqual([]);
  });

  it('posts nothing at all when it was not embedded from parentOrigin (PARENT_ORIGIN_MISMATCH): the alert at once', async () => {
    // An attacker's page embeds the frame and forges the host's origin as parentOrigin.
    await startFrame({ referrer: `${ATTACKER_ORIGIN}/`, parentIsAt: ATTACKER_ORIGIN });
    expect(alertText()).toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
    expect(loaderState()).toBe('failed');
    const attacker = hostInParent({}, ['*']);
    await parent.idle();

    expect(penpalTypes(parent.sentByParent)).toContain('SYN');
    expect(parent.sentByFrame).toEqual([]);
    expect(attacker.state.connected).toBe(false);
    expect(attacker.methods.getBootstrap).not.toHaveBeenCalled();
    expect(settingsRequests).toEqual([]);
  });

  it('when the host destroys the connection while the frame waits for getBootstrap, shows the alert and lets no error escape', async () => {
    const getBootstrap = firstCall<[]>();
    await startFrame();
    const host = hostInParent({
      getBootstrap: neverAnswers(getBootstrap.fn),
    });
    await getBootstrap.called;
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      host.connection.destroy();
      await alertShown();
      expect(loaderState()).toBe('failed');
      await new Promise((resolve) => setImmediate(resolve)); // Node reports unhandled rejections after the microtasks
      expect(unhandled).not.toHaveBeenCalled();
      expect(host.methods.onCrash).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('after the host destroyed the connection, drops resize reports without an error; pagehide unmounts the widget', async () => {
    await startFrame();
    const apiInit = firstCall<Parameters<HostMethods['onApiInit']>>();
    const host = hostInParent({ onApiInit: apiInit.fn });
    await apiInit.called;
    expect(host.methods.onResize).toHaveBeenCalledTimes(1);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      host.connection.destroy();
      await messengerDestroyed(parent.parent); // the frame's side got the host's DESTROY
      vi.spyOn(document.body, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 300, 120));
      for (const callback of resizeCallbacks) callback();
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
      expect(host.methods.onResize).toHaveBeenCalledTimes(1);
    } finally {
      process.off('unhandledRejection', unhandled);
    }

    window.dispatchEvent(new Event('pagehide'));
    expect(bundle.unmount).toHaveBeenCalledTimes(1);
    expect(resizeCallbacks).toEqual([]);
  });

  it('back/forward cache: a persisted pagehide unmounts the widget and keeps the connection; a persisted pageshow mounts it again and tells the host', async () => {
    await startFrame();
    const host = hostInParent();
    const toFrame = await host.connection.promise;
    await vi.waitFor(() => expect(host.methods.onApiInit).toHaveBeenCalledTimes(1));
    const widget = document.getElementById('cashier-widget') as HTMLElement;
    expect(widget.textContent).toBe('card form');

    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    expect(bundle.unmount).toHaveBeenCalledTimes(1);
    expect(widget.textContent).toBe(''); // no typed card stays in the cached page
    expect(destroyedMessengers.remotes).toEqual([]);
    expect(resizeCallbacks).toHaveLength(1);

    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(widget.textContent).toBe('card form');
    await vi.waitFor(() => expect(host.methods.onApiInit).toHaveBeenCalledTimes(2));
    expect(loaderState()).toBe('loaded');
    expect(await toFrame.callApi('validate', [])).toEqual({ ok: true, value: { valid: true } });
    expect(settingsRequests).toHaveLength(1);

    // A pageshow that is not from the cache (the first load's) changes nothing; a pagehide that is not persisted ends it.
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(host.methods.onApiInit).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    expect(bundle.unmount).toHaveBeenCalledTimes(2);
    expect(resizeCallbacks).toEqual([]);
  });

  it("says the widget's language on the document (issue 23): lang and dir before the bundle mounts, and again on every update of locale", async () => {
    await startFrame();
    const host = hostInParent({ getBootstrap: vi.fn(() => ({ ...BOOTSTRAP, locale: 'he' })) });
    const toFrame = await host.connection.promise;
    await vi.waitFor(() => expect(host.methods.onApiInit).toHaveBeenCalledTimes(1));
    expect(bundle.mounts).toEqual([{ locale: 'he', lang: 'he', dir: 'rtl' }]);

    expect(await toFrame.update({ locale: 'de-AT' })).toEqual({ ok: true, value: undefined });
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
    expect(bundle.mounts.at(-1)?.locale).toBe('de-AT'); // this bundle has no update(): mounted again, same document
    await toFrame.update({ theme: 'inline' }); // no locale in it: the language stays
    expect(document.documentElement.lang).toBe('de');
    expect(await toFrame.update({ locale: 7 } as never)).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(document.documentElement.lang).toBe('de');
  });
});
