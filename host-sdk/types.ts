import type {
  CashierApi,
  CashierBuyer,
  CashierChange,
  CashierConfiguration,
  CashierError,
  CashierFieldEvent,
  CashierUpdate,
  PayResult,
} from '../shared';
import type { ContrastAdjustment } from '../shared/appearance/contrast';
import type { Appearance, CashierFont } from '../shared/appearance/shape';

export type {
  CardBrand,
  CardField,
  CashierApi,
  CashierChange,
  CashierField,
  CashierFieldEvent,
  DeclineCode,
  PayInput,
  PayResult,
  ValidationResult,
} from '../shared';

/**
 * The options of {@link mountCashier}: the widget's inputs.
 * Checked on entry: a bad value throws a TypeError naming the option, before anything is created.
 * A name not listed here is reported with `console.warn`, never thrown.
 */
export interface MountCashierOptions {
  /**
   * The provider's API base URL (not your site's): where the widget sends its requests. https (plain
   * http only on `localhost` or `127.0.0.1`), e.g. `"https://api.cashier.example"`. Required.
   */
  host: string;
  /** The app instance token (required, non-empty; never put in a URL, log or storage) and the optional meta site id. */
  configuration: CashierConfiguration;
  /** `'modal'` gives the modal look; anything else is the inline look. Default `'inline'`. */
  theme?: 'modal' | string;
  /** Load the unminified widget bundle, for debugging. Default `false`; a `debug` query parameter on the page URL that is not `false` also turns it on. */
  debug?: boolean;
  /**
   * Called when the widget is ready, with its api (each method returns a Promise) and how long
   * each phase of the load took ({@link CashierTimings}); again when the page comes back from the
   * back/forward cache, where the widget was mounted anew with its card fields empty (the api
   * from before works too). Default: none.
   */
  onApiInit?: (api: CashierApi, timings: CashierTimings) => void;
  /**
   * Called at most once per mount when loading fails or the frame is lost, with the `CashierError`: its `code`
   * (an `ErrorCode`) says what failed, its `details` (e.g. `causeCode`, `status`) why. Default: none.
   */
  onCrash?: (error: CashierError) => void;
  /**
   * Resolves to a fresh app instance token when the provider refuses the current one (a 401, or a
   * 403 that is not a captcha). Asked at most once per request; an answer later than 5 000 ms, or a
   * rejection, leaves the refusal standing (UNAUTHORIZED). Default: none (a 401 fails at once).
   */
  revalidateAppInstance?: () => Promise<string>;
  /**
   * Called once per order when its seat hold runs out (the order's `holdExpiresAt`,
   * read against the provider's clock), with `{ orderId }`. The widget then says the hold has
   * expired, disables its form, and `pay` rejects ORDER_HOLD_EXPIRED; a new order given with
   * `handle.update({ orderId })` starts over. Default: none.
   */
  onHoldExpired?: (expiry: { orderId: string }) => void;
  /**
   * Called each time the provider gives the order's seat hold more time because the buyer asked
   * for it ("Keep my tickets longer", offered from 1 minute left while the order has extensions
   * left), with `{ orderId, holdExpiresAt }`: the order's new `holdExpiresAt` (ISO 8601, on the
   * provider's clock) as the provider wrote it. Default: none.
   */
  onHoldExtended?: (extension: { orderId: string; holdExpiresAt: string }) => void;
  /**
   * Offer the buyer more time at the seat hold's 1-minute mark ("Keep my tickets longer") while
   * the order allows it (its `holdExtensions`); `false` turns the offer off for this mount, for
   * an event that sells out in minutes. Read at the mount. Default `true`.
   */
  holdExtensionOffer?: boolean;
  /**
   * Called with the outcome of a payment the buyer started inside the widget (a PayPal
   * or wallet button in the frame), once per payment that settled: a {@link PayResult} whose
   * `status` is `APPROVED`, `PENDING` or `DECLINED`, with its `orderId` and `chargeId`, the shape
   * `api.pay` resolves with. Never for a payment your `api.pay` started: its Promise tells you.
   * Default: none.
   */
  onPaymentResult?: (result: PayResult) => void;
  /** Called once, with the elapsed milliseconds, when the widget is not ready within 10 000 ms of the mount; it keeps waiting. Default: none. */
  onSlow?: (elapsedMs: number) => void;
  /**
   * Called when what the form tells a page changes, never on a keystroke that changes none of it:
   * `{ complete, empty, paymentMethod, brand?, country? }`, see {@link CashierChange}.
   * Enable your Place order on `complete`, show `brand` beside the total. Carries no card data.
   * First called once the form is on screen. Default: none.
   */
  onChange?: (change: CashierChange) => void;
  /** Called when one of the widget's fields gets the focus, with its name ({@link CashierField}). Default: none. */
  onFocus?: (event: CashierFieldEvent) => void;
  /** Called when one of the widget's fields loses the focus, with its name ({@link CashierField}). Default: none. */
  onBlur?: (event: CashierFieldEvent) => void;
  /**
   * Called when the buyer presses Escape in the widget and no dialog of the widget's own (the bank's
   * 3-D Secure page) is open: close your modal or leave the payment step. Default: none.
   */
  onEscape?: () => void;
  /**
   * The order the buyer pays for (from order setup). The widget offers that order's payment
   * methods, and `api.pay({ orderId })` must name the same order. Default: none (card only).
   */
  orderId?: string;
  /**
   * The buyer's details the host page already has: prefill the widget's email and
   * cardholder-name fields, which the buyer may still edit. Strings of at most 318 (email) and
   * 256 (name) characters; sent over the bridge, never in the frame URL. Default: none.
   */
  buyer?: CashierBuyer;
  /**
   * The buyer's language: a BCP 47 tag, e.g. `"de-AT"`, kept in its canonical form
   * (`Intl.getCanonicalLocales`). Default: the page's `<html lang>` when well formed, else the
   * browser's first language (`navigator.languages[0]`), else `"en"`. The widget shows one of its
   * 12 locales (`en`, `de`, `fr`, `es`, `it`, `nl`, `pt-BR`, `pl`, `sv`, `ja`, `he`, `ar`): the tag
   * itself, else its language's (`de-AT` → `de`, `pt-PT` → `pt-BR`), else `en`; `he` and `ar` are
   * laid out right to left. Change it with `handle.update({ locale })`.
   * @throws TypeError naming `locale` when it is not a string or not a well-formed tag.
   */
  locale?: string;
  /**
   * The site's look for the widget (docs/appearance.md): a `theme` (`'default'`,
   * `'night'`, `'flat'` or `'auto'`, which follows the buyer's colour scheme live), `variables`
   * (colours, font, sizes as CSS strings), `rules` per component and state (`'.Input:focus'`, …)
   * from an allowlist of properties, and `labels` (`'above'` or `'floating'`). Colours a buyer
   * could not read are moved to the nearest shade that keeps WCAG 2.1 AA contrast, and reported in
   * `onApiInit`'s `timings.contrastAdjustments`. Change it with `handle.update({ appearance })`.
   * Default: the default look. Independent of `theme` above (the spec's alert).
   * @throws TypeError naming the key (e.g. `opts.appearance.rules[".Input"].color`) for a
   *   selector not in the set, a value that is not a string of at most 200 characters, or one
   *   holding `url(`, `image-set(`, `attr(`, `var(`, `@`, `\`, `;`, `{`, `}`, `/*` or `<`. An
   *   unknown key, variable or property, a `theme` or `labels` not in its list, or a value the
   *   frame's grammar refuses (e.g. `colorPrimary: 'blurple'`) fails the mount with
   *   INVALID_ARGUMENT naming the key (the frame checks those; the script tag stays small).
   */
  appearance?: Appearance;
  /**
   * Font files for `appearance`: up to 8 of `{ family, src, weight?, style?, display? }`,
   * `src` an https URL of a .woff2, .woff or .ttf file. The frame loads each at the mount (never
   * later, so no request says what the buyer is doing) with an `@font-face` it writes itself, and its
   * Content-Security-Policy allows these files and no other fonts. Name the family in
   * `appearance.variables.fontFamily`. Default: none (the system font).
   * @throws TypeError naming the font and field (e.g. `opts.fonts[0].src`) for more than 8
   *   fonts, a font without `family` or `src`, a `src` that is not an https URL, or a field whose
   *   value is not a short string free of the forbidden pieces. An unknown field, a bad family
   *   name, a file that is not a font file, or a `style` or `display` not in its list fails the
   *   mount with INVALID_ARGUMENT naming the font and field.
   */
  fonts?: CashierFont[];
  /** URL of the frame app: https (plain http only on `localhost` or `127.0.0.1`). Default: the build's `VITE_CASHIER_FRAME_URL`. */
  frameUrl?: string;
}

