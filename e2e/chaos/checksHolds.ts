import type { HarnessEvent } from './harness';
import type { MountObservation, ObservedCharge, Violation } from './observations';
import type { OrderHold } from './pageRun';
import { isLocalPaymentMethod, LOCAL_TIMINGS } from './planLocal';
import type { OrderEvent } from './webhookLog';

// Issue 37's invariants, checked on the provider's state and events once a run has ended. Pure
// functions: the unit tests feed them records by hand.

/** The checks' names, as the violations and the report's table give them. */
export const HOLD_CHECKS = {
  released: 'no charge for released seats',
  refunded: 'late charge refunded once',
  extensions: 'extensions by the policy',
} as const;

/** Milliseconds a time the run took may be off the provider's (one machine, one clock; a request's way there and back). */
export const HOLD_TOLERANCE_MS = 250;

/** A hold order as the provider had it once the run ended (GET orders/{orderId}). */
export interface FinalOrder {
  status: string;
  holdExpiresAt?: string;
  holdExtensions?: { remaining: number };
}

/** What the hold checks read. */
export interface HoldFacts {
  /** The orders made with a seat hold plan. */
  holds: OrderHold[];
  /** Each hold order as read at the end, by id (undefined: it could not be read). */
  finals: ReadonlyMap<string, FinalOrder | undefined>;
  /** Every charge the provider made. */
  charges: ObservedCharge[];
  /** Every event the provider sent the site (webhookLog.ts), any order's. */
  events: OrderEvent[];
  /** Every mount of the run. */
  observations: MountObservation[];
  /** The grace limit in force, ms. */
  graceMs: number;
  /** When the finals were read, ms since the epoch. */
  readAt: number;
}

type Of<T extends HarnessEvent['type']> = Extract<HarnessEvent, { type: T }>;
const ofType = <T extends HarnessEvent['type']>(events: HarnessEvent[], type: T) =>
  events.filter((e): e is Of<T> => e.type === type);

/**
 * A charge that stands: money taken and not given back (or to be taken at the venue). A local
 * method's PENDING (issue 38) is not one: the bank has not confirmed it (checksLocal.ts wants none
 * left at the end).
 */
export const stands = (c: ObservedCharge): boolean =>
  (c.status === 'APPROVED' && !c.refundedAt) || (c.status === 'PENDING' && !isLocalPaymentMethod(c.paymentMethod));

/** Every issue 37 invariant: (a) {@link checkReleased}, (b) {@link checkRefunds}, (c) {@link checkExtensions}. */
export function checkHolds(facts: HoldFacts): Violation[] {
  return [...checkReleased(facts), ...checkRefunds(facts), ...checkExtensions(facts)];
}

/** Where to place a violation about `orderId`: its hold's mount, else the first mount that paid it. */
function placeOf(facts: HoldFacts, orderId: string): { page: number; mount: number | null } {
  const hold = facts.holds.find((h) => h.orderId === orderId);
  if (hold) return { page: hold.page, mount: hold.mount };
  const o = facts.observations.find((x) => x.orderId === orderId);
  return o ? { page: o.plan.page, mount: o.plan.mount } : { page: -1, mount: null };
}

/** The run's orders: those its mounts were mounted for. */
const runOrders = (facts: HoldFacts) => new Set(facts.observations.flatMap((o) => (o.orderId ? [o.orderId] : [])));

/** A hold order's seats went back on sale by the end: unpaid, read after its grace limit. */
function released(facts: HoldFacts, hold: OrderHold): boolean {
  const final = facts.finals.get(hold.orderId);
  if (!final?.holdExpiresAt || final.status !== 'AWAITING_PAYMENT') return false;
  return facts.readAt > Date.parse(final.holdExpiresAt) + facts.graceMs + HOLD_TOLERANCE_MS;
}

/**
 * (a) No charge stands for an order whose hold went back on sale: any order of the run with an
 * `order.hold_expired` event, and a hold order still unpaid past its grace limit (which must have
 * had that event, once); nor is such an order paid.
 */
