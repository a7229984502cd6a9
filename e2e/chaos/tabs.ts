import { dependenciesOf, type MountPlan } from './plan';
import { isLocalMethod } from './planLocal';

/**
 * A page's mounts as the run opens them, in browser tabs (each its own browser context): a PayPal
 * payer or a payer by a local method's page (iDEAL, Bancontact, Klarna: a popup too, issue 38),
 * with every mount of its page tied to it (settings it shares, an order it pays again, and
 * theirs in turn), in a tab of its own; the rest of the page in one tab, in mount order.
 *
 * Why: the widget opens PayPal's popup from the frame, so Chromium puts the popup in the frame's
 * renderer, with every frame of the page's other mounts (one site, one process). Playwright
 * pauses each new page until it has attached to it (`waitForDebuggerOnStart`), and while it is
 * paused that renderer runs nothing: under load, for seconds. A buyer's browser never pauses a
 * popup. On one page the other mounts' frames stopped loading and answering (seed 35 page 4:
 * frames named dead, handshakes and heartbeats missed); in tabs of their own they are not held.
 */
export function tabsOf(mounts: readonly MountPlan[]): MountPlan[][] {
  const onPage = new Map(mounts.map((m) => [m.mount, m]));
  const group = new Map(mounts.map((m) => [m.mount, m.mount]));
  const root = (mount: number): number => {
    const up = group.get(mount) ?? mount;
    return up === mount ? mount : root(up);
  };
  for (const m of mounts) for (const dep of dependenciesOf(m)) if (onPage.has(dep)) group.set(root(m.mount), root(dep));
  const popup = (m: MountPlan) => m.pay?.method === 'paypal' || (isLocalMethod(m.pay?.method) && m.pay?.method !== 'blik');
  const payPal = new Set(mounts.filter(popup).map((m) => root(m.mount)));
  const tabs = new Map<number | 'page', MountPlan[]>();
  for (const m of mounts) {
    const key = payPal.has(root(m.mount)) ? root(m.mount) : 'page';
    tabs.set(key, [...(tabs.get(key) ?? []), m]);
  }
  return [...tabs.values()];
}
