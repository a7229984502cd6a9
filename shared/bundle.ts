import type { CashierBuyer, CashierConfiguration, ChallengePresentation } from './bridge';
import type { CashierChange, CashierFieldEvent } from './events';
import type { ProviderClient } from './providerClient';
import type { PayResult } from './widgetApi';
import type { WidgetSettings } from './widgetSettings';

/** The api object the bundle hands to `onApiInit`; function-valued keys are relayed to the host. */
export type CashierWidgetApi = Record<string, unknown>;

/** The props the frame passes to the bundle's `mount` (DESIGN "The bundle"). */
export interface CashierWidgetProps {
  /** The provider's API base URL (not the site's; spec 1: host), e.g. "https://api.cashier.example". */
  host: string;
  /** The app instance token and msid (spec 1); the token is for `Authorization` only, never a URL or log. */
  configuration: CashierConfiguration;
  /** `'modal'` or any other string (the inline look), as the host gave it; default `'inline'` (spec 2). */
  theme: string;
  /** True when the unminified bundle was loaded (spec 2: `debug`); the bundle may log more. */
  debug: boolean;
  /** The widget settings the frame loaded (spec 3, 7), `widgetStaticsBaseUrl` included. */
  settings: WidgetSettings;
  /** The order the buyer pays for (`opts.orderId`); without it the widget offers the card only. */
  orderId?: string;
  /** The buyer's details the host gave (`opts.buyer`): prefill the email and cardholder-name fields. */
  buyer?: CashierBuyer;
  /**
   * The buyer's language (issue 23): the BCP 47 tag the host SDK resolved (`opts.locale`, else the
   * host page's `<html lang>`, else the browser's first language, else `en`), canonical. The bundle
   * shows the shipped locale it falls back to (`matchLocale`). Optional: a frame built before it
   * passes none (English).
   */
  locale?: string;
  /**
   * The PayPal approval page's origin, fixed when the frame was built (shared/payPalOrigin.ts; review
   * M3): the only origin whose page the widget shows in the PayPal popup and whose message it
   * takes as the buyer's answer, never derived from `host`. Optional: a frame built before it, or
   * without one, passes none, and every approval page is refused (nothing charged).
   */
  payPalOrigin?: string;
  /**
   * The payments origin, fixed when the frame was built (shared/paymentsOrigin.ts): the only origin
   * whose page a local payment method's popup shows (iDEAL, Bancontact, Klarna) and whose message
   * the widget takes as the buyer's answer, never derived from `host`. Optional: a frame built
   * before it, or without one, passes none, and every such page is refused (nothing charged).
   */
  paymentsOrigin?: string;
  /** The frame's provider request client: retries, revalidation and errors per spec 7. */
  providerClient: ProviderClient;
  /** Call once the widget is ready, with its api; the host receives it as `CashierApi`. */
  onApiInit: (api: CashierWidgetApi) => void;
  /** Call when the widget cannot go on; the frame shows the alert and tells the host. */
  onCrash: (error: unknown) => void;
  /**
   * Call when a 3-D Secure challenge opens and when it closes (issue 22): the frame tells the host,
   * which pauses the `pay` timeout meanwhile and, for `overlay: true`, gives the iframe the whole
   * viewport. Optional: a frame built before it passes none (the challenge then fits in the iframe).
   */
  onChallenge?: (state: ChallengePresentation) => void;
  /**
   * Call once per order when its seat hold runs out (issue 24: `Order.holdExpiresAt` read against
   * the provider's clock), with `{ orderId }`; the frame tells the host (`onHoldExpired`).
   * Optional: a frame built before it passes none.
   */
  onHoldExpired?: (expiry: { orderId: string }) => void;
  /**
   * Offer the buyer more time at the seat hold's 1-minute milestone while the order allows it
   * (issue 37, `opts.holdExtensionOffer`); false: no offer. Optional: a frame built before it passes
   * none (offered).
   */
  holdExtensionOffer?: boolean;
  /**
   * Call when the provider gave the order's seat hold more time at the buyer's request (issue 37),
   * with `{ orderId, holdExpiresAt }` (the order's new `holdExpiresAt`, ISO 8601, as the provider
   * wrote it); the frame tells the host (`onHoldExtended`). Optional: a frame built before it passes none.
   */
  onHoldExtended?: (extension: { orderId: string; holdExpiresAt: string }) => void;
  /**
   * Call once when a payment the buyer started inside the widget (issue 25: PayPal, a wallet)
   * settles, with its `PayResult` (`APPROVED`, `PENDING` or `DECLINED`, with `orderId` and
   * `chargeId`); the frame tells the host (`onPaymentResult`). Never for a payment `api.pay`
   * started. Optional: a frame built before it passes none.
   */
  onPaymentResult?: (result: PayResult) => void;
  /**
   * Call when one of the form's values a page builds on changes (issue 36): `{ complete, empty,
   * paymentMethod, brand?, country? }` (shared/events.ts), never on a keystroke that changes none
   * of them; the frame tells the host (`onChange`). Optional: a frame built before it passes none.
   */
  onChange?: (change: CashierChange) => void;
  /** Call when a field of the form gets the focus, with its name (issue 36); the frame tells the host. Optional. */
  onFocus?: (event: CashierFieldEvent) => void;
  /** Call when a field of the form loses the focus, with its name (issue 36); the frame tells the host. Optional. */
  onBlur?: (event: CashierFieldEvent) => void;
  /** Call when the buyer presses Escape in the widget and no dialog of its own is open (issue 36). Optional. */
  onEscape?: () => void;
}