export function checkReleased(facts: HoldFacts): Violation[] {
  const found: Violation[] = [];
  const orders = runOrders(facts);
  const expiredOf = (orderId: string) => facts.events.filter((e) => e.type === 'order.hold_expired' && e.orderId === orderId);
  const back = new Set(
    facts.events.filter((e) => e.type === 'order.hold_expired' && orders.has(e.orderId)).map((e) => e.orderId),
  );
  for (const hold of facts.holds) {
    if (!released(facts, hold)) continue;
    back.add(hold.orderId);
    const sent = expiredOf(hold.orderId).length;
    if (sent !== 1)
      found.push({
        ...placeOf(facts, hold.orderId),
        check: HOLD_CHECKS.released,
        detail: `order ${hold.orderId} is unpaid past its grace limit (its seats are back on sale), and order.hold_expired was sent ${sent} times (expected once)`,
      });
  }
  for (const orderId of back) {
    const standing = facts.charges.filter((c) => c.orderId === orderId && stands(c));
    if (standing.length > 0)
      found.push({
        ...placeOf(facts, orderId),
        check: HOLD_CHECKS.released,
        detail: `order ${orderId}'s hold went back on sale, yet ${standing.map((c) => `charge ${c.id} is ${c.status}`).join(', ')} and not refunded`,
      });
    const final = facts.finals.get(orderId);
    const paid = expiredOf(orderId).find((e) => e.orderStatus !== 'AWAITING_PAYMENT');
    if (final && final.status !== 'AWAITING_PAYMENT')
      found.push({
        ...placeOf(facts, orderId),
        check: HOLD_CHECKS.released,
        detail: `order ${orderId}'s hold went back on sale, yet the order is ${final.status}`,
      });
    else if (paid)
      found.push({
        ...placeOf(facts, orderId),
        check: HOLD_CHECKS.released,
        detail: `order ${orderId}'s order.hold_expired says the order is ${paid.orderStatus}`,
      });
  }
  return found;
}

/**
 * (b) Every charge approved after its order's hold ended for good is REFUNDED_HOLD_EXPIRED with
 * `refundedAt`, and refunded exactly once (one `charge.refunded`); no charge is refunded twice; and
 * a hold order whose payment the run approved past its grace limit has no charge that stands.
 */
export function checkRefunds(facts: HoldFacts): Violation[] {
  const found: Violation[] = [];
  const orders = runOrders(facts);
  const refundsOf = (chargeId: string) => facts.events.filter((e) => e.type === 'charge.refunded' && e.chargeId === chargeId);
  for (const charge of facts.charges.filter((c) => orders.has(c.orderId))) {
    const v = (detail: string) => found.push({ ...placeOf(facts, charge.orderId), check: HOLD_CHECKS.refunded, detail });
    const refunds = refundsOf(charge.id).length;
    if (charge.status === 'REFUNDED_HOLD_EXPIRED') {
      if (!charge.refundedAt) v(`charge ${charge.id} is REFUNDED_HOLD_EXPIRED without refundedAt`);
      if (refunds !== 1)
        v(`charge ${charge.id} is REFUNDED_HOLD_EXPIRED and charge.refunded was sent ${refunds} times (expected once)`);
      if (!facts.events.some((e) => e.type === 'order.hold_expired' && e.orderId === charge.orderId))
        v(`charge ${charge.id} is REFUNDED_HOLD_EXPIRED, but its order ${charge.orderId} had no order.hold_expired`);
    } else if (refunds > 1) v(`charge ${charge.id} (${charge.status}) has ${refunds} charge.refunded events (at most one)`);
  }
  for (const hold of facts.holds) {
    const final = facts.finals.get(hold.orderId);
    if (!final?.holdExpiresAt) continue;
    const graceEnd = Date.parse(final.holdExpiresAt) + facts.graceMs;
    const o = facts.observations.find((x) => x.plan.mount === hold.mount);
    const late = approvalsOf(o).filter((at) => at > graceEnd + HOLD_TOLERANCE_MS);
    const made = facts.charges.filter(
      (c) => c.orderId === hold.orderId && c.createdAt !== undefined && Date.parse(c.createdAt) > graceEnd + HOLD_TOLERANCE_MS,
    );
    const standing = facts.charges.filter((c) => c.orderId === hold.orderId && stands(c));
    if (late.length > 0 && standing.length > 0)
      found.push({
        ...placeOf(facts, hold.orderId),
        check: HOLD_CHECKS.refunded,
        detail: `the run approved order ${hold.orderId}'s payment ${(late[0] ?? graceEnd) - graceEnd} ms past its grace limit, yet ${standing.map((c) => `charge ${c.id} is ${c.status}`).join(', ')}`,
      });
    for (const c of made.filter(stands))
      found.push({
        ...placeOf(facts, hold.orderId),
        check: HOLD_CHECKS.refunded,
        detail: `charge ${c.id} was made ${Date.parse(c.createdAt ?? '') - graceEnd} ms past order ${hold.orderId}'s grace limit and is ${c.status}`,
      });
  }
  return found;
}

