import { describe, expect, it } from 'vitest';
import { ProviderPaths } from '../../shared';
import type { RecordedRequest } from '../support/provider';
import { checkChallenges, checkOpenChallenges, expectedOutcome } from './challengeChecks';
import { formatChallengeTable } from './challengeReport';
import { checkMount } from './checks';
import type { HarnessEvent, PayOutcome } from './harness';
import type { Bounds, MountObservation } from './observations';
import type { MountPlan, PayPlan } from './plan';
import { mountPlan } from './testing/mountPlan';

const BOUNDS: Bounds = { outcomeMs: 25_000, deadFrameMs: 4_000, lostFrameMs: 5_000, payMs: 30_000, challengeMs: 3_000 };
const EPOCH = 1_000_000;
const ORDER = 'ord_1';
const CHALLENGE = 'tds_abc';

type Event = HarnessEvent extends infer E
  ? E extends HarnessEvent
    ? Omit<E, 'mount' | 'epoch' | 'afterDestroy'>
    : never
  : never;

const payPlan = (more: Partial<PayPlan> = {}): PayPlan => ({
  card: 'challenge',
  pattern: 'once',
  challenge: { action: 'complete', afterMs: 0 },
  ...more,
});
function observe(p: MountPlan, events: Event[], more: Partial<MountObservation> = {}): MountObservation {
  return {
    plan: p,
    fingerprints: ['tok:00000000'],
    orderId: ORDER,
    events: events.map((e) => ({ mount: p.mount, epoch: EPOCH + e.at, afterDestroy: false, ...e }) as HarnessEvent),
    requests: [],
    listenersLeft: [],
    harnessErrors: [],
    ...more,
  };
}
const post = (path: string, at: number): RecordedRequest => ({
  seq: 1,
  method: 'POST',
  path,
  query: {},
  tokenFingerprint: 'tok:00000000',
  idempotencyKey: null,
  at: EPOCH + at,
});
const start = (at: number, call = 0): Event => ({ type: 'pay-start', at, call, orderId: ORDER });
const settled = (at: number, outcome: PayOutcome, call = 0): Event => ({
  type: 'pay-settled',
  at,
  call,
  orderId: ORDER,
  outcome,
});
const opened = (at: number, challengeId = CHALLENGE): Event => ({ type: 'challenge', at, challengeId });
const answered = (at: number, action: string, challengeId = CHALLENGE): Event => ({
  type: 'challenge-answer',
  at,
  challengeId,
  action,
});
const unknown: PayOutcome = { resolved: false, code: 'PAYMENT_OUTCOME_UNKNOWN', orderId: ORDER };
const approved: PayOutcome = { resolved: true, status: 'APPROVED', chargeId: 'ch_1' };
const declined = (declineCode: string): PayOutcome => ({ resolved: true, status: 'DECLINED', chargeId: 'ch_1', declineCode });

const all = (...os: MountObservation[]) => new Map(os.map((o) => [o.plan.mount, o]));
const checksOf = (o: MountObservation, others: MountObservation[] = []) =>
  checkChallenges(o, all(o, ...others), BOUNDS).map((v) => `${v.check}: ${v.detail}`);

describe('checkChallenges: a challenge cut short (issue 22 "Exactly once")', () => {
  const cutPlan = (at: 'challenge' | 'challenge-removed') => mountPlan({ pay: payPlan(), destroy: { at, afterMs: 100 } });
  const destroyedByPlan: Event = { type: 'destroy', at: 1_600, by: 'plan', thrown: [], iframeLeft: false };
  const removed: Event = { type: 'removed', at: 1_600 };

  it.each([
    { name: 'destroy()', cut: destroyedByPlan, at: 'challenge' as const },
    { name: 'the removal', cut: removed, at: 'challenge-removed' as const },
  ])('PAYMENT_OUTCOME_UNKNOWN with the orderId after $name breaks nothing', ({ cut, at }) => {
    expect(checksOf(observe(cutPlan(at), [start(1_000), opened(1_500), cut, settled(1_700, unknown)]))).toEqual([]);
  });

  it.each([
    {
      outcome: { resolved: false, code: 'CONNECTION_LOST' },
      cut: removed,
      detail: 'pay call 0 rejected CONNECTION_LOST after the iframe was removed during challenge tds_abc',
    },
    {
      outcome: { resolved: false, code: 'DESTROYED' },
      cut: destroyedByPlan,
      detail: 'pay call 0 rejected DESTROYED after destroy() during challenge tds_abc',
    },
    {
      outcome: { resolved: false, code: 'PAYMENT_OUTCOME_UNKNOWN' },
      cut: destroyedByPlan,
      detail:
        'pay call 0 rejected PAYMENT_OUTCOME_UNKNOWN after destroy() during challenge tds_abc; expected PAYMENT_OUTCOME_UNKNOWN with details.orderId ord_1',
    },
  ])('$outcome.code after the cut is a violation', ({ outcome, cut, detail }) => {
    const found = checksOf(observe(cutPlan('challenge'), [start(1_000), opened(1_500), cut, settled(1_700, outcome)]));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(`challenge cut short: ${detail}`);
  });

  it('runs inside checkMount', () => {
    const o = observe(cutPlan('challenge-removed'), [
      { type: 'mounted', at: 0 },
      { type: 'apiInit', at: 400, methods: ['pay'], settingsFromCache: false },
      start(1_000),
      opened(1_500),
      removed,
      { type: 'crash', at: 1_650, code: 'CONNECTION_LOST', message: '' },
      settled(1_700, { resolved: false, code: 'CONNECTION_LOST' }),
      { type: 'destroy', at: 3_000, by: 'run', thrown: [], iframeLeft: false },
    ]);
    expect(checkMount(o, all(o), BOUNDS).map((v) => v.check)).toContain('challenge cut short');
  });
});

