import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { CashierError, type CashierWidgetProps, ErrorCode, ProviderPaths, parseCardToken, parseCharge } from '../../shared';
import type { WalletType } from '../../shared/wallets';
import type { FormStore } from '../createFormStore';
import type { createHold } from '../createHold';
import type { createPayment } from '../createPayment';
import { asCashierError } from '../paymentErrors';
import { toPayResult } from '../toPayResult';
import { type WalletWindow, walletsAvailable } from './walletsAvailable';

/** The wallets' chunk (`wallets-*.js`): fetched only for an order that offers a wallet the browser can pay with. */
const load = () => import('./WalletButtons');

/**
 * The bundle's code the wallets chunk uses, handed to it rather than imported (as `PAYPAL_KIT`): the
 * chunk then shares no module with the bundle, so no third chunk is fetched up front.
 */
export const WALLET_KIT = {
  paths: ProviderPaths,
  parseCardToken,
  parseCharge,
  toPayResult,
  asCashierError,
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
  /** The mount's payment flow: `openOrder()` (no wallet while a `pay` is open) and `paidInWidget` (a later `pay` resolves with the wallet's result). */
  payment: () => Pick<ReturnType<typeof createPayment>, 'openOrder' | 'paidInWidget'>;
  /** The mount's seat hold: `settled(orderId, true)` once a wallet paid the order. */
  hold: Pick<ReturnType<typeof createHold>, 'settled'>;
  /** The frame's window (its wallet APIs); default `window`. */
  win?: WalletWindow;
}

/** The wallets shown for an order: its id and the wallets both offered and available. */
export interface WalletOffer {
  orderId: string;
  wallets: WalletType[];
}

/**
 * Apple Pay and Google Pay (issue 25 item 4), light in the bundle: `follow(orderId)` asks the
 * browser first (walletsAvailable.ts, no request); only when it can pay does it read the order's
 * express payment methods (spec 7), and only when the order offers one of those does `element`
 * load the chunk and show its buttons. Otherwise nothing shows and nothing more is fetched. A
 * failed read shows no wallet (the card form is still there).
 */
export function createWallets(deps: WalletDeps): { element: ReactNode; follow(orderId: string | undefined): Promise<void> } {
  let offer: WalletOffer | undefined;
  let latest: string | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const set = (next: WalletOffer | undefined) => {
    offer = next;
    for (const listener of listeners) listener();
  };
  const Buttons = lazy(() => load().then((chunk) => chunk.loadWalletButtons(deps.store.getSnapshot().locale)));
  function Slot() {
    const shown = useSyncExternalStore(subscribe, () => offer);
    return shown ? (
      <Suspense fallback={null}>
        <Buttons {...deps} key={shown.orderId} offer={shown} kit={WALLET_KIT} />
      </Suspense>
    ) : null;
  }
  return {
    element: <Slot />,
    async follow(orderId) {
      latest = orderId;
      if (offer?.orderId !== orderId) set(undefined);
      if (orderId === undefined) return;
      const available = await walletsAvailable(deps.win ?? (window as WalletWindow));
      if (available.length === 0 || latest !== orderId) return;
      const listed = await deps
        .current()
        .providerClient.request({ method: 'get', path: ProviderPaths.expressPaymentMethods, params: { orderId } })
        .catch(() => []);
      const types = Array.isArray(listed) ? listed.map((m) => (m as { type?: unknown } | null)?.type) : [];
      const wallets = available.filter((w) => types.includes(w));
      if (wallets.length > 0 && latest === orderId) set({ orderId, wallets });
    },
  };
}
