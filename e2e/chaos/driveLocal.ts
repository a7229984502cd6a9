import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from '@playwright/test';
import { tokenFingerprint } from '../support/provider';
import { typeInto } from '../support/typeInto';
import { LOCAL_RESULT_MARGIN_MS } from './checksLocal';
import { type HoldTimes, ranOutFirst } from './driveHold';
import { choose, type PayPalDriver } from './drivePayPal';
import { pollFaults } from './faults';
import type { ChallengeNote, ChaosHarness, LocalAnswer } from './harness';
import {
  BLIK_CODES,
  type BlikPattern,
  isPendingPattern,
  LOCAL_LABELS,
  LOCAL_TIMINGS,
  type LocalMethod,
  PAYMENT_METHOD_OF,
} from './planLocal';
import { tokensOf } from './preparePage';

// The run's side of issue 38's local payment methods: iDEAL, Bancontact and Klarna (the choice
// and "Pay with …" in the frame, the provider's page in the popup, answered as the payer's pattern
// says) and BLIK (the code typed in the frame, then `pay()`). What the run did goes into the
// mount's events (harness.ts `local-answer`); checksLocal.ts judges what came of it.

/** What paying by a local method needs from the page's run (as PayPal's). */
export type LocalDriver = PayPalDriver;

/** The page's buttons (shared/localPayments.ts LOCAL_PAGE_ANSWERS) and its choice of how a pending payment settles. */
const PAGE = {
  approve: 'Approve payment',
  decline: 'Decline payment',
  pending: 'Approve later (pending)',
  settlesDeclined: 'Settles declined',
  klarnaInParts: 'Pay in 3 parts',
} as const;

/** The widget's words for a payment the bank is confirming (widget/localMethods/redirect: "Your bank is confirming the payment…"). */
const CONFIRMING = 'Your bank is confirming the payment';

/** Calls `pay()` once through the harness (resolves when it started, not settled). */
async function payOnce(d: LocalDriver): Promise<void> {
  await d.page.evaluate(({ n, o }) => (window as unknown as { __chaos: ChaosHarness }).__chaos.pay(n, o, 'once'), {
    n: d.mount.mount,
    o: d.orderId,
  });
}

async function note(page: Page, mount: number, what: Extract<ChallengeNote, { type: 'local-answer' }>): Promise<void> {
  await page.evaluate(({ n, what }) => (window as unknown as { __chaos: ChaosHarness }).__chaos.note(n, what), {
    n: mount,
    what,
  });
}

/** Arms the mount's charge poll faults for `chargeId` (faults.ts pollFaults). */
async function armPollFaults(d: LocalDriver, chargeId: string): Promise<void> {
  const context = {
    tokenFingerprint: tokenFingerprint(tokensOf(d.run.plan, d.mount.mount).appInstance),
    orderId: d.orderId,
    providerOrigin: d.run.urls.provider,
  };
  for (const fault of pollFaults(d.mount, context, chargeId)) await d.run.control.fault(fault);
}

/**
 * Pays by the mount's local method as its plan says (planLocal.ts): BLIK by {@link payByBlik};
 * iDEAL, Bancontact and Klarna by their page in the popup ({@link payByPage}). Then keeps the mount
 * until `pay()` settled and, for a payment left pending, until its `onPaymentResult` came or long
 * past its settle (so the widget that knew it is there when it settles); or destroys it while
 * pending when the plan says so. Returns quietly when the mount is gone or the charge could not be made.
 */
export async function payByLocal(d: LocalDriver): Promise<void> {
  const method = d.mount.pay?.method as LocalMethod;
  if (method === 'blik') return payByBlik(d);
  return payByPage(d, method);
}

