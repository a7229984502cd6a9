import { CallOptions, type RemoteProxy } from 'penpal';
import {
  type CashierChange,
  type CashierError,
  type CashierFieldEvent,
  type ChallengePresentation,
  type FramePhases,
  type HostMethods,
  type PayResult,
  REVALIDATE_TIMEOUT_MS,
  SETTINGS_CLAIM_TIMEOUT_MS,
  type SettingsClaim,
  type SettingsOutcome,
} from '../../shared';

/** The host methods the loader calls (penpal's proxy; each may reject if the host is gone). */
export interface HostPort {
  onApiInit(methodNames: string[], phases: FramePhases): unknown;
  onCrash(error: ReturnType<CashierError['toJSON']>): unknown;
  /** A fresh app instance token from the host (spec 7); called only when `bootstrap.canRevalidate`. */
  revalidateAppInstance(): Promise<string>;
  /** The page's settings cache (spec 4); a host that rejects is treated as having none. */
  claimWidgetSettings(): Promise<SettingsClaim>;
  publishWidgetSettings(outcome: SettingsOutcome): unknown;
  /** A 3-D Secure challenge opened or closed in the bundle (issue 22). */
  onChallenge?(state: ChallengePresentation): unknown;
  /** An order's seat hold ran out in the bundle (issue 24). */
  onHoldExpired?(expiry: { orderId: string }): unknown;
  /** An order's seat hold got more time in the bundle (issue 37); the host narrows it. */
  onHoldExtended?(extension: { orderId: string; holdExpiresAt: string }): unknown;
  /** A payment the buyer started in the bundle settled (issue 25); the host narrows it. */
  onPaymentResult?(result: PayResult): unknown;
  /** The form's values a page builds on changed (issue 36); the host narrows it. */
  onChange?(change: CashierChange): unknown;
  /** A field got the focus (issue 36). */
  onFocus?(event: CashierFieldEvent): unknown;
  /** A field lost the focus (issue 36). */
  onBlur?(event: CashierFieldEvent): unknown;
  /** Escape in the widget, no dialog of its own open (issue 36). */
  onEscape?(): unknown;
}

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
    // A host SDK from before issue 22 answers METHOD_NOT_FOUND: the loader ignores the rejection.
    onChallenge: (state) => host.onChallenge(state),
    // A host SDK from before issue 24 answers METHOD_NOT_FOUND: ignored the same way.
    onHoldExpired: (expiry) => host.onHoldExpired(expiry),
    // A host SDK from before issue 37 answers METHOD_NOT_FOUND: ignored the same way.
    onHoldExtended: (extension) => host.onHoldExtended(extension),
    // A host SDK from before issue 25 answers METHOD_NOT_FOUND: ignored the same way.
    onPaymentResult: (result) => host.onPaymentResult(result),
    // A host SDK from before issue 36 answers METHOD_NOT_FOUND: ignored the same way.
    onChange: (change) => host.onChange(change),
    onFocus: (event) => host.onFocus(event),
    onBlur: (event) => host.onBlur(event),
    onEscape: () => host.onEscape(),
  };
}
