import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLIK_TEST_CODES } from './localMethods';
import {
  createLocalPayments,
  DEFAULT_LOCAL_PAYMENT_TIMINGS,
  describeBlikCodeProblem,
  describeLocalPaymentTimingsProblem,
  type LocalPageAnswer,
  type LocalPageChoices,
  type LocalPaymentCharge,
  type LocalPaymentTimings,
} from './localPayments';
import type { LocalMethodType } from './providerShapes';
import { THREE_DS_CHALLENGE_TTL_MS } from './threeDsChallenges';

const START = Date.parse('2026-11-29T12:00:00.000Z');
const ORIGIN = 'http://127.0.0.1:4175';

/** Local payments on a clock the test moves, with no real timers; `changes` lists what `onChange` heard, as `STATUS[:code]`. */
function setup(over: { timings?: Partial<LocalPaymentTimings>; tooLateFrom?: number } = {}) {
  let clock = START;
  const changes: string[] = [];
  const scheduled: number[] = [];
  const payments = createLocalPayments({
    now: () => new Date(clock),
    paymentsOrigin: () => ORIGIN,
    timings: () => ({ ...DEFAULT_LOCAL_PAYMENT_TIMINGS, ...over.timings }),
    onChange: (c) => changes.push(c.declineCode ? `${c.status}:${c.declineCode}` : c.status),
    approvedTooLate: (_charge, at) => over.tooLateFrom !== undefined && at.getTime() >= over.tooLateFrom,
    schedule: (delayMs) => {
      scheduled.push(delayMs);
      return () => {};
    },
  });
  const order = { status: 'AWAITING_PAYMENT' } as { status: string; chargeId?: string };
  let n = 0;
  const open = (method: LocalMethodType, blikCode?: string) => {
    n += 1;
    const charge: LocalPaymentCharge = {
      id: `ch_${n}`,
      orderId: 'ord_1',
      amount: { amount: 2500, currency: method === 'BLIK' ? 'PLN' : 'EUR' },
      status: 'APPROVED',
      paymentMethod: method,
    };
    payments.open(charge, order, { merchant: 'Riverside Jazz Night', ...(blikCode ? { blikCode } : {}) });
    return charge;
  };
  /** Moves the clock `ms` on and sweeps, as a timer or a read does. */
  const advance = (ms: number) => {
    clock += ms;
    payments.sweep();
  };
  return { payments, order, open, advance, changes, scheduled };
}

