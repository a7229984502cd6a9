import { challengesOf, resumedChallenge } from './challengeChecks';
import type { HarnessEvent } from './harness';
import type { MountObservation } from './observations';
import { CHALLENGE_CARDS } from './plan';
import { isLocalMethod } from './planLocal';

type Settled = Extract<HarnessEvent, { type: 'pay-settled' }>;

/**
 * 3-D Secure × pay outcomes (issue 22): a row per card and what the run did with its challenge
 * (answered how, cut short by `destroy()` or the iframe's removal, resumed by a remount), a column
 * per way the first pay call settling after the challenge opened ended. Mounts that paid with a
 * 3-D Secure card and showed no challenge count in `<card>, no challenge` (frictionless: always).
 */
export function formatChallengeTable(observations: MountObservation[]): string {
  const all = new Map(observations.map((o) => [o.plan.mount, o]));
  const rows = new Map<string, Map<string, number>>();
  const count = (row: string, column: string) => {
    const cells = rows.get(row) ?? new Map<string, number>();
    cells.set(column, (cells.get(column) ?? 0) + 1);
    cells.set('n', (cells.get('n') ?? 0) + 1);
    rows.set(row, cells);
  };
  for (const o of observations) {
    const card = o.plan.pay?.card;
    // A local payer (issue 38) keeps the card it drew, unused: it types none.
    if (!card || isLocalMethod(o.plan.pay?.method)) continue;
    const settled = o.events.filter((e): e is Settled => e.type === 'pay-settled');
    const resumed = resumedChallenge(o, all);
    const seen = challengesOf(o);
    for (const c of seen) {
      const own = resumed?.challenge.id === c.id ? resumed.card : card;
      const what = c.cut
        ? c.cut.type === 'removed'
          ? 'cut: iframe removed'
          : 'cut: destroy()'
        : c.answer
          ? c.answer.action
          : 'not answered';
      const after = settled.find((s) => s.epoch >= c.opened.epoch);
      count(`${own} ${what}${resumed?.challenge.id === c.id ? ' (resumed)' : ''}`, after ? outcomeLabel(after) : 'not settled');
    }
    if (seen.length === 0 && (card === 'frictionless' || CHALLENGE_CARDS.includes(card)) && settled[0])
      count(`${card}, no challenge`, outcomeLabel(settled[0]));
  }
  if (rows.size === 0) return '3-D Secure: no challenge card paid';
  const columns = [...new Set([...rows.values()].flatMap((r) => [...r.keys()]))].filter((c) => c !== 'n').sort();
  const header = ['3-D Secure', 'n', ...columns];
  const body = [...rows.keys()].sort().map((label) => {
    const r = rows.get(label) as Map<string, number>;
    return [label, String(r.get('n') ?? 0), ...columns.map((c) => String(r.get(c) ?? 0))];
  });
  const widths = header.map((_, i) => Math.max(...[header, ...body].map((r) => (r[i] ?? '').length)));
  return [header, ...body]
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '))
    .join('\n');
}

function outcomeLabel(s: Settled): string {
  const o = s.outcome;
  return o.resolved ? `${o.status}${o.declineCode ? ` ${o.declineCode}` : ''}` : (o.code ?? 'rejected');
}