describe('checkChallenges: an answered challenge', () => {
  it.each([
    { card: 'challenge', action: 'complete', outcome: approved },
    { card: 'challenge', action: 'page-fail', outcome: declined('authentication_failed') },
    { card: 'challenge-declined', action: 'page-complete', outcome: declined('card_declined') },
    { card: 'challenge-declined', action: 'fail', outcome: declined('authentication_failed') },
  ] as const)('$card answered $action settling as expected within the bound breaks nothing', ({ card, action, outcome }) => {
    const o = observe(mountPlan({ pay: payPlan({ card }) }), [
      start(1_000),
      opened(1_500),
      answered(2_000, action),
      settled(4_900, outcome),
    ]);
    expect(checksOf(o)).toEqual([]);
  });

  it('a pay that settles otherwise than the card and the answer say is a violation', () => {
    const o = observe(mountPlan({ pay: payPlan({ card: 'challenge-declined' }) }), [
      start(1_000),
      opened(1_500),
      answered(2_000, 'complete'),
      settled(2_500, approved),
    ]);
    expect(checksOf(o)).toEqual([
      'challenge outcome: pay call 0 resolved APPROVED after challenge tds_abc of the challenge-declined card was answered complete; expected DECLINED card_declined',
    ]);
  });

  it('a pay that settles later than the bound after the answer is a violation', () => {
    const o = observe(mountPlan({ pay: payPlan() }), [
      start(1_000),
      opened(1_500),
      answered(2_000, 'fail'),
      settled(5_001, declined('authentication_failed')),
    ]);
    expect(checksOf(o)).toEqual([
      'challenge outcome: pay call 0 settled 3001 ms after challenge tds_abc was answered fail (bound 3000 ms: polling every 2 s at most)',
    ]);
  });

  it('Cancel or Escape: authentication_abandoned, and only after the widget asked the provider to cancel the charge', () => {
    const events = [start(1_000), opened(1_500), answered(2_000, 'escape'), settled(2_300, declined('authentication_abandoned'))];
    const cancel = post(ProviderPaths.cancelCharge('ch_1'), 2_100);
    expect(checksOf(observe(mountPlan({ pay: payPlan() }), events, { requests: [cancel] }))).toEqual([]);
    expect(checksOf(observe(mountPlan({ pay: payPlan() }), events))).toEqual([
      `challenge outcome: pay call 0 resolved authentication_abandoned without POST ${ProviderPaths.cancelCharge('ch_1')} (the widget tells the provider to cancel first)`,
    ]);
    expect(expectedOutcome('challenge', 'cancel')).toEqual({ status: 'DECLINED', declineCode: 'authentication_abandoned' });
  });

  it('a frictionless card that shows a challenge is a violation', () => {
    const o = observe(mountPlan({ pay: payPlan({ card: 'frictionless' }) }), [
      start(1_000),
      opened(1_500),
      answered(1_600, 'complete'),
      settled(2_000, approved),
    ]);
    expect(checksOf(o)).toEqual(['frictionless: the frictionless card showed challenge tds_abc']);
  });
});

