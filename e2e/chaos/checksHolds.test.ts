import { describe, expect, it } from 'vitest';
import {
  approvalsOf,
  checkExtensions,
  checkHolds,
  checkRefunds,
  checkReleased,
  HOLD_CHECKS,
  type HoldFacts,
} from './checksHolds';
import type { HarnessEvent } from './harness';
import type { MountObservation, ObservedCharge } from './observations';
import type { OrderHold } from './pageRun';
import { LOCAL_TIMINGS } from './planLocal';
import { mountPlan } from './testing/mountPlan';
import type { OrderEvent } from './webhookLog';

// Issue 37's invariants on hand-made records: a clean run passes, and each kind of violation is
// reported under its check.

const ORDER = 'ord_1';
const SETUP = Date.parse('2030-01-01T10:00:00.000Z');
const GRACE = 3_000;
const iso = (ms: number) => new Date(ms).toISOString();
const HOLD: OrderHold = {
  orderId: ORDER,
  mount: 0,
  page: 0,
  token: 't',
  setupExpiresAt: SETUP,
  extensions: { count: 2, seconds: 5 },
};

const at = (type: string, epoch: number, more: object = {}) =>
  ({ mount: 0, at: epoch - SETUP, epoch, afterDestroy: false, type, ...more }) as HarnessEvent;
const observe = (events: HarnessEvent[]): MountObservation => ({
  plan: mountPlan({
    order: { event: 'venue' },
    pay: {
      card: 'challenge',
      pattern: 'once',
      challenge: { action: 'complete', afterMs: 0 },
      hold: { holdSeconds: 25, extensions: HOLD.extensions, asks: 1, straddle: 'ended', leadMs: 3_000, offsetMs: 4_000 },
    },
  }),
  fingerprints: [],
  orderId: ORDER,
  events,
  requests: [],
  listenersLeft: [],
  harnessErrors: [],
});
const event = (type: OrderEvent['type'], more: Partial<OrderEvent> = {}, id = `evt_${type}`): OrderEvent => ({
  eventId: id,
  type,
  orderId: ORDER,
  orderStatus: 'AWAITING_PAYMENT',
  ...more,
});
const charge = (more: Partial<ObservedCharge> = {}): ObservedCharge => ({
  id: 'ch_1',
  orderId: ORDER,
  status: 'REFUNDED_HOLD_EXPIRED',
  createdAt: iso(SETUP + 5_000 - 2_000),
  refundedAt: iso(SETUP + 5_000 + GRACE + 1_000),
  ...more,
});

/**
 * A clean straddle past the grace limit: one extension (+5 s, by the button), the challenge opened
 * before the end and answered 4 s after it (past the 3 s grace): refunded once, seats released.
 */
function ended(change: (f: HoldFacts) => void = () => undefined): HoldFacts {
  const end = SETUP + 5_000;
  const facts: HoldFacts = {
    holds: [HOLD],
    finals: new Map([[ORDER, { status: 'AWAITING_PAYMENT', holdExpiresAt: iso(end), holdExtensions: { remaining: 1 } }]]),
    charges: [charge()],
    events: [event('order.hold_expired'), event('charge.refunded', { chargeId: 'ch_1', chargeStatus: 'REFUNDED_HOLD_EXPIRED' })],
    observations: [
      observe([
        at('hold-extended', SETUP + 100, { orderId: ORDER, holdExpiresAt: iso(end) }),
        at('hold-ask', SETUP + 120, { via: 'button', holdExpiresAt: iso(end) }),
        at('challenge-answer', end + 4_000, { challengeId: 'ch_1', action: 'complete' }),
      ]),
    ],
    graceMs: GRACE,
    readAt: end + 10_000,
  };
  change(facts);
  return facts;
}

const checksOf = (facts: HoldFacts) => checkHolds(facts).map((v) => v.check);

