import type { Charge, Money, ProviderRequest } from '../../shared';
import { GOOGLE_PAY_MERCHANT } from '../../shared/googlePayMerchant';
import {
  type ExpressCheckoutSettings,
  GOOGLE_PAY_CARD,
  GOOGLE_PAY_METHOD,
  type SignedWalletAmount,
  type WalletTokenRequest,
} from '../../shared/wallets';
import type { PayResult } from '../toPayResult';
import type { WalletKit } from './walletKit';

/** The provider calls of a wallet payment (spec 7 and the vault's wallet tokens). */
export interface WalletCalls {
  /** GET express checkout widget settings: the merchant the sheet names. */
  settings(): Promise<ExpressCheckoutSettings>;
  /** GET the order: its total (Apple Pay's sheet). */
  total(orderId: string): Promise<Money>;
  /** POST Google Pay start: the order's amount, signed by the provider (its `signedAmount`; the rest of the reply is not used). */
  startGooglePay(orderId: string): Promise<SignedWalletAmount>;
  /** POST Apple Pay merchant validation: the merchant session. */
  validateApplePay(validationURL: string, orderId: string): Promise<unknown>;
  /** POST the wallet's payment token for an order to the VAULT (never to host): a card token. */
  tokenize(request: WalletTokenRequest): Promise<string>;
  /** POST a charge of the order with the card token, under `idempotencyKey`. */
  charge(orderId: string, cardToken: string, idempotencyKey: string): Promise<Charge>;
}

/** {@link WalletCalls} over the provider client's `request` and `vault.request`, with the bundle's paths and guards (`kit`). */
export function createWalletCalls(
  client: { request(config: ProviderRequest): Promise<unknown>; vault: { request(config: ProviderRequest): Promise<unknown> } },
  kit: WalletKit,
): WalletCalls {
  const P = kit.paths;
  const { request } = client;
  const object =
    <T>(what: string, ok: (body: Record<string, unknown>) => boolean) =>
    (body: unknown): T => {
      if (typeof body !== 'object' || body === null || !ok(body as Record<string, unknown>))
        throw kit.invalidResponse(`${what} does not fit.`);
      return body as T;
    };
  return {
    settings: () =>
      request({ method: 'get', path: P.expressCheckoutWidgetSettings }).then(
        object<ExpressCheckoutSettings>('The express checkout settings', (b) => typeof b.merchantName === 'string'),
      ),
    total: (orderId) =>
      request({ method: 'get', path: P.order(orderId) })
        .then(object<{ total: Money }>('The order', (b) => typeof (b.total as Money | undefined)?.amount === 'number'))
        .then((order) => order.total),
    startGooglePay: (orderId) =>
      request({ method: 'post', path: P.googlePayStart, data: { orderId } })
        .then((body) => (body as { signedAmount?: unknown } | null)?.signedAmount)
        .then(object<SignedWalletAmount>('The Google Pay start reply', isSignedAmount)),
    validateApplePay: (validationURL, orderId) =>
      request({ method: 'post', path: P.applePayMerchantValidation, data: { validationURL, orderId } }),
    tokenize: (data) =>
      client.vault
        .request({ method: 'post', path: P.walletTokens, data })
        .then((body) => kit.parseCardToken(body, 'tokenizeWallet').token),
    charge: (orderId, cardToken, key) =>
      request({
        method: 'post',
        path: P.chargesByOrder(orderId),
        data: { paymentMethod: 'CARD', cardToken },
        headers: { 'Idempotency-Key': key },
      }).then((body) => kit.parseCharge(body, 'chargeOrder')),
  };
}

/**
 * True for a {@link SignedWalletAmount}'s shape (three strings). Its values are the vault's to
 * check; one the Payment Request API cannot show makes the sheet fail before anything is charged.
 */
const isSignedAmount = (b: Record<string, unknown>): boolean =>
  [b.totalPrice, b.currencyCode, b.signature].every((v) => typeof v === 'string');

/**
 * How a wallet payment ended. `refunded`: the charge was approved after the seat hold had ended for
 * good, and the provider refunded it (REFUNDED_HOLD_EXPIRED, issue 37): the order is not paid;
 * `paidElsewhere`: the order was paid meanwhile by another path (nothing
 * charged); `unknown`: the charge's reply was lost and the order's charges could not tell
 * (PAYMENT_OUTCOME_UNKNOWN: the next `pay` for the order reads them again).
 */
export type WalletEnd =
  | { outcome: 'approved' | 'declined' | 'refunded'; result: PayResult }
  | { outcome: 'cancelled' | 'paidElsewhere' }
  | { outcome: 'failed' | 'unknown'; error: unknown };

/**
 * The wallet's token (`request`: the wallet, the order, the token and for Google Pay the signed
 * amount the sheet showed) → the vault → a charge of the order under one Idempotency-Key, through
 * `capture` (createPayment's `captureInWidget`: journalled, a lost reply settled from the order's
 * charges, as a card charge's). Exactly once: the provider keeps one settling charge per order, so
 * a card `pay` racing it gets 409, or this gets 409 ORDER_ALREADY_PAID → `paidElsewhere`. Never rejects.
 */
export async function settleWithToken(
  calls: WalletCalls,
  request: WalletTokenRequest,
  capture: (orderId: string, charge: () => Promise<Charge>) => Promise<PayResult>,
): Promise<WalletEnd> {
  const { orderId } = request;
  try {
    const cardToken = await calls.tokenize(request);
    const key = crypto.randomUUID(); // one key for the charge and its resend
    const result = await capture(orderId, () => calls.charge(orderId, cardToken, key));
    const { status } = result;
    return { outcome: status === 'APPROVED' ? 'approved' : status === 'REFUNDED_HOLD_EXPIRED' ? 'refunded' : 'declined', result };
  } catch (error) {
    const { code, details } = (error ?? {}) as { code?: unknown; details?: { applicationErrorCode?: unknown } };
    if (details?.applicationErrorCode === 'ORDER_ALREADY_PAID') return { outcome: 'paidElsewhere' };
    return { outcome: code === 'PAYMENT_OUTCOME_UNKNOWN' ? 'unknown' : 'failed', error };
  }
}

