import { lazy, type ReactNode, Suspense } from 'react';
import type { PayResult } from '../toPayResult';
import { PAYPAL_KIT, type PayPalDeps, type PayPalStart } from './payPalKit';

/**
 * The PayPal panel's chunk: fetched once the order's methods include PAYPAL, never otherwise
 * (issue 25); its words (their own catalog) in the buyer's language are fetched when it first shows.
 */
const load = () => import('./PayPalPanel');

/**
 * The PayPal choice (issue 25), light in the bundle: the panel ("Pay with PayPal", the popup and
 * its outcome) is a chunk of its own, fetched when the store's methods first include PAYPAL.
 * @returns `element` (the panel, shown by the card form when PAYPAL is chosen) and `outcome`
 *   (createPayment's `payPal`: the result of the PayPal payment of `orderId` started last, or
 *   INVALID `{}` when none was started or it failed: PayPal is paid with its button, not by `pay`)
 *   and `offered()` (true once the mounted order's methods include PAYPAL).
 */
export function createPayPal(deps: PayPalDeps): {
  element: ReactNode;
  outcome: (orderId: string) => Promise<PayResult>;
  offered: () => boolean;
} {
  let started: PayPalStart | undefined;
  const offered = () => deps.store.getSnapshot().methods?.some((m) => m.type === 'PAYPAL') ?? false;
  const loadPanel = () => load().then((chunk) => chunk.loadPayPalPanel(deps.store.getSnapshot().locale));
  let panel: ReturnType<typeof loadPanel> | undefined;
  const fetchWhenOffered = () => {
    if (panel || !offered()) return;
    panel = loadPanel();
    panel.catch(() => {
      panel = undefined; // the panel tries again when chosen (React.lazy), and a failure there is a crash
    });
  };
  deps.store.subscribe(fetchWhenOffered);
  // The chunk and the panel's words in the buyer's language, fetched as soon as PAYPAL is offered.
  const PayPalPanel = lazy(() => panel ?? loadPanel());
  return {
    element: (
      <Suspense fallback={null}>
        <PayPalPanel
          {...deps}
          kit={PAYPAL_KIT}
          onStart={(start) => {
            started = start;
            // A failed start is over: a later `pay` for the order reads its charges (createPayment), not this failure.
            start.result.catch(() => {
              if (started === start) started = undefined;
            });
          }}
        />
      </Suspense>
    ),
    offered,
    outcome: (orderId) => (started?.orderId === orderId ? started.result : Promise.resolve({ status: 'INVALID', errors: {} })),
  };
}
