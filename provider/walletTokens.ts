import { TEST_CARDS } from '../shared';
import type { WalletType } from '../shared/wallets';
import type { CheckoutStore } from './checkoutStore';
import { fail, type StoreReply } from './storeReply';

const HOLDERS: Record<WalletType, string> = { APPLE_PAY: 'Apple Pay', GOOGLE_PAY: 'Google Pay' };

/** A wallet token's text that makes its simulated card decline (`card_declined`), for tests of a failed wallet payment. */
export const DECLINING_WALLET_TOKEN = 'simulated-decline';

/**
 * The vault's wallet tokens (issue 25 item 4; DESIGN "Security model": a wallet's payment token is
 * card data, so it comes to the vault, never to the API): `{ wallet, token }` ({@link
 * WalletTokenRequest}) becomes a single-use card token bound to `appInstance`, charged as a typed
 * card's. The reference provider simulates the decryption: the token stands for a device card
 * (Visa •••• 4242, approved; one whose text holds {@link DECLINING_WALLET_TOKEN} declines
 * `card_declined`). 201 with the card token; 400 INVALID_WALLET_TOKEN unless `wallet` is APPLE_PAY
 * with a `token` object holding a `paymentData` object, or GOOGLE_PAY with a non-empty string `token`.
 */
export function tokenizeWallet(store: CheckoutStore, body: unknown, appInstance: string): StoreReply {
  const { wallet, token } = (typeof body === 'object' && body !== null ? body : {}) as { wallet?: unknown; token?: unknown };
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
      'Expected { wallet: "APPLE_PAY", token: { paymentData } } or { wallet: "GOOGLE_PAY", token: "<tokenizationData.token>" }.',
    );
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
