import { approvalsOf, grantsOf, HOLD_CHECKS, type HoldFacts, stands } from './checksHolds';
import type { Violation } from './observations';
import { type HoldWay, holdWayOf } from './planHold';

// Issue 37's part of the chaos run's report: what came of each seat hold plan, by way to pay, and
// the three invariants with what they were checked on and how many violations each found.

const WAYS: readonly HoldWay[] = ['card', 'saved card', '3-D Secure', 'PayPal', 'local page', 'BLIK'];
/** What came of a hold order, as the table's columns name it. */
type HoldResult = 'missed' | 'paid' | 'paid in grace' | 'refunded' | 'released';
const RESULTS: readonly HoldResult[] = ['paid', 'paid in grace', 'refunded', 'released', 'missed'];

/** What came of one hold order, from the provider's state (and the run's note that it never paid). */
function resultOf(facts: HoldFacts, orderId: string): HoldResult | undefined {
  const hold = facts.holds.find((h) => h.orderId === orderId);
  const o = facts.observations.find((x) => x.plan.mount === hold?.mount);
  const charges = facts.charges.filter((c) => c.orderId === orderId);
  if (charges.some((c) => c.status === 'REFUNDED_HOLD_EXPIRED')) return 'refunded';
  const final = facts.finals.get(orderId);
  if (charges.some(stands)) {
    const end = final?.holdExpiresAt ? Date.parse(final.holdExpiresAt) : Number.POSITIVE_INFINITY;
    return approvalsOf(o).some((at) => at >= end) ? 'paid in grace' : 'paid';
  }
  if (o?.events.some((e) => e.type === 'hold-missed')) return 'missed';
  if (facts.events.some((e) => e.type === 'order.hold_expired' && e.orderId === orderId)) return 'released';
  return undefined;
}

/**
 * The seat holds table: per way to pay, the hold orders, the buyer's asks for more time (granted
 * through the widget, refused by the provider's route past the policy), and what came of each
 * (paid before the hold's end, paid inside the grace limit, refunded REFUNDED_HOLD_EXPIRED,
 * released unpaid, missed: ready only once the hold had run out); then the invariants.
 */
export function formatHoldTable(facts: HoldFacts, violations: Violation[]): string {
  if (facts.holds.length === 0) return 'seat holds: none planned';
  const header = ['seat holds', 'orders', 'asks', 'granted', 'refused', ...RESULTS, 'other'];
  const rows = new Map<string, number[]>();
  for (const hold of facts.holds) {
    const o = facts.observations.find((x) => x.plan.mount === hold.mount);
    const pay = o?.plan.pay;
    if (!pay) continue;
    const asks = o.events.filter((e) => e.type === 'hold-ask');
    const refused = asks.filter((e) => e.type === 'hold-ask' && e.via === 'route' && e.status === 409).length;
    const result = resultOf(facts, hold.orderId);
    const cells = [
      1,
      asks.length,
      grantsOf(o).length,
      refused,
      ...RESULTS.map((r) => (r === result ? 1 : 0)),
      result === undefined ? 1 : 0,
    ];
    for (const label of [holdWayOf(pay), 'all']) {
      const row = rows.get(label) ?? cells.map(() => 0);
      rows.set(
        label,
        row.map((n, i) => n + (cells[i] ?? 0)),
      );
    }
  }
  const body = [...WAYS, 'all'].filter((w) => rows.has(w)).map((w) => [w, ...(rows.get(w) ?? []).map(String)]);
  const count = (check: string) => violations.filter((v) => v.check === check).length;
  const orders = new Set(facts.observations.flatMap((o) => (o.orderId ? [o.orderId] : [])));
  const released = new Set(
    facts.events.filter((e) => e.type === 'order.hold_expired' && orders.has(e.orderId)).map((e) => e.orderId),
  );
  const charges = facts.charges.filter((c) => orders.has(c.orderId));
  const late = charges.filter((c) => c.status === 'REFUNDED_HOLD_EXPIRED').length;
  const granted = facts.holds.reduce(
    (sum, h) => sum + grantsOf(facts.observations.find((x) => x.plan.mount === h.mount)).length,
    0,
  );
  const invariants = [
    ['seat hold invariant', 'checked on', 'violations'],
    [HOLD_CHECKS.released, `${released.size} orders released`, String(count(HOLD_CHECKS.released))],
    [HOLD_CHECKS.refunded, `${late} refunded of ${charges.length} charges`, String(count(HOLD_CHECKS.refunded))],
    [HOLD_CHECKS.extensions, `${granted} granted on ${facts.holds.length} orders`, String(count(HOLD_CHECKS.extensions))],
  ];
  return `${align([header, ...body])}\n(grace limit ${facts.graceMs} ms)\n\n${align(invariants)}`;
}

function align(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '))
    .join('\n');
}
