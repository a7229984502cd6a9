import type { APIRequestContext, FrameLocator, Page } from '@playwright/test';
import { ProviderPaths } from '../../shared';
import type { EventSink } from './eventSink';
import type { ChallengeNote, ChaosHarness } from './harness';
import type { OrderHold, PageRun } from './pageRun';
import type { HoldPlan, MountPlan } from './plan';

// The run's side of issue 37's seat holds: the buyer asks for more time as the plan says (the
// widget's "Keep my tickets longer"; one ask past the policy through the provider's route, which
// the widget no longer offers), then the run learns the hold's current end from the provider, so
// the payment can start just before it. What the run did goes into the mount's events (harness.ts).

/** What playing a mount's seat hold plan needs from the page's run. */
export interface HoldDriver {
  page: Page;
  mount: MountPlan;
  run: PageRun;
  sink: EventSink;
  frame: FrameLocator;
  orderId: string;
  /** Runs a task that needs the page's input (one at a time per page: a press focuses). */
  withKeyboard: <T>(task: () => Promise<T>) => Promise<T>;
  /** Waits until no other widget's 3-D Secure overlay covers the page. */
  overlayGone: () => Promise<void>;
  /** Whether the mount was destroyed or its iframe removed. */
  gone: () => boolean;
}

/** When the payment starts and when the run approves it, ms since the epoch. */
export interface HoldTimes {
  /** The hold's end (`holdExpiresAt`, extensions included) as the provider said before the payment. */
  endsAt: number;
  startAt: number;
  /** For `kept` and `ended`: when the run approves (answers the challenge, approves in PayPal). */
  approveAt?: number;
}

/** The button the widget offers from the hold's 1-minute milestone (widget/HoldNotice.tsx KEEP_LONGER). */
export const KEEP_LONGER = 'Keep my tickets longer';

/** What the widget says once the hold has ended (widget/HoldNotice.tsx HOLD_EXPIRED): its form is locked then. */
export const HOLD_RAN_OUT = 'The time to pay has run out';

/**
 * After the run could not start a payment under a hold plan (a card form it could not fill, a
 * popup that did not open): when the widget says the hold ran out and the provider's end has
 * passed (within a tolerance), the run was too slow to pay in time (the page's input lock, a
 * loaded machine): notes `hold-missed` and says true, so it counts as a hold missed, not a run
 * that failed. False otherwise (nothing said, or said before the end: that is the widget's to explain).
 */
export async function ranOutFirst(
  d: { page: Page; mount: { mount: number }; frame: FrameLocator },
  hold: HoldTimes | undefined,
): Promise<boolean> {
  if (!hold || Date.now() < hold.endsAt - 250) return false;
  const said = await d.frame
    .getByText(HOLD_RAN_OUT)
    .isVisible()
    .catch(() => false);
  if (!said) return false;
  await note(d, { type: 'hold-missed', holdExpiresAt: new Date(hold.endsAt).toISOString() });
  return true;
}

/** Time the run needs from here to the payment's start (typing a card, opening PayPal), ms: less left and it does not pay. */
const TIME_TO_PAY_MS = 4_000;

/**
 * Plays the mount's hold plan up to its payment: asks for more time `asks` times, reads the hold's
 * end from the provider, and says when to pay (and approve). Resolves undefined, after noting
 * `hold-missed`, when too little of the hold is left to pay before its end (the mount was ready
 * late), or when the mount is gone or has no hold plan.
 */
export async function playHold(d: HoldDriver): Promise<HoldTimes | undefined> {
  const hold = d.mount.pay?.hold;
  const held = d.run.holds.get(d.orderId);
  if (!hold || !held) return undefined;
  for (let ask = 1; ask <= hold.asks && !d.gone(); ask += 1) {
    if (ask <= hold.extensions.count) await pressKeepLonger(d);
    else await note(d, { type: 'hold-ask', via: 'route', ...(await askProvider(d.run.api, d.run.urls.provider, held)) });
  }
  if (d.gone()) return undefined;
  const endsAt = await holdEndOf(d.run.api, d.run.urls.provider, held);
  if (endsAt === undefined || endsAt - Date.now() < hold.leadMs + TIME_TO_PAY_MS) {
    await note(d, { type: 'hold-missed', holdExpiresAt: new Date(endsAt ?? 0).toISOString() });
    return undefined;
  }
  return timesOf(hold, endsAt);
}