describe('the seat hold invariants (issue 37)', () => {
  it('pass a payment refunded once after its grace limit, with one extension by the policy', () => {
    expect(checkHolds(ended())).toEqual([]);
  });

  it.each<[string, (f: HoldFacts) => void, string]>([
    [
      '(a) a charge stands on an order whose order.hold_expired was sent',
      (f) => {
        f.charges = [charge({ status: 'APPROVED', refundedAt: undefined })];
        f.events = [event('order.hold_expired')];
      },
      HOLD_CHECKS.released,
    ],
    [
      '(a) the seats went back on sale (unpaid past the grace limit) with no order.hold_expired',
      (f) => {
        f.charges = [];
        f.events = [];
      },
      HOLD_CHECKS.released,
    ],
    [
      '(a) order.hold_expired sent twice',
      (f) => {
        f.events.push(event('order.hold_expired', {}, 'evt_again'));
      },
      HOLD_CHECKS.released,
    ],
    [
      '(a) the order is paid after its hold went back on sale',
      (f) => {
        f.finals = new Map([[ORDER, { status: 'PAID', holdExpiresAt: iso(SETUP + 5_000), holdExtensions: { remaining: 1 } }]]);
      },
      HOLD_CHECKS.released,
    ],
    [
      '(b) a REFUNDED_HOLD_EXPIRED charge with no charge.refunded',
      (f) => {
        f.events = f.events.filter((e) => e.type !== 'charge.refunded');
      },
      HOLD_CHECKS.refunded,
    ],
    [
      '(b) a late charge refunded twice',
      (f) => {
        f.events.push(event('charge.refunded', { chargeId: 'ch_1' }, 'evt_second_refund'));
      },
      HOLD_CHECKS.refunded,
    ],
    [
      '(b) REFUNDED_HOLD_EXPIRED without refundedAt',
      (f) => {
        f.charges = [charge({ refundedAt: undefined })];
      },
      HOLD_CHECKS.refunded,
    ],
    [
      '(b) approved past the grace limit, and the charge stands (no order.hold_expired either)',
      (f) => {
        f.charges = [charge({ status: 'APPROVED', refundedAt: undefined })];
        f.events = [];
        f.finals = new Map([[ORDER, { status: 'PAID', holdExpiresAt: iso(SETUP + 5_000), holdExtensions: { remaining: 1 } }]]);
      },
      HOLD_CHECKS.refunded,
    ],
    [
      '(c) an extension that moved holdExpiresAt by more than its seconds',
      (f) => {
        const o = f.observations[0] as MountObservation;
        o.events[0] = at('hold-extended', SETUP + 100, { orderId: ORDER, holdExpiresAt: iso(SETUP + 6_000) });
      },
      HOLD_CHECKS.extensions,
    ],
    [
      '(c) the route granted an ask past the policy’s count',
      (f) => {
        f.holds = [{ ...HOLD, extensions: { count: 1, seconds: 5 } }];
        (f.observations[0] as MountObservation).events.push(
          at('hold-ask', SETUP + 200, { via: 'route', status: 200, holdExpiresAt: iso(SETUP + 10_000) }),
        );
      },
      HOLD_CHECKS.extensions,
    ],
    [
      '(c) the provider counts an extension the run never saw granted',
      (f) => {
        f.finals = new Map([
          [ORDER, { status: 'AWAITING_PAYMENT', holdExpiresAt: iso(SETUP + 10_000), holdExtensions: { remaining: 0 } }],
        ]);
      },
      HOLD_CHECKS.extensions,
    ],
  ])('report %s', (_name, change, check) => {
    expect(checksOf(ended(change))).toContain(check);
  });

  it('leave a charge that stands alone when its hold was never released', () => {
    const paid = ended((f) => {
      f.charges = [charge({ status: 'APPROVED', refundedAt: undefined })];
      f.events = [event('order.paid', { orderStatus: 'PAID', chargeId: 'ch_1' })];
      f.finals = new Map([[ORDER, { status: 'PAID', holdExpiresAt: iso(SETUP + 5_000), holdExtensions: { remaining: 1 } }]]);
      (f.observations[0] as MountObservation).events[2] = at('challenge-answer', SETUP + 5_000 + 1_000, {
        challengeId: 'ch_1',
        action: 'complete',
      });
    });
    expect(checkReleased(paid)).toEqual([]);
    expect(checkRefunds(paid)).toEqual([]);
    expect(checkExtensions(paid)).toEqual([]);
  });

  it('count a local method’s PENDING as not standing (the bank has not confirmed it; checksLocal.ts wants none left), a venue’s as standing', () => {
    const pending = (paymentMethod: string) =>
      ended((f) => {
        f.charges = [charge({ status: 'PENDING', refundedAt: undefined, paymentMethod })];
        f.events = [event('order.hold_expired')];
      });
    expect(checkReleased(pending('IDEAL'))).toEqual([]);
    expect(checkReleased(pending('PAY_AT_VENUE')).map((v) => v.check)).toEqual([HOLD_CHECKS.released]);
  });

  it('leave other runs’ orders alone (the site’s log holds every test’s deliveries)', () => {
    const other = ended((f) => {
      f.events.push(event('order.hold_expired', { orderId: 'ord_elsewhere' }, 'evt_elsewhere'));
      f.charges.push(charge({ id: 'ch_9', orderId: 'ord_elsewhere', status: 'APPROVED', refundedAt: undefined }));
    });
    expect(checkHolds(other)).toEqual([]);
  });
});

describe('approvalsOf (issue 38): when the bank approved a local payment the run answered', () => {
  it('is the page’s approval, or "Approve later" settling approved plus the run’s pending settle time; never a decline, a closed popup or the popup’s opening', () => {
    const o = {
      plan: mountPlan(),
      fingerprints: [],
      events: [
        at('local-answer', SETUP + 1_000, { method: 'ideal', action: 'opened' }),
        at('local-answer', SETUP + 2_000, { method: 'ideal', action: 'approve', chargeId: 'ch_1' }),
        at('local-answer', SETUP + 3_000, { method: 'klarna', action: 'pending-approve', chargeId: 'ch_2' }),
        at('local-answer', SETUP + 4_000, { method: 'klarna', action: 'pending-decline', chargeId: 'ch_3' }),
        at('local-answer', SETUP + 5_000, { method: 'ideal', action: 'closed', chargeId: 'ch_4' }),
        at('local-answer', SETUP + 6_000, { method: 'ideal', action: 'decline', chargeId: 'ch_5' }),
      ],
      requests: [],
      listenersLeft: [],
      harnessErrors: [],
    } as MountObservation;
    expect(approvalsOf(o)).toEqual([SETUP + 2_000, SETUP + 3_000 + LOCAL_TIMINGS.pendingSettleMs]);
  });
});