async function payByPage(d: LocalDriver, method: Exclude<LocalMethod, 'blik'>): Promise<void> {
  const { page, mount: m, run, sink, frame } = d;
  const local = m.pay?.local;
  if (!local) return;
  const pattern = local.pattern;
  const label = LOCAL_LABELS[method];
  if (d.hold) {
    // The choice first, so that only Enter waits for the page's input at the payment's start.
    await d
      .withKeyboard(async () => (d.gone() ? undefined : choose(frame.getByRole('radio', { name: label }))))
      .catch(() => undefined);
    await sleep(Math.max(0, d.hold.startAt - Date.now()));
  }
  const popup = await d
    .withKeyboard(async () => {
      if (d.gone()) return undefined;
      await choose(frame.getByRole('radio', { name: label }));
      const opened = page.waitForEvent('popup', { timeout: 10_000 });
      // Enter on the button: no click that a layout shift can misplace.
      const button = frame.getByRole('button', { name: `Pay with ${label}` });
      await button.press('Enter');
      return opened.catch(async (error: unknown) => {
        // What the widget showed instead of a popup: its button's state and its notices.
        const disabled = await button.isDisabled({ timeout: 1_000 }).catch(() => undefined);
        const notices = await frame
          .locator('[role="alert"], [role="status"]')
          .allInnerTexts()
          .catch(() => []);
        throw new Error(
          `no popup within 10 s of Enter on "Pay with ${label}"${disabled ? ' (the button is disabled)' : ''}; the widget says: ${JSON.stringify(notices.filter(Boolean))}: ${String(error).split('\n')[0]}`,
        );
      });
    })
    .catch(async (error: unknown) => {
      if (d.gone()) return undefined;
      // Opened too late: the hold ran out on the way (the page's input lock, a loaded machine).
      if (await ranOutFirst(d, d.hold)) return undefined;
      throw error;
    });
  if (!popup) return;
  await note(page, m.mount, { type: 'local-answer', method, action: 'opened' });
  let answered: LocalAnswer | undefined;
  try {
    const approve = popup.getByRole('button', { name: PAGE.approve });
    const shown = await Promise.race([
      approve.waitFor({ timeout: run.bounds.payMs }).then(() => true),
      popup.waitForEvent('close', { timeout: run.bounds.payMs }).then(() => false),
    ]).catch(() => false);
    // The charge failed (the widget closed the popup and says so): nothing to answer.
    if (!shown) return;
    const chargeId = decodeURIComponent(new URL(popup.url()).pathname.split('/').pop() ?? '');
    await armPollFaults(d, chargeId);
    if (pattern === 'race' && !d.gone()) await payOnce(d);
    if (pattern === 'closed') {
      await sleep(local.closeAfterMs ?? 0);
      if (popup.isClosed()) return;
      answered = 'closed';
      await note(page, m.mount, { type: 'local-answer', method, action: 'closed', chargeId });
      await popup.close();
      // A buyer who closed the window stays on the page while the widget notices and cancels the charge.
      await frame
        .getByText(`The ${label} window was closed before you approved the payment`)
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
      return;
    }
    const action: LocalAnswer = pattern === 'race' ? 'approve' : (pattern as LocalAnswer);
    const at = answerAt(d.hold, action);
    if (at !== undefined) await sleep(Math.max(0, at - Date.now()));
    if (popup.isClosed()) return;
    // Klarna asks how to pay first: the run takes both options over its payers.
    if (method === 'klarna' && m.mount % 2 === 1) await popup.getByRole('radio', { name: PAGE.klarnaInParts }).check();
    if (action === 'pending-decline') await popup.getByRole('radio', { name: PAGE.settlesDeclined }).check();
    const button = popup.getByRole('button', {
      name: action === 'approve' ? PAGE.approve : action === 'decline' ? PAGE.decline : PAGE.pending,
    });
    answered = action;
    await note(page, m.mount, { type: 'local-answer', method, action, chargeId });
    // Armed before the click: the page closes itself once it has told the widget.
    const closed = popup.waitForEvent('close', { timeout: 5_000 }).catch(() => undefined);
    await button.click();
    await closed;
  } finally {
    if (!popup.isClosed()) await popup.close().catch(() => undefined);
  }
  if (answered === undefined) return;
  if (isPendingPattern(pattern)) {
    if (local.destroyPending) {
      // The payment settles after its widget is gone: a later mount of the page may pay the order again.
      await sleep(local.destroyPending.afterMs);
      await page.evaluate((n) => (window as unknown as { __chaos: ChaosHarness }).__chaos.destroy(n, 'plan'), m.mount);
      return;
    }
    // A checkout that calls pay() while the bank confirms: it must resolve PENDING with the same charge.
    await frame
      .getByText(CONFIRMING)
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
    if (!d.gone()) await payOnce(d);
    await sink.waitFor(m.mount, (e) => e.type === 'pays-done' || e.type === 'destroy', run.bounds.payMs + 1_000);
    // The widget that knew it was pending hears it settle: keep it past the settle and its polls.
    await sink.waitFor(
      m.mount,
      (e) => e.type === 'payment-result' || e.type === 'destroy',
      LOCAL_TIMINGS.pendingSettleMs + LOCAL_RESULT_MARGIN_MS + 2_000,
    );
    return;
  }
  // The outcome: onPaymentResult, a pay that settled, or the widget's notice of a failure.
  await sink.waitFor(m.mount, (e) => e.type === 'payment-result' || e.type === 'pays-done' || e.type === 'destroy', 10_000);
  if (pattern !== 'race' && !d.gone()) await payOnce(d);
  await sink.waitFor(m.mount, (e) => e.type === 'pays-done' || e.type === 'destroy', run.bounds.payMs + 1_000);
}