/** Apple's session class as the flow uses it (a test double stands in for it in tests). */
export interface ApplePaySessionClass {
  new (version: number, request: unknown): ApplePaySessionLike;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

/** The parts of `ApplePaySession` the flow uses. */
export interface ApplePaySessionLike {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null;
  oncancel: ((event: unknown) => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(session: unknown): void;
  completePayment(result: { status: number }): void;
}

/** What a wallet sheet shows: the merchant, the order's total. */
export interface WalletSheet {
  settings: ExpressCheckoutSettings;
  total: Money;
  /** Google Pay start's signed amount for the order, when Google Pay is offered: all the host adds to Google Pay's request. */
  googlePay?: SignedWalletAmount;
}

/**
 * Apple Pay: creates the session and calls `begin()` AT ONCE (call it in the click handler: Safari
 * needs the user gesture, no await before), then validates the merchant through the provider,
 * settles the authorized payment's token (`settle`) and completes the sheet with success or failure.
 * Resolves once it ended; a cancelled sheet (`oncancel`) charged nothing.
 */
export function runApplePay(
  Session: ApplePaySessionClass,
  sheet: WalletSheet,
  validate: (validationURL: string) => Promise<unknown>,
  settle: (token: unknown) => Promise<WalletEnd>,
): Promise<WalletEnd> {
  const { settings, total } = sheet;
  const session = new Session(3, {
    countryCode: settings.countryCode,
    currencyCode: total.currency,
    merchantCapabilities: ['supports3DS'],
    supportedNetworks: ['visa', 'masterCard', 'amex'],
    total: { label: settings.merchantName, amount: (total.amount / 100).toFixed(2), type: 'final' },
  });
  return new Promise((resolve) => {
    let ended = false;
    const end = (how: WalletEnd) => {
      if (ended) return;
      ended = true;
      resolve(how);
    };
    session.onvalidatemerchant = (event) => {
      validate(event.validationURL).then(
        (merchantSession) => session.completeMerchantValidation(merchantSession),
        (error: unknown) => {
          end({ outcome: 'failed', error });
          session.abort();
        },
      );
    };
    session.onpaymentauthorized = (event) => {
      void settle(event.payment.token).then((how) => {
        session.completePayment({ status: how.outcome === 'approved' ? Session.STATUS_SUCCESS : Session.STATUS_FAILURE });
        end(how);
      });
    };
    session.oncancel = () => end({ outcome: 'cancelled' });
    session.begin();
  });
}

/** The Payment Request API as the Google Pay flow uses it. */
export type PaymentRequestClass = new (
  methods: { supportedMethods: string; data: unknown }[],
  details: { total: { label: string; amount: { currency: string; value: string } } },
) => {
  show(): Promise<{ details: unknown; complete(result: 'success' | 'fail'): Promise<void> }>;
};

/**
 * Google Pay's payment data request (API 2.0) for `amount`, built in the frame (security review L4):
 * the card networks, the gateway and the merchant are the bundle's own ({@link GOOGLE_PAY_MERCHANT}),
 * never the host's; the host contributes only the signed amount, which the vault checks.
 */
export function googlePayRequest(amount: SignedWalletAmount) {
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: [
      { type: 'CARD', parameters: GOOGLE_PAY_CARD, tokenizationSpecification: GOOGLE_PAY_MERCHANT.tokenizationSpecification },
    ],
    merchantInfo: GOOGLE_PAY_MERCHANT.merchantInfo,
    transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: amount.totalPrice, currencyCode: amount.currencyCode },
  };
}

/**
 * Google Pay through the Payment Request API (no Google script): builds the request
 * ({@link googlePayRequest}, from the signed amount only) and calls
 * `show()` AT ONCE (in the click handler: the user gesture), settles the token of the payment data
 * (`paymentMethodData.tokenizationData.token`) and completes with success or fail. A dismissed sheet
 * (AbortError) is `cancelled`, nothing charged.
 */
export function runGooglePay(
  Request: PaymentRequestClass,
  sheet: WalletSheet & { googlePay: NonNullable<WalletSheet['googlePay']> },
  settle: (token: unknown) => Promise<WalletEnd>,
): Promise<WalletEnd> {
  const { totalPrice, currencyCode } = sheet.googlePay;
  const amount = { currency: currencyCode, value: totalPrice };
  const request = new Request([{ supportedMethods: GOOGLE_PAY_METHOD, data: googlePayRequest(sheet.googlePay) }], {
    total: { label: GOOGLE_PAY_MERCHANT.merchantInfo.merchantName, amount },
  });
  return request.show().then(
    async (response) => {
      const data = response.details as { paymentMethodData?: { tokenizationData?: { token?: unknown } } } | undefined;
      const token = data?.paymentMethodData?.tokenizationData?.token;
      const how: WalletEnd =
        typeof token === 'string' && token !== ''
          ? await settle(token)
          : { outcome: 'failed', error: new Error('No Google Pay token.') };
      await response.complete(how.outcome === 'approved' ? 'success' : 'fail').catch(() => undefined);
      return how;
    },
    (error: unknown): WalletEnd =>
      (error as { name?: unknown } | null)?.name === 'AbortError' ? { outcome: 'cancelled' } : { outcome: 'failed', error },
  );
}
