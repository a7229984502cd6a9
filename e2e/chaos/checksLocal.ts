import type { HarnessEvent } from './harness';
import type { MountObservation, ObservedCharge, Violation } from './observations';
import { isLocalMethod, isLocalPaymentMethod } from './planLocal';
import type { OrderEvent } from './webhookLog';

// Issue 38's invariants for the local payment methods (iDEAL, Bancontact, Klarna, BLIK), checked
// on the provider's charges, the site's webhooks and what the mounts heard once a run has ended.
// Pure functions: the unit tests feed them records by hand. Issue 37's seat hold invariants, which
// local payments must keep too, are checksHolds.ts's (a local PENDING does not stand there).

/** The checks' names, as the violations and the report's table give them. */
export const LOCAL_CHECKS = {
  settled: 'local charge settled once',
  pending: 'no local pending left',
  told: 'onPaymentResult once',
  webhooks: 'processing then settled',
} as const;

/**
 * Milliseconds from a pending payment's settle (as the run saw its webhook) within which a widget
 * still watching it must have called `onPaymentResult`: its polls back off from 2 s to 10 s at
 * most (issue 38), plus a read's way there and back.
 */
export const LOCAL_RESULT_MARGIN_MS = 12_000;

/** What the local checks read. */
export interface LocalFacts {
  /** Every charge the provider made (any order's: the checks keep the run's). */
  charges: ObservedCharge[];
  /** Every event the provider sent the site (webhookLog.ts), in the order the run read them. */
  events: OrderEvent[];
  /** Every mount of the run. */
  observations: MountObservation[];
}

type Of<T extends HarnessEvent['type']> = Extract<HarnessEvent, { type: T }>;
const ofType = <T extends HarnessEvent['type']>(events: HarnessEvent[], type: T) =>
  events.filter((e): e is Of<T> => e.type === type);

/** The settled event a local charge's final status sends (provider/store/orderEvents.ts `charged`). */
const SETTLED_EVENT: Readonly<Record<string, OrderEvent['type']>> = {
  APPROVED: 'order.paid',
  DECLINED: 'order.payment_failed',
  REFUNDED_HOLD_EXPIRED: 'charge.refunded',
};
const SETTLED_EVENTS = new Set<string>(Object.values(SETTLED_EVENT));

/** The run's local charges: of orders its mounts were mounted for, paid by a local method. */
export function localChargesOf(facts: Pick<LocalFacts, 'charges' | 'observations'>): ObservedCharge[] {
  const orders = new Set(facts.observations.flatMap((o) => (o.orderId ? [o.orderId] : [])));
  return facts.charges.filter((c) => orders.has(c.orderId) && isLocalPaymentMethod(c.paymentMethod));
}

/** A charge's events of the site's log, in the order read. */
const eventsOf = (facts: LocalFacts, chargeId: string) => facts.events.filter((e) => e.chargeId === chargeId);

/** Where to place a violation about `orderId`: the first local payer of it, else the first mount of it. */
function placeOf(facts: LocalFacts, orderId: string): { page: number; mount: number | null } {
  const mounts = facts.observations.filter((o) => o.orderId === orderId);
  const o = mounts.find((x) => isLocalMethod(x.plan.pay?.method)) ?? mounts[0];
  return o ? { page: o.plan.page, mount: o.plan.mount } : { page: -1, mount: null };
}

/** The mounts of the order whose widget the plan destroyed or whose iframe it removed, or that the run could not drive. */
const cutShort = (o: MountObservation) =>
  o.harnessErrors.length > 0 || o.events.some((e) => (e.type === 'destroy' && e.by === 'plan') || e.type === 'removed');

/** What the run answered for `chargeId` on its page (`local-answer`), any mount's. */
function answersOf(facts: LocalFacts, chargeId: string): Of<'local-answer'>[] {
  return facts.observations.flatMap((o) => ofType(o.events, 'local-answer').filter((e) => e.chargeId === chargeId));
}

/**
 * Every issue 38 invariant: {@link checkLocalSettled}, {@link checkLocalWebhooks},
 * {@link checkLocalResults}.
 */
export function checkLocal(facts: LocalFacts): Violation[] {
  return [...checkLocalSettled(facts), ...checkLocalWebhooks(facts), ...checkLocalResults(facts)];
}

