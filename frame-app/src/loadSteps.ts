import {
  allowedBundleUrl,
  CashierError,
  type CashierWidgetModule,
  describeForeignError,
  ErrorCode,
  type FramePhases,
  isCashierWidgetModule,
  type ProviderClient,
  rebuildCashierError,
  type WidgetSettings,
} from '../../shared';
import type { LoaderDeps } from './loaderTypes';
import { obtainSettings } from './obtainSettings';

/** What the load steps share with the loader: its deps, client, phases and failure path. */
export interface LoadStepContext {
  deps: LoaderDeps;
  client: ProviderClient;
  /** The widget inputs as they are now. */
  bootstrap: () => LoaderDeps['bootstrap'];
  /** The load phases reported with onApiInit; `settingsFromCache` is set here. */
  phases: FramePhases;
  /** Stamps a phase once with the loader's clock. */
  stamp: (step: 'settingsReceived' | 'bundleImported') => void;
  /** Moves the loader to `failed` and tells the host (once). */
  fail: (error: CashierError) => void;
}

/**
 * Spec 4, step 1: the widget settings, from the page's cache or the provider. Resolves with them,
 * or with undefined after failing the loader with SETTINGS_LOAD_FAILED (the cause's code in details).
 */
export async function fetchSettings(context: LoadStepContext): Promise<WidgetSettings | undefined> {
  const { deps, client, phases } = context;
  try {
    const request = () => client.getWidgetSettings({ msid: context.bootstrap().configuration.msid });
    const { settings, fromCache } = await obtainSettings(deps.host, request, deps.whileFetching);
    phases.settingsFromCache = fromCache;
    context.stamp('settingsReceived');
    return settings;
  } catch (thrown) {
    const cause = rebuildCashierError(thrown instanceof CashierError ? thrown.toJSON() : thrown);
    context.fail(
      new CashierError(ErrorCode.SettingsLoadFailed, `The widget settings could not be loaded: ${cause.message}`, {
        ...cause.details,
        causeCode: cause.code,
      }),
    );
    return undefined;
  }
}

/**
 * Spec 4, step 2 and 7: checks the statics allowlist and the build's pinned bundle URLs (security
 * review M2), then imports the bundle (with the integrity its pin carries). Resolves with the module,
 * or with undefined after failing the loader (STATICS_NOT_ALLOWED, or BUNDLE_LOAD_FAILED: also a
 * bundle whose bytes do not match its pinned hash).
 */
export async function importBundle(context: LoadStepContext, settings: WidgetSettings): Promise<CashierWidgetModule | undefined> {
  const { deps } = context;
  const base = settings.widgetStaticsBaseUrl;
  const url = allowedBundleUrl(base, context.bootstrap().debug, deps.allowlist, deps.pinnedBundles);
  if (!url) {
    context.fail(new CashierError(ErrorCode.StaticsNotAllowed, `widgetStaticsBaseUrl ${base} is not allowed here.`));
    return undefined;
  }
  try {
    const module = await deps.loadBundle(url);
    if (!isCashierWidgetModule(module)) throw new Error('the module does not export mount()');
    context.stamp('bundleImported');
    return module;
  } catch (thrown) {
    const what = describeForeignError(thrown, ErrorCode.BundleLoadFailed);
    context.fail(new CashierError(ErrorCode.BundleLoadFailed, `The widget bundle ${url} could not be loaded: ${what}.`));
    return undefined;
  }
}
