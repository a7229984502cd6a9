import {
  allowedBundleUrl,
  createProviderClient,
  type FrameBootstrap,
  isCashierWidgetModule,
  type ProviderClient,
  type ProviderClientOptions,
  type StaticsAllowlist,
} from '../../shared';
import type { HostPort } from './createHostPort';
import { obtainSettings } from './obtainSettings';

/** What {@link preloadWidget} needs; injectable so tests need no iframe. */
export interface PreloadDeps {
  /** The widget inputs (`preload: true`). */
  bootstrap: FrameBootstrap;
  host: Pick<HostPort, 'claimWidgetSettings' | 'publishWidgetSettings' | 'onApiInit'>;
  /** Origins the bundle may come from; a bundle off the list is not fetched. */
  allowlist: StaticsAllowlist;
  /** The exact bundle URLs a production build may import (LoaderDeps `pinnedBundles`). Default none. */
  pinnedBundles?: readonly string[] | null;
  /** Imports the bundle module (it is evaluated, not mounted). */
  loadBundle: (url: string) => Promise<unknown>;
  /** Builds the provider client; default createProviderClient from shared. */
  createClient?: (options: ProviderClientOptions) => Pick<ProviderClient, 'getWidgetSettings' | 'request'>;
  /**
   * Whether a mount can adopt this frame once warm (the host moves it with `Element.moveBefore`,
   * which the frame's engine has where the page's has). Only then is the bundle's `preload` called:
   * elsewhere the frame is removed when done, and what it asked would be lost. Default: this
   * document's `Element.prototype` has `moveBefore`.
   */
  canBeAdopted?: boolean;
  /** Runs once the settings request is on its way (the frame evaluates its React then). Default none. */
  whileFetching?: () => void;
  /**
   * Warms the mount's look (issue 35) when the warm-up was given an `appearance` or `fonts`: the
   * frame's appearance module and the font files, fetched now, applied by the mount. Default none.
   */
  warmAppearance?: () => void;
}

/**
 * The frame's preload mode (issue 24, `preloadCashier`): the widget settings through the page's
 * settings cache (fetched and published when no one has them), then the bundle imported but not
 * mounted, so that the mount that follows finds both cached (the page's cache, the HTTP cache).
 * In a frame a mount can adopt, a bundle that exports `preload` (DESIGN "The bundle", optional;
 * issue 36 item 4) is then handed the warm-up's inputs, settings and provider client, to ask now
 * what no order decides; the frame does not wait for it, and a throw from it is ignored. A bundle
 * without it is only imported.
 * Mounts nothing, sends no payment request, and reports no failure (the mount will, with its own
 * retries): it always ends by telling the host it is done, `onApiInit([], {})`, so the host
 * keeps the hidden frame for a mount to adopt, or removes it. Never rejects.
 */
export async function preloadWidget(deps: PreloadDeps): Promise<void> {
  const { bootstrap, host } = deps;
  if (bootstrap.appearance !== undefined || bootstrap.fonts !== undefined) deps.warmAppearance?.();
  try {
    const client = (deps.createClient ?? createProviderClient)({
      host: bootstrap.host,
      getAppInstance: () => bootstrap.configuration.appInstance,
    });
    const request = () => client.getWidgetSettings({ msid: bootstrap.configuration.msid });
    const { settings } = await obtainSettings(host, request, deps.whileFetching);
    const url = allowedBundleUrl(settings.widgetStaticsBaseUrl, bootstrap.debug, deps.allowlist, deps.pinnedBundles);
    const module = url ? await deps.loadBundle(url) : undefined;
    // Not waited for: what the bundle asks is on its way when the mount adopts this frame.
    if ((deps.canBeAdopted ?? canMoveFrames()) && isCashierWidgetModule(module) && typeof module.preload === 'function') {
      const { host: provider, configuration, debug, locale } = bootstrap;
      module.preload({ host: provider, configuration, debug, settings, locale, providerClient: client });
    }
  } catch {
    // the mount reports what fails, with its own retries, and asks for what a preload did not
  }
  await Promise.resolve(host.onApiInit([], {})).catch(() => undefined);
}

/** True where this engine can move an iframe without reloading it (`Element.moveBefore`, Chromium 133, Firefox 144). */
const canMoveFrames = () => typeof Element !== 'undefined' && 'moveBefore' in Element.prototype;
