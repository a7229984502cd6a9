import { CallOptions, type RemoteProxy } from 'penpal';
import { type HostMethods, REVALIDATE_TIMEOUT_MS, SETTINGS_CLAIM_TIMEOUT_MS } from '../../shared';
import type { HostPort } from './createLoader';

/**
 * The loader's view of the host (penpal's proxy), with a per-call timeout on every call the
 * loader waits for (TOOLCHAIN "penpal 7": penpal has none by default), so a host that stops
 * answering fails the request instead of holding the widget forever:
 * `revalidateAppInstance` waits REVALIDATE_TIMEOUT_MS plus a second (the host SDK's own limit
 * answers first), `claimWidgetSettings` SETTINGS_CLAIM_TIMEOUT_MS. Both reject with penpal's
 * METHOD_CALL_TIMEOUT; the loader treats that as a failed revalidation / a host without a cache.
 */
export function createHostPort(host: RemoteProxy<HostMethods>): HostPort {
  return {
    onApiInit: (methodNames, phases) => host.onApiInit(methodNames, phases),
    onCrash: (error) => host.onCrash(error),
    revalidateAppInstance: () => host.revalidateAppInstance(new CallOptions({ timeout: REVALIDATE_TIMEOUT_MS + 1_000 })),
    claimWidgetSettings: () => host.claimWidgetSettings(new CallOptions({ timeout: SETTINGS_CLAIM_TIMEOUT_MS })),
    publishWidgetSettings: (outcome) => host.publishWidgetSettings(outcome),
  };
}
