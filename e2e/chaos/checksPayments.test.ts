import { describe, expect, it } from 'vitest';
import { ProviderPaths } from '../../shared';
import type { RecordedRequest } from '../support/provider';
import { checkCharges, checkMount } from './checks';
import type { HarnessEvent, PayOutcome } from './harness';
import type { Bounds, MountObservation } from './observations';
import type { MountPlan } from './plan';
import { mayBeOutcomeUnknown } from './predict';
import { mountPlan } from './testing/mountPlan';

// Issue 25's checks: onPaymentResult against the provider's charges, and PAYMENT_OUTCOME_UNKNOWN
// only where the plan says a charge's outcome may be hidden.

const BOUNDS: Bounds = { outcomeMs: 25_000, deadFrameMs: 25_000, lostFrameMs: 6_000, payMs: 30_000, challengeMs: 3_000 };
const ORDER = 'ord_1';
const at = (type: string, t: number, more: object = {}) =>
  ({ mount: 0, at: t, epoch: 1_000_000 + t, afterDestroy: false, type, ...more }) as HarnessEvent;
const unknown: PayOutcome = { resolved: false, code: 'PAYMENT_OUTCOME_UNKNOWN', orderId: ORDER };

function observe(plan: MountPlan, events: HarnessEvent[]): MountObservation {
  return { plan, fingerprints: [], orderId: ORDER, events, requests: [], listenersLeft: [], harnessErrors: [] };
}
const paying = (outcome: PayOutcome) => [
  at('mounted', 0),
  at('apiInit', 400, { methods: ['pay'], settingsFromCache: null }),
  at('pay-start', 500, { call: 0, orderId: ORDER }),
  at('pay-settled', 900, { call: 0, orderId: ORDER, outcome }),
  at('destroy', 1_000, { by: 'run', thrown: [], iframeLeft: false }),
];
const payer = (more: Partial<MountPlan> = {}) =>
  mountPlan({
    order: { event: 'venue' },
    pay: { card: 'approved', pattern: 'once', challenge: { action: 'complete', afterMs: 0 } },
    ...more,
  });
const unknownChecks = (p: MountPlan, others: MountPlan[] = []) => {
  const o = observe(p, paying(unknown));
  const all = new Map([[p.mount, o], ...others.map((x) => [x.mount, observe(x, [])] as const)]);
  return checkMount(o, all, BOUNDS).filter((v) => v.check === 'outcome unknown only where predicted');
};

describe('PAYMENT_OUTCOME_UNKNOWN only where predicted', () => {
  it('is a violation for a payer whose charge met nothing that hides its outcome', () => {
    expect(unknownChecks(payer())).toHaveLength(1);
    expect(unknownChecks(payer({ faults: [{ target: 'charge', kind: '401', times: 1 }] }))).toHaveLength(1);
    expect(unknownChecks(payer({ faults: [{ target: 'saved-card-token', kind: '5xx', times: 1, status: 503 }] }))).toHaveLength(
      1,
    );
  });

  it('is allowed after a lost charge or capture reply, a destroy while paying, or with another payer of the order', () => {
    expect(unknownChecks(payer({ faults: [{ target: 'charge', kind: 'lost-reply', times: 1 }] }))).toEqual([]);
    expect(unknownChecks(payer({ faults: [{ target: 'paypal-capture', kind: 'drop', times: 1 }] }))).toEqual([]);
    expect(unknownChecks(payer({ destroy: { at: 'paying', afterMs: 0 } }))).toEqual([]);
    expect(unknownChecks(payer({ mount: 1, msidOf: 1, order: { reuseOf: 0 } }))).toEqual([]);
    const remount = payer({ mount: 1, msidOf: 1, order: { reuseOf: 0 } });
    expect(mayBeOutcomeUnknown(payer(), [payer(), remount])).toBe(true);
    expect(unknownChecks(payer(), [remount])).toEqual([]);
  });
});

describe('onPaymentResult against the provider’s charges', () => {
  const told = (chargeId: string) =>
    observe(
      payer({ pay: { card: 'approved', pattern: 'once', method: 'paypal', challenge: { action: 'complete', afterMs: 0 } } }),
      [
        at('mounted', 0),
        at('payment-result', 800, { orderId: ORDER, outcome: { resolved: true, status: 'APPROVED', chargeId } }),
      ],
    );

  it('names the order’s settling charge, or it is a violation', () => {
    const charges = [{ id: 'ch_1', orderId: ORDER, status: 'APPROVED' }];
    expect(checkCharges(charges, [told('ch_1')])).toEqual([]);
    expect(checkCharges(charges, [told('ch_9')]).map((v) => v.detail)).toEqual([
      `onPaymentResult said APPROVED with charge ch_9, which is not a settling charge of order ${ORDER} at the provider`,
    ]);
  });
});

describe('issue 38: a local method’s page charges from the widget’s own button', () => {
  const chargePost: RecordedRequest = {
    seq: 1,
    method: 'POST',
    path: ProviderPaths.chargesByOrder(ORDER),
    query: {},
    tokenFingerprint: null,
    idempotencyKey: 'k',
    at: 1_000_600,
  };
  const requestChecks = (events: HarnessEvent[]) =>
    checkMount({ ...observe(payer(), events), requests: [chargePost] }, new Map(), BOUNDS)
      .filter((v) => v.check === 'requests within spec 7')
      .map((v) => v.detail);

  it('counts each popup the run opened as a call that may charge', () => {
    const loaded = [at('mounted', 0), at('apiInit', 400, { methods: ['pay'], settingsFromCache: null })];
    expect(requestChecks([...loaded, at('local-answer', 500, { method: 'ideal', action: 'opened' })])).toEqual([]);
    expect(requestChecks(loaded)).toEqual(['1 charge requests for 0 calls (at most 2 each: spec 7, 9)']);
  });
});
