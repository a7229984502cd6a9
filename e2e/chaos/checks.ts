import { MAX_RETRIES, MAX_REVALIDATIONS, ProviderPaths } from '../../shared';
import { checkChallenges } from './challengeChecks';
import { checkExpectation } from './expectations';
import type { HarnessEvent } from './harness';
import {
  type Bounds,
  type MountObservation,
  type ObservedCharge,
  outcomeOf,
  type PageObservation,
  type Violation,
} from './observations';
import { isLocalPaymentMethod } from './planLocal';
import { mayBeOutcomeUnknown } from './predict';

// The invariants of issue 12's chaos run, checked on what a run observed. Pure functions: the
// unit tests feed them observations by hand.

/** Attempts one idempotent call may make (spec 7, 9: the first, MAX_RETRIES retries, one re-send after a revalidation). */
export const IDEMPOTENT_ATTEMPTS = 1 + MAX_RETRIES + MAX_REVALIDATIONS;
/** Attempts one POST may make: never retried, one re-send after a revalidation. */
export const POST_ATTEMPTS = 1 + MAX_REVALIDATIONS;

type Of<T extends HarnessEvent['type']> = Extract<HarnessEvent, { type: T }>;
const ofType = <T extends HarnessEvent['type']>(events: HarnessEvent[], type: T) =>
  events.filter((e): e is Of<T> => e.type === type);
const first = <T extends HarnessEvent['type']>(events: HarnessEvent[], type: T) => ofType(events, type)[0];

/**
 * Per mount: exactly one of ready or `onCrash` (unless destroyed first), within its bound;
 * `onCrash` at most once; no callback after destroy; no iframe or listener left by destroy;
 * requests and revalidations within spec 7; every `pay` settles within its bound; a frame removed
 * without `destroy()` is reported; and a mount whose own faults are all recoverable loads, one
 * whose faults cannot be recovered from does not. `all` gives the other mounts of the run (for
 * shared settings).
 */
