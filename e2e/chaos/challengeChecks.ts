import { ErrorCode, ProviderPaths } from '../../shared';
import type { HarnessEvent, PayOutcome } from './harness';
import type { Bounds, MountObservation, ObservedCharge, Violation } from './observations';
import type { PayCard } from './plan';

// The chaos run's checks of 3-D Secure (issue 22), on what a run observed: a challenge cut short
// by destroy() or the iframe's removal gives PAYMENT_OUTCOME_UNKNOWN with the order; a remount
// resumes that very challenge with no second tokenization or charge; an answered challenge
// settles its pay as the card and the answer say, within the bound; Cancel and Escape cancel the
// charge at the provider; a frictionless card shows none; an order has one open challenge at most.

type Of<T extends HarnessEvent['type']> = Extract<HarnessEvent, { type: T }>;
const ofType = <T extends HarnessEvent['type']>(events: HarnessEvent[], type: T) =>
  events.filter((e): e is Of<T> => e.type === type);

/** A challenge the run saw, and what came of it in the mount: answered (`answer`) or cut short (`cut`: destroy() or the iframe's removal first). */
export interface SeenChallenge {
  id: string;
  opened: Of<'challenge'>;
  answer?: Of<'challenge-answer'>;
  cut?: HarnessEvent;
}

/** The challenges a mount showed, in order, with their answer or the cut that came first. */
export function challengesOf(o: MountObservation): SeenChallenge[] {
  const cut = o.events.find((e) => (e.type === 'destroy' && e.by === 'plan') || e.type === 'removed');
  return ofType(o.events, 'challenge').map((opened) => {
    const answer = ofType(o.events, 'challenge-answer').find((a) => a.challengeId === opened.challengeId);
    const cutFirst = cut && cut.at >= opened.at && (!answer || cut.at < answer.at) ? cut : undefined;
    return { id: opened.challengeId, opened, ...(answer && !cutFirst ? { answer } : {}), ...(cutFirst ? { cut: cutFirst } : {}) };
  });
}

/**
 * The challenge of `o`'s order that another mount cut short last before `o`'s first `pay`, when
 * nobody answered it before then: still open, so that `pay` must resume it. Any mount of the order
 * counts, not only the one `o` remounts (a remount of a remount pays the same order).
 */
export function resumedChallenge(
  o: MountObservation,
  all: ReadonlyMap<number, MountObservation>,
): { from: MountObservation; challenge: SeenChallenge; card?: PayCard } | undefined {
  const firstPay = ofType(o.events, 'pay-start')[0];
  if (!firstPay || !o.orderId) return undefined;
  const sameOrder = [...all.values()].filter((x) => x !== o && x.orderId === o.orderId);
  const cuts = sameOrder.flatMap((from) =>
    challengesOf(from)
      .filter((c) => c.cut && c.cut.epoch <= firstPay.epoch)
      .map((challenge) => ({ from, challenge, at: challenge.cut?.epoch ?? 0 })),
  );
  const last = cuts.sort((a, b) => a.at - b.at).at(-1);
  if (!last) return undefined;
  const answered = sameOrder.some((x) =>
    ofType(x.events, 'challenge-answer').some((a) => a.challengeId === last.challenge.id && a.epoch <= firstPay.epoch),
  );
  if (answered) return undefined;
  // Its card: the one of the mount that showed it first (whose charge made it), not a resumer's.
  const maker = sameOrder
    .flatMap((x) =>
      ofType(x.events, 'challenge')
        .filter((e) => e.challengeId === last.challenge.id)
        .map((e) => ({ x, at: e.epoch })),
    )
    .sort((a, b) => a.at - b.at)[0]?.x;
  const card = (maker ?? last.from).plan.pay?.card;
  return { from: last.from, challenge: last.challenge, ...(card ? { card } : {}) };
}

/** What a pay settles as when the challenge of a charge made with `card` is answered with `action`. */
export function expectedOutcome(card: PayCard, action: string): { status: 'APPROVED' | 'DECLINED'; declineCode?: string } {
  if (action === 'cancel' || action === 'escape') return { status: 'DECLINED', declineCode: 'authentication_abandoned' };
  if (action === 'fail' || action === 'page-fail') return { status: 'DECLINED', declineCode: 'authentication_failed' };
  return card === 'challenge-declined' ? { status: 'DECLINED', declineCode: 'card_declined' } : { status: 'APPROVED' };
}