/** What {@link mountCashier} returns. */
export interface CashierHandle {
  /** The sandboxed `<iframe>` appended to the mount element. */
  iframe: HTMLIFrameElement;
  /**
   * Removes the iframe and the connection; no callback fires after it. Safe to call twice and
   * while loading. Api calls in flight reject: a `pay` with PAYMENT_OUTCOME_UNKNOWN and
   * `details.orderId` (its charge may have been made: pay that order again in a new mount), any
   * other call with DESTROYED.
   */
  destroy(): void;
  /**
   * Changes `theme`, `orderId`, `buyer`, `locale`, `appearance` or `fonts` (among the mount's files) of the running widget, with no new frame
   * document (no reload); `locale` is checked and kept canonical as in `mountCashier`. Resolves when the frame has applied the change (before the widget is ready: it is
   * kept and the widget is mounted with it; the alert, when shown, takes the new theme).
   * @throws TypeError naming the option, synchronously, when a change is invalid or unknown; nothing changes.
   * @returns a promise that rejects with a `CashierError`: DESTROYED after `destroy()`;
   *   PAYMENT_OPEN when `orderId` or `buyer` would change while a payment is open (`details.orderId`,
   *   nothing changed); CONNECTION_LOST when the frame is gone; the crash's code when the widget crashed;
   *   the widget's own code when it refused the change.
   */
  update(changes: CashierUpdate): Promise<void>;
}