export function checkMount(o: MountObservation, all: ReadonlyMap<number, MountObservation>, bounds: Bounds): Violation[] {
  const found: Violation[] = [];
  const v = (check: string, detail: string) => found.push({ page: o.plan.page, mount: o.plan.mount, check, detail });
  const { events, plan } = o;
  const mounted = first(events, 'mounted');
  for (const error of o.harnessErrors) v('harness', error);
  const threw = first(events, 'mount-threw');
  if (threw) v('harness', `mountCashier threw: ${threw.message}`);
  if (!mounted) return found;

  // Exactly one of ready or onCrash, once each, within the bound.
  const before = events.filter((e) => !e.afterDestroy);
  const readies = ofType(before, 'apiInit');
  const crashes = ofType(before, 'crash');
  const removed = first(events, 'removed');
  if (readies.length > 1) v('one outcome', `onApiInit came ${readies.length} times`);
  if (crashes.length > 1) v('one outcome', `onCrash came ${crashes.length} times: ${crashes.map((c) => c.code).join(', ')}`);
  const crashBeforeRemoval = crashes.filter((c) => !removed || c.at < removed.at);
  if (readies.length > 0 && crashBeforeRemoval.length > 0)
    v('one outcome', `both onApiInit and onCrash (${crashBeforeRemoval.map((c) => c.code).join(', ')})`);
  const outcome = outcomeOf(o);
  const bound = plan.frame === 'ok' ? bounds.outcomeMs : bounds.deadFrameMs;
  const settled = before.find((e) => e.type === 'apiInit' || e.type === 'crash');
  const frame = plan.frame === 'ok' ? '' : `, frame ${plan.frame}`;
  if (outcome === 'no outcome')
    v('one outcome', `neither onApiInit nor onCrash within ${ms(bound)}${frame} (${describeWait(events, mounted)})`);
  else if (settled) {
    // A frame that never loads is held from its document's end (the SDK's limit starts there; how
    // long the browser takes to refuse the navigation is not the SDK's), or from the mount when
    // the page never saw it end.
    const ended = plan.frame === 'ok' ? undefined : first(events, 'frame-ended');
    const from = ended && ended.at <= settled.at ? ended : mounted;
    if (settled.at - from.at > bound)
      v(
        'outcome bound',
        `${settled.type === 'apiInit' ? 'onApiInit' : 'onCrash'} came ${ms(settled.at - from.at)} after ${from === mounted ? 'mountCashier' : "the frame's document ended"} (bound ${ms(bound)}${frame})`,
      );
  }

  // Nothing after destroy.
  const runs = new Set<string>([
    'pay-settled',
    'pays-done',
    'challenge',
    'challenge-answer',
    'paypal-answer',
    'frame-ended',
    'hold-ask',
    'hold-missed',
    'local-answer',
  ]);
  for (const e of events.filter((x) => x.afterDestroy && !runs.has(x.type)))
    v(
      'nothing after destroy',
      `${e.type === 'apiInit' ? 'onApiInit' : e.type === 'crash' ? `onCrash ${e.code}` : e.type === 'slow' ? 'onSlow' : e.type === 'revalidate' ? 'revalidateAppInstance' : e.type} ${ms(e.at - (first(events, 'destroy')?.at ?? e.at))} after destroy()`,
    );

  // destroy() leaves nothing behind.
  const destroyed = first(events, 'destroy');
  if (destroyed?.thrown.length) v('destroy leaves nothing', `destroy() threw: ${destroyed.thrown.join('; ')}`);
  if (destroyed?.iframeLeft) v('destroy leaves nothing', 'the iframe is still in the page after destroy()');
  if (o.listenersLeft.length > 0)
    v(
      'destroy leaves nothing',
      `listeners its mountCashier added are still held after destroy(): ${o.listenersLeft.map((l) => `${l.type} on ${l.target}`).join(', ')}`,
    );

  // A frame removed without destroy() is reported.
  if (removed) {
    const lost = crashes.find((c) => c.at >= removed.at);
    const cutAt = destroyed?.at ?? Number.POSITIVE_INFINITY;
    if (!lost && cutAt - removed.at >= bounds.lostFrameMs)
      v('connection lost', `the iframe was removed without destroy() and onCrash did not come within ${ms(bounds.lostFrameMs)}`);
    else if (lost && lost.at - removed.at > bounds.lostFrameMs)
      v(
        'connection lost',
        `onCrash (${lost.code}) came ${ms(lost.at - removed.at)} after the iframe was removed (bound ${ms(bounds.lostFrameMs)})`,
      );
  }

  found.push(
    ...checkRequests(o),
    ...checkPays(o, bounds),
    ...checkUnknown(o, all),
    ...checkExpectation(o, all),
    ...checkChallenges(o, all, bounds),
  );
  return found;
}

