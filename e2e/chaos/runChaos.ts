import { setTimeout as sleep } from 'node:timers/promises';
import type { APIRequestContext, Browser } from '@playwright/test';
import type { ProviderControl } from '../support/provider';
import { checkOpenChallenges } from './challengeChecks';
import type { RecordChallenge } from './challengeControl';
import { checkCharges, checkMount, checkPage } from './checks';
import { checkHolds, type FinalOrder, type HoldFacts } from './checksHolds';
import { checkLocal, type LocalFacts } from './checksLocal';
import { readOrder } from './driveHold';
import type { SetHoldPolicy } from './holdControl';
import type { SetLocalTimings } from './localControl';
import type { Bounds, MountObservation, ObservedCharge, PageObservation, Violation } from './observations';
import type { ChaosUrls, OrderHold } from './pageRun';
import type { ChaosPlan, MountPlan } from './plan';
import { HOLD_GRACE_MS } from './planHold';
import { isLocalMethod, isLocalPaymentMethod, LOCAL_TIMINGS } from './planLocal';
import { RequestLog } from './requestLog';
import { runPage } from './runPage';
import { tabsOf } from './tabs';
import { type ReadDeliveries, WebhookLog } from './webhookLog';

/** What a run needs: a Chromium, the servers, the plan, and which of its mounts to run. */
export interface ChaosRun {
  browser: Browser;
  urls: ChaosUrls;
  /** The provider's control API (faults, tokens, request log, charges). */
  control: ProviderControl;
  /** For the orders (POST orders/setup), as a host site's back end would. */
  api: APIRequestContext;
  /** Records a 3-D Secure challenge's result with the provider (challengeControl.ts `challengeRecorder`). */
  recordChallenge: RecordChallenge;
  /** Issue 37: sets the provider's hold policy (holdControl.ts `holdPolicySetter`): the run's short grace limit. */
  setHoldPolicy: SetHoldPolicy;
  /** Issue 38: sets the provider's local payment timings (localControl.ts `localTimingsSetter`): the run's short settles. */
  setLocalTimings: SetLocalTimings;
  /** Issue 37: reads the site's webhook log (webhookLog.ts `deliveryReader`): `order.hold_expired`, `charge.refunded`. */
  readDeliveries: ReadDeliveries;
  plan: ChaosPlan;
  /** The mounts to run; default all. A page runs with those of its mounts that are kept, at their planned times. */
  only?: ReadonlySet<number>;
  /** How many pages run at once; default 3. */
  pagesAtOnce?: number;
  bounds: Bounds;
  /** Told when a page starts and ends (progress); default silent. */
  progress?: (line: string) => void;
}

/** What a run found. */
export interface ChaosReport {
  plan: ChaosPlan;
  observations: MountObservation[];
  pages: PageObservation[];
  charges: ObservedCharge[];
  /** Issue 37: the seat hold orders and what the provider had of them at the end (checksHolds.ts). */
  holds: HoldFacts;
  /** Issue 38: the local payments' charges, webhooks and mounts (checksLocal.ts). */
  local: LocalFacts;
  violations: Violation[];
  /** Wall time of the run, ms. */
  elapsedMs: number;
}

/**
 * Runs the plan: resets the provider, follows its request log, runs the pages (`pagesAtOnce` tabs
 * at a time, each in its own browser context; a PayPal payer's in a tab of its own, tabs.ts), then reads every charge and checks every invariant
 * (checks.ts). Resolves with the report; rejects only when the servers cannot be driven.
 */
