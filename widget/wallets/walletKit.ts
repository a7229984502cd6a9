import { CashierError, type CashierWidgetProps, ErrorCode, ProviderPaths, parseCardToken, parseCharge } from '../../shared';
import type { WalletType } from '../../shared/wallets';
import type { FormStore } from '../createFormStore';
import type { createHold } from '../createHold';
import type { createPayment } from '../createPayment';
import type { PayResult } from '../toPayResult';
import type { WalletWindow } from './walletsAvailable';

// What the wallets in the bundle (createWallets.tsx) and their lazily loaded buttons
// (WalletButtons.tsx, walletFlow.ts) share: the kit the bundle hands the chunk, and the types of
// the mount's parts the buttons use. Its own module, so neither side imports the other.

/**
 * The bundle's code the wallets chunk uses, handed to it rather than imported (as `PAYPAL_KIT`): the
 * chunk then shares no module with the bundle, so no third chunk is fetched up front.
 */
export const WALLET_KIT = {
  paths: ProviderPaths,
  parseCardToken,
  parseCharge,
  /** CashierError INVALID_RESPONSE with `message`. */
  invalidResponse: (message: string) => new CashierError(ErrorCode.InvalidResponse, message),
};

/** The type of {@link WALLET_KIT}. */
export type WalletKit = typeof WALLET_KIT;

/** What the wallets need from the widget's mount (as the PayPal choice's `PayPalDeps`). */
export interface WalletDeps {
  /** The widget's form store: its lock and the buyer's language. */
  store: FormStore;
  /** The props now (the provider client, `onPaymentResult`). */
  current: () => CashierWidgetProps;
  /**
   * The mount's payment flow: `openOrder()` (no wallet while a `pay` is open) and `captureInWidget`
   * (the wallet's charge kept exactly once; a later `pay` for the order resolves with its result).
   */
  payment: () => Pick<ReturnType<typeof createPayment>, 'openOrder' | 'captureInWidget'>;
  /**
   * The mount's seat hold: `paying(orderId)` once a wallet sheet shows (issue 37: the hold waits for
   * it), `settled(orderId, paid)` once it ended.
   */
  hold: Pick<ReturnType<typeof createHold>, 'paying' | 'settled'>;
  /** The result as `pay` would resolve it: a refund because the hold ended with the buyer's message (issue 37). */
  told: (result: PayResult) => PayResult;
  /** The frame's window (its wallet APIs); default `window`. */
  win?: WalletWindow;
}

/** The wallets shown for an order: its id and the wallets both offered and available. */
export interface WalletOffer {
  orderId: string;
  wallets: WalletType[];
}