/** Requests and revalidations within spec 7 and 9, counted on the provider's log by the mount's token fingerprints. */
function checkRequests(o: MountObservation): Violation[] {
  const found: Violation[] = [];
  const v = (detail: string) => found.push({ page: o.plan.page, mount: o.plan.mount, check: 'requests within spec 7', detail });
  const count = (path: string, method: string) => o.requests.filter((r) => r.path === path && r.method === method).length;
  const payCalls = ofType(o.events, 'pay-start').length;
  // Issue 38: a local method's page charges from the widget's own button, once per popup, besides pay().
  const opened = ofType(o.events, 'local-answer').filter((e) => e.action === 'opened').length;
  const limits: [string, string, number, number][] = [['widget settings', ProviderPaths.widgetSettings, 1, IDEMPOTENT_ATTEMPTS]];
  if (o.orderId) {
    limits.push(['payment methods', ProviderPaths.paymentMethodsByOrder(o.orderId), 1, IDEMPOTENT_ATTEMPTS]);
    limits.push(['charge', ProviderPaths.chargesByOrder(o.orderId), payCalls + opened, POST_ATTEMPTS]);
  }
  limits.push(['card tokenization', ProviderPaths.cardTokenization, payCalls, POST_ATTEMPTS]);
  for (const [name, path, calls, attempts] of limits) {
    const method = name === 'charge' || name === 'card tokenization' ? 'POST' : 'GET';
    const made = count(path, method);
    if (made > calls * attempts)
      v(`${made} ${name} requests for ${calls} call${calls === 1 ? '' : 's'} (at most ${attempts} each: spec 7, 9)`);
  }
  const revalidations = ofType(o.events, 'revalidate').length;
  const refusals = o.plan.faults.filter((f) => f.kind === '401').reduce((sum, f) => sum + f.times, 0);
  const calls = (count(ProviderPaths.widgetSettings, 'GET') > 0 ? 1 : 0) + (o.orderId ? 1 : 0) + (payCalls + opened) * 3;
  if (revalidations > Math.min(refusals, calls * MAX_REVALIDATIONS))
    v(
      `${revalidations} revalidations for ${refusals} refusal${refusals === 1 ? '' : 's'} (401) armed and ${calls} calls (at most ${MAX_REVALIDATIONS} a call, and only after a refusal: spec 7, 9)`,
    );
  return found;
}

/** Every pay settles within its bound; a pay cut by destroy() after its charge went out does not say DESTROYED. */
function checkPays(o: MountObservation, bounds: Bounds): Violation[] {
  const found: Violation[] = [];
  const v = (check: string, detail: string) => found.push({ page: o.plan.page, mount: o.plan.mount, check, detail });
  const destroyed = first(o.events, 'destroy');
  for (const start of ofType(o.events, 'pay-start')) {
    const done = ofType(o.events, 'pay-settled').find((s) => s.call === start.call);
    if (!done) {
      v('pay settles', `pay call ${start.call} never settled (watched until the page closed)`);
      continue;
    }
    if (done.at - start.at > bounds.payMs)
      v('pay settles', `pay call ${start.call} settled after ${ms(done.at - start.at)} (bound ${ms(bounds.payMs)})`);
    const chargePath = ProviderPaths.chargesByOrder(start.orderId);
    const chargeSent = o.requests.some(
      (r) => r.path === chargePath && r.method === 'POST' && destroyed && r.at < destroyed.epoch,
    );
    if (!done.outcome.resolved && done.outcome.code === 'DESTROYED' && chargeSent)
      v(
        'no payment lost',
        `pay call ${start.call} rejected DESTROYED though its charge had reached the provider before destroy(): the outcome is unknown (issue 12 asks for PAYMENT_OUTCOME_UNKNOWN with the orderId)`,
      );
  }
  return found;
}

/** PAYMENT_OUTCOME_UNKNOWN only where the plan says it may come (predict.ts mayBeOutcomeUnknown). */
function checkUnknown(o: MountObservation, all: ReadonlyMap<number, MountObservation>): Violation[] {
  const plans = [...all.values()].map((x) => x.plan);
  if (mayBeOutcomeUnknown(o.plan, plans)) return [];
  return ofType(o.events, 'pay-settled')
    .filter((s) => !s.outcome.resolved && s.outcome.code === 'PAYMENT_OUTCOME_UNKNOWN')
    .map((s) => ({
      page: o.plan.page,
      mount: o.plan.mount,
      check: 'outcome unknown only where predicted',
      detail: `pay call ${s.call} rejected PAYMENT_OUTCOME_UNKNOWN, though no fault, destroy or other payer of its order could hide its charge's outcome (${s.outcome.message ?? ''})`,
    }));
}

/**
 * At most one settling (APPROVED or PENDING) charge per order; a pay that resolved settled, and an
 * `onPaymentResult` that says so (issue 25: PayPal), names one. A PENDING of a local method (issue
 * 38) names a payment the bank was still confirming, which may since have been declined:
 * checksLocal.ts checks those.
 */
