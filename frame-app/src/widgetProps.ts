import {
  type CashierError,
  type CashierWidgetProps,
  type FrameBootstrap,
  type ProviderClient,
  toChallengePresentation,
  type WidgetSettings,
} from '../../shared';
import type { HostPort } from './createHostPort';
import { trackRequests } from './trackRequests';

/** The loader's side of the bundle's callbacks, and the frame build's PayPal approval origin. */
export interface WidgetPropsHooks {
  /** The bundle's api is ready (it may be a mount again). */
  onApiInit: CashierWidgetProps['onApiInit'];
  /** Moves the loader to `failed` and tells the host (once). */
  fail: (error: CashierError) => void;
  /** Calls the host unless the loader has stopped; a host that is gone is ignored. */
  tellHost: (call: () => unknown) => void;
  /** The frame build's PayPal approval origin (shared/payPalOrigin.ts; review M3), passed on as is; default none. */
  payPalOrigin?: string;
  /** The frame build's payments origin (shared/paymentsOrigin.ts, issue 38), passed on as is; default none. */
  paymentsOrigin?: string;
}

/**
 * The props the bundle is mounted with (spec 7): the widget inputs, the settings and the provider
 * client, and its callbacks, relayed to the host (`onChallenge`, `onHoldExpired`, issue 37's `onHoldExtended`, `onPaymentResult`, and issue 36's `onChange`, `onFocus`, `onBlur`, `onEscape`: the host narrows them) or to the loader (`onCrash` fails it
 * with what `trackRequests` lets cross: a failed request of the client given here keeps its code,
 * an order the provider does not know is ORDER_NOT_FOUND, anything else BUNDLE_CRASHED). Optional inputs the host did not give are left out; `payPalOrigin` (the
 * build's PayPal approval origin, shared/payPalOrigin.ts) is undefined when the frame has none.
 */
export function widgetProps(
  bootstrap: FrameBootstrap,
  settings: WidgetSettings,
  client: ProviderClient,
  host: HostPort,
  hooks: WidgetPropsHooks,
): CashierWidgetProps {
  const { tellHost } = hooks;
  const requests = trackRequests(client);
  return {
    host: bootstrap.host,
    configuration: bootstrap.configuration,
    theme: bootstrap.theme,
    debug: bootstrap.debug,
    settings,
    ...(bootstrap.orderId === undefined ? {} : { orderId: bootstrap.orderId }),
    ...(bootstrap.buyer === undefined ? {} : { buyer: bootstrap.buyer }),
    ...(bootstrap.locale === undefined ? {} : { locale: bootstrap.locale }),
    ...(bootstrap.holdExtensionOffer === false ? { holdExtensionOffer: false } : {}),
    payPalOrigin: hooks.payPalOrigin,
    paymentsOrigin: hooks.paymentsOrigin,
    providerClient: requests.client,
    onApiInit: hooks.onApiInit,
    onChallenge: (state) => tellHost(() => host.onChallenge?.(toChallengePresentation(state))),
    onHoldExpired: (expiry) => tellHost(() => host.onHoldExpired?.({ orderId: String(Object(expiry).orderId) })),
    onHoldExtended: (extension) => tellHost(() => host.onHoldExtended?.(extension)),
    onPaymentResult: (result) => tellHost(() => host.onPaymentResult?.(result)),
    onChange: (change) => tellHost(() => host.onChange?.(change)),
    onFocus: (event) => tellHost(() => host.onFocus?.(event)),
    onBlur: (event) => tellHost(() => host.onBlur?.(event)),
    onEscape: () => tellHost(() => host.onEscape?.()),
    onCrash: (error) => hooks.fail(requests.crashOf(error)),
  };
}
