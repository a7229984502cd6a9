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

/** The buttons' component as the chunk's entry gives it. */
type LoadedButtons = Awaited<ReturnType<Awaited<ReturnType<typeof load>>['loadWalletButtons']>>['default'];

/**
 * Apple Pay and Google Pay (issue 25 item 4), light in the bundle: `slot(orderId)` is an element that
 * asks {@link offeredWallets} for the order, and only when it offers one the browser can pay with
 * loads the chunk and shows its buttons. Otherwise nothing shows and nothing more is fetched.
 * `prepare(orderId, locale)` does that ahead of the slot (issue 36 item 1: the first form already
 * has its buttons, rather than growing by them a moment later): it resolves once the order's buttons
 * are ready to show at once, in `locale`'s words, or once it is known there are none. Never rejects.
 */
export function createWallets(deps: WalletDeps): {
  slot: (orderId: string | undefined) => ReactNode;
  prepare: (orderId: string, locale: Promise<string>) => Promise<void>;
} {
  const Buttons = lazy(() => load().then((chunk) => chunk.loadWalletButtons(deps.store.getSnapshot().locale)));
  /** The orders {@link prepare} read: their buttons, ready to show at the slot's first render, or null (none offered). */
  const prepared = new Map<string, { offer: WalletOffer; Ready: LoadedButtons } | null>();
  function Slot({ orderId }: { orderId: string | undefined }) {
    const ready = orderId === undefined ? undefined : prepared.get(orderId);
    const [offer, setOffer] = useState<WalletOffer>();
    useEffect(() => {
      let live = true;
      if (orderId && ready === undefined)
        offeredWallets(deps, orderId).then((wallets) => live && wallets[0] && setOffer({ orderId, wallets }));
      return () => {
        live = false;
      };
    }, [orderId, ready]);
    if (ready) return <ready.Ready {...deps} key={orderId} offer={ready.offer} kit={WALLET_KIT} />;
    return offer && offer.orderId === orderId ? (
      <Suspense fallback={null}>
        <Buttons {...deps} key={orderId} offer={offer} kit={WALLET_KIT} />
      </Suspense>
    ) : null;
  }
  return {
    slot: (orderId) => <Slot orderId={orderId} />,
    async prepare(orderId, locale) {
      try {
        const wallets = await offeredWallets(deps, orderId);
        if (!wallets[0]) {
          prepared.set(orderId, null);
          return;
        }
        const chunk = await load();
        const { default: Ready } = await chunk.loadWalletButtons(await locale);
        prepared.set(orderId, { offer: { orderId, wallets }, Ready });
      } catch {
        // the slot tries again as it shows
      }
    },
  };
}
