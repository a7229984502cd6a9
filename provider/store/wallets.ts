import { randomUUID } from 'node:crypto';
import type { Order } from '../../shared';
import { GOOGLE_PAY_MERCHANT } from '../../shared/googlePayMerchant';
import {
  type ExpressCheckoutSettings,
  type ExpressPaymentMethod,
  GOOGLE_PAY_CARD,
  isApplePayValidationUrl,
  type WalletType,
  walletAmount,
} from '../../shared/wallets';
import type { CheckoutStore } from './checkoutStore';
import { WALLET_SHEET_PAYMENT } from './seatHolds';
import { fail, type StoreReply } from './storeReply';
import { signWalletAmount } from './walletTokens';

/** The reference merchant the wallets' sheets name (a simulation: no real Apple or Google merchant; Google Pay's as the widget's). */
export const WALLET_MERCHANT = {
  merchantId: GOOGLE_PAY_MERCHANT.merchantInfo.merchantId,
  merchantName: GOOGLE_PAY_MERCHANT.merchantInfo.merchantName,
  countryCode: 'DE',
  currencyCode: 'EUR',
} as const;

const WALLETS: readonly ExpressPaymentMethod[] = [
  { type: 'APPLE_PAY', label: 'Apple Pay' },
  { type: 'GOOGLE_PAY', label: 'Google Pay' },
];

/**
 * The reference provider's wallets (issue 25 item 4), on the checkout `store`: spec 7 express
 * checkout widget settings, express payment methods, Apple Pay merchant validation and Google Pay
 * start. `offers(appInstance)` says whether an app instance's merchant takes the wallets (both or
 * none). Nothing here charges: the wallet's token goes to the vault (walletTokens.ts), the charge
 * through the normal charge path. Google Pay start, and Apple Pay merchant validation that names its
 * `orderId`, start a wallet payment (issue 37, the store's {@link WALLET_SHEET_PAYMENT}): the sheet
 * keeps the order's seats past `holdExpiresAt` until a charge of the order settles, or the grace
 * limit ends it.
 */