/**
 * Every local charge ends settled (APPROVED, DECLINED, or REFUNDED_HOLD_EXPIRED), once: one
 * settled event of its kind (`order.paid`, `order.payment_failed`, `charge.refunded`), none of
 * another; a pending payment settles as its page chose ("Approve later" approved or declined); no
 * local PENDING is left once its settle time and a margin have passed (the run reads the charges
 * then). A BLIK charge still waiting is a violation (its bank answers or its code expires within
 * seconds in a run); a redirect method's charge still waiting for its page only when every widget
 * of its order lived: one that did must have cancelled it when its popup closed.
 */
export function checkLocalSettled(facts: LocalFacts): Violation[] {
  const found: Violation[] = [];
  for (const charge of localChargesOf(facts)) {
    const v = (check: string, detail: string) => found.push({ ...placeOf(facts, charge.orderId), check, detail });
    const what = `${charge.paymentMethod} charge ${charge.id} of order ${charge.orderId}`;
    if (charge.status === 'PENDING') {
      v(LOCAL_CHECKS.pending, `${what} is still PENDING once its settle time and a margin had passed`);
      continue;
    }
    if (charge.status === 'REQUIRES_ACTION') {
      const mounts = facts.observations.filter((o) => o.orderId === charge.orderId);
      if (charge.paymentMethod === 'BLIK' || !mounts.some(cutShort))
        v(
          LOCAL_CHECKS.settled,
          `${what} is still REQUIRES_ACTION at the end${charge.paymentMethod === 'BLIK' ? " (its bank answers, or its code expires, within the run's timings)" : ', though no widget of its order was destroyed or removed before it could cancel it'}`,
        );
      continue;
    }
    const expected = SETTLED_EVENT[charge.status];
    if (!expected) {
      v(LOCAL_CHECKS.settled, `${what} ended ${charge.status}, not a status a local payment settles as`);
      continue;
    }
    const settled = eventsOf(facts, charge.id).filter((e) => SETTLED_EVENTS.has(e.type));
    const right = settled.filter((e) => e.type === expected).length;
    const wrong = settled.filter((e) => e.type !== expected).map((e) => e.type);
    if (right !== 1 || wrong.length > 0)
      v(
        LOCAL_CHECKS.settled,
        `${what} is ${charge.status}${charge.declineCode ? ` ${charge.declineCode}` : ''}: ${expected} was sent ${right} times (expected once)${wrong.length ? `, and also ${wrong.join(', ')}` : ''}`,
      );
    const pending = answersOf(facts, charge.id).filter((a) => a.action === 'pending-approve' || a.action === 'pending-decline');
    const abandoned = charge.status === 'DECLINED' && charge.declineCode === 'authentication_abandoned';
    for (const a of abandoned ? [] : pending) {
      const ok =
        a.action === 'pending-approve'
          ? charge.status === 'APPROVED' || charge.status === 'REFUNDED_HOLD_EXPIRED'
          : charge.status === 'DECLINED' && charge.declineCode === 'customer_declined';
      if (!ok)
        v(
          LOCAL_CHECKS.settled,
          `${what} ended ${charge.status}${charge.declineCode ? ` ${charge.declineCode}` : ''}, though its page answered "Approve later" to settle ${a.action === 'pending-approve' ? 'approved' : 'declined'}`,
        );
    }
  }
  return found;
}

/**
 * A local charge sends `order.payment_processing` at most once, and only before its settled
 * event; a payment the run saw its page answer "Approve later" (and that was not cancelled first)
 * sends it exactly once.
 */
