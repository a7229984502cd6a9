import type { HttpHandler } from 'msw';
import type { LocalMethodType, NextAction } from '../shared/providerShapes';
import type { SavedCard } from '../shared/savedCardShapes';
import type { WalletType } from '../shared/wallets';

// The mock provider's public types and constants (mockProvider.ts makes them, validateMockOptions.ts
// checks the options): a module of their own, so neither of those imports the other for them.

/** The app instance token the mock provider accepts when `appInstances` is not given. */
export const MOCK_APP_INSTANCE = 'mock-app-instance';

/**
 * Fault switches of the mock provider. Each stays on until `setFaults` replaces
 * them; what the site sees is in docs/integration.md "Mock mode".
 */
export interface MockFaults {
  /**
   * The widget settings call answers this HTTP status (400–599) with an application error body.
   * 500: the client retries, then `onCrash` gets SETTINGS_LOAD_FAILED (`details.causeCode`
   * HTTP_SERVER_ERROR).
   */
  settingsStatus?: number;
  /**
   * Every API request answers 401 UNAUTHORIZED (the app instance token refused): the frame asks the
   * host's `revalidateAppInstance` for a new token, and without one the request fails UNAUTHORIZED
   * (the settings call: SETTINGS_LOAD_FAILED, `causeCode` UNAUTHORIZED).
   */
  unauthorized?: boolean;
  /** Card tokenization and charges answer 403 CAPTCHA_REQUIRED: `pay` rejects with CAPTCHA_ERROR. */
  captcha?: boolean;
  /** Every card charge is DECLINED with this `declineCode` (e.g. `"card_declined"`), whatever the card. */
  decline?: string | false;
  /** Every API reply waits this many milliseconds (0–600 000) first: a slow provider (`onSlow` past 10 000 ms). */
  delayMs?: number;
}

