import { setTimeout as sleep } from 'node:timers/promises';
import type { FrameLocator, Locator, Page } from '@playwright/test';
import type { EventSink } from './eventSink';
import type { ChallengeNote, ChaosHarness } from './harness';
import { type ChallengeAction, type ChallengePlan, isChallengeCut, type MountPlan } from './plan';

// The run's side of 3-D Secure (issue 22): while a mount's pay calls run, it watches the widget's
// frame for the challenge dialog and does what the plan says with it: answers it (the provider's
// control route, the bank page's buttons, Cancel, Escape), or cuts it short (destroy() or the
// iframe's removal). What it saw and did goes into the mount's events (harness.ts ChallengeNote).

/** What watching a mount's challenges needs from the page's run. */
export interface ChallengeDriver {
  page: Page;
  mount: MountPlan;
  sink: EventSink;
  /** The widget's frame on the host page. */
  frame: FrameLocator;
  /** Records a challenge's result as the bank's page would (POST /__control/three-ds/<challengeId>). */
  record: (challengeId: string, outcome: 'complete' | 'fail') => Promise<void>;
  /** Runs a task that needs the keyboard (one at a time per page). */
  withKeyboard: <T>(task: () => Promise<T>) => Promise<T>;
  /** How long to watch at most, ms. */
  timeoutMs: number;
  /** Told whether the mount's challenge dialog is open now (the page's other widgets wait to type). */
  showing: (on: boolean) => void;
  /** Issue 37: when to answer the first challenge (ms since the epoch: past its order's hold end), in place of the plan's `afterMs`. */
  answerAt?: number;
}

/** What a later challenge of a mount gets (its pay again after a decline): completed at once. */
const LATER: ChallengePlan = { action: 'complete', afterMs: 0 };
/** How often the frame is looked at for a new challenge, ms. */
const LOOK_EVERY_MS = 100;

/** The challenge dialog in a widget's frame (its accessible name begins "Confirm your payment"). */
export const challengeDialog = (frame: FrameLocator): Locator => frame.getByRole('dialog', { name: /^Confirm your payment/ });

/** The challenge id of a challenge page URL: its last path segment. */
export function challengeIdOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
}

/**
 * Watches the mount's frame until its pay calls are done (or `timeoutMs`): each new challenge
 * (a new challenge id) is noted, then the first is answered or cut as the plan says, later ones
 * completed. Throws only when an answer the plan asks for cannot be given while the widget is
 * still there.
 */
export async function watchChallenges(d: ChallengeDriver): Promise<void> {
  const deadline = Date.now() + d.timeoutMs;
  const done = () => d.sink.has(d.mount.mount, (e) => e.type === 'pays-done');
  const seen = new Set<string>();
  try {
    while (Date.now() < deadline && !done()) {
      if (gone(d)) {
        d.showing(false);
        await d.sink.waitFor(d.mount.mount, (e) => e.type === 'pays-done', Math.max(0, deadline - Date.now()));
        return;
      }
      const id = await openChallengeId(d.frame);
      d.showing(id !== undefined);
      if (id && !seen.has(id)) {
        seen.add(id);
        await note(d, { type: 'challenge', challengeId: id });
        await handle(d, id, seen.size === 1);
      }
      await sleep(LOOK_EVERY_MS);
    }
  } finally {
    d.showing(false);
  }
}

/** The id of the challenge the frame shows now, or undefined. */
async function openChallengeId(frame: FrameLocator): Promise<string | undefined> {
  try {
    const dialog = challengeDialog(frame);
    if (!(await dialog.isVisible())) return undefined;
    const src = await dialog.locator('iframe').getAttribute('src', { timeout: 1_000 });
    return src ? challengeIdOf(src) : undefined;
  } catch {
    return undefined; // the frame went away while we looked
  }
}

async function handle(d: ChallengeDriver, id: string, first: boolean): Promise<void> {
  const { mount } = d;
  if (first && isChallengeCut(mount) && mount.destroy.at !== 'never') {
    await sleep(mount.destroy.afterMs);
    const how = mount.destroy.at === 'challenge' ? 'destroy' : 'remove';
    await d.page.evaluate(
      ({ n, how }) => {
        const chaos = (window as unknown as { __chaos: ChaosHarness }).__chaos;
        if (how === 'destroy') chaos.destroy(n, 'plan');
        else chaos.remove(n);
      },
      { n: mount.mount, how },
    );
    return;
  }
  const plan = first ? (mount.pay?.challenge ?? LATER) : LATER;
  await sleep(first && d.answerAt !== undefined ? Math.max(0, d.answerAt - Date.now()) : plan.afterMs);
  if (gone(d)) return;
  try {
    await answer(d, id, plan.action, () => note(d, { type: 'challenge-answer', challengeId: id, action: plan.action }));
  } catch (error) {
    if (!gone(d)) throw new Error(`the challenge ${id} could not be answered (${plan.action}): ${String(error).split('\n')[0]}`);
  }
}

/** Does `action`; `noted` records the answer in the mount's events right before it is given (the outcome bound counts from there). */
async function answer(d: ChallengeDriver, id: string, action: ChallengeAction, noted: () => Promise<void>): Promise<void> {
  const dialog = challengeDialog(d.frame);
  switch (action) {
    case 'complete':
    case 'fail':
      await noted();
      return d.record(id, action);
    case 'page-complete':
    case 'page-fail': {
      const name = action === 'page-complete' ? 'Complete authentication' : 'Fail authentication';
      const button = dialog.locator('iframe').contentFrame().getByRole('button', { name });
      await button.waitFor();
      await noted();
      return button.click();
    }
    case 'cancel':
      await noted();
      return dialog.getByRole('button', { name: 'Cancel' }).click();
    case 'escape':
      return d.withKeyboard(async () => {
        await noted();
        await dialog.press('Escape');
      });
  }
}

function gone(d: ChallengeDriver): boolean {
  return d.sink.has(d.mount.mount, (e) => e.type === 'destroy' || e.type === 'removed');
}

async function note(d: ChallengeDriver, what: ChallengeNote): Promise<void> {
  await d.page.evaluate(({ n, what }) => (window as unknown as { __chaos: ChaosHarness }).__chaos.note(n, what), {
    n: d.mount.mount,
    what,
  });
}
