import {
  CashierError,
  parseWidgetSettings,
  rebuildCashierError,
  type SettingsClaim,
  type SettingsOutcome,
  type WidgetSettings,
} from '../../shared';
import type { HostPort } from './createHostPort';

/**
 * Spec 4, the page's settings cache: the widget settings from the host's cache when another
 * widget has them (or is fetching them); otherwise `request()` fetches them (`whileFetching`
 * runs once it is on its way) and the outcome is published to the host. A host that rejects the
 * claim counts as having no cache. Resolves with the settings and whether they came from the
 * cache; rejects with the CashierError of a failure (this frame's, or the one the cache holds).
 */
export async function obtainSettings(
  host: Pick<HostPort, 'claimWidgetSettings' | 'publishWidgetSettings'>,
  request: () => Promise<WidgetSettings>,
  whileFetching?: () => void,
): Promise<{ settings: WidgetSettings; fromCache: boolean }> {
  let claim: SettingsClaim;
  try {
    claim = await host.claimWidgetSettings();
  } catch {
    claim = { kind: 'fetch' }; // a host without the cache: fetch alone, nothing to publish to
  }
  if (claim.kind === 'cached') return { settings: parseWidgetSettings(claim.settings), fromCache: true };
  if (claim.kind === 'failed') throw rebuildCashierError(claim.error);
  const publish = (outcome: SettingsOutcome) => {
    Promise.resolve()
      .then(() => host.publishWidgetSettings(outcome))
      .catch(() => undefined);
  };
  try {
    const pending = request();
    whileFetching?.();
    const settings = await pending;
    publish({ ok: true, settings });
    return { settings, fromCache: false };
  } catch (thrown) {
    const error = thrown instanceof CashierError ? thrown : rebuildCashierError(thrown);
    publish({ ok: false, error: error.toJSON() });
    throw error;
  }
}