/** Options of `createMockProvider`. */
export interface MockProviderOptions {
  /**
   * The provider base URL the site passes to `mountCashier` as `host`, e.g.
   * `"http://127.0.0.1:4999"`: absolute http(s), no query or fragment. Nothing needs to listen
   * there: the handlers answer every request to it.
   */
  host: string;
  /**
   * `widgetStaticsBaseUrl` of the widget settings, where the handlers serve the bundle. It must
   * pass the frame build's statics allowlist. Default: on that allowlist, as the build records it
   * (`readFrameBuild(frameDir)`): a development build (`npm run build:dev`, any loopback origin)
   * `${host}/statics`; a production build its first allowlisted origin with the bundle folder it
   * pins (`VITE_CASHIER_STATICS_PATH`; `/cashier-mock` for a build older than the pins). Nothing
   * needs to listen there: the handlers answer it.
   */
  staticsBaseUrl?: string;
  /**
   * The card vault's origin as the frame under test was built with it (card data goes there and
   * nowhere else): a bare http(s) origin. The handlers answer card
   * tokenization there, and only there. Default: the frame build's own (`readFrameBuild(frameDir)`):
   * a production build's `VITE_CASHIER_VAULT_ORIGIN`, or for a development build
   * `developmentVaultOrigin` of its compiled frame URL (its host name, two ports up). A development
   * frame served at another URL needs `developmentVaultOrigin(thatUrl)` here.
   */
  vaultOrigin?: string;
  /**
   * Allow a `vaultOrigin` off loopback (not `localhost` or `127.0.0.1`: a production frame build's
   * real vault). Default false: `createMockProvider` then throws a `TypeError` naming `vaultOrigin`,
   * because a test whose request slipped past the handlers would send test cards and
   * `MOCK_APP_INSTANCE` to that vault. Set it only when every request of the browser is answered by
   * the handlers or refused (the fail-closed fixture of docs/integration.md "Mock mode").
   */
  allowRemoteVault?: boolean;
  /**
   * The built frame app whose record (`.vite/cashier-frame.json`) gives the defaults of
   * `vaultOrigin` and `staticsBaseUrl`; default the package's own `dist/frame-app`, as for
   * `frameAppHandlers`. Read only when one of them is left out.
   */
  frameDir?: string;
  /**
   * The frame's origin (a bare http(s) origin), for the 3-D Secure challenge page the handlers serve
   * at `vaultOrigin`: it shows its buttons only inside a frame of this origin and posts its message
   * there. Default: the origin of the frame build's compiled `frameUrl` (`readFrameBuild(frameDir)`),
   * where `frameAppHandlers()` serves the frame by default. With no build and no `frameOrigin`, the
   * challenge page answers 500 naming this option.
   */
  frameOrigin?: string;
  /**
   * The origins of the site pages that embed the widget in the tests, for the challenge page's
   * `frame-ancestors` (a browser checks it against every ancestor, the site page too). Default:
   * any (`*`); the page still shows its buttons only inside the frame.
   */
  pageOrigins?: readonly string[];
  /** Accepted app instance tokens (`configuration.appInstance`); default `[MOCK_APP_INSTANCE]`. */
  appInstances?: readonly string[];
  /** The bundle's ES module text, served under `staticsBaseUrl`; default the tiny reference bundle (`MOCK_BUNDLE_SOURCE`). */
  bundleSource?: string;
  /** Fault switches to start with; default none. See {@link MockFaults}. */
  faults?: MockFaults;
  /**
   * How long an order holds its seats when order setup (or `createOrder`) names no `holdSeconds`,
   * in whole seconds, 1–3600 (seat holds: a charge after the hold is 409 ORDER_HOLD_EXPIRED).
   * Default 600, as the reference provider.
   */
  holdSeconds?: number;
  /**
   * The seat hold extensions an order allows when order setup (or `createOrder`) names no
   * `holdExtensions`: `{ count, seconds }`, `count` 0–10 (0: none), `seconds` 1–3600, each
   * `POST orders/{orderId}/hold-extensions` adding `seconds` to the current `holdExpiresAt`.
   * Default `{ count: 2, seconds: 300 }`, as the reference provider.
   */
  holdExtensions?: { count: number; seconds: number };
  /**
   * The grace limit, in milliseconds (0 to 86 400 000): how long past `holdExpiresAt` a payment
   * started before it (a card charge, an open 3-D Secure challenge, a PayPal checkout, a wallet
   * sheet) keeps the seats until it settles. Past it the seats are back on sale for good: a new
   * charge is 409 ORDER_HOLD_EXPIRED, and a charge the bank approves after it is refunded at once
   * (`REFUNDED_HOLD_EXPIRED`, the order not paid). Default 900 000 (15 minutes), as the reference
   * provider. A 3-D Secure challenge expires 10 minutes after its charge, so a test of a late
   * approval sets it shorter (e.g. 60 000) and moves `now` past it before completing the challenge.
   */
  holdGraceMs?: number;
  /**
   * The mock provider's clock: order holds, 3-D Secure expiry, the replies' `Date` header and
   * `createdAt`. Default the real one (`() => new Date()`); a test that moves it sees a hold
   * expire without waiting.
   */
  now?: () => Date;
  /**
   * Makes the buyer a returning member: every accepted app instance carries the member,
   * whose saved cards the credit card routes list (primary first) and the vault's saved-card tokens
   * charge with the security code only (`123`, `1234` for amex; the 5th wrong one in a row locks the
   * card for 15 minutes: 429 SAVED_CARD_LOCKED); a new card whose tokenization carried `saveCard`
   * consent joins them once charged APPROVED (a charge body's `saveCard` is ignored). `savedCards`: each `{ id?, brand, last4, expiryMonth, expiryYear, primary? }` (an expiry
   * in the past is shown `expired` and refused a token; ids default to `card_…`; the first is
   * primary when none is; at most one primary); default `[]`. Default for the option: none, a guest
   * (the list is `[]`, nothing is saved). `MOCK_RETURNING_BUYER_CARDS` are the reference provider's
   * returning buyer's two cards.
   */
  returningBuyer?: { savedCards?: readonly MockSavedCardInput[] };
  /**
   * Offers PayPal for every order: payment methods by order add `{ type: 'PAYPAL' }`, and
   * the PayPal checkout routes and approval page (at `payPalOrigin`, buttons "Approve payment" and "Cancel
   * and return") answer. Default false: the checkout create call answers 400 PAYMENT_METHOD_NOT_AVAILABLE.
   */
  payPal?: boolean;
  /**
   * Where the handlers serve the PayPal approval page (a bare http(s) origin): the real widget sends
   * the buyer's popup only to the PayPal origin its frame was built with.
   * Default: the frame build's (`readFrameBuild(frameDir)`: a production build's
   * `VITE_CASHIER_PAYPAL_ORIGIN`, a development build's frame host name one port up), else `host`'s origin.
   */
  payPalOrigin?: string;
  /**
   * The wallets every order offers, `'APPLE_PAY'` and/or `'GOOGLE_PAY'`, each at most once:
   * express checkout widget settings and express payment methods list them, Apple Pay merchant
   * validation (a simulated merchant session) and Google Pay start (the order's payment data
   * request) answer for them, and the vault's wallet tokens make a card token the charge path takes
   * (a simulated Visa •••• 4242, APPROVED; a token whose text holds `MOCK_DECLINING_WALLET_TOKEN` is
   * DECLINED `card_declined`). The widget still shows a wallet only where the browser says it can pay: replace
   * `ApplePaySession` / `PaymentRequest` with test doubles in the page. Default `[]`: none (a wallet
   * not given is 400 PAYMENT_METHOD_NOT_AVAILABLE).
   */
  wallets?: readonly WalletType[];
  /**
   * Offers the local payment methods as the reference provider does: payment methods by
   * order add `IDEAL`, `BANCONTACT`, `BLIK` and `KLARNA` where the order's currency and buyer's
   * `country` allow them (EUR + NL, EUR + BE, PLN + PL, Klarna in its countries; none for an order
   * without a country), and their charges answer 201
   * `REQUIRES_ACTION`: a `REDIRECT` to the method's page at `paymentsOrigin` ("Approve payment",
   * "Decline payment", "Approve later (pending)", "Cancel and return"), or for BLIK (`blikCode`
   * `777123` approved, `777000` declined, `777999` expires; any other 400 INVALID_BLIK_CODE) a
   * `BLIK_CONFIRM` with `expiresAt`. A pending payment is `PENDING` (the order not paid) until it
   * settles. `true` keeps the reference provider's timings; an object shortens them (ms):
   * `pendingSettleMs` (0–10 000, default 5 000), `blikApproveMs` (0–10 000, default 2 000),
   * `blikExpiryMs` (1–120 000, default 120 000). Default: none offered (a local method's charge is
   * 400 PAYMENT_METHOD_NOT_AVAILABLE).
   */
  localPayments?: true | MockLocalPaymentTimings;
  /**
   * Where the handlers serve the local methods' pages (a bare http(s) origin): the real widget sends
   * the buyer's popup only to the payments origin its frame was built with. Default: the frame
   * build's (`readFrameBuild(frameDir)`: its `paymentsOrigin`, a development build's frame host name
   * one port up), else the `payPalOrigin` default (the reference provider serves both on its own origin).
   */
  paymentsOrigin?: string;
}

