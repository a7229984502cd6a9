import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { ProviderPaths } from '../../shared';
import type { WalletType } from '../../shared/wallets';
import { WALLET_KIT, type WalletDeps, type WalletOffer } from './walletKit';
import { type WalletWindow, walletsAvailable } from './walletsAvailable';

/** The wallets' chunk (`wallets-*.js`): fetched only for an order that offers a wallet the browser can pay with. */
const load = () => import('./WalletButtons');

/**
 * The wallets of `orderId` the buttons show: the order's express payment methods (spec 7), read
 * only where the browser has a wallet API at all (`ApplePaySession` or `PaymentRequest`), then those
 * of them the browser says it can pay with (walletsAvailable.ts). A failed read is none (the card
 * form is still there). Never rejects.
 */
export async function offeredWallets(deps: WalletDeps, orderId: string): Promise<WalletType[]> {
  const win = deps.win ?? (window as WalletWindow);
  if (!win.ApplePaySession && !win.PaymentRequest) return [];
  const path = ProviderPaths.expressPaymentMethods;
  const listed = await deps
    .current()
    .providerClient.request({ method: 'get', path, params: { orderId } })
    .catch(() => 0);
  const offered = (['APPLE_PAY', 'GOOGLE_PAY'] as const).filter(
    (w) => Array.isArray(listed) && listed.some((m) => m?.type === w),
  );
  return offered.length > 0 ? walletsAvailable(win, offered) : [];
}

/**
 * Apple Pay and Google Pay (issue 25 item 4), light in the bundle: `slot(orderId)` is an element that
 * asks {@link offeredWallets} for the order, and only when it offers one the browser can pay with
 * loads the chunk and shows its buttons. Otherwise nothing shows and nothing more is fetched.
 */
export function createWallets(deps: WalletDeps): (orderId: string | undefined) => ReactNode {
  const Buttons = lazy(() => load().then((chunk) => chunk.loadWalletButtons(deps.store.getSnapshot().locale)));
  function Slot({ orderId }: { orderId: string | undefined }) {
    const [offer, setOffer] = useState<WalletOffer>();
    useEffect(() => {
      let live = true;
      if (orderId) offeredWallets(deps, orderId).then((wallets) => live && wallets[0] && setOffer({ orderId, wallets }));
      return () => {
        live = false;
      };
    }, [orderId]);
    return offer && offer.orderId === orderId ? (
      <Suspense fallback={null}>
        <Buttons {...deps} key={orderId} offer={offer} kit={WALLET_KIT} />
      </Suspense>
    ) : null;
  }
  return (orderId) => <Slot orderId={orderId} />;
}
