/**
 * Apple Pay and Google Pay on the reference provider, shared by the provider and
 * the widget's wallets chunk: the shapes of the spec 7 express checkout widget settings, express
 * payment methods, Apple Pay merchant validation and Google Pay start replies, and of the vault's
 * wallet token request. The wallet's payment token goes to the vault only, which answers a card
 * token; the order is charged with that through the normal charge path (Idempotency-Key).
 */

/** The wallets the reference provider knows. */
export type WalletType = 'APPLE_PAY' | 'GOOGLE_PAY';

/** Spec 7 express checkout widget settings: which wallets are on for the app instance, and as whom. */
export interface ExpressCheckoutSettings {
  /** The wallets on for the app instance; empty when none. */
  wallets: WalletType[];
  /** The merchant's id at Apple (merchant identifier) and Google (merchant id). */
  merchantId: string;
  /** What the payment sheet shows as the payee. */
  merchantName: string;
  /** ISO 3166-1 alpha-2 of the merchant, e.g. `DE`. */
  countryCode: string;
  /** ISO 4217 of the merchant's orders, e.g. `EUR`. */
  currencyCode: string;
}

/** One entry of spec 7 express payment methods for an order. */
export interface ExpressPaymentMethod {
  type: WalletType;
  /** The brand name, e.g. "Apple Pay" (never translated). */
  label: string;
}

/** Body of Apple Pay merchant validation: the `validationURL` of the session's `onvalidatemerchant` event. */
export interface ApplePayValidationRequest {
  /** Apple's validation URL: https, on apple.com or a subdomain of it (else 400 INVALID_VALIDATION_URL). */
  validationURL: string;
  /** The order paid; optional. */
  orderId?: string;
}

/**
 * The amount Google Pay's sheet shows, as Google Pay start answers it (`signedAmount`), signed by the
 * provider for the order; the wallet token request carries it back, and the vault refuses a token
 * whose amount is not the order's total or whose signature does not fit (security review L4).
 */
export interface SignedWalletAmount {
  /** The order's total as Google Pay writes it, e.g. `"25.00"`. */
  totalPrice: string;
  /** ISO 4217, e.g. `EUR`. */
  currencyCode: string;
  /** The provider's signature of the order id, `totalPrice` and `currencyCode` (opaque to the widget). */
  signature: string;
}

/** Body of the vault's wallet tokens: a wallet's payment token for an order, which becomes a card token. */
export interface WalletTokenRequest {
  wallet: WalletType;
  /** The order the sheet was shown for: the vault checks the wallet's amount against its total. */
  orderId: string;
  /** Apple Pay: `ApplePayPayment.token` (an object with `paymentData`); Google Pay: `tokenizationData.token` (a string). */
  token: unknown;
  /** Google Pay only: Google Pay start's {@link SignedWalletAmount}, the amount the sheet showed. */
  amount?: SignedWalletAmount;
}

/** The Google Pay card networks and auth methods the reference merchant takes (also in the widget's availability check). */
export const GOOGLE_PAY_CARD = {
  allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
  allowedCardNetworks: ['AMEX', 'MASTERCARD', 'VISA'],
} as const;

/** The Payment Request API's method identifier of Google Pay. */
export const GOOGLE_PAY_METHOD = 'https://google.com/pay';

/** True when `url` may be an Apple Pay validation URL: https on `apple.com` or a subdomain of it. */
export function isApplePayValidationUrl(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'https:' && (hostname === 'apple.com' || hostname.endsWith('.apple.com'));
  } catch {
    return false;
  }
}

/** An amount in minor units (2-decimal currencies, as the reference catalog's) as the wallets write it: `2500` → `"25.00"`. */
export const walletAmount = (minor: number): string => (minor / 100).toFixed(2);