/** When a payment across a hold that ends at `endsAt` starts, and is approved. */
export function timesOf(hold: HoldPlan, endsAt: number): HoldTimes {
  return {
    endsAt,
    startAt: endsAt - hold.leadMs,
    ...(hold.straddle === 'edge' ? {} : { approveAt: endsAt + hold.offsetMs }),
  };
}

/** Presses "Keep my tickets longer" (Enter, under the page's input lock) and waits for `onHoldExtended`; notes the ask. */
async function pressKeepLonger(d: HoldDriver): Promise<void> {
  const seen = new Set(d.sink.events.filter((e) => e.mount === d.mount.mount && e.type === 'hold-extended').map((e) => e.at));
  await d.overlayGone();
  const pressed = await d
    .withKeyboard(async () => {
      if (d.gone()) return false;
      await d.frame.getByRole('button', { name: KEEP_LONGER }).press('Enter', { timeout: 5_000 });
      return true;
    })
    .catch(() => false);
  if (!pressed) {
    if (!d.gone()) await note(d, { type: 'hold-ask', via: 'button', reason: 'the widget did not offer it' });
    return;
  }
  const extended = await d.sink.waitFor(d.mount.mount, (e) => e.type === 'hold-extended' && !seen.has(e.at), 5_000);
  await note(d, {
    type: 'hold-ask',
    via: 'button',
    ...(extended?.type === 'hold-extended' ? { holdExpiresAt: extended.holdExpiresAt } : { reason: 'no onHoldExtended' }),
  });
}

/** POST orders/{orderId}/hold-extensions with the order's token, as the widget would: its status, new end or refusal's reason. */
export async function askProvider(
  api: APIRequestContext,
  provider: string,
  held: OrderHold,
): Promise<{ status: number; holdExpiresAt?: string; reason?: string }> {
  const response = await api.post(`${provider}${ProviderPaths.holdExtensions(held.orderId)}`, {
    headers: { Authorization: held.token },
  });
  const body = (await response.json().catch(() => ({}))) as { holdExpiresAt?: string; details?: { reason?: string } };
  return {
    status: response.status(),
    ...(response.ok() && body.holdExpiresAt ? { holdExpiresAt: body.holdExpiresAt } : {}),
    ...(body.details?.reason ? { reason: body.details.reason } : {}),
  };
}

/** The order as the provider has it now (GET orders/{orderId} with its token); undefined when it does not answer 200. */
export async function readOrder(
  api: APIRequestContext,
  provider: string,
  held: OrderHold,
): Promise<{ status: string; holdExpiresAt?: string; holdExtensions?: { remaining: number } } | undefined> {
  const response = await api.get(`${provider}${ProviderPaths.order(held.orderId)}`, { headers: { Authorization: held.token } });
  return response.ok() ? response.json() : undefined;
}

async function holdEndOf(api: APIRequestContext, provider: string, held: OrderHold): Promise<number | undefined> {
  const order = await readOrder(api, provider, held);
  return order?.holdExpiresAt ? Date.parse(order.holdExpiresAt) : undefined;
}

type Note = Extract<ChallengeNote, { type: 'hold-ask' | 'hold-missed' }>;

async function note(d: { page: Page; mount: { mount: number } }, what: Note): Promise<void> {
  await d.page.evaluate(({ n, what }) => (window as unknown as { __chaos: ChaosHarness }).__chaos.note(n, what), {
    n: d.mount.mount,
    what,
  });
}
