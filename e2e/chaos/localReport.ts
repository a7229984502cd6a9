import { LOCAL_CHECKS, type LocalFacts, localChargesOf } from './checksLocal';
import type { HarnessEvent } from './harness';
import type { MountObservation, Violation } from './observations';
import { isLocalMethod, LOCAL_LABELS, LOCAL_METHODS, type LocalMethod, PAYMENT_METHOD_OF } from './planLocal';

// Issue 38's part of the chaos run's report: what came of each local payer, by method and
// pattern, and the local invariants with what they were checked on and how many violations each found.

type Settled = Extract<HarnessEvent, { type: 'pay-settled' }>;

const COLUMNS = [
  'payers',
  'charges',
  'approved',
  'declined',
  'refunded',
  'left open',
  'went pending',
  'pay PENDING',
  'pay other',
  'results',
  'did not pay',
] as const;

/** One local payer's cells, in {@link COLUMNS} order. */
function cellsOf(o: MountObservation, facts: LocalFacts): number[] {
  const method = o.plan.pay?.method as LocalMethod;
  const charges = localChargesOf(facts).filter((c) => c.orderId === o.orderId && c.paymentMethod === PAYMENT_METHOD_OF[method]);
  const ids = new Set(charges.map((c) => c.id));
  const pending = new Set(
    facts.events.filter((e) => e.type === 'order.payment_processing' && e.chargeId && ids.has(e.chargeId)).map((e) => e.chargeId),
  );
  const pays = o.events.filter((e): e is Settled => e.type === 'pay-settled');
  const pendingPays = pays.filter((s) => s.outcome.resolved && s.outcome.status === 'PENDING').length;
  const results = o.events.filter((e) => e.type === 'payment-result' && e.outcome.chargeId && ids.has(e.outcome.chargeId));
  const count = (status: string) => charges.filter((c) => c.status === status).length;
  return [
    1,
    charges.length,
    count('APPROVED'),
    count('DECLINED'),
    count('REFUNDED_HOLD_EXPIRED'),
    count('REQUIRES_ACTION') + count('PENDING'),
    pending.size,
    pendingPays,
    pays.length - pendingPays,
    results.length,
    // Never got to pay: its widget crashed or went first (its faults), or the run could not drive it.
    pays.length === 0 && !o.events.some((e) => e.type === 'local-answer') ? 1 : 0,
  ];
}

/**
 * The local payments table: a row per method and pattern the run paid with (and one per method),
 * with the local charges made for the payers' orders by their method and how each ended
 * (approved, declined, refunded past the hold's grace, still open or pending at the end), how
 * many went pending (`order.payment_processing`), how their `pay()` calls resolved (PENDING or
 * otherwise), how many `onPaymentResult` about them were heard and how many never got to pay (a
 * crash or a destroy first, or a run that could not drive them); then the remounts that paid an
 * order left pending by a destroyed widget, and the invariants.
 */
export function formatLocalTable(facts: LocalFacts, violations: Violation[]): string {
  const payers = facts.observations.filter((o) => isLocalMethod(o.plan.pay?.method) && o.orderId);
  if (payers.length === 0) return 'local payments: no local payer';
  const rows = new Map<string, number[]>();
  const add = (label: string, cells: number[]) =>
    rows.set(
      label,
      (rows.get(label) ?? cells.map(() => 0)).map((n, i) => n + (cells[i] ?? 0)),
    );
  for (const o of payers) {
    const method = o.plan.pay?.method as LocalMethod;
    const pattern = o.plan.pay?.local?.pattern ?? '?';
    const destroyed = o.plan.pay?.local?.destroyPending ? ', destroyed pending' : '';
    const held = o.plan.pay?.hold ? `, hold ${o.plan.pay.hold.straddle}` : '';
    const cells = cellsOf(o, facts);
    add(`${LOCAL_LABELS[method]} ${pattern}${destroyed}${held}`, cells);
    add(`${LOCAL_LABELS[method]} (all)`, cells);
    add('all local payers', cells);
  }
  const order = (label: string) => {
    const method = LOCAL_METHODS.findIndex((m) => label.startsWith(`${LOCAL_LABELS[m]} `));
    return method < 0 ? LOCAL_METHODS.length : method;
  };
  const labels = [...rows.keys()]
    .filter((l) => l !== 'all local payers')
    .sort((a, b) => order(a) - order(b) || Number(a.endsWith('(all)')) - Number(b.endsWith('(all)')) || a.localeCompare(b));
  labels.push('all local payers');
  const body = labels.map((l) => [l, ...(rows.get(l) ?? []).map(String)]);
  const pendingOrders = new Set(payers.filter((o) => o.plan.pay?.local?.destroyPending).map((o) => o.plan.mount));
  const resumers = facts.observations.filter(
    (o) => o.plan.order && 'reuseOf' in o.plan.order && pendingOrders.has(o.plan.order.reuseOf),
  );
  const resumed = resumers.map((o) => {
    const first = o.events.find((e): e is Settled => e.type === 'pay-settled');
    return first ? (first.outcome.resolved ? String(first.outcome.status) : String(first.outcome.code)) : 'no pay';
  });
  const count = (check: string) => violations.filter((v) => v.check === check).length;
  const charges = localChargesOf(facts);
  const processing = facts.events.filter(
    (e) => e.type === 'order.payment_processing' && charges.some((c) => c.id === e.chargeId),
  );
  const heard = facts.observations.flatMap((o) =>
    o.events.filter((e) => e.type === 'payment-result' && charges.some((c) => c.id === e.outcome.chargeId)),
  );
  const invariants = [
    ['local payment invariant', 'checked on', 'violations'],
    [LOCAL_CHECKS.settled, `${charges.length} local charges`, String(count(LOCAL_CHECKS.settled))],
    [LOCAL_CHECKS.pending, `${charges.length} local charges`, String(count(LOCAL_CHECKS.pending))],
    [LOCAL_CHECKS.webhooks, `${processing.length} went pending`, String(count(LOCAL_CHECKS.webhooks))],
    [LOCAL_CHECKS.told, `${heard.length} heard`, String(count(LOCAL_CHECKS.told))],
  ];
  const remounts =
    resumers.length === 0
      ? 'remounts paying an order left pending by a destroyed widget: none'
      : `remounts paying an order left pending by a destroyed widget: ${resumers.length} (first pay: ${resumed.join(', ')})`;
  return `${align([['local payments', ...COLUMNS], ...body])}\n${remounts}\n\n${align(invariants)}`;
}

function align(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '))
    .join('\n');
}