describe('a redirect method’s page answers (iDEAL, Bancontact, Klarna)', () => {
  const rows: {
    name: string;
    answer: LocalPageAnswer;
    choices?: LocalPageChoices;
    /** Status right after the answer, then after `pendingSettleMs`. */
    now: string;
    later: string;
    paid: boolean;
  }[] = [
    { name: 'approve → APPROVED, the order paid', answer: 'approve', now: 'APPROVED', later: 'APPROVED', paid: true },
    {
      name: 'decline → DECLINED customer_declined',
      answer: 'decline',
      now: 'DECLINED:customer_declined',
      later: 'DECLINED:customer_declined',
      paid: false,
    },
    {
      name: 'cancel → DECLINED authentication_abandoned',
      answer: 'cancel',
      now: 'DECLINED:authentication_abandoned',
      later: 'DECLINED:authentication_abandoned',
      paid: false,
    },
    {
      name: 'pending (settles approved by default) → PENDING, then APPROVED',
      answer: 'pending',
      now: 'PENDING',
      later: 'APPROVED',
      paid: true,
    },
    {
      name: 'pending, settles approved → PENDING, then APPROVED',
      answer: 'pending',
      choices: { settleAs: 'approve' },
      now: 'PENDING',
      later: 'APPROVED',
      paid: true,
    },
    {
      name: 'pending, settles declined → PENDING, then DECLINED customer_declined',
      answer: 'pending',
      choices: { settleAs: 'decline' },
      now: 'PENDING',
      later: 'DECLINED:customer_declined',
      paid: false,
    },
  ];
  const status = (c: LocalPaymentCharge) => (c.declineCode ? `${c.status}:${c.declineCode}` : c.status);

  for (const method of ['IDEAL', 'BANCONTACT', 'KLARNA'] as const) {
    it.each(rows)(`${method}: $name`, ({ answer, choices, now, later, paid }) => {
      const s = setup();
      const charge = s.open(method);
      expect(charge).toMatchObject({
        status: 'REQUIRES_ACTION',
        nextAction: { type: 'REDIRECT', url: `${ORIGIN}/local-payments/ch_1` },
      });
      expect(s.payments.view('ch_1')).toEqual({
        chargeId: 'ch_1',
        method,
        label: { IDEAL: 'iDEAL', BANCONTACT: 'Bancontact', KLARNA: 'Klarna' }[method],
        merchant: 'Riverside Jazz Night',
        amount: { amount: 2500, currency: 'EUR' },
      });
      expect(s.payments.record('ch_1', answer, choices)).toEqual({ status: 'recorded', charge });
      expect(status(charge)).toBe(now);
      expect(charge.nextAction).toBeUndefined();
      expect(s.payments.openChargeOf('ord_1')).toBe(now === 'PENDING' ? charge : undefined);
      s.advance(DEFAULT_LOCAL_PAYMENT_TIMINGS.pendingSettleMs - 1);
      expect(status(charge)).toBe(now);
      s.advance(1);
      expect(status(charge)).toBe(later);
      expect(s.order.status).toBe(paid ? 'PAID' : 'AWAITING_PAYMENT');
      expect(s.changes).toEqual(now === later ? [now] : [now, later]);
      // Answered once: the page is gone, a second answer is closed.
      expect(s.payments.view('ch_1')).toBeUndefined();
      expect(s.payments.record('ch_1', 'approve')).toEqual({ status: 'closed' });
      s.advance(THREE_DS_CHALLENGE_TTL_MS);
      expect(s.changes).toHaveLength(now === later ? 1 : 2);
    });
  }

  it('a page left unanswered declines authentication_abandoned after the 3-D Secure TTL, and is closed then', () => {
    const s = setup();
    const charge = s.open('IDEAL');
    s.advance(THREE_DS_CHALLENGE_TTL_MS - 1);
    expect(charge.status).toBe('REQUIRES_ACTION');
    s.advance(1);
    expect(charge).toMatchObject({ status: 'DECLINED', declineCode: 'authentication_abandoned' });
    expect(s.payments.record('ch_1', 'approve')).toEqual({ status: 'closed' });
  });

  it('cancel (the charge’s cancel route) declines an open charge authentication_abandoned, and leaves a pending one alone', () => {
    const s = setup();
    const open = s.open('BANCONTACT');
    s.payments.cancel(open.id);
    expect(open).toMatchObject({ status: 'DECLINED', declineCode: 'authentication_abandoned' });
    const pending = s.open('BANCONTACT');
    s.payments.record(pending.id, 'pending');
    s.payments.cancel(pending.id);
    expect(pending.status).toBe('PENDING');
    s.advance(DEFAULT_LOCAL_PAYMENT_TIMINGS.pendingSettleMs);
    expect(pending.status).toBe('APPROVED');
    expect(s.changes).toEqual(['DECLINED:authentication_abandoned', 'PENDING', 'APPROVED']);
  });

  it.each([
    { answer: 'approve', choices: {}, option: 'PAY_LATER_30_DAYS' },
    { answer: 'approve', choices: { klarnaOption: 'PAY_IN_3_PARTS' }, option: 'PAY_IN_3_PARTS' },
    { answer: 'pending', choices: { klarnaOption: 'PAY_IN_3_PARTS' }, option: 'PAY_IN_3_PARTS' },
    { answer: 'decline', choices: { klarnaOption: 'PAY_IN_3_PARTS' }, option: undefined },
  ] as const)('Klarna records its option on the charge: $answer $choices → $option', ({ answer, choices, option }) => {
    const s = setup();
    const charge = s.open('KLARNA');
    s.payments.record(charge.id, answer, choices);
    expect(charge.klarnaOption).toBe(option);
  });

  it('iDEAL records no Klarna option', () => {
    const s = setup();
    const charge = s.open('IDEAL');
    s.payments.record(charge.id, 'approve', { klarnaOption: 'PAY_IN_3_PARTS' });
    expect('klarnaOption' in charge).toBe(false);
  });

  it('answers unknown for an unknown charge, and refuses to open a page without a payments origin', () => {
    const s = setup();
    expect(s.payments.record('ch_nope', 'approve')).toEqual({ status: 'unknown' });
    expect(s.payments.view('ch_nope')).toBeUndefined();
    const noOrigin = createLocalPayments({
      now: () => new Date(START),
      paymentsOrigin: () => undefined,
      schedule: () => () => {},
    });
    const charge = {
      id: 'ch_x',
      orderId: 'o',
      amount: { amount: 1, currency: 'EUR' },
      status: 'APPROVED',
      paymentMethod: 'IDEAL',
    } as const;
    expect(() => noOrigin.open({ ...charge }, { status: 'AWAITING_PAYMENT' }, { merchant: 'm' })).toThrow(/payments origin/);
  });
});