/**
 * When each phase of a load was reached, in milliseconds since `mountCashier` (0.1 ms
 * resolution), as `onApiInit`'s second argument. The frame's phases are absent when the frame
 * did not report them.
 */
export interface CashierTimings {
  /** The frame document was loaded and its script started. */
  frameLoaded?: number;
  /** The frame connected and asked the host for the widget inputs. */
  connected: number;
  /** The widget settings arrived in the frame. */
  settingsReceived?: number;
  /** True when they came from the page's settings cache (another widget on the page with the same `host` and `msid` fetched them). */
  settingsFromCache?: boolean;
  /** The bundle module was imported. */
  bundleImported?: number;
  /** The bundle's `mount` returned. */
  mounted?: number;
  /** The bundle called `onApiInit`: the widget is ready (`onSlow` is called if this takes over 10 000 ms). */
  ready: number;
  /**
   * Each colour of `appearance` the frame moved to keep WCAG 2.1 AA contrast (4.5:1 for text, 3:1
   * for a field's border and the focus ring): which variable, against what, from and to which
   * `#rrggbb`, the ratios before and after. Absent when nothing moved.
   */
  contrastAdjustments?: ContrastAdjustment[];
}

/**
 * What `onCrash` receives: a `CashierError` (a stable `code`, a message and `details`). This name
 * is kept for code written against earlier versions; new code names `CashierError`.
 */
export type CashierCrash = CashierError;