export function createWallets(store: CheckoutStore, offers: (appInstance: string) => boolean) {
  const on = (appInstance: string): WalletType[] => (offers(appInstance) ? WALLETS.map((w) => w.type) : []);
  const notOffered = (what: string) => fail(400, 'PAYMENT_METHOD_NOT_AVAILABLE', `${what} is not offered to this app instance.`);

  /**
   * The order `orderId` when it may be paid now: else 404 ORDER_NOT_FOUND, 409 ORDER_ALREADY_PAID or
   * ORDER_HOLD_EXPIRED (the hold ended for good: past `holdExpiresAt` with no payment keeping it, or past the grace limit).
   */
  function payable(orderId: string, appInstance: string): { order: Order } | { refused: StoreReply } {
    const found = store.getOrder(orderId, appInstance);
    if (found.status !== 200) return { refused: found };
    const order = found.body as Order;
    if (order.status !== 'AWAITING_PAYMENT') {
      return { refused: fail(409, 'ORDER_ALREADY_PAID', `Order ${orderId} is already settled by charge ${order.chargeId}.`) };
    }
    if (store.holdStateOf(orderId) === 'ENDED') {
      const ended = `Order ${orderId}'s seat hold ended at ${order.holdExpiresAt}.`;
      return { refused: fail(409, 'ORDER_HOLD_EXPIRED', ended, { orderId }) };
    }
    return { order };
  }

  /** Express checkout widget settings: 200 with {@link ExpressCheckoutSettings} (`wallets` empty when off). */
  function settings(appInstance: string): StoreReply<ExpressCheckoutSettings> {
    return { status: 200, body: { wallets: on(appInstance), ...WALLET_MERCHANT } };
  }

  /**
   * Express payment methods for the order `orderId` (the query's): 200 with APPLE_PAY and GOOGLE_PAY
   * when the app instance takes them, else `[]`; 400 INVALID_ORDER_ID without one; 404 ORDER_NOT_FOUND.
   */
  function methodsFor(orderId: string | undefined, appInstance: string): StoreReply {
    if (!orderId) return fail(400, 'INVALID_ORDER_ID', 'Express payment methods need ?orderId=.');
    const found = store.getOrder(orderId, appInstance);
    if (found.status !== 200) return found;
    return { status: 200, body: offers(appInstance) ? WALLETS : [] };
  }

  /**
   * Apple Pay merchant validation (`{ validationURL, orderId? }`): 200 with a simulated merchant
   * session (what `completeMerchantValidation` takes; Apple's is opaque, this one is not signed); 400
   * INVALID_VALIDATION_URL unless an https URL on apple.com or a subdomain (the provider never calls
   * another host); 400 PAYMENT_METHOD_NOT_AVAILABLE when the app instance takes no wallet. With
   * `orderId` (a string; issue 37), the sheet being shown is a payment of that order under way, which
   * keeps its hold: 404, 409 as Google Pay start when the order may not be paid now.
   */
  function validateApplePay(body: unknown, appInstance: string): StoreReply {
    const { validationURL: url, orderId } = (body ?? {}) as { validationURL?: unknown; orderId?: unknown };
    if (!isApplePayValidationUrl(url)) {
      return fail(400, 'INVALID_VALIDATION_URL', 'validationURL must be an https URL on apple.com or a subdomain of it.');
    }
    if (!offers(appInstance)) return notOffered('Apple Pay');
    if (orderId !== undefined) {
      if (typeof orderId !== 'string') return fail(400, 'INVALID_ORDER_ID', 'orderId, when given, must be a string.');
      const found = payable(orderId, appInstance);
      if ('refused' in found) return found.refused;
      store.paymentStarted(orderId, WALLET_SHEET_PAYMENT);
    }
    const now = store.now().getTime();
    return {
      status: 200,
      body: {
        merchantSessionIdentifier: `SSH${randomUUID().replaceAll('-', '').toUpperCase()}`,
        merchantIdentifier: WALLET_MERCHANT.merchantId,
        displayName: WALLET_MERCHANT.merchantName,
        epochTimestamp: now,
        expiresAt: now + 5 * 60_000,
        nonce: randomUUID().slice(0, 8),
        signature: 'simulated',
      },
    };
  }

  /**
   * Google Pay start (`{ orderId }`): 200 with the Google Pay payment data request for the order
   * (API 2.0, card networks, the gateway tokenization, the merchant, the order's total FINAL) and
   * `signedAmount`, the order's total signed for it (walletTokens.ts' signWalletAmount): the widget
   * builds the rest of the request itself and carries the signed amount back with the token;
   * 400 INVALID_ORDER_ID without a string `orderId`; 400 PAYMENT_METHOD_NOT_AVAILABLE; 404, 409 as
   * a charge would be refused (paid, hold ended). The sheet is a payment under way: it keeps the
   * order's hold until a charge of the order settles, or the grace limit ends it.
   */
  function startGooglePay(body: unknown, appInstance: string): StoreReply {
    const orderId = (body as { orderId?: unknown } | undefined)?.orderId;
    if (typeof orderId !== 'string') return fail(400, 'INVALID_ORDER_ID', 'Google Pay start needs { orderId }.');
    const found = payable(orderId, appInstance);
    if ('refused' in found) return found.refused;
    if (!offers(appInstance)) return notOffered('Google Pay');
    store.paymentStarted(orderId, WALLET_SHEET_PAYMENT);
    const { total } = found.order;
    return {
      status: 200,
      body: {
        apiVersion: 2,
        apiVersionMinor: 0,
        allowedPaymentMethods: [
          {
            type: 'CARD',
            parameters: GOOGLE_PAY_CARD,
            tokenizationSpecification: GOOGLE_PAY_MERCHANT.tokenizationSpecification,
          },
        ],
        merchantInfo: GOOGLE_PAY_MERCHANT.merchantInfo,
        transactionInfo: {
          totalPriceStatus: 'FINAL',
          totalPrice: walletAmount(total.amount),
          currencyCode: total.currency,
          countryCode: WALLET_MERCHANT.countryCode,
        },
        signedAmount: signWalletAmount(found.order),
      },
    };
  }

  return { settings, methodsFor, validateApplePay, startGooglePay };
}

/** The wallets' operations. */
export type Wallets = ReturnType<typeof createWallets>;