describe('BLIK: the test codes', () => {
  const { approveMs, expiryMs } = {
    approveMs: DEFAULT_LOCAL_PAYMENT_TIMINGS.blikApproveMs,
    expiryMs: DEFAULT_LOCAL_PAYMENT_TIMINGS.blikExpiryMs,
  };
  it.each([
    { code: BLIK_TEST_CODES.approved, at: approveMs, settled: 'APPROVED', paid: true },
    { code: BLIK_TEST_CODES.declined, at: approveMs, settled: 'DECLINED:customer_declined', paid: false },
    { code: BLIK_TEST_CODES.neverConfirmed, at: expiryMs, settled: 'DECLINED:code_expired', paid: false },
  ])('$code: REQUIRES_ACTION (BLIK_CONFIRM, expiresAt +120 s) until $at ms, then $settled', ({ code, at, settled, paid }) => {
    const s = setup();
    const charge = s.open('BLIK', code);
    expect(charge).toMatchObject({
      status: 'REQUIRES_ACTION',
      nextAction: { type: 'BLIK_CONFIRM', expiresAt: new Date(START + 120_000).toISOString() },
    });
    expect(s.payments.view(charge.id)).toBeUndefined();
    expect(s.payments.record(charge.id, 'approve')).toEqual({ status: 'unknown' });
    s.advance(at - 1);
    expect(charge.status).toBe('REQUIRES_ACTION');
    expect(s.payments.openChargeOf('ord_1')).toBe(charge);
    s.advance(1);
    expect(s.changes).toEqual([settled]);
    expect(charge.nextAction).toBeUndefined();
    expect(s.order.status).toBe(paid ? 'PAID' : 'AWAITING_PAYMENT');
    expect(s.payments.openChargeOf('ord_1')).toBeUndefined();
    expect(s.scheduled).toEqual([at]);
  });

  it.each([
    { code: '123456', problem: /not a valid BLIK code/ },
    { code: '77712', problem: /6-digit/ },
    { code: '7771234', problem: /6-digit/ },
    { code: 'abcdef', problem: /6-digit/ },
    { code: undefined, problem: /6-digit/ },
    { code: 777123, problem: /6-digit/ },
  ])('refuses $code', ({ code, problem }) => {
    expect(describeBlikCodeProblem(code)).toMatch(problem);
    const s = setup();
    expect(() => s.open('BLIK', code as string)).toThrow(problem);
    expect(s.payments.openChargeOf('ord_1')).toBeUndefined();
  });

  it.each(Object.values(BLIK_TEST_CODES))('takes %s', (code) => {
    expect(describeBlikCodeProblem(code)).toBeUndefined();
  });

  it('follows the timings in force: a shortened expiry, and an approval due after it expires instead', () => {
    const s = setup({ timings: { blikApproveMs: 500, blikExpiryMs: 300 } });
    const charge = s.open('BLIK', BLIK_TEST_CODES.approved);
    expect(charge.nextAction).toEqual({ type: 'BLIK_CONFIRM', expiresAt: new Date(START + 300).toISOString() });
    s.advance(300);
    expect(charge).toMatchObject({ status: 'DECLINED', declineCode: 'code_expired' });
  });

  it('cancel declines an unconfirmed BLIK charge authentication_abandoned', () => {
    const s = setup();
    const charge = s.open('BLIK', BLIK_TEST_CODES.neverConfirmed);
    s.payments.cancel(charge.id);
    s.advance(120_000);
    expect(s.changes).toEqual(['DECLINED:authentication_abandoned']);
  });
});