/** Every 3-D Secure check of one mount (see the top of this file). `all`: every mount of the run, by number. */
export function checkChallenges(o: MountObservation, all: ReadonlyMap<number, MountObservation>, bounds: Bounds): Violation[] {
  const found: Violation[] = [];
  const v = (check: string, detail: string) => found.push({ page: o.plan.page, mount: o.plan.mount, check, detail });
  const starts = ofType(o.events, 'pay-start');
  const settled = ofType(o.events, 'pay-settled');
  const settlingOf = (call: number) => settled.find((s) => s.call === call);
  const inFlightAt = (epoch: number) =>
    starts.filter((s) => s.epoch <= epoch && (settlingOf(s.call)?.epoch ?? Number.POSITIVE_INFINITY) >= epoch);
  const resumed = resumedChallenge(o, all);
  const cardOf = (id: string): PayCard | undefined => (resumed?.challenge.id === id ? resumed.card : o.plan.pay?.card);

  for (const c of challengesOf(o)) {
    if (c.cut) {
      for (const start of inFlightAt(c.cut.epoch)) {
        const outcome = settlingOf(start.call)?.outcome;
        if (!outcome) continue; // "pay settles" reports it
        if (outcome.resolved || outcome.code !== ErrorCode.PaymentOutcomeUnknown || outcome.orderId !== start.orderId)
          v(
            'challenge cut short',
            `pay call ${start.call} ${describe(outcome)} after ${c.cut.type === 'removed' ? 'the iframe was removed' : 'destroy()'} during challenge ${c.id}; expected PAYMENT_OUTCOME_UNKNOWN with details.orderId ${start.orderId} (issue 22 "Exactly once")`,
          );
      }
      continue;
    }
    const answer = c.answer;
    const card = cardOf(c.id);
    if (!answer || !card) continue;
    const expected = expectedOutcome(card, answer.action);
    const gone = o.events.find((e) => e.type === 'destroy' || e.type === 'removed');
    for (const start of inFlightAt(answer.epoch)) {
      const done = settlingOf(start.call);
      if (!done || (gone && gone.epoch < done.epoch)) continue;
      const { outcome } = done;
      // Issue 37: approved past its hold's grace limit, the charge is refunded; checksHolds.ts judges whether it had to be.
      const lateRefund = !!o.plan.pay?.hold && expected.status === 'APPROVED' && outcome.status === 'REFUNDED_HOLD_EXPIRED';
      if (lateRefund) continue;
      if (!outcome.resolved || outcome.status !== expected.status || outcome.declineCode !== expected.declineCode)
        v(
          'challenge outcome',
          `pay call ${start.call} ${describe(outcome)} after challenge ${c.id} of the ${card} card was answered ${answer.action}; expected ${expected.status}${expected.declineCode ? ` ${expected.declineCode}` : ''}`,
        );
      else if (done.epoch - answer.epoch > bounds.challengeMs)
        v(
          'challenge outcome',
          `pay call ${start.call} settled ${done.epoch - answer.epoch} ms after challenge ${c.id} was answered ${answer.action} (bound ${bounds.challengeMs} ms: polling every 2 s at most)`,
        );
      if (expected.declineCode === 'authentication_abandoned' && outcome.chargeId) {
        const path = ProviderPaths.cancelCharge(outcome.chargeId);
        if (!o.requests.some((r) => r.method === 'POST' && r.path === path))
          v(
            'challenge outcome',
            `pay call ${start.call} resolved authentication_abandoned without POST ${path} (the widget tells the provider to cancel first)`,
          );
      }
    }
  }

  if (resumed) {
    const first = starts[0] as Of<'pay-start'>;
    const end = settlingOf(first.call)?.epoch ?? Number.POSITIVE_INFINITY;
    const during = o.requests.filter((r) => r.method === 'POST' && r.at >= first.epoch && r.at <= end);
    const tokenizations = during.filter((r) => r.path === ProviderPaths.cardTokenization).length;
    const charges = during.filter((r) => r.path === ProviderPaths.chargesByOrder(first.orderId)).length;
    if (tokenizations + charges > 0)
      v(
        'resumed once',
        `its first pay for order ${first.orderId}, whose challenge ${resumed.challenge.id} mount ${resumed.from.plan.mount} left open, made ${tokenizations} card tokenizations and ${charges} charges (expected none: it shows the same challenge)`,
      );
    const shown = challengesOf(o)[0];
    if (shown && shown.opened.epoch <= end && shown.id !== resumed.challenge.id)
      v('resumed once', `it showed challenge ${shown.id}, not the open one of its order, ${resumed.challenge.id}`);
  }

  if (o.plan.pay?.card === 'frictionless' && !resumed && challengesOf(o).length > 0)
    v('frictionless', `the frictionless card showed challenge ${challengesOf(o)[0]?.id}`);
  return found;
}

/** Per order, at most one charge still waiting for its challenge (REQUIRES_ACTION): the provider refuses a second while one is open. */
export function checkOpenChallenges(charges: ObservedCharge[], observations: MountObservation[]): Violation[] {
  const open = new Map<string, ObservedCharge[]>();
  for (const c of charges.filter((x) => x.status === 'REQUIRES_ACTION')) open.set(c.orderId, [...(open.get(c.orderId) ?? []), c]);
  return [...open]
    .filter(([, list]) => list.length > 1)
    .flatMap(([orderId, list]) =>
      observations
        .filter((o) => o.orderId === orderId)
        .map((o) => ({
          page: o.plan.page,
          mount: o.plan.mount,
          check: 'one charge per order',
          detail: `order ${orderId} has ${list.length} open challenges: ${list.map((c) => c.id).join(', ')}`,
        })),
    );
}

function describe(outcome: PayOutcome): string {
  return outcome.resolved
    ? `resolved ${outcome.status}${outcome.declineCode ? ` ${outcome.declineCode}` : ''}`
    : `rejected ${outcome.code}${outcome.orderId ? ` (orderId ${outcome.orderId})` : ''}`;
}
