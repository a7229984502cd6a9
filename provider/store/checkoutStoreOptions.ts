import type { HoldExtensionPolicy } from '../../shared';
import type { LocalPaymentTimings } from '../../shared/localPayments';
import type { OrderEventListener } from './orderEvents';

/** The checkout store's seat hold policy (issue 37), as its options set it and the control routes change it. */
export interface HoldPolicy {
  /** The extensions of an order whose setup names no `holdExtensions`: `{ count: 0–10, seconds: 1–3600 }`. */
  holdExtensions: HoldExtensionPolicy;
  /** How long past `holdExpiresAt` a payment under way keeps the seats, at most, in milliseconds (≥ 0). */
  holdGraceMs: number;
}

/** Options of `createCheckoutStore` (checkoutStore.ts). */
export interface CheckoutStoreOptions {
  /**
   * Hears the orders' events (orderEvents.ts: paid, pending, processing, failed, hold expired, refunded), each
   * with the app instance and the order as it is then; the provider sends them as webhooks.
   * Default: no one, and no hold timers run.
   */
  onEvent?: OrderEventListener;
  /**
   * The card vault's public origin (e.g. `http://127.0.0.1:4176`), read when a challenge opens:
   * its page is `${origin}/three-ds/challenges/<id>`. Default: not known, and a challenge card's
   * charge answers 500 THREE_DS_UNAVAILABLE.
   */
  vaultOrigin?: () => string | undefined;
  /**
   * The payments origin (e.g. `http://127.0.0.1:4175`), read when a local method's charge opens:
   * its page is `${origin}/local-payments/<chargeId>` (issue 38). Default: not known, and an iDEAL,
   * Bancontact or Klarna charge answers 500 LOCAL_PAYMENTS_UNAVAILABLE.
   */
  paymentsOrigin?: () => string | undefined;
  /**
   * The local payments' timings (shared/localPayments.ts): how long a pending payment takes to
   * settle, and BLIK's answer and expiry. Default `DEFAULT_LOCAL_PAYMENT_TIMINGS` (5 s, 2 s, 120 s).
   */
  localPaymentTimings?: Partial<LocalPaymentTimings>;
  /**
   * How long an order holds its seats when order setup names no `holdSeconds`, in whole seconds
   * (1–3600; createProviderApp reads `CASHIER_HOLD_SECONDS`). Default `DEFAULT_HOLD_SECONDS` (600, shared/orderSetup.ts).
   */
  holdSeconds?: number;
  /**
   * The hold extensions of an order whose setup names no `holdExtensions` (issue 37): `count`
   * extensions (0–10) of `seconds` each (1–3600). Default `DEFAULT_HOLD_EXTENSIONS`, 2 of 300 s
   * (shared/orderSetup.ts). Checked by the caller (createProviderApp).
   */
  holdExtensions?: HoldExtensionPolicy;
  /**
   * How long past `holdExpiresAt` a payment under way keeps the seats, at most, in milliseconds
   * (issue 37): a charge the bank approves after that is refunded (`REFUNDED_HOLD_EXPIRED`).
   * Default `DEFAULT_HOLD_GRACE_MS`, 900 000 (15 minutes; shared/orderSetup.ts).
   */
  holdGraceMs?: number;
  /**
   * The member an app instance carries (issue 25; ProviderState `memberOf`), or undefined: none.
   * Default: no app instance carries one (no saved cards, nothing saved).
   */
  memberOf?: (appInstance: string) => string | undefined;
  /**
   * Whether the orders of an app instance offer PayPal (issue 25: its merchant takes it), so the
   * payment methods by order list `{ type: 'PAYPAL', label: 'PayPal' }`. Default: none does.
   */
  offersPayPal?: (appInstance: string) => boolean;
  /**
   * Whether the merchant of an app instance takes Apple Pay and Google Pay (issue 25 item 4): the
   * express payment methods of its orders list them (wallets.ts). Default: none does.
   */
  offersWallets?: (appInstance: string) => boolean;
}