/** The local payments' timings in milliseconds (`localPayments`), each optional: the reference provider's default where left out. */
export interface MockLocalPaymentTimings {
  /** From "Approve later (pending)" to the settle: 0–10 000, default 5 000. */
  pendingSettleMs?: number;
  /** From a BLIK charge to the bank's answer for `777123` and `777000`: 0–10 000, default 2 000. */
  blikApproveMs?: number;
  /** From a BLIK charge to its `expiresAt` (`777999` then declines `code_expired`): 1–120 000, default 120 000. */
  blikExpiryMs?: number;
}

/** Klarna's two ways to pay, as its page offers them and a charge records them (`klarnaOption`). */
export type MockKlarnaOption = 'PAY_LATER_30_DAYS' | 'PAY_IN_3_PARTS';

/** A saved card to start a returning buyer with (`returningBuyer.savedCards`): {@link SavedCard} without `expired`, `id` and `primary` optional. */
export type MockSavedCardInput = Pick<SavedCard, 'brand' | 'last4' | 'expiryMonth' | 'expiryYear'> & {
  id?: string;
  primary?: boolean;
};

/** What `createOrder` takes: the total, the buyer's country, and the seat hold and its extensions (each optional). */
export interface MockOrderInput {
  amount?: number;
  currency?: string;
  /** The buyer's country (ISO 3166-1 alpha-2, upper case, e.g. `NL`): with `localPayments`, it decides the local methods offered. */
  country?: string;
  holdSeconds?: number;
  holdExtensions?: { count: number; seconds: number };
}