export function checkCharges(charges: ObservedCharge[], observations: MountObservation[]): Violation[] {
  const found: Violation[] = [];
  const payersOf = (orderId: string) => observations.filter((o) => o.orderId === orderId);
  const settling = (c: ObservedCharge) => c.status === 'APPROVED' || c.status === 'PENDING';
  const byOrder = new Map<string, ObservedCharge[]>();
  for (const charge of charges.filter(settling)) byOrder.set(charge.orderId, [...(byOrder.get(charge.orderId) ?? []), charge]);
  for (const [orderId, made] of byOrder) {
    if (made.length <= 1) continue;
    for (const o of payersOf(orderId))
      found.push({
        page: o.plan.page,
        mount: o.plan.mount,
        check: 'one charge per order',
        detail: `order ${orderId} has ${made.length} settling charges: ${made.map((c) => `${c.id} ${c.status}`).join(', ')}`,
      });
  }
  for (const o of observations) {
    const told = [
      ...ofType(o.events, 'pay-settled').map((s) => ({ ...s, what: `pay call ${s.call} resolved` })),
      ...ofType(o.events, 'payment-result').map((s) => ({ ...s, what: 'onPaymentResult said' })),
    ];
    for (const s of told) {
      const { status, chargeId } = s.outcome;
      if (!s.outcome.resolved || (status !== 'APPROVED' && status !== 'PENDING')) continue;
      if (status === 'PENDING' && isLocalPaymentMethod(s.outcome.paymentMethod)) continue;
      if (!charges.some((c) => c.id === chargeId && c.orderId === s.orderId && settling(c)))
        found.push({
          page: o.plan.page,
          mount: o.plan.mount,
          check: 'one charge per order',
          detail: `${s.what} ${status} with charge ${chargeId}, which is not a settling charge of order ${s.orderId} at the provider`,
        });
    }
  }
  return found;
}

/** The host page: no uncaught error or unhandled rejection, no console error, no iframe or listener left once every mount is destroyed. */
export function checkPage(page: PageObservation, observations: ReadonlyMap<number, MountObservation>): Violation[] {
  const found: Violation[] = [];
  const v = (check: string, detail: string) => found.push({ page: page.page, mount: null, check, detail });
  const liveAt = (epoch: number) =>
    page.mounts.filter((m) => {
      const events = observations.get(m)?.events ?? [];
      const from = first(events, 'mounted')?.epoch ?? Number.POSITIVE_INFINITY;
      const to = first(events, 'destroy')?.epoch ?? Number.POSITIVE_INFINITY;
      return from <= epoch + 50 && epoch <= to + 50;
    });
  const mountsAt = (epoch: number) => {
    const live = liveAt(epoch);
    return live.length ? ` (mounts alive then: ${live.join(', ')})` : '';
  };
  for (const e of page.pageErrors) v('no uncaught error', `${e.text}${mountsAt(e.epoch)}`);
  for (const e of page.consoleErrors)
    v('no uncaught error', `console error: ${e.text}${e.url ? ` at ${e.url}` : ''}${mountsAt(e.epoch)}`);
  for (const error of page.harnessErrors) v('harness', error);
  if (page.iframesLeft > 0) v('destroy leaves nothing', `${page.iframesLeft} iframes left once every mount was destroyed`);
  const unattributed = page.listenersLeft.filter((l) => l.mount === null);
  if (unattributed.length > 0)
    v(
      'destroy leaves nothing',
      `listeners added after the first mount are still held once every mount was destroyed: ${unattributed.map((l) => `${l.type} on ${l.target}`).join(', ')}`,
    );
  return found;
}

function ms(value: number): string {
  return `${Math.round(value).toLocaleString('en-US')} ms`;
}

function describeWait(events: HarnessEvent[], mounted: HarnessEvent): string {
  const end = first(events, 'destroy');
  return end ? `the run destroyed it ${ms(end.at - mounted.at)} after mountCashier` : 'watched until the page closed';
}
