import {
  bundleUrl,
  CashierError,
  type CashierUpdate,
  type CashierWidgetInstance,
  type CashierWidgetModule,
  type CashierWidgetProps,
  createProviderClient,
  describeForeignError,
  ErrorCode,
  epochNow,
  type FrameBootstrap,
  type FramePhases,
  isAllowedStaticsUrl,
  isCashierWidgetModule,
  type ProviderClient,
  type ProviderClientOptions,
  type StaticsAllowlist,
  toChallengePresentation,
  type WidgetSettings,
} from '../../shared';
import type { ApiRelay } from './createApiRelay';
import type { HostPort } from './createHostPort';

export type { HostPort } from './createHostPort';

import { obtainSettings } from './obtainSettings';

/** Loader states of spec section 4 / DESIGN "Loader states". */
export type LoaderState = { status: 'waiting' } | { status: 'loaded' } | { status: 'failed'; error: CashierError };

/** What the loader needs; everything is injectable so tests need no iframe. */
export interface LoaderDeps {
  bootstrap: FrameBootstrap;
  host: HostPort;
  /** The element the bundle mounts into. */
  container: HTMLElement;
  /** Origins the bundle may come from (build-time VITE_CASHIER_STATICS_ORIGINS). */
  allowlist: StaticsAllowlist;
  /**
   * Where card data goes (build-time VITE_CASHIER_VAULT_ORIGIN, resolved by shared/vault.ts): the
   * provider client's `vault`. Never taken from the host page. Default none (no card payments).
   */
  vaultOrigin?: string;
  /** Imports the bundle module; default dynamic import(). */
  loadBundle: (url: string) => Promise<unknown>;
  /** Answers the host's relayed api calls. */
  relay: ApiRelay;
  /** Builds the provider client; default createProviderClient from shared. */
  createClient?: (options: ProviderClientOptions) => ProviderClient;
  /** The clock of the load phases, epoch milliseconds; default {@link epochNow}. */
  now?: () => number;
  /** When the frame document was loaded (FramePhases.frameLoaded); default unknown. */
  frameLoadedAt?: number;
  /**
   * Called once the settings request is on its way: work worth doing while the network answers
   * (the frame evaluates its React then, so a bundle that uses it mounts sooner). Default none.
   */
  whileFetching?: () => void;
}

/** The loader: a state store (getSnapshot, subscribe), plus start and stop. */
export interface Loader {
  getSnapshot(): LoaderState;
  subscribe(listener: () => void): () => void;
  /** Settings → allowlist check → import → mount (spec 4, 7). Resolves when loaded or failed; never rejects. */
  start(): Promise<void>;
  /** The host went away: abort requests in flight, unmount the bundle; nothing fires after. */
  stop(): void;
  /**
   * The page goes into the back/forward cache (issue 19): a mounted bundle is unmounted, so no
   * typed card stays in the cached page; the connection and the loader state stay. An update
   * meanwhile is kept for {@link resume}. Does nothing unless loaded.
   */
  suspend(): void;
  /**
   * The page came back from the back/forward cache: the bundle {@link suspend} unmounted is
   * mounted again, empty, with the inputs as they are now, and the host hears `onApiInit` again
   * (the api keeps its methods). Does nothing without a suspend before it.
   */
  resume(): void;
  /**
   * Applies the host's changes (issue 13, `handle.update`), one update at a time: while waiting
   * they are kept for the mount; once loaded they go to the bundle's `update(props)`, or, for a
   * bundle without one, the bundle is unmounted and mounted again with them in this same document
   * (the host hears `onApiInit` once; the api keeps its methods). Rejects with the bundle's error
   * when it refuses them (nothing kept). Once failed they are kept for the alert's theme ({@link inputs}).
   */
  update(changes: CashierUpdate): Promise<void>;
  /** The widget inputs as they are now: the bootstrap's, with every applied update. */
  inputs(): FrameBootstrap;
}

/**
 * Creates the loader state machine: `waiting` → `loaded` | `failed` (spec 4). Any failure
 * (settings, statics allowlist, import, mount, the bundle's own onCrash) moves to `failed`
 * and tells the host once through `onCrash` with a CashierError whose code says which step failed.
 */