/** An order the mock provider holds. */
export interface MockOrder {
  id: string;
  status: 'AWAITING_PAYMENT' | 'PAID';
  total: { amount: number; currency: string };
  /** The buyer's country, when order setup (or `createOrder`) named one: with `currency`, the local methods offered. */
  country?: string;
  /** The lines as priced, for an order made by the order setup call (`createOrder` makes none). */
  lines?: { ticketTypeId?: string; name: string; unitPrice: number; quantity: number }[];
  chargeId?: string;
  /**
   * When the order's seat hold ends (ISO 8601, the mock's clock): a charge that starts later is 409
   * ORDER_HOLD_EXPIRED, unless a payment under way keeps the seats (up to the grace limit).
   */
  holdExpiresAt: string;
  /** Its hold extension policy and how many extensions are `remaining` (each moves `holdExpiresAt` by `seconds`). */
  holdExtensions: { count: number; seconds: number; remaining: number };
}

/**
 * A charge the mock provider made (the reference provider's shape). `REQUIRES_ACTION` (a 3-D
 * Secure challenge card, a local method waiting for the buyer) carries `nextAction` until it
 * settles; a local method's `PENDING` (the bank is confirming) does not pay the order and becomes
 * `APPROVED` or `DECLINED` by itself.
 */
export interface MockCharge {
  id: string;
  orderId: string;
  /**
   * `REFUNDED_HOLD_EXPIRED`: the bank approved it only after the order's hold had ended for good
   * (past `holdExpiresAt` and the grace limit); refunded at once (`refundedAt`), the order not paid.
   */
  status: 'APPROVED' | 'DECLINED' | 'PENDING' | 'REQUIRES_ACTION' | 'REFUNDED_HOLD_EXPIRED';
  amount: { amount: number; currency: string };
  /** `CARD` (typed or saved), `PAYPAL` for a captured PayPal checkout, or a local method (`localPayments`). */
  paymentMethod: 'CARD' | 'PAYPAL' | LocalMethodType;
  /**
   * Why a DECLINED charge was declined, e.g. `card_declined`, `authentication_failed`,
   * `authentication_abandoned`; for a local method also `customer_declined` and `code_expired` (BLIK).
   */
  declineCode?: string;
  /**
   * While `REQUIRES_ACTION`: the challenge page (`THREE_DS_CHALLENGE`,
   * `<vaultOrigin>/three-ds/challenges/<id>`), a local method's page (`REDIRECT`,
   * `<paymentsOrigin>/local-payments/<chargeId>`) or BLIK's confirmation (`BLIK_CONFIRM`, `expiresAt`).
   */
  nextAction?: NextAction;
  /** A Klarna charge the buyer approved (now or later): the option chosen on its page. */
  klarnaOption?: MockKlarnaOption;
  createdAt: string;
  /** When a `REFUNDED_HOLD_EXPIRED` charge was refunded (ISO 8601, the mock's clock). */
  refundedAt?: string;
}

