import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from '@playwright/test';
import { fillCard } from '../support/checkout';
import { installClock } from '../support/clock';
import { tokenFingerprint } from '../support/provider';
import { LOCAL_RESULT_MARGIN_MS } from './checksLocal';
import { watchChallenges } from './driveChallenge';
import { playHold, ranOutFirst } from './driveHold';
import { payByLocal } from './driveLocal';
import { fillSavedCard, payByPayPal } from './drivePayPal';
import { EventSink } from './eventSink';
import { type ChaosHarness, type HarnessEvent, type HarnessMount, installChaosHarness } from './harness';
import { installListenerWatch, type LiveListener } from './listenerWatch';
import type { MountObservation, PageLine, PageObservation } from './observations';
import type { PageRun } from './pageRun';
import { type ChaosPlan, isChallengeCut, type MountPlan, type PayCard } from './plan';
import { isLocalMethod, isLocalPaymentMethod, LOCAL_TIMINGS } from './planLocal';
import { preparePage, tokensOf } from './preparePage';

/** The card numbers the run types (provider/README.md "Test cards"). */
export const CARD_NUMBERS: Record<PayCard, string> = {
  approved: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  challenge: '4000 0027 6000 3184',
  frictionless: '4000 0000 0000 3055',
  'challenge-declined': '4000 0084 0000 1629',
};

/** How long the page's clock runs after every mount was destroyed: past every timer of docs/development.md "Timeouts" (the longest chain ends at 26 000 ms). */
const WATCH_MS = 30_000;
/** Real time for replies the provider still holds (slow faults) to land before the clock runs. */
const LANDING_MS = 1_000;

/**
 * Runs one page: a fresh browser context on the test host page, the harness installed before it
 * loads and Playwright's clock too; the mounts' tokens accepted, their orders made, their faults
 * armed; each mounted at its time (those with the same time in one task) and driven to its end
 * (outcome, payments, destroy). Then real time for held replies, the clock run past every
 * timer, and what the page holds is read. Resolves with the observations; never rejects for what
 * the widgets do.
 */