/**
 * When the run approved a payment of the mount (answered its challenge with an approval, approved
 * in PayPal or on a local method's page; issue 38: for "Approve later" settling approved, when the
 * bank approves it, {@link LOCAL_TIMINGS}.pendingSettleMs after), epoch ms.
 */
export function approvalsOf(o: MountObservation | undefined): number[] {
  if (!o) return [];
  return [
    ...ofType(o.events, 'local-answer').flatMap((e) =>
      e.action === 'approve' ? [e.epoch] : e.action === 'pending-approve' ? [e.epoch + LOCAL_TIMINGS.pendingSettleMs] : [],
    ),
    ...ofType(o.events, 'challenge-answer')
      .filter((e) => e.action === 'complete' || e.action === 'page-complete')
      .map((e) => e.epoch),
    ...ofType(o.events, 'paypal-answer')
      .filter((e) => e.action === 'approve')
      .map((e) => e.epoch),
  ];
}

/** The extensions the run saw granted for a hold order's mount: `onHoldExtended`, and the route's 200s, in order, each once. */
export function grantsOf(o: MountObservation | undefined): { via: string; holdExpiresAt: number }[] {
  if (!o) return [];
  const seen = new Set<number>();
  const grants: { via: string; holdExpiresAt: number }[] = [];
  for (const e of o.events) {
    const at =
      e.type === 'hold-extended'
        ? e.holdExpiresAt
        : e.type === 'hold-ask' && e.via === 'route' && e.status === 200
          ? e.holdExpiresAt
          : undefined;
    if (at === undefined) continue;
    const t = Date.parse(at);
    if (seen.has(t)) continue;
    seen.add(t);
    grants.push({ via: e.type === 'hold-extended' ? 'onHoldExtended' : 'the route', holdExpiresAt: t });
  }
  return grants;
}

/**
 * (c) Each extension granted moved `holdExpiresAt` by the policy's seconds, and never more were
 * granted than its count: as the run saw them (`onHoldExtended`, the route's answers) and as the
 * provider has the order at the end (its `holdExpiresAt` and `holdExtensions.remaining`).
 */
export function checkExtensions(facts: HoldFacts): Violation[] {
  const found: Violation[] = [];
  for (const hold of facts.holds) {
    const v = (detail: string) => found.push({ page: hold.page, mount: hold.mount, check: HOLD_CHECKS.extensions, detail });
    const { count, seconds } = hold.extensions;
    const step = seconds * 1000;
    const o = facts.observations.find((x) => x.plan.mount === hold.mount);
    const grants = grantsOf(o);
    grants.forEach((g, i) => {
      const expected = hold.setupExpiresAt + (i + 1) * step;
      if (g.holdExpiresAt !== expected)
        v(
          `extension ${i + 1} (${g.via}) moved holdExpiresAt to ${iso(g.holdExpiresAt)}; expected ${iso(expected)} (${i + 1} × ${seconds} s after ${iso(hold.setupExpiresAt)})`,
        );
    });
    if (grants.length > count) v(`${grants.length} extensions granted; the order's policy allows ${count}`);
    const final = facts.finals.get(hold.orderId);
    if (!final?.holdExpiresAt) continue;
    const remaining = final.holdExtensions?.remaining ?? 0;
    const used = count - remaining;
    if (remaining < 0 || used < 0) v(`the order's holdExtensions.remaining is ${remaining} of ${count}`);
    const end = Date.parse(final.holdExpiresAt);
    if (end !== hold.setupExpiresAt + used * step)
      v(`the order's holdExpiresAt is ${iso(end)} after ${used} extensions of ${seconds} s from ${iso(hold.setupExpiresAt)}`);
    if (used !== grants.length)
      v(`the provider counts ${used} extensions used; the run saw ${grants.length} granted (onHoldExtended or the route)`);
  }
  return found;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