export function createLoader(deps: LoaderDeps): Loader {
  let state: LoaderState = { status: 'waiting' };
  const listeners = new Set<() => void>();
  const abort = new AbortController();
  let instance: CashierWidgetInstance | undefined;
  /** The imported bundle and its settings, once mounted: a bundle without `update` is mounted again from them. */
  let mounted: { module: CashierWidgetModule; settings: WidgetSettings } | undefined;
  /** What `suspend()` unmounted (the page is in the back/forward cache), for `resume()` to mount again. */
  let suspended: typeof mounted;
  let apiSent = false;
  /** The updates applied so far, in order (each waits for the one before). */
  let updates: Promise<unknown> = Promise.resolve();
  const stopped = () => abort.signal.aborted;
  const now = deps.now ?? epochNow;
  // Reported to the host with onApiInit; each step is stamped once.
  const phases: FramePhases = deps.frameLoadedAt === undefined ? {} : { frameLoaded: deps.frameLoadedAt };
  const stamp = (step: 'settingsReceived' | 'bundleImported' | 'mounted') => {
    phases[step] ??= now();
  };

  const setState = (next: LoaderState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const tellHost = (call: () => unknown) => {
    if (stopped()) return;
    Promise.resolve()
      .then(call)
      .catch(() => undefined); // the host may be gone; nothing to do about it here
  };

  const fail = (error: CashierError) => {
    if (state.status === 'failed' || stopped()) return;
    unmount();
    setState({ status: 'failed', error });
    tellHost(() => deps.host.onCrash(error.toJSON()));
  };

  const unmount = () => {
    mounted = undefined;
    deps.relay.clear();
    const current = instance;
    instance = undefined;
    try {
      current?.unmount();
    } catch {
      // a bundle that cannot unmount cleanly is already being discarded
    }
    deps.container.replaceChildren();
  };

  let bootstrap = deps.bootstrap;
  const client = (deps.createClient ?? createProviderClient)({
    host: bootstrap.host,
    vaultOrigin: deps.vaultOrigin,
    getAppInstance: () => bootstrap.configuration.appInstance,
    revalidateAppInstance: bootstrap.canRevalidate ? () => deps.host.revalidateAppInstance() : undefined,
    signal: abort.signal,
  });

  async function fetchSettings(): Promise<WidgetSettings | undefined> {
    try {
      const request = () => client.getWidgetSettings({ msid: bootstrap.configuration.msid });
      const { settings, fromCache } = await obtainSettings(deps.host, request, deps.whileFetching);
      phases.settingsFromCache = fromCache;
      stamp('settingsReceived');
      return settings;
    } catch (thrown) {
      const cause = CashierError.fromSerialized(thrown instanceof CashierError ? thrown.toJSON() : thrown);
      fail(
        new CashierError(ErrorCode.SettingsLoadFailed, `The widget settings could not be loaded: ${cause.message}`, {
          ...cause.details,
          causeCode: cause.code,
        }),
      );
      return undefined;
    }
  }

  async function importBundle(settings: WidgetSettings): Promise<unknown> {
    if (!isAllowedStaticsUrl(settings.widgetStaticsBaseUrl, deps.allowlist)) {
      fail(
        new CashierError(
          ErrorCode.StaticsNotAllowed,
          `widgetStaticsBaseUrl ${settings.widgetStaticsBaseUrl} is not on the statics allowlist.`,
        ),
      );
      return undefined;
    }
    const url = bundleUrl(settings.widgetStaticsBaseUrl, bootstrap.debug);
    try {
      const module = await deps.loadBundle(url);
      if (!isCashierWidgetModule(module)) throw new Error('the module does not export mount()');
      stamp('bundleImported');
      return module;
    } catch (thrown) {
      const what = describeForeignError(thrown, ErrorCode.BundleLoadFailed);
      fail(new CashierError(ErrorCode.BundleLoadFailed, `The widget bundle ${url} could not be loaded: ${what}.`));
      return undefined;
    }
  }

  function mount(module: unknown, settings: WidgetSettings) {
    if (!isCashierWidgetModule(module)) return;
    const props: CashierWidgetProps = {
      host: bootstrap.host,
      configuration: bootstrap.configuration,
      theme: bootstrap.theme,
      debug: bootstrap.debug,
      settings,
      ...(bootstrap.orderId === undefined ? {} : { orderId: bootstrap.orderId }),
      ...(bootstrap.buyer === undefined ? {} : { buyer: bootstrap.buyer }),
      ...(bootstrap.locale === undefined ? {} : { locale: bootstrap.locale }),
      providerClient: client,
      onApiInit: (api) => {
        if (stopped() || state.status === 'failed') return;
        const names = deps.relay.setApi(api);
        stamp('mounted');
        // A bundle mounted again for an update has its api relayed, but the host heard it once.
        if (!apiSent) tellHost(() => deps.host.onApiInit(names, { ...phases }));
        apiSent = true;
      },
      onChallenge: (state) => tellHost(() => deps.host.onChallenge?.(toChallengePresentation(state))),
      onHoldExpired: (expiry) => tellHost(() => deps.host.onHoldExpired?.({ orderId: String(Object(expiry).orderId) })),
      onCrash: (error) =>
        fail(
          new CashierError(
            ErrorCode.BundleCrashed,
            `The widget crashed: ${describeForeignError(error, ErrorCode.BundleCrashed)}.`,
          ),
        ),
    };
    try {
      instance = module.mount(deps.container, props);
      mounted = { module, settings };
      stamp('mounted');
    } catch (thrown) {
      const what = describeForeignError(thrown, ErrorCode.BundleMountFailed);
      fail(new CashierError(ErrorCode.BundleMountFailed, `The widget bundle failed to mount: ${what}.`));
      return;
    }
    if (state.status === 'waiting') setState({ status: 'loaded' });
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      const settings = await fetchSettings();
      if (!settings || stopped()) return;
      const module = await importBundle(settings);
      if (!module || stopped()) return;
      mount(module, settings);
    },
    stop() {
      if (stopped()) return;
      abort.abort();
      unmount();
    },
    suspend() {
      if (state.status !== 'loaded' || !mounted || stopped()) return;
      suspended = mounted;
      unmount();
    },
    resume() {
      const current = suspended;
      suspended = undefined;
      if (!current || state.status !== 'loaded' || stopped()) return;
      apiSent = false; // a new mount: the host is told
      mount(current.module, current.settings);
    },
    inputs: () => bootstrap,
    update(changes) {
      const apply = async () => {
        const current = mounted;
        if (state.status === 'loaded' && current && !instance?.update) {
          bootstrap = { ...bootstrap, ...changes };
          unmount();
          mount(current.module, current.settings);
          const after = state as LoaderState; // mount() may have failed
          if (after.status === 'failed') throw after.error;
          return;
        }
        if (state.status === 'loaded') await instance?.update?.(changes);
        bootstrap = { ...bootstrap, ...changes };
        if (state.status === 'failed') setState(state); // the alert takes the theme
      };
      const applied = updates.then(apply);
      updates = applied.catch(() => undefined);
      return applied;
    },
  };
}