export async function runPage(run: PageRun): Promise<{ page: PageObservation; mounts: Omit<MountObservation, 'requests'>[] }> {
  const { browser, plan, mounts, urls } = run;
  const pageNumber = mounts[0]?.page ?? -1;
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const observed: PageObservation = {
    page: pageNumber,
    mounts: mounts.map((m) => m.mount),
    pageErrors: [],
    consoleErrors: [],
    listenersLeft: [],
    iframesLeft: 0,
    harnessErrors: [],
  };
  const harnessErrors = new Map<number, string[]>(mounts.map((m) => [m.mount, []]));
  const sink = new EventSink();
  try {
    await page.exposeBinding('__chaosReport', (_source, event: HarnessEvent) => sink.push(event));
    // tsx compiles with esbuild's keepNames: functions Playwright serializes from here call __name.
    await page.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
    await page.addInitScript({ content: initScript(urls.host) });
    await installClock(page);
    page.on('pageerror', (error) =>
      observed.pageErrors.push({ epoch: Date.now(), text: `${error.name}: ${error.message}`, url: '' }),
    );
    page.on('console', (message) => {
      const line: PageLine = { epoch: Date.now(), text: message.text(), url: message.location().url };
      if (message.type() === 'error' && isHostPageLine(line, urls.host)) observed.consoleErrors.push(line);
    });

    const harnessMounts = await preparePage(run);
    await page.goto(`${urls.host}/test-host.html`);
    const pageStart = Date.now();
    const bursts = new Map<number, MountPlan[]>();
    for (const m of mounts) bursts.set(m.startAtMs, [...(bursts.get(m.startAtMs) ?? []), m]);
    const keyboard = new Lock();
    // Mounts of the page whose challenge dialog is open now: the widget's overlay covers the page.
    const challenges = new Set<number>();
    const drives: Promise<void>[] = [];
    for (const [startAtMs, burst] of bursts) {
      await sleep(Math.max(0, pageStart + startAtMs - Date.now()));
      const list = burst.map((m) => harnessMounts.get(m.mount) as HarnessMount);
      await page.evaluate((l) => (window as unknown as { __chaos: ChaosHarness }).__chaos.mount(l), list);
      for (const m of burst)
        drives.push(
          drive(page, m, run, sink, { keyboard, challenges }).catch(async (error: unknown) => {
            harnessErrors.get(m.mount)?.push(`the run could not drive it: ${String(error)}`);
            await page
              .evaluate((n) => (window as unknown as { __chaos: ChaosHarness }).__chaos.destroy(n, 'run'), m.mount)
              .catch(() => undefined);
          }),
        );
    }
    await Promise.all(drives);
    await sleep(LANDING_MS);
    try {
      await page.clock.runFor(WATCH_MS);
    } catch (error) {
      observed.pageErrors.push({
        epoch: Date.now(),
        text: `a timer threw while the clock ran past every timeout: ${String(error)}`,
        url: '',
      });
    }
    const end = await page.evaluate(() => {
      const h = (window as unknown as { __chaos: ChaosHarness }).__chaos;
      return { events: h.events, listeners: h.liveListeners(), iframes: h.iframeCount() };
    });
    observed.listenersLeft = end.listeners;
    observed.iframesLeft = end.iframes;
    return {
      page: observed,
      mounts: mounts.map((m) => ({
        plan: m,
        fingerprints: fingerprintsOf(plan, m.mount),
        ...(run.orders.has(m.mount) ? { orderId: run.orders.get(m.mount) } : {}),
        events: end.events.filter((e) => e.mount === m.mount),
        listenersLeft: end.listeners.filter((l: LiveListener) => l.mount === m.mount),
        harnessErrors: harnessErrors.get(m.mount) ?? [],
      })),
    };
  } catch (error) {
    observed.harnessErrors.push(`the page could not be run: ${String(error)}`);
    return {
      page: observed,
      mounts: mounts.map((m) => ({
        plan: m,
        fingerprints: fingerprintsOf(plan, m.mount),
        events: sink.events.filter((e) => e.mount === m.mount),
        listenersLeft: [],
        harnessErrors: harnessErrors.get(m.mount) ?? [],
      })),
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}

function fingerprintsOf(plan: ChaosPlan, mount: number): string[] {
  const { appInstance, fresh } = tokensOf(plan, mount);
  return [tokenFingerprint(appInstance), tokenFingerprint(fresh)];
}

/** The listener watch and the harness, as one init script's source, each called with the host origin. */
function initScript(hostOrigin: string): string {
  const origin = JSON.stringify(hostOrigin);
  return `(${installListenerWatch.toString()})(${origin});\n(${installChaosHarness.toString()})(${origin});`;
}

/**
 * A console line of the host page itself: located on the host origin, or nowhere (inline code);
 * not the widgets' frames', not the browser's request for the test page's missing favicon, nor
 * its note on Google Pay's payment manifest.
 */
function isHostPageLine(line: PageLine, hostOrigin: string): boolean {
  if (line.url === `${hostOrigin}/favicon.ico`) return false;
  // Chromium's own line when Google Pay's payment manifest cannot be fetched (the widgets ask
  // canMakePayment, issue 25 wallets; these machines have no internet): the browser's, not the page's.
  if (line.text.startsWith('Unable to download payment manifest')) return false;
  return line.url === '' || line.url.startsWith(`${hostOrigin}/`) || line.url === hostOrigin;
}

/**
 * One mount, once mounted: waits for its outcome (bounded); when ready and the plan pays, fills
 * the card in its frame (one mount at a time per page: typing goes to the focused field) and pays;
 * waits for the payments to settle (bounded); keeps it `lingerMs`; destroys it.
 */
/** What the mounts of one page share: the keyboard, and which of them show a 3-D Secure challenge now. */
interface PageDesk {
  keyboard: Lock;
  challenges: Set<number>;
}

async function drive(page: Page, m: MountPlan, run: PageRun, sink: EventSink, desk: PageDesk): Promise<void> {
  const { bounds } = run;
  // A dead frame's bound counts from its document's end, which may come late: wait as for any frame.
  const outcome = await sink.waitFor(
    m.mount,
    (e) => e.type === 'apiInit' || e.type === 'crash' || e.type === 'destroy' || e.type === 'mount-threw',
    bounds.outcomeMs + 1_000,
  );
  if (outcome?.type === 'apiInit') {
    if (m.pay && run.orders.has(m.mount)) await payThrough(page, m, run, sink, desk);
    if (m.destroy.at === 'removed' || m.destroy.at === 'challenge-removed') {
      const removed = await sink.waitFor(m.mount, (e) => e.type === 'removed' || e.type === 'destroy', m.destroy.afterMs + 5_000);
      if (removed?.type === 'removed') await sink.waitFor(m.mount, (e) => e.type === 'crash', bounds.lostFrameMs + 1_000);
    }
  }
  await sleep(m.lingerMs);
  await page.evaluate((n) => (window as unknown as { __chaos: ChaosHarness }).__chaos.destroy(n, 'run'), m.mount);
}

async function payThrough(page: Page, m: MountPlan, run: PageRun, sink: EventSink, desk: PageDesk): Promise<void> {
  const { keyboard, challenges } = desk;
  const pay = m.pay;
  const orderId = run.orders.get(m.mount);
  if (!pay || !orderId) return;
  const frame = page.frameLocator(`#chaos-mount-${m.mount} iframe`);
  const gone = () => sink.has(m.mount, (e) => e.type === 'destroy' || e.type === 'removed');
  // A remount of a challenge the plan cuts short pays once that mount is gone: it resumes the
  // challenge. A remount of a local payment the plan destroys while pending (issue 38) types its
  // card first and pays as soon as that mount is gone, so its pay() meets the payment while the
  // bank still confirms it, most times (its form may already show that payment: then it types nothing).
  const reuseOf = m.order && 'reuseOf' in m.order ? run.plan.mounts[m.order.reuseOf] : undefined;
  const reusedGone = (of: MountPlan) =>
    sink.waitFor(of.mount, (e) => e.type === 'destroy' || e.type === 'removed', run.bounds.outcomeMs + run.bounds.payMs);
  const resumesPending = !!reuseOf?.pay?.local?.destroyPending;
  if (reuseOf && isChallengeCut(reuseOf)) await reusedGone(reuseOf);
  // Not under another widget's challenge overlay (it covers the page while it is open): wait for
  // it to close before taking the keyboard (its Escape needs the keyboard), and again once if one
  // opened while the card was typed.
  const overlayGone = async () => {
    for (let waited = 0; challenges.size > 0 && waited < run.bounds.payMs; waited += 100) await sleep(100);
  };
  const withKeyboard = <T>(task: () => Promise<T>) => keyboard.run(task);
  // Issue 37: ask for more time, then pay across the hold's end (driveHold.ts); not at all when the hold ran out first.
  const hold = pay.hold
    ? await playHold({ page, mount: m, run, sink, frame, orderId, withKeyboard, overlayGone, gone })
    : undefined;
  if (pay.hold && !hold) return;
  if (pay.method === 'paypal')
    return payByPayPal({ page, mount: m, run, sink, frame, orderId, gone, withKeyboard, ...(hold ? { hold } : {}) });
  if (isLocalMethod(pay.method))
    return payByLocal({ page, mount: m, run, sink, frame, orderId, gone, withKeyboard, ...(hold ? { hold } : {}) });
  for (let attempt = 1; ; attempt += 1) {
    await overlayGone();
    try {
      await keyboard.run(async () => {
        if (gone()) return;
        if (pay.method === 'saved-card') await fillSavedCard(frame);
        else await fillCard(page, CARD_NUMBERS[pay.card], frame);
      });
      break;
    } catch (error) {
      if (gone()) return;
      if (attempt === 1 && challenges.size > 0) continue;
      if (resumesPending) break;
      // Typed too late: the hold ran out on the way (its notice locks the form).
      if (await ranOutFirst({ page, mount: m, frame }, hold)) return;
      const form = pay.method === 'saved-card' ? 'saved card' : 'card form';
      throw new Error(`the ${form} of the ready widget could not be filled: ${String(error).split('\n')[0]}`);
    }
  }
  if (resumesPending && reuseOf) await reusedGone(reuseOf);
  if (hold) await sleep(Math.max(0, hold.startAt - Date.now()));
  const started = await page.evaluate(({ n, o, p }) => (window as unknown as { __chaos: ChaosHarness }).__chaos.pay(n, o, p), {
    n: m.mount,
    o: orderId,
    p: pay.pattern,
  });
  if (started)
    await watchChallenges({
      page,
      mount: m,
      sink,
      frame,
      record: run.recordChallenge,
      withKeyboard,
      showing: (on) => (on ? challenges.add(m.mount) : challenges.delete(m.mount)),
      timeoutMs: run.bounds.payMs + 1_000,
      ...(hold?.approveAt === undefined ? {} : { answerAt: hold.approveAt }),
    });
  // Issue 38: a pay() that met a local payment the bank is still confirming (a remount of one left
  // pending) resolved PENDING: keep the widget until it hears the settle, or well past it.
  const pending = sink.has(
    m.mount,
    (e) => e.type === 'pay-settled' && e.outcome.status === 'PENDING' && isLocalPaymentMethod(e.outcome.paymentMethod),
  );
  if (pending)
    await sink.waitFor(
      m.mount,
      (e) => e.type === 'payment-result' || e.type === 'destroy' || e.type === 'removed',
      LOCAL_TIMINGS.pendingSettleMs + LOCAL_RESULT_MARGIN_MS + 2_000,
    );
}

/** Runs tasks one at a time. */
class Lock {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
