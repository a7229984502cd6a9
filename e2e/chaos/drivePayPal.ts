import { setTimeout as sleep } from 'node:timers/promises';
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { tokenFingerprint } from '../support/provider';
import { typeInto } from '../support/typeInto';
import type { HoldTimes } from './driveHold';
import type { EventSink } from './eventSink';
import { captureFaults } from './faults';
import type { ChaosHarness } from './harness';
import type { PageRun } from './pageRun';
import type { MountPlan } from './plan';
import { tokensOf } from './preparePage';

// The run's side of issue 25's ways to pay that are not a typed card: the returning buyer's saved
// card (only its security code is typed) and PayPal (the button in the frame, the provider's
// approval page in the popup). What the run did goes into the mount's events (harness.ts).

/**
 * The returning buyer's primary saved card as the widget names its choice (provider/store/savedCards.ts),
 * the masked number and the expiry as left-to-right isolates (U+2066 … U+2069).
 */
export const SAVED_VISA = 'Visa \u2066•••• 4242\u2069, expires \u206612/34\u2069';

/**
 * Types the saved card's security code once the widget lists the returning buyer's cards with the
 * Visa chosen (the card form shows first, until buyer info and the list have answered).
 */
export async function fillSavedCard(frame: FrameLocator): Promise<void> {
  const visa = frame.getByRole('radio', { name: SAVED_VISA });
  await visa.waitFor();
  await choose(visa);
  await typeInto(frame.getByLabel('Security code'), '123');
}

/**
 * Checks `radio` from the keyboard (focus, then Space), not by a click at its place on the screen:
 * on a chaos page other mounts grow, shrink or turn into alerts above it, and a click aimed
 * before such a shift lands beside the radio (Playwright: "Clicking the checkbox did not change
 * its state").
 */
export async function choose(radio: Locator): Promise<void> {
  if (await radio.isChecked()) return;
  await radio.focus();
  await radio.press('Space');
  // The widget's form state answers the key a moment later on a loaded machine: look again for 2 s.
  for (let waited = 0; waited < 2_000; waited += 100) {
    if (await radio.isChecked()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const disabled = await radio.isDisabled().catch(() => undefined);
  throw new Error(`Space on the focused radio did not check it${disabled ? ' (the radio is disabled)' : ''}`);
}

/** What paying by PayPal needs from the page's run. */
export interface PayPalDriver {
  page: Page;
  mount: MountPlan;
  run: PageRun;
  sink: EventSink;
  frame: FrameLocator;
  orderId: string;
  /** Runs a task that needs the page's input (one at a time per page: a click focuses). */
  withKeyboard: <T>(task: () => Promise<T>) => Promise<T>;
  /** Whether the mount was destroyed or its iframe removed. */
  gone: () => boolean;
  /** Issue 37: when to open PayPal (the payment's start) and approve (past the hold's end), ms since the epoch. */
  hold?: HoldTimes;
}

/**
 * Pays by PayPal as the mount's `pattern` says (planMethods.ts PayPalPattern): chooses PayPal,
 * opens the popup with "Pay with PayPal" (the popup is caught under the page's input lock, so it
 * is this widget's), arms the plan's capture faults for the checkout the popup shows, answers the
 * approval page ("Cancel and return" first for `again`), calls `pay()` while it is open
 * (`double`) or once the widget has the outcome (otherwise), and waits for every `pay` to settle.
 * Returns quietly when the mount is gone, or the checkout could not be created (the widget says so).
 */
export async function payByPayPal(d: PayPalDriver): Promise<void> {
  const { page, mount: m, run, sink, frame, orderId } = d;
  const pattern = m.pay?.pattern ?? 'once';
  const pay = () =>
    page.evaluate(({ n, o }) => (window as unknown as { __chaos: ChaosHarness }).__chaos.pay(n, o, 'once'), {
      n: m.mount,
      o: orderId,
    });
  const rounds: ('cancel' | 'approve')[] = pattern === 'again' ? ['cancel', 'approve'] : ['approve'];
  if (d.hold) await sleep(Math.max(0, d.hold.startAt - Date.now()));
  for (const action of rounds) {
    const popup = await d
      .withKeyboard(async () => {
        if (d.gone()) return undefined;
        await choose(frame.getByRole('radio', { name: 'PayPal' }));
        const opened = page.waitForEvent('popup', { timeout: 10_000 });
        // Enter on the button, like the radio above: no click that a layout shift can misplace.
        await frame.getByRole('button', { name: 'Pay with PayPal' }).press('Enter');
        return opened;
      })
      .catch((error: unknown) => {
        if (d.gone()) return undefined;
        throw error;
      });
    if (!popup) return;
    try {
      const button = popup.getByRole('button', { name: action === 'approve' ? 'Approve payment' : 'Cancel and return' });
      const shown = await Promise.race([
        button.waitFor({ timeout: run.bounds.payMs }).then(() => true),
        popup.waitForEvent('close', { timeout: run.bounds.payMs }).then(() => false),
      ]).catch(() => false);
      if (!shown || d.gone()) return; // the create failed (the widget closed the popup and says so), or the mount is gone
      const checkoutId = decodeURIComponent(new URL(popup.url()).pathname.split('/').pop() ?? '');
      if (action === 'approve') {
        const context = {
          tokenFingerprint: tokenFingerprint(tokensOf(run.plan, m.mount).appInstance),
          orderId,
          providerOrigin: run.urls.provider,
        };
        for (const fault of captureFaults(m, context, checkoutId)) await run.control.fault(fault);
        if (pattern === 'double') await pay();
      }
      if (action === 'approve' && d.hold?.approveAt !== undefined) {
        await sleep(Math.max(0, d.hold.approveAt - Date.now()));
        if (d.gone() || popup.isClosed()) return;
      }
      await page.evaluate(({ n, note }) => (window as unknown as { __chaos: ChaosHarness }).__chaos.note(n, note), {
        n: m.mount,
        note: { type: 'paypal-answer' as const, checkoutId, action },
      });
      // Armed before the click: the widget may close the popup before the click returns.
      const closed = popup.waitForEvent('close', { timeout: 5_000 }).catch(() => undefined);
      await button.click();
      await closed;
    } finally {
      if (!popup.isClosed()) await popup.close().catch(() => undefined);
    }
    if (action === 'cancel')
      await frame
        .getByRole('button', { name: 'Pay with PayPal' })
        .waitFor({ timeout: 5_000 })
        .catch(() => undefined);
  }
  // The outcome: onPaymentResult, a pay that settled, or the widget's notice of a failure.
  await sink.waitFor(m.mount, (e) => e.type === 'payment-result' || e.type === 'pays-done' || e.type === 'destroy', 10_000);
  if (pattern !== 'double' && !d.gone()) await pay();
  await sink.waitFor(m.mount, (e) => e.type === 'pays-done' || e.type === 'destroy', run.bounds.payMs + 1_000);
}
