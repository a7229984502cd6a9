import type { APIRequestContext } from '@playwright/test';
import { RETURNING_BUYER_MEMBER_ID } from '../../provider';
import { ProviderPaths } from '../../shared';
import { tokenFingerprint } from '../support/provider';
import { mountFaults } from './faults';
import type { HarnessMount } from './harness';
import type { PageRun } from './pageRun';
import { type ChaosPlan, type HoldPlan, isChallengeCut, type MountPlan } from './plan';

/** The token a mount is mounted with, and the one its revalidation gives. */
export function tokensOf(plan: ChaosPlan, mount: number): { appInstance: string; fresh: string } {
  return { appInstance: `chaos-${plan.seed}-${mount}`, fresh: `chaos-${plan.seed}-${mount}-fresh` };
}

/** The msid of a mount: a GUID (version 4) made of the seed and the mount whose settings it uses. */
export function msidOf(plan: ChaosPlan, mount: MountPlan): string {
  const hex = (n: number, width: number) => (n >>> 0).toString(16).padStart(width, '0').slice(-width);
  return `${hex(plan.seed, 8)}-0000-4000-8000-${hex(mount.msidOf, 12)}`;
}

/**
 * Before the page loads: accepts the page's tokens (a mount's two as one app instance, a
 * remount's as its earlier mount's), makes their orders (a remount takes its earlier mount's; a
 * local payer's names its buyer's country, issue 38),
 * makes a saved-card payer's app instance the returning buyer's and offers PayPal to a PayPal
 * payer's (issue 25), arms their faults (all but PayPal capture faults: runPayPal.ts arms those).
 * Returns what the harness mounts.
 */
export async function preparePage(run: PageRun): Promise<Map<number, HarnessMount>> {
  const { plan, mounts, urls, control, api, orders } = run;
  const list = new Map<number, HarnessMount>();
  /** Mount → the app instance its tokens stand for (the provider binds orders to it). */
  const instances = new Map<number, string>();
  for (const m of mounts) {
    const { appInstance, fresh } = tokensOf(plan, m.mount);
    // A remount takes its earlier mount's order, so its tokens stand for that mount's app instance
    // (the site's one installation); the fresh token is the same app instance refreshed.
    const reuseOf = m.order && 'reuseOf' in m.order ? m.order.reuseOf : undefined;
    const instance = reuseOf === undefined ? appInstance : (instances.get(reuseOf) ?? tokensOf(plan, reuseOf).appInstance);
    instances.set(m.mount, instance);
    await control.appInstances({ add: [appInstance, fresh], instance });
    // Issue 25: a saved-card payer's app instance carries the returning buyer; a PayPal payer's is offered PayPal.
    if (m.pay?.method === 'saved-card') await control.members({ appInstance: instance, member: RETURNING_BUYER_MEMBER_ID });
    if (m.pay?.method === 'paypal') await run.offerPayPal(instance);
    let orderId: string | undefined;
    if (reuseOf !== undefined) orderId = orders.get(reuseOf);
    const hold = m.pay?.hold;
    if (m.order && !orderId) {
      const made = await createOrder(api, urls.provider, appInstance, {
        event: 'event' in m.order ? m.order.event : 'venue',
        hold,
        startAtMs: m.startAtMs,
        country: m.pay?.local?.country,
      });
      orderId = made.id;
      if (hold && made.holdExpiresAt)
        run.holds.set(made.id, {
          orderId: made.id,
          mount: m.mount,
          page: m.page,
          token: appInstance,
          setupExpiresAt: Date.parse(made.holdExpiresAt),
          extensions: hold.extensions,
        });
    }
    if (orderId) orders.set(m.mount, orderId);
    for (const fault of mountFaults(m, {
      tokenFingerprint: tokenFingerprint(appInstance),
      orderId,
      providerOrigin: urls.provider,
    }))
      await control.fault(fault);
    const frameUrl =
      m.frame === 'ok'
        ? urls.frame
        : m.frame === 'closed-port'
          ? urls.closedPort
          : new URL('/chaos-no-frame-here/', urls.frame).href;
    list.set(m.mount, {
      mount: m.mount,
      host: urls.provider,
      frameUrl,
      appInstance,
      freshToken: fresh,
      msid: msidOf(plan, m),
      ...(orderId ? { orderId } : {}),
      theme: m.theme,
      revalidate: m.revalidate.mode,
      revalidateDelayMs: 'delayMs' in m.revalidate ? m.revalidate.delayMs : 0,
      // A cut during a challenge is timed by the run, which sees the dialog (driveChallenge.ts).
      ...(m.destroy.at === 'never' || isChallengeCut(m) ? {} : { destroy: m.destroy as HarnessMount['destroy'] & object }),
      pays: !!m.pay && !!orderId,
    });
  }
  return list;
}

/**
 * A hold plan's `holdSeconds` counted from its mount's planned start, not from the order's setup
 * before the page loads (a page's later mounts start up to half a minute in).
 */
function holdFrom(hold: HoldPlan, startAtMs: number): number {
  return Math.min(3_600, hold.holdSeconds + Math.ceil(startAtMs / 1000));
}

/** The reference provider's events (shared/referenceCatalog.ts): one at a venue, one online. */
const EVENT_IDS = { venue: 'riverside-jazz-night', online: 'modern-jazz-masterclass' } as const;

/**
 * POST orders/setup as the demo checkout does (one general admission ticket), with a seat hold
 * plan's `holdSeconds` and `holdExtensions` (issue 37) and a local payer's buyer `country` (issue
 * 38: the order then offers its method; PL makes a PLN order); resolves to the order's id and `holdExpiresAt`.
 */
async function createOrder(
  api: APIRequestContext,
  provider: string,
  token: string,
  order: { event: 'venue' | 'online'; hold: HoldPlan | undefined; startAtMs: number; country: string | undefined },
): Promise<{ id: string; holdExpiresAt?: string }> {
  const { hold } = order;
  const response = await api.post(`${provider}${ProviderPaths.orderSetup}`, {
    headers: { Authorization: token },
    data: {
      eventId: EVENT_IDS[order.event],
      lines: [{ ticketTypeId: 'general-admission', quantity: 1 }],
      ...(hold ? { holdSeconds: holdFrom(hold, order.startAtMs), holdExtensions: hold.extensions } : {}),
      ...(order.country ? { country: order.country } : {}),
    },
  });
  if (!response.ok()) throw new Error(`order setup answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as { id: string; holdExpiresAt?: string };
}
