import {
  CashierError,
  type CashierWidgetInstance,
  type CashierWidgetModule,
  createProviderClient,
  describeForeignError,
  ErrorCode,
  epochNow,
  type FramePhases,
  isCashierWidgetModule,
  type WidgetSettings,
} from '../../shared';
import type { Loader, LoaderDeps, LoaderState } from './loaderTypes';
import { fetchSettings, importBundle, type LoadStepContext } from './loadSteps';
import { widgetProps } from './widgetProps';

export type { HostPort } from './createHostPort';
export type { Loader, LoaderDeps, LoaderState } from './loaderTypes';

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
  // Nothing is told while stopped or suspended: a message to a page going into the back/forward
  // cache (the blur of the field the buyer left as the page goes) makes Firefox evict that page.
  const quiet = () => stopped() || suspended !== undefined;
  const tellHost = (call: () => unknown) => {
    if (quiet()) return;
    Promise.resolve()
      .then(() => (quiet() ? undefined : call()))
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

  const context: LoadStepContext = {
    deps,
    client,
    bootstrap: () => bootstrap,
    phases,
    stamp,
    fail,
  };

  /** Waits for the mount's appearance (issue 35); false when it failed the load. */
  async function appearanceApplied(applying: NonNullable<LoaderDeps['appearance']>): Promise<boolean> {
    try {
      const { contrastAdjustments } = await applying;
      if (contrastAdjustments.length > 0) phases.contrastAdjustments = contrastAdjustments;
      return !stopped();
    } catch (thrown) {
      const message = thrown instanceof TypeError ? thrown.message : describeForeignError(thrown, ErrorCode.InvalidArgument);
      fail(new CashierError(ErrorCode.InvalidArgument, `The widget's appearance was refused: ${message}`));
      return false;
    }
  }

  function mount(module: unknown, settings: WidgetSettings) {
    if (!isCashierWidgetModule(module)) return;
    const props = widgetProps(bootstrap, settings, client, deps.host, {
      onApiInit: (api) => {
        if (stopped() || state.status === 'failed') return;
        const names = deps.relay.setApi(api);
        stamp('mounted');
        // A bundle mounted again for an update has its api relayed, but the host heard it once.
        if (!apiSent) tellHost(() => deps.host.onApiInit(names, { ...phases }));
        apiSent = true;
      },
      fail,
      tellHost,
      payPalOrigin: deps.payPalOrigin,
      paymentsOrigin: deps.paymentsOrigin,
    });
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
      const settings = await fetchSettings(context);
      if (!settings || stopped()) return;
      const module = await importBundle(context, settings);
      if (!module || stopped()) return;
      if (deps.appearance && !(await appearanceApplied(deps.appearance))) return;
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