/**
 * When the run answers the page, ms since the epoch (undefined: at once): under a seat hold plan
 * that straddles its end, the bank's approval comes at `approveAt`, so "Approve later" is pressed
 * the pending settle time before it (or at once, when that is past).
 */
export function answerAt(hold: HoldTimes | undefined, action: LocalAnswer): number | undefined {
  if (hold?.approveAt === undefined) return undefined;
  const pending = action === 'pending-approve' || action === 'pending-decline';
  return pending ? hold.approveAt - LOCAL_TIMINGS.pendingSettleMs : hold.approveAt;
}

/**
 * Pays by BLIK: chooses it, types the pattern's code (under the page's input lock), calls `pay()`,
 * arms the charge poll faults once the provider has the charge, and waits for `pay()` to settle
 * (the bank answers, or the code expires, within the run's timings).
 */
async function payByBlik(d: LocalDriver): Promise<void> {
  const { page, mount: m, run, sink, frame, orderId } = d;
  const pattern = m.pay?.local?.pattern as BlikPattern;
  const code = BLIK_CODES[pattern];
  const typed = await d
    .withKeyboard(async () => {
      if (d.gone()) return false;
      const radio = frame.getByRole('radio', { name: LOCAL_LABELS.blik });
      await radio.waitFor({ timeout: 10_000 }).catch(() => {
        throw new Error('the ready widget shows no BLIK choice, though its order (PLN, buyer in PL) offers BLIK');
      });
      await choose(radio);
      await typeInto(frame.getByLabel('BLIK code'), code);
      return true;
    })
    .catch((error: unknown) => {
      if (d.gone()) return false;
      throw new Error(`the BLIK code of the ready widget could not be typed: ${String(error).split('\n')[0]}`);
    });
  if (!typed) return;
  if (d.hold) await sleep(Math.max(0, d.hold.startAt - Date.now()));
  if (d.gone()) return;
  await note(page, m.mount, { type: 'local-answer', method: 'blik', action: 'blik', code });
  const before = new Set((await run.control.charges()).map((c) => c.id));
  await payOnce(d);
  // BLIK's charge has no page to name it: the provider's list does, once it is made.
  for (let waited = 0; waited < 5_000 && m.faults.some((f) => f.target === 'charge-poll'); waited += 100) {
    const made = (await run.control.charges()).find(
      (c) =>
        !before.has(c.id) && c.orderId === orderId && (c as { paymentMethod?: string }).paymentMethod === PAYMENT_METHOD_OF.blik,
    );
    if (made) {
      await armPollFaults(d, made.id);
      break;
    }
    if (sink.has(m.mount, (e) => e.type === 'pays-done' || e.type === 'destroy')) break;
    await sleep(100);
  }
  await sink.waitFor(m.mount, (e) => e.type === 'pays-done' || e.type === 'destroy', run.bounds.payMs + 1_000);
}