export async function runChaos(run: ChaosRun): Promise<ChaosReport> {
  const started = Date.now();
  const { plan, control } = run;
  const keep = (m: number) => !run.only || run.only.has(m);
  // Each page in tabs: a PayPal payer's popup must not hold the page's other frames (tabs.ts).
  const pages = plan.pages
    .map((page) => page.filter(keep).map((m) => plan.mounts[m] as MountPlan))
    .filter((p) => p.length > 0)
    .flatMap(tabsOf);
  await control.reset();
  // Issue 37: a short grace limit (until the next reset), so a payment approved a few seconds past a hold's end outlives it.
  await run.setHoldPolicy({ holdGraceMs: HOLD_GRACE_MS });
  // Issue 38: pending payments settle, and BLIK codes are answered or expire, within seconds (until the next reset).
  await run.setLocalTimings({ ...LOCAL_TIMINGS });
  const log = new RequestLog(control);
  log.follow();
  const webhooks = new WebhookLog(run.readDeliveries);
  // The first read only learns where the site's log stands (other runs' deliveries stay out of the checks: not this run's orders).
  await webhooks.readNow();
  webhooks.follow();
  const holds = new Map<string, OrderHold>();
  const orders = new Map<number, string>();
  // PayPal's offer list is replaced on each call: send the whole set, one call at a time.
  const payPal = new Set<string>();
  let offered: Promise<void> = Promise.resolve();
  const offerPayPal = (instance: string) => {
    payPal.add(instance);
    offered = offered.catch(() => undefined).then(() => control.payPal([...payPal]));
    return offered;
  };
  const results: Awaited<ReturnType<typeof runPage>>[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < pages.length; index = next++) {
      const mounts = pages[index] as MountPlan[];
      const pageStarted = Date.now();
      const result = await runPage({ ...run, mounts, orders, offerPayPal, holds });
      results.push(result);
      run.progress?.(
        `page ${result.page.page}: ${mounts.length} mounts in ${((Date.now() - pageStarted) / 1000).toFixed(1)} s (${results.length}/${pages.length} pages)`,
      );
    }
  };
  let finals = new Map<string, FinalOrder | undefined>();
  let readAt = Date.now();
  try {
    await Promise.all(Array.from({ length: Math.max(1, run.pagesAtOnce ?? 3) }, worker));
    // Issue 37: every hold's grace limit passed (its order.hold_expired sent) and its events delivered, then the orders read.
    finals = await readHolds(run, holds);
    const last = Math.max(0, ...[...finals.values()].map((f) => (f?.holdExpiresAt ? Date.parse(f.holdExpiresAt) : 0)));
    await sleep(Math.min(60_000, Math.max(0, last + HOLD_GRACE_MS + 1_000 - Date.now())));
    await sleep(holds.size > 0 ? DELIVERY_MS : 0);
    finals = await readHolds(run, holds);
    readAt = Date.now();
    // Issue 38: every local payment still under way settles (a pending one, a BLIK code), and its events are delivered.
    if (plan.mounts.some((m) => keep(m.mount) && isLocalMethod(m.pay?.method))) await localSettled(run, new Set(orders.values()));
  } finally {
    await log.stop();
    await webhooks.stop().catch(() => undefined);
  }
  const charges = (await control.charges()) as ObservedCharge[];

  const observations = results
    .flatMap((r) => r.mounts)
    .map((o): MountObservation => ({ ...o, requests: log.of(o.fingerprints) }))
    .sort((a, b) => a.plan.mount - b.plan.mount);
  const byMount = new Map(observations.map((o) => [o.plan.mount, o]));
  const pageObservations = results.map((r) => r.page).sort((a, b) => a.page - b.page);
  const holdFacts: HoldFacts = {
    holds: [...holds.values()],
    finals,
    charges,
    events: [...webhooks.events.values()],
    observations,
    graceMs: HOLD_GRACE_MS,
    readAt,
  };
  const localFacts: LocalFacts = { charges, events: [...webhooks.events.values()], observations };
  const violations = [
    ...observations.flatMap((o) => checkMount(o, byMount, run.bounds)),
    ...pageObservations.flatMap((p) => checkPage(p, byMount)),
    ...checkCharges(charges, observations),
    ...checkOpenChallenges(charges, observations),
    ...checkHolds(holdFacts),
    ...checkLocal(localFacts),
  ];
  if (webhooks.lost > 0)
    violations.push({
      page: -1,
      mount: null,
      check: 'harness',
      detail: `the site's webhook log may have dropped deliveries before they were read (${webhooks.lost} reads): refund counts may be short`,
    });
  if (log.lost > 0)
    violations.push({
      page: -1,
      mount: null,
      check: 'harness',
      detail: `${log.lost} provider records dropped out before they were read: request counts may be short`,
    });
  return {
    plan,
    observations,
    pages: pageObservations,
    charges,
    holds: holdFacts,
    local: localFacts,
    violations,
    elapsedMs: Date.now() - started,
  };
}

/**
 * Longest the run waits, once its pages are done, for the local payments of its orders still under
 * way to settle: a pending one settles {@link LOCAL_TIMINGS}.pendingSettleMs after its page's
 * answer, a BLIK code is answered or expires within blikExpiryMs; a margin for the provider's timer.
 */
const LOCAL_SETTLE_WAIT_MS = LOCAL_TIMINGS.pendingSettleMs + LOCAL_TIMINGS.blikExpiryMs + 3_000;

/**
 * Waits until no local charge of `orders` is PENDING or a BLIK code waiting for its bank (a
 * redirect method's page left open waits for nobody: checksLocal.ts judges it), or
 * {@link LOCAL_SETTLE_WAIT_MS}; then real time for the settled events to reach the site.
 */
async function localSettled(run: ChaosRun, orders: ReadonlySet<string>): Promise<void> {
  const deadline = Date.now() + LOCAL_SETTLE_WAIT_MS;
  for (;;) {
    const charges = (await run.control.charges()) as ObservedCharge[];
    const underWay = charges.filter(
      (c) =>
        orders.has(c.orderId) &&
        isLocalPaymentMethod(c.paymentMethod) &&
        (c.status === 'PENDING' || (c.status === 'REQUIRES_ACTION' && c.paymentMethod === 'BLIK')),
    );
    if (underWay.length === 0 || Date.now() > deadline) break;
    await sleep(250);
  }
  await sleep(DELIVERY_MS);
}

/** Real time for the provider's last webhooks to reach the site and be read, ms. */
const DELIVERY_MS = 1_500;

/** Each hold order as the provider has it now (GET orders/{orderId} with its token). */
async function readHolds(run: ChaosRun, holds: Map<string, OrderHold>): Promise<Map<string, FinalOrder | undefined>> {
  const finals = new Map<string, FinalOrder | undefined>();
  for (const held of holds.values()) finals.set(held.orderId, await readOrder(run.api, run.urls.provider, held));
  return finals;
}