/** What `createMockProvider` returns. */
export interface MockProvider {
  /** The provider base URL the handlers answer, as checked (no trailing slash): pass it to `mountCashier` as `host`. */
  readonly host: string;
  /** Where the handlers serve the bundle: the settings' `widgetStaticsBaseUrl`. */
  readonly staticsBaseUrl: string;
  /** The card vault origin the handlers answer card tokenization at, as checked. */
  readonly vaultOrigin: string;
  /** The origin the handlers serve the PayPal approval page at, as checked. */
  readonly payPalOrigin: string;
  /** The origin the handlers serve the local methods' pages at, as checked. */
  readonly paymentsOrigin: string;
  /**
   * msw request handlers (msw 2.15 or 3) for every request the frame and the bundle make to `host`,
   * `vaultOrigin` and `staticsBaseUrl`: widget settings, order setup and read, seat hold extensions, payment methods by
   * order, card tokenization, charges by order (create, list), by id and cancel, the 3-D Secure
   * challenge page with its script, style sheet and buttons, buyer info, credit cards (list, primary, item,
   * delete) and saved-card tokens at the vault, PayPal checkout create, update and payment details
   * (read, capture) with the approval page, express checkout widget settings, express payment methods,
   * Apple Pay merchant validation, Google Pay start and wallet tokens at the vault, the local methods' pages at
   * `paymentsOrigin` with their script, style sheet and buttons, the bundle, and CORS preflights.
   * Give them to `setupServer` (Vitest), or answer the browser context's routed requests with
   * msw's `getResponse` (Playwright: context-level routing also sees the frame's requests).
   */
  readonly handlers: HttpHandler[];
  /**
   * Replaces the fault switches (all of them: `setFaults({})` clears them). Takes effect at the next request.
   * @throws TypeError naming the switch when one is unknown or of the wrong type.
   */
  setFaults(faults: MockFaults): void;
  /**
   * Creates an order awaiting payment, as a site's server would (order setup), and returns its id.
   * @param total the amount in minor units and the ISO 4217 currency; default 2500 EUR; and
   * `country`, the buyer's (ISO 3166-1 alpha-2, upper case; default none: no local method); and
   * `holdSeconds`, how long it holds its seats (1–3600; default the `holdSeconds` option, 600); and
   * `holdExtensions`, `{ count, seconds }` (default the `holdExtensions` option, 2 × 300 s).
   * @throws TypeError naming `amount`, `currency`, `country`, `holdSeconds` or the field of `holdExtensions`
   * when not a whole number ≥ 0 / three letters / two upper-case letters / a whole number from 1 to 3600 / `{ count: 0–10, seconds: 1–3600 }`.
   */
  createOrder(total?: MockOrderInput): string;
  /** The order by id, or undefined. */
  order(orderId: string): MockOrder | undefined;
  /** Every charge made so far, oldest first, declines included. */
  charges(): MockCharge[];
  /**
   * Answers the open 3-D Secure challenge of charge `chargeId` as the buyer would with the page's
   * buttons: `'complete'` ("Complete authentication": APPROVED, or DECLINED `card_declined` for
   * `threeDsChallengeDeclined`) or `'fail'` ("Fail authentication": DECLINED
   * `authentication_failed`). The page then answers 409. Returns the settled charge (a copy).
   * @throws TypeError when `outcome` is neither; Error when the charge is unknown or not
   * `REQUIRES_ACTION` (answered, cancelled or expired).
   */
  completeChallenge(chargeId: string, outcome: 'complete' | 'fail'): MockCharge;
  /**
   * Answers the open PayPal checkout of `orderId` (the last created, not yet answered) as the buyer
   * would on the approval page: `'approve'` ("Approve payment") or `'cancel'` ("Cancel and return").
   * The page then answers 404 and sends no message: close the popup, and the widget reads the
   * checkout (approved: it captures, the order is charged `PAYPAL`; cancelled: nothing charged).
   * Returns the checkout's id.
   * @throws TypeError when `outcome` is neither; Error when the order has no open PayPal checkout.
   */
  answerPayPal(orderId: string, outcome: 'approve' | 'cancel'): string;
  /**
   * Answers the open page of local method charge `chargeId` (iDEAL, Bancontact, Klarna) as the buyer
   * would with its buttons: `'approve'` (APPROVED, the order paid), `'decline'` (DECLINED
   * `customer_declined`), `'cancel'` (DECLINED `authentication_abandoned`) or `'pending'` (PENDING,
   * settling as `choices.settleAs`, default `'approve'`, after `pendingSettleMs` on the mock's clock).
   * `choices.klarnaOption` is Klarna's (default `PAY_LATER_30_DAYS`). The page then answers 409 and
   * sends no message: close the popup, and the widget reads the charge. Returns the charge (a copy).
   * @throws TypeError when `answer` or a choice is none of those; Error when the charge has no open page.
   */
  answerLocalPayment(
    chargeId: string,
    answer: 'approve' | 'decline' | 'pending' | 'cancel',
    choices?: { settleAs?: 'approve' | 'decline'; klarnaOption?: MockKlarnaOption },
  ): MockCharge;
  /** The member's saved cards as the credit card list answers them (primary first); `[]` for a guest. */
  savedCards(): SavedCard[];
  /**
   * Forgets every order, card token, charge, challenge, PayPal checkout, local payment and idempotency key, clears
   * the faults, and gives a returning buyer back the `savedCards` it started with.
   */
  reset(): void;
}
