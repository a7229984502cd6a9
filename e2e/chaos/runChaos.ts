import type { APIRequestContext, Browser } from '@playwright/test';
import type { ProviderControl } from '../support/provider';
import { checkOpenChallenges } from './challengeChecks';
import type { RecordChallenge } from './challengeControl';
import { checkCharges, checkMount, checkPage } from './checks';
import type { Bounds, MountObservation, ObservedCharge, PageObservation, Violation } from './observations';
import type { ChaosUrls } from './pageRun';
import type { ChaosPlan, MountPlan } from './plan';
import { RequestLog } from './requestLog';
import { runPage } from './runPage';
import { tabsOf } from './tabs';

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
  const log = new RequestLog(control);
  log.follow();
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
      const result = await runPage({ ...run, mounts, orders, offerPayPal });
      results.push(result);
      run.progress?.(
        `page ${result.page.page}: ${mounts.length} mounts in ${((Date.now() - pageStarted) / 1000).toFixed(1)} s (${results.length}/${pages.length} pages)`,
      );
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, run.pagesAtOnce ?? 3) }, worker));
  } finally {
    await log.stop();
  }
  const charges = await control.charges();

  const observations = results
    .flatMap((r) => r.mounts)
    .map((o): MountObservation => ({ ...o, requests: log.of(o.fingerprints) }))
    .sort((a, b) => a.plan.mount - b.plan.mount);
  const byMount = new Map(observations.map((o) => [o.plan.mount, o]));
  const pageObservations = results.map((r) => r.page).sort((a, b) => a.page - b.page);
  const violations = [
    ...observations.flatMap((o) => checkMount(o, byMount, run.bounds)),
    ...pageObservations.flatMap((p) => checkPage(p, byMount)),
    ...checkCharges(charges, observations),
    ...checkOpenChallenges(charges, observations),
  ];
  if (log.lost > 0)
    violations.push({
      page: -1,
      mount: null,
      check: 'harness',
      detail: `${log.lost} provider records dropped out before they were read: request counts may be short`,
    });
  return { plan, observations, pages: pageObservations, charges, violations, elapsedMs: Date.now() - started };
}
