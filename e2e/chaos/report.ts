import { formatChallengeTable } from './challengeReport';
import { formatHoldTable } from './holdReport';
import { formatLocalTable } from './localReport';
import { type MountObservation, type Outcome, outcomeOf, type Violation } from './observations';
import { dependenciesOf, type MountPlan } from './plan';
import type { ChaosReport } from './runChaos';

/** The table's rows a mount counts in: each of its faults, its frame, shared settings; `no fault` when none. */
export function faultLabels(plan: MountPlan): string[] {
  const labels = new Set<string>();
  if (plan.frame !== 'ok') labels.add(`frame ${plan.frame}`);
  for (const f of plan.faults) labels.add(`${f.target} ${f.kind}`);
  if (plan.msidOf !== plan.mount) labels.add('shares settings');
  if (plan.destroy.at === 'removed') labels.add('iframe removed');
  if (plan.destroy.at === 'challenge') labels.add('destroy in challenge');
  if (plan.destroy.at === 'challenge-removed') labels.add('iframe removed in challenge');
  return labels.size > 0 ? [...labels].sort() : ['no fault'];
}

/** Faults × outcomes: one row per fault label, a column per outcome (ready, each crash code, destroyed first, no outcome). */
export function formatTable(observations: MountObservation[]): string {
  const outcomes = new Map<number, Outcome>(observations.map((o) => [o.plan.mount, outcomeOf(o)]));
  const columns = [
    'ready',
    ...[...new Set(outcomes.values())].filter((o) => o.startsWith('crash ')).sort(),
    'destroyed first',
    'no outcome',
  ];
  const rows = new Map<string, Map<string, number>>();
  for (const o of observations) {
    for (const label of [...faultLabels(o.plan), 'all mounts']) {
      const row = rows.get(label) ?? new Map<string, number>();
      const outcome = outcomes.get(o.plan.mount) as Outcome;
      row.set(outcome, (row.get(outcome) ?? 0) + 1);
      row.set('mounts', (row.get('mounts') ?? 0) + 1);
      rows.set(label, row);
    }
  }
  const labels = [...rows.keys()].filter((l) => l !== 'all mounts').sort();
  labels.push('all mounts');
  const header = ['fault', 'mounts', ...columns.map((c) => c.replace(/^crash /, ''))];
  const body = labels.map((label) => {
    const row = rows.get(label) as Map<string, number>;
    return [label, String(row.get('mounts') ?? 0), ...columns.map((c) => String(row.get(c) ?? 0))];
  });
  return alignColumns([header, ...body]);
}

/** How the pay calls ended: resolved with each status, rejected with each code. */
export function formatPays(observations: MountObservation[]): string {
  const counts = new Map<string, number>();
  for (const o of observations)
    for (const e of o.events)
      if (e.type === 'pay-settled') {
        const key = e.outcome.resolved ? `resolved ${e.outcome.status}` : `rejected ${e.outcome.code}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
  if (counts.size === 0) return 'pay calls: none';
  return `pay calls: ${[...counts]
    .sort()
    .map(([k, n]) => `${k} ×${n}`)
    .join(', ')}`;
}

/** Every violation, with its seed and mount, then each failing mount's plan and how to replay it. */
export function formatViolations(report: ChaosReport, command = 'npm run chaos --'): string {
  const { plan, violations } = report;
  if (violations.length === 0) return 'violations: none';
  const lines = [`violations: ${violations.length}`];
  const where = (v: Violation) =>
    `seed ${plan.seed} ${v.mount === null ? `page ${v.page}` : `mount ${v.mount} (page ${v.page})`}`;
  for (const v of violations) lines.push(`  ${where(v)} [${v.check}] ${v.detail}`);
  const failing = [...new Set(violations.map((v) => v.mount).filter((m): m is number => m !== null))].sort((a, b) => a - b);
  if (failing.length > 0) lines.push('', 'plans of the failing mounts (replay one with the command under it):');
  for (const mount of failing) {
    const p = plan.mounts[mount] as MountPlan;
    const only = [mount, ...dependenciesOf(p)].sort((a, b) => a - b).join(',');
    lines.push(`  mount ${mount}: ${JSON.stringify(p)}`);
    lines.push(
      `    ${command} --seed ${plan.seed} --mounts ${plan.mounts.length} --only ${only}   (its whole page: --page ${p.page})`,
    );
  }
  return lines.join('\n');
}

/** The whole report as `npm run chaos` prints it. */
export function formatReport(report: ChaosReport, command?: string): string {
  const mounts = report.observations.length;
  const seconds = report.elapsedMs / 1000;
  return [
    `chaos run: seed ${report.plan.seed}, ${mounts} mounts on ${report.pages.length} pages in ${seconds.toFixed(1)} s (${((mounts / seconds) * 60).toFixed(0)} mounts a minute)`,
    '',
    formatTable(report.observations),
    '',
    formatPays(report.observations),
    '',
    formatChallengeTable(report.observations),
    '',
    `charges: ${report.charges.length} (${report.charges.filter((c) => c.status === 'APPROVED').length} approved, ${report.charges.filter((c) => c.status === 'PENDING').length} pending, ${report.charges.filter((c) => c.status === 'DECLINED').length} declined, ${report.charges.filter((c) => c.status === 'REFUNDED_HOLD_EXPIRED').length} refunded: hold expired)`,
    '',
    formatHoldTable(report.holds, report.violations),
    '',
    formatLocalTable(report.local, report.violations),
    '',
    formatViolations(report, command),
  ].join('\n');
}

function alignColumns(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '))
    .join('\n');
}