describe('checkChallenges: a remount resumes the open challenge', () => {
  const first = observe(mountPlan({ mount: 0, pay: payPlan(), destroy: { at: 'challenge', afterMs: 0 } }), [
    start(1_000),
    opened(1_500),
    { type: 'destroy', at: 1_600, by: 'plan', thrown: [], iframeLeft: false },
    settled(1_700, unknown),
  ]);
  const remount = (events: Event[], requests: RecordedRequest[] = []) =>
    observe(mountPlan({ mount: 1, pay: payPlan({ card: 'approved' }), order: { reuseOf: 0 } }), events, { requests });
  const resumes = [start(3_000), opened(3_400), answered(3_500, 'complete'), settled(4_000, approved)];

  it('the same challenge, no tokenization or charge, settling as the first card says, breaks nothing', () => {
    expect(checksOf(remount(resumes), [first])).toEqual([]);
  });

  it('a tokenization or a charge during its first pay is a violation', () => {
    const requests = [post(ProviderPaths.cardTokenization, 3_100), post(ProviderPaths.chargesByOrder(ORDER), 3_200)];
    expect(checksOf(remount(resumes, requests), [first])).toEqual([
      'resumed once: its first pay for order ord_1, whose challenge tds_abc mount 0 left open, made 1 card tokenizations and 1 charges (expected none: it shows the same challenge)',
    ]);
  });

  it('another challenge is a violation', () => {
    const other = [start(3_000), opened(3_400, 'tds_other'), answered(3_500, 'complete', 'tds_other'), settled(4_000, approved)];
    expect(checksOf(remount(other), [first])).toContain(
      'resumed once: it showed challenge tds_other, not the open one of its order, tds_abc',
    );
  });

  it('a remount of another mount of the same order resumes it too; once another mount answered it, there is nothing to resume', () => {
    const requests = [post(ProviderPaths.cardTokenization, 3_100)];
    const viaOther = observe(mountPlan({ mount: 2, pay: payPlan({ card: 'approved' }), order: { reuseOf: 5 } }), resumes, {
      requests,
    });
    expect(checksOf(viaOther, [first])).toHaveLength(1);
    const answeredBy = observe(mountPlan({ mount: 1, pay: payPlan(), order: { reuseOf: 0 } }), [
      start(2_000),
      opened(2_100),
      answered(2_200, 'complete'),
      settled(2_500, approved),
    ]);
    const later = observe(
      mountPlan({ mount: 2, pay: payPlan({ card: 'approved' }), order: { reuseOf: 0 } }),
      [start(3_000), settled(3_400, approved)],
      { requests },
    );
    expect(checksOf(later, [first, answeredBy])).toEqual([]);
  });

  it('a challenge resumed twice is judged by the card of the mount that showed it first', () => {
    const declinedFirst = { ...first, plan: { ...first.plan, pay: payPlan({ card: 'challenge-declined' }) } };
    const cutAgain = observe(
      mountPlan({
        mount: 1,
        pay: payPlan({ card: 'approved' }),
        order: { reuseOf: 0 },
        destroy: { at: 'challenge', afterMs: 0 },
      }),
      [
        start(2_000),
        opened(2_100),
        { type: 'destroy', at: 2_200, by: 'plan', thrown: [], iframeLeft: false },
        settled(2_300, unknown),
      ],
    );
    const third = observe(mountPlan({ mount: 2, pay: payPlan({ card: 'approved' }), order: { reuseOf: 1 } }), [
      start(3_000),
      opened(3_400),
      answered(3_500, 'complete'),
      settled(4_000, declined('card_declined')),
    ]);
    expect(checksOf(third, [declinedFirst, cutAgain])).toEqual([]);
  });

  it('the resumed challenge is judged by the card that made it', () => {
    const failed = [start(3_000), opened(3_400), answered(3_500, 'complete'), settled(4_000, declined('card_declined'))];
    const declinedFirst = { ...first, plan: { ...first.plan, pay: payPlan({ card: 'challenge-declined' }) } };
    expect(checksOf(remount(failed), [declinedFirst])).toEqual([]);
    expect(checksOf(remount(failed), [first])).toHaveLength(1);
  });
});

describe('checkOpenChallenges', () => {
  it('two open challenges for one order are a violation of each of its payers', () => {
    const o = observe(mountPlan({ pay: payPlan() }), []);
    const open = (id: string) => ({ id, orderId: ORDER, status: 'REQUIRES_ACTION' });
    expect(checkOpenChallenges([open('ch_1')], [o])).toEqual([]);
    expect(checkOpenChallenges([open('ch_1'), open('ch_2')], [o]).map((v) => v.detail)).toEqual([
      'order ord_1 has 2 open challenges: ch_1, ch_2',
    ]);
  });
});

describe('formatChallengeTable', () => {
  it('a row per card and what came of its challenge, a column per pay outcome', () => {
    const a = observe(mountPlan({ mount: 0, pay: payPlan() }), [
      start(0),
      opened(10),
      answered(20, 'complete'),
      settled(30, approved),
    ]);
    const b = observe(mountPlan({ mount: 1, pay: payPlan({ card: 'frictionless' }) }), [start(0), settled(30, approved)]);
    const c = observe(mountPlan({ mount: 2, pay: payPlan(), destroy: { at: 'challenge-removed', afterMs: 0 } }), [
      start(0),
      opened(10),
      { type: 'removed', at: 20 },
      settled(30, { resolved: false, code: 'CONNECTION_LOST' }),
    ]);
    expect(formatChallengeTable([a, b, c]).split('\n')).toEqual([
      '3-D Secure                     n  APPROVED  CONNECTION_LOST',
      'challenge complete             1         1                0',
      'challenge cut: iframe removed  1         0                1',
      'frictionless, no challenge     1         1                0',
    ]);
  });
});
