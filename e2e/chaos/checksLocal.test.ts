import { describe, expect, it } from 'vitest';
import { checkLocal, LOCAL_CHECKS, LOCAL_RESULT_MARGIN_MS, type LocalFacts } from './checksLocal';
import type { HarnessEvent } from './harness';
import type { MountObservation, ObservedCharge } from './observations';
import type { MountPlan } from './plan';
import { mountPlan } from './testing/mountPlan';
import type { OrderEvent } from './webhookLog';

// Issue 38's invariants on hand-made records: a clean run passes, and each kind of violation is
// reported under its check.

const T = Date.parse('2030-01-01T10:00:00.000Z');
const SETTLE = 2_500;
const at = (mount: number, type: string, epoch: number, more: object = {}) =>
  ({ mount, at: epoch - T, epoch, afterDestroy: false, type, ...more }) as HarnessEvent;
const payer = (mount: number, method: 'ideal' | 'blik', more: Partial<MountPlan> = {}) =>
  mountPlan({
    mount,
    order: { event: 'online' },
    pay: {
      card: 'approved',
      pattern: 'once',
      challenge: { action: 'complete', afterMs: 0 },
      method,
      local: { country: method === 'blik' ? 'PL' : 'NL', pattern: method === 'blik' ? 'blik-approved' : 'pending-approve' },
    },
    ...more,
  });
const observe = (plan: MountPlan, orderId: string, events: HarnessEvent[]): MountObservation => ({
  plan,
  fingerprints: [],
  orderId,
  events,
  requests: [],
  listenersLeft: [],
  harnessErrors: [],
});
const event = (type: OrderEvent['type'], chargeId: string, seenAt: number, orderId = 'ord_1'): OrderEvent => ({
  eventId: `evt_${type}_${chargeId}_${seenAt}`,
  type,
  orderId,
  orderStatus: type === 'order.paid' ? 'PAID' : 'AWAITING_PAYMENT',
  chargeId,
  seenAt,
});
const charge = (id: string, paymentMethod: string, status: string, more: Partial<ObservedCharge> = {}): ObservedCharge => ({
  id,
  orderId: 'ord_1',
  status,
  paymentMethod,
  ...more,
});

/**
 * A clean run: mount 0 answers iDEAL's page "Approve later" (settles approved), its pay() resolves
 * PENDING, it hears APPROVED once and lives on; mount 1 pays BLIK 777123 on its own order; mount 2
 * closes iDEAL's popup early on a third order (the widget cancels it).
 */
function clean(change: (f: LocalFacts) => void = () => undefined): LocalFacts {
  const settledAt = T + 1_000 + SETTLE + 200;
  const facts: LocalFacts = {
    charges: [
      charge('ch_1', 'IDEAL', 'APPROVED'),
      charge('ch_2', 'BLIK', 'APPROVED', { orderId: 'ord_2' }),
      charge('ch_3', 'IDEAL', 'DECLINED', { orderId: 'ord_3', declineCode: 'authentication_abandoned' }),
      charge('ch_9', 'CARD', 'DECLINED', { declineCode: 'card_declined' }),
    ],
    events: [
      event('order.payment_processing', 'ch_1', T + 1_200),
      event('order.paid', 'ch_2', T + 3_000, 'ord_2'),
      event('order.paid', 'ch_1', settledAt),
      event('order.payment_failed', 'ch_3', T + 2_000, 'ord_3'),
    ],
    observations: [
      observe(payer(0, 'ideal'), 'ord_1', [
        at(0, 'local-answer', T + 1_000, { method: 'ideal', action: 'pending-approve', chargeId: 'ch_1' }),
        at(0, 'pay-settled', T + 1_400, {
          call: 0,
          orderId: 'ord_1',
          outcome: { resolved: true, status: 'PENDING', chargeId: 'ch_1', paymentMethod: 'IDEAL' },
        }),
        at(0, 'payment-result', settledAt + 1_500, {
          orderId: 'ord_1',
          outcome: { resolved: true, status: 'APPROVED', chargeId: 'ch_1' },
        }),
        at(0, 'destroy', settledAt + LOCAL_RESULT_MARGIN_MS + 1_000, { by: 'run', thrown: [], iframeLeft: false }),
      ]),
      observe(payer(1, 'blik'), 'ord_2', [
        at(1, 'local-answer', T + 500, { method: 'blik', action: 'blik', code: '777123' }),
        at(1, 'payment-result', T + 3_100, {
          orderId: 'ord_2',
          outcome: { resolved: true, status: 'APPROVED', chargeId: 'ch_2' },
        }),
      ]),
      observe(payer(2, 'ideal'), 'ord_3', [
        at(2, 'local-answer', T + 1_000, { method: 'ideal', action: 'closed', chargeId: 'ch_3' }),
      ]),
    ],
  };
  change(facts);
  return facts;
}

const checksOf = (facts: LocalFacts) => checkLocal(facts).map((v) => v.check);
const mount = (f: LocalFacts, n: number) => f.observations[n] as MountObservation;
const without = (f: LocalFacts, type: string, chargeId: string) => {
  f.events = f.events.filter((e) => !(e.type === type && e.chargeId === chargeId));
};