describe('an approval after the seat hold ended for good', () => {
  it('a pending payment that settles approved after the grace limit is REFUNDED_HOLD_EXPIRED once, and pays nothing', () => {
    const s = setup({ tooLateFrom: START + 3_000 });
    const charge = s.open('IDEAL');
    s.payments.record(charge.id, 'pending');
    s.advance(DEFAULT_LOCAL_PAYMENT_TIMINGS.pendingSettleMs);
    expect(charge).toMatchObject({ status: 'REFUNDED_HOLD_EXPIRED', refundedAt: new Date(START + 5_000).toISOString() });
    expect(s.order.status).toBe('AWAITING_PAYMENT');
    s.advance(60_000);
    expect(s.changes).toEqual(['PENDING', 'REFUNDED_HOLD_EXPIRED']);
  });

  it('is judged when the approval was due, not when someone swept: a BLIK approval due before the limit is approved', () => {
    const s = setup({ tooLateFrom: START + 3_000 });
    const charge = s.open('BLIK', BLIK_TEST_CODES.approved);
    s.advance(10_000);
    expect(charge.status).toBe('APPROVED');
  });

  it('a pending payment that settles declined after it stays DECLINED (nothing to refund)', () => {
    const s = setup({ tooLateFrom: START });
    const charge = s.open('KLARNA');
    s.payments.record(charge.id, 'pending', { settleAs: 'decline' });
    s.advance(5_000);
    expect(charge).toMatchObject({ status: 'DECLINED', declineCode: 'customer_declined' });
    expect(charge.refundedAt).toBeUndefined();
  });
});

describe('timers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('settle a pending payment when it is due, with nobody reading it, and clear() stops them', () => {
    vi.useFakeTimers({ now: START });
    const changes: string[] = [];
    const payments = createLocalPayments({
      now: () => new Date(),
      paymentsOrigin: () => ORIGIN,
      timings: () => ({ ...DEFAULT_LOCAL_PAYMENT_TIMINGS, pendingSettleMs: 1_000 }),
      onChange: (c) => changes.push(c.status),
    });
    const charge = (id: string): LocalPaymentCharge => ({
      id,
      orderId: id,
      amount: { amount: 1, currency: 'EUR' },
      status: 'APPROVED',
      paymentMethod: 'IDEAL',
    });
    const first = charge('ch_a');
    payments.open(first, { status: 'AWAITING_PAYMENT' }, { merchant: 'm' });
    payments.record(first.id, 'pending');
    vi.advanceTimersByTime(1_000);
    expect(changes).toEqual(['PENDING', 'APPROVED']);
    const second = charge('ch_b');
    payments.open(second, { status: 'AWAITING_PAYMENT' }, { merchant: 'm' });
    payments.record(second.id, 'pending');
    expect(vi.getTimerCount()).toBe(1);
    payments.clear();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(THREE_DS_CHALLENGE_TTL_MS);
    expect(changes).toEqual(['PENDING', 'APPROVED', 'PENDING']);
  });
});

describe('describeLocalPaymentTimingsProblem', () => {
  it.each([
    { value: {}, problem: undefined },
    { value: { pendingSettleMs: 0, blikApproveMs: 0, blikExpiryMs: 1 }, problem: undefined },
    { value: { pendingSettleMs: 10_000, blikApproveMs: 10_000, blikExpiryMs: 120_000 }, problem: undefined },
    { value: { pendingSettleMs: 10_001 }, problem: /pendingSettleMs must be a whole number of milliseconds from 0 to 10000/ },
    { value: { blikExpiryMs: 0 }, problem: /blikExpiryMs must be .* from 1 to 120000/ },
    { value: { blikApproveMs: 1.5 }, problem: /blikApproveMs must be/ },
    { value: { blikApproveMs: '5' }, problem: /blikApproveMs must be/ },
    { value: { settleMs: 5 }, problem: /settleMs is not a timing/ },
    { value: null, problem: /Expected an object/ },
    { value: [], problem: /Expected an object/ },
  ])('$value', ({ value, problem }) => {
    const found = describeLocalPaymentTimingsProblem(value);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toMatch(problem);
  });
});
