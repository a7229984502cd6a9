import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Money, type Order, TEST_CARDS } from '../../shared';
import { type SignedWalletAmount, type WalletType, walletAmount } from '../../shared/wallets';
import type { CheckoutStore } from './checkoutStore';
import { fail, type StoreReply } from './storeReply';

const HOLDERS: Record<WalletType, string> = { APPLE_PAY: 'Apple Pay', GOOGLE_PAY: 'Google Pay' };

/** A wallet token's text that makes its simulated card decline (`card_declined`), for tests of a failed wallet payment. */
export const DECLINING_WALLET_TOKEN = 'simulated-decline';

/** The key of the signed amounts: one per process (the reference API and vault share one process and one store). */
const AMOUNT_KEY = randomBytes(32);
const mac = (orderId: string, totalPrice: string, currencyCode: string) =>
  createHmac('sha256', AMOUNT_KEY)
    .update(JSON.stringify([orderId, totalPrice, currencyCode]))
    .digest();

/**
 * Google Pay start's `signedAmount` for `order` (security review L4): its total as Google Pay writes
 * it, signed (HMAC-SHA256, a simulation of the provider's signature) with the order id. The widget
 * shows that amount on the sheet and carries it back with the token ({@link tokenizeWallet}).
 */
export function signWalletAmount(order: Pick<Order, 'id' | 'total'>): SignedWalletAmount {
  const totalPrice = walletAmount(order.total.amount);
  const currencyCode = order.total.currency;
  return { totalPrice, currencyCode, signature: mac(order.id, totalPrice, currencyCode).toString('base64url') };
}

/** True when `amount` is {@link signWalletAmount}'s for `orderId` and still the order's `total`. */
function signedForTotal(amount: unknown, orderId: string, total: Money): boolean {
  const { totalPrice, currencyCode, signature } = (amount ?? {}) as Partial<Record<keyof SignedWalletAmount, unknown>>;
  if (typeof totalPrice !== 'string' || typeof currencyCode !== 'string' || typeof signature !== 'string') return false;
  const expected = mac(orderId, totalPrice, currencyCode);
  const given = Buffer.from(signature, 'base64url');
  return (
    given.length === expected.length &&
    timingSafeEqual(given, expected) &&
    totalPrice === walletAmount(total.amount) &&
    currencyCode === total.currency
  );
}

/**
 * The amount an Apple Pay token authorized, by a simulated decryption: the reference "decrypts" the
 * token's `paymentData` as it is, reading Apple's `transactionAmount` (minor units) and `currencyCode`
 * (here ISO 4217 alphabetic; Apple's real payload has the numeric code). Undefined when either is missing.
 */
function applePayAmount(token: { paymentData: Record<string, unknown> }): Money | undefined {
  const { transactionAmount, currencyCode } = token.paymentData;
  return typeof transactionAmount === 'number' && typeof currencyCode === 'string'
    ? { amount: transactionAmount, currency: currencyCode }
    : undefined;
}

/**
 * The vault's wallet tokens (issue 25 item 4; DESIGN "Security model": a wallet's payment token is
 * card data, so it comes to the vault, never to the API): `{ wallet, orderId, token, amount? }`
 * ({@link WalletTokenRequest}) becomes a single-use card token bound to `appInstance`, charged as a
 * typed card's. The reference provider simulates the decryption: the token stands for a device card
 * (Visa •••• 4242, approved; one whose text holds {@link DECLINING_WALLET_TOKEN} declines
 * `card_declined`). The token is checked against the order (security review L4): an Apple Pay
 * token's authorized amount ({@link applePayAmount}), or Google Pay's `amount` (Google Pay start's
 * {@link signWalletAmount}, whose signature must fit), must be the order's total.
 *
 * 201 with the card token; 400 INVALID_WALLET_TOKEN unless `wallet` is APPLE_PAY with a `token`
 * object holding a `paymentData` object, or GOOGLE_PAY with a non-empty string `token`; 400
 * PAYMENT_METHOD_NOT_AVAILABLE when the app instance takes no wallet (the store's `offersWallets`);
 * 400 INVALID_ORDER_ID without a string `orderId`; 404 ORDER_NOT_FOUND (also another app instance's
 * order); 400 WALLET_AMOUNT_MISMATCH when the wallet's amount is missing or not the order's total.
 */
export function tokenizeWallet(store: CheckoutStore, body: unknown, appInstance: string): StoreReply {
  const { wallet, orderId, token, amount } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const apple =
    wallet === 'APPLE_PAY' &&
    typeof token === 'object' &&
    token !== null &&
    typeof (token as { paymentData?: unknown }).paymentData === 'object' &&
    (token as { paymentData?: unknown }).paymentData !== null;
  const google = wallet === 'GOOGLE_PAY' && typeof token === 'string' && token !== '';
  if (!apple && !google) {
    return fail(
      400,
      'INVALID_WALLET_TOKEN',
      'Expected { wallet: "APPLE_PAY", orderId, token: { paymentData } } or { wallet: "GOOGLE_PAY", orderId, token: "<tokenizationData.token>", amount }.',
    );
  }
  if (!store.offersWallets(appInstance)) {
    return fail(400, 'PAYMENT_METHOD_NOT_AVAILABLE', `${HOLDERS[wallet as WalletType]} is not offered to this app instance.`);
  }
  if (typeof orderId !== 'string') return fail(400, 'INVALID_ORDER_ID', 'A wallet token needs the { orderId } it pays.');
  const found = store.getOrder(orderId, appInstance);
  if (found.status !== 200) return found;
  const { total } = found.body as Order;
  const bound = apple
    ? sameMoney(applePayAmount(token as { paymentData: Record<string, unknown> }), total)
    : signedForTotal(amount, orderId, total);
  if (!bound) {
    const what = apple ? "The Apple Pay token's amount" : "Google Pay's signed amount (Google Pay start's signedAmount)";
    return fail(400, 'WALLET_AMOUNT_MISMATCH', `${what} is not order ${orderId}'s total.`, { orderId });
  }
  const declines = JSON.stringify(token).includes(DECLINING_WALLET_TOKEN);
  const device = {
    holderName: HOLDERS[wallet as WalletType],
    number: declines ? TEST_CARDS.declined : TEST_CARDS.approved,
    expMonth: 12,
    expYear: store.now().getUTCFullYear() + 3,
    cvc: '123',
  };
  return store.tokenizeCard(device, appInstance);
}

const sameMoney = (a: Money | undefined, b: Money) => a?.amount === b.amount && a.currency === b.currency;