describe('the local payment invariants (issue 38)', () => {
  it('pass a pending payment settled and heard once, a BLIK approval and a popup closed early', () => {
    expect(checkLocal(clean())).toEqual([]);
  });

  it.each<[string, (f: LocalFacts) => void, string]>([
    [
      'a local charge still PENDING at the end',
      (f) => Object.assign(f.charges[0] as object, { status: 'PENDING' }),
      LOCAL_CHECKS.pending,
    ],
    [
      'a BLIK charge still waiting for its bank at the end',
      (f) => Object.assign(f.charges[1] as object, { status: 'REQUIRES_ACTION' }),
      LOCAL_CHECKS.settled,
    ],
    [
      'an iDEAL charge left waiting for its page though its widget lived (nobody cancelled it)',
      (f) => {
        Object.assign(f.charges[2] as object, { status: 'REQUIRES_ACTION', declineCode: undefined });
        without(f, 'order.payment_failed', 'ch_3');
      },
      LOCAL_CHECKS.settled,
    ],
    ['order.paid sent twice', (f) => f.events.push(event('order.paid', 'ch_1', T + 9_000)), LOCAL_CHECKS.settled],
    ['no settled event', (f) => without(f, 'order.paid', 'ch_2'), LOCAL_CHECKS.settled],
    [
      'a settled event of the wrong kind besides',
      (f) => f.events.push(event('order.payment_failed', 'ch_2', T + 9_000, 'ord_2')),
      LOCAL_CHECKS.settled,
    ],
    [
      'a payment settled otherwise than its page chose',
      (f) => {
        Object.assign(f.charges[0] as object, { status: 'DECLINED', declineCode: 'customer_declined' });
        f.events = f.events.map((e) =>
          e.type === 'order.paid' && e.chargeId === 'ch_1' ? { ...e, type: 'order.payment_failed' } : e,
        );
        Object.assign(mount(f, 0).events[2] as object, { outcome: { resolved: true, status: 'DECLINED', chargeId: 'ch_1' } });
      },
      LOCAL_CHECKS.settled,
    ],
    [
      'order.payment_processing sent twice (for a payment the run only learnt was pending from pay())',
      (f) => {
        f.events.splice(1, 0, event('order.payment_processing', 'ch_1', T + 1_300));
        mount(f, 0).events.splice(0, 1);
      },
      LOCAL_CHECKS.webhooks,
    ],
    [
      'order.payment_processing after the settled event',
      (f) => {
        without(f, 'order.payment_processing', 'ch_1');
        f.events.push(event('order.payment_processing', 'ch_1', T + 9_000));
      },
      LOCAL_CHECKS.webhooks,
    ],
    [
      'an "Approve later" with no order.payment_processing',
      (f) => without(f, 'order.payment_processing', 'ch_1'),
      LOCAL_CHECKS.webhooks,
    ],
    [
      'onPaymentResult twice for one charge',
      (f) =>
        mount(f, 0).events.splice(
          3,
          0,
          at(0, 'payment-result', T + 8_000, {
            orderId: 'ord_1',
            outcome: { resolved: true, status: 'APPROVED', chargeId: 'ch_1' },
          }),
        ),
      LOCAL_CHECKS.told,
    ],
    [
      'onPaymentResult saying another status than the charge’s',
      (f) => Object.assign(mount(f, 1).events[1] as object, { outcome: { resolved: true, status: 'PENDING', chargeId: 'ch_2' } }),
      LOCAL_CHECKS.told,
    ],
    [
      'no onPaymentResult from the widget that knew the payment was pending and lived past its settle',
      (f) => mount(f, 0).events.splice(2, 1),
      LOCAL_CHECKS.told,
    ],
  ])('report %s', (_name, change, check) => {
    expect(checksOf(clean(change))).toContain(check);
  });

  it('want no onPaymentResult from a widget gone before the settle it watched for, nor a page left open by a widget the plan destroyed', () => {
    const gone = clean((f) => {
      const events = mount(f, 0).events;
      events.splice(2, 2, at(0, 'destroy', T + 1_500, { by: 'plan', thrown: [], iframeLeft: false }));
      Object.assign(f.charges[2] as object, { status: 'REQUIRES_ACTION', declineCode: undefined });
      without(f, 'order.payment_failed', 'ch_3');
      mount(f, 2).events.push(at(2, 'destroy', T + 1_100, { by: 'plan', thrown: [], iframeLeft: false }));
    });
    expect(checkLocal(gone)).toEqual([]);
  });

  it('leave other runs’ orders and card charges alone', () => {
    const other = clean((f) => {
      f.charges.push(charge('ch_x', 'IDEAL', 'PENDING', { orderId: 'ord_elsewhere' }));
      f.events.push(event('order.paid', 'ch_9', T + 5_000), event('order.paid', 'ch_9', T + 6_000));
    });
    expect(checkLocal(other)).toEqual([]);
  });
});