export function checkLocalWebhooks(facts: LocalFacts): Violation[] {
  const found: Violation[] = [];
  for (const charge of localChargesOf(facts)) {
    const v = (detail: string) => found.push({ ...placeOf(facts, charge.orderId), check: LOCAL_CHECKS.webhooks, detail });
    const what = `${charge.paymentMethod} charge ${charge.id}`;
    const events = eventsOf(facts, charge.id);
    const processing = events.flatMap((e, i) => (e.type === 'order.payment_processing' ? [i] : []));
    const settledAt = events.findIndex((e) => SETTLED_EVENTS.has(e.type));
    if (processing.length > 1) v(`${what}: order.payment_processing was sent ${processing.length} times (at most once)`);
    if (processing.length > 0 && settledAt >= 0 && (processing.at(-1) ?? 0) > settledAt)
      v(`${what}: order.payment_processing came after its settled event ${events[settledAt]?.type}`);
    const abandoned = charge.status === 'DECLINED' && charge.declineCode === 'authentication_abandoned';
    const saidPending = answersOf(facts, charge.id).some((a) => a.action === 'pending-approve' || a.action === 'pending-decline');
    if (saidPending && !abandoned && processing.length !== 1)
      v(
        `${what}: its page answered "Approve later", and order.payment_processing was sent ${processing.length} times (expected once)`,
      );
    if (processing.length > 0 && charge.status !== 'PENDING' && settledAt < 0)
      v(`${what} turned PENDING (order.payment_processing) and is ${charge.status}, with no settled event`);
  }
  return found;
}

/**
 * `onPaymentResult` about a local charge: at most once per mount and charge, saying the charge's
 * final status; and exactly once from each mount that knew the payment was pending (its page
 * answered "Approve later" there, or its `pay()` resolved PENDING) and was still there
 * {@link LOCAL_RESULT_MARGIN_MS} after the run read the settled event.
 */
export function checkLocalResults(facts: LocalFacts): Violation[] {
  const found: Violation[] = [];
  const local = new Map(localChargesOf(facts).map((c) => [c.id, c]));
  for (const o of facts.observations) {
    const v = (detail: string) => found.push({ page: o.plan.page, mount: o.plan.mount, check: LOCAL_CHECKS.told, detail });
    const results = ofType(o.events, 'payment-result').filter((e) => e.outcome.chargeId && local.has(e.outcome.chargeId));
    const byCharge = new Map<string, Of<'payment-result'>[]>();
    for (const r of results)
      byCharge.set(r.outcome.chargeId as string, [...(byCharge.get(r.outcome.chargeId as string) ?? []), r]);
    for (const [chargeId, heard] of byCharge) {
      const charge = local.get(chargeId) as ObservedCharge;
      if (heard.length > 1)
        v(
          `onPaymentResult came ${heard.length} times for ${charge.paymentMethod} charge ${chargeId} (${heard.map((h) => h.outcome.status).join(', ')}; at most once)`,
        );
      for (const h of heard)
        if (h.outcome.status !== charge.status)
          v(
            `onPaymentResult said ${h.outcome.status} for ${charge.paymentMethod} charge ${chargeId}, which ended ${charge.status}${charge.declineCode ? ` ${charge.declineCode}` : ''}`,
          );
    }
    const knew = new Set([
      ...ofType(o.events, 'local-answer')
        .filter((a) => a.action === 'pending-approve' || a.action === 'pending-decline')
        .flatMap((a) => (a.chargeId ? [a.chargeId] : [])),
      ...ofType(o.events, 'pay-settled')
        .filter((s) => s.outcome.resolved && s.outcome.status === 'PENDING' && isLocalPaymentMethod(s.outcome.paymentMethod))
        .flatMap((s) => (s.outcome.chargeId ? [s.outcome.chargeId] : [])),
    ]);
    const gone = o.events.find((e) => e.type === 'destroy' || e.type === 'removed')?.epoch ?? Number.POSITIVE_INFINITY;
    for (const chargeId of knew) {
      const charge = local.get(chargeId);
      if (!charge || charge.status === 'PENDING' || charge.status === 'REQUIRES_ACTION') continue;
      if (charge.status === 'DECLINED' && charge.declineCode === 'authentication_abandoned') continue;
      const settled = eventsOf(facts, chargeId).find((e) => SETTLED_EVENTS.has(e.type));
      if (settled?.seenAt === undefined || gone < settled.seenAt + LOCAL_RESULT_MARGIN_MS) continue;
      if (!byCharge.has(chargeId))
        v(
          `no onPaymentResult for ${charge.paymentMethod} charge ${chargeId}, which it knew was pending and which settled ${charge.status} while it was there (its widget lived ${Math.round(gone === Number.POSITIVE_INFINITY ? 0 : gone - settled.seenAt)} ms past the settle it must watch for)`,
        );
    }
  }
  return found;
}