/** What `mount` returns (DESIGN "The bundle"). */
export interface CashierWidgetInstance {
  /** Removes the widget from its container and stops its work; called on failure and destroy. */
  unmount(): void;
  /**
   * Applies changed props (`theme`, `orderId`, `buyer`; issue 13; `locale`, issue 23) without a remount; optional: the
   * frame mounts a bundle without it again, in the same frame document. A throw or rejection
   * refuses the change (the host's `update` rejects with it); a promise settles when it is applied.
   */
  update?(props: Partial<CashierWidgetProps>): void | Promise<void>;
}

/**
 * What the frame passes to the bundle's optional `preload` (issue 36 item 4): the inputs of the
 * preloadCashier warm-up, which a later mount with the same `host` and `configuration` adopts.
 */
export interface CashierWidgetPreloadProps {
  /** The provider's API base URL, as the warm-up was given it. */
  host: string;
  /** The app instance token and msid of the warm-up (and of the mount that will adopt its frame). */
  configuration: CashierConfiguration;
  /** True when the unminified bundle was loaded. */
  debug: boolean;
  /** The widget settings the warm-up loaded. */
  settings: WidgetSettings;
  /** The language the warm-up resolved (the page's `<html lang>` or the browser's), canonical; the mount's may differ. */
  locale?: string;
  /** The warm-up frame's provider request client (spec 7's retries; no revalidation: a 401 just fails). */
  providerClient: Pick<ProviderClient, 'request'>;
}

/**
 * The bundle module's shape: an ES module exporting `mount` (DESIGN "The bundle"), and optionally
 * `preload`. A bundle without `preload` works as before: the frame only imports it in a warm-up.
 */
export interface CashierWidgetModule {
  /** Renders the widget into `container`; a throw moves the loader to failed (BUNDLE_MOUNT_FAILED). */
  mount(container: HTMLElement, props: CashierWidgetProps): CashierWidgetInstance;
  /**
   * Optional (issue 36 item 4). Called once in preloadCashier's warm-up frame, after the import,
   * when that frame can be adopted by the mount (`Element.moveBefore`): the bundle may start what
   * no order decides (the provider's locale metadata, who the buyer is) and keep it in memory for
   * the `mount` that follows in the same document. Returns nothing the frame waits for; a throw is
   * ignored, and the warm-up says it is done at once. Not called in a frame that mounts.
   */
  preload?(props: CashierWidgetPreloadProps): void;
}

/** True when an imported module has a `mount` function. */
export function isCashierWidgetModule(m: unknown): m is CashierWidgetModule {
  return typeof m === 'object' && m !== null && typeof (m as { mount?: unknown }).mount === 'function';
}
