import { describe, expect, it } from 'vitest';
import { type Charge, ErrorCode } from '../shared';
import { isPaid, settlingCharge, toPayResult } from './toPayResult';

const charge = (over: Partial<Charge>): Charge => ({
  id: 'ch_1',
  orderId: 'ord_1',
  status: 'APPROVED',
  amount: { amount: 5000, currency: 'EUR' },
  paymentMethod: 'CARD',
  createdAt: '2026-11-22T00:00:00Z',
  ...over,
});

describe('toPayResult: a settled charge is the result pay resolves to', () => {
  it.each([
    { name: 'APPROVED', over: {}, result: { status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_1' } },
    {
      name: 'PENDING (pay at the venue)',
      over: { status: 'PENDING', paymentMethod: 'PAY_AT_VENUE' },
      result: { status: 'PENDING', orderId: 'ord_1', chargeId: 'ch_1', paymentMethod: 'PAY_AT_VENUE' },
    },
    {
      name: 'PENDING (a BLIK payment still being confirmed, issue 38)',
      over: { status: 'PENDING', paymentMethod: 'BLIK' },
      result: { status: 'PENDING', orderId: 'ord_1', chargeId: 'ch_1', paymentMethod: 'BLIK' },
    },
    {
      name: 'DECLINED with its code',
      over: { status: 'DECLINED', declineCode: 'card_declined' },
      result: { status: 'DECLINED', orderId: 'ord_1', chargeId: 'ch_1', declineCode: 'card_declined', message: '' },
    },
    {
      name: 'REFUNDED_HOLD_EXPIRED (issue 37: approved after the hold ended, refunded), without the refund time',
      over: { status: 'REFUNDED_HOLD_EXPIRED', refundedAt: '2026-11-22T00:30:00Z' },
      result: { status: 'REFUNDED_HOLD_EXPIRED', orderId: 'ord_1', chargeId: 'ch_1', message: '' },
    },
  ] as { name: string; over: Partial<Charge>; result: unknown }[])('$name', ({ over, result }) => {
    expect(toPayResult('ord_1', charge(over))).toStrictEqual(result);
  });

  it.each([
    { name: 'REQUIRES_ACTION (an open charge is no result)', over: { status: 'REQUIRES_ACTION' } },
    { name: 'an unknown status', over: { status: 'REFUNDED' } },
    { name: 'another order', over: { status: 'REFUNDED_HOLD_EXPIRED', orderId: 'ord_2' } },
  ] as { name: string; over: Partial<Charge> }[])('$name: INVALID_RESPONSE', ({ over }) => {
    expect(() => toPayResult('ord_1', charge(over))).toThrow(expect.objectContaining({ code: ErrorCode.InvalidResponse }));
  });
});

describe('isPaid and settlingCharge (issue 38): a local method PENDING is not paid yet', () => {
  const base = { id: 'ch_1', orderId: 'ord_1', amount: { amount: 1000, currency: 'EUR' }, createdAt: '2026-01-01T00:00:00Z' };
  it.each([
    { name: 'APPROVED card', status: 'APPROVED', paymentMethod: 'CARD', paid: true },
    { name: 'PENDING at the venue', status: 'PENDING', paymentMethod: 'PAY_AT_VENUE', paid: true },
    { name: 'PENDING iDEAL', status: 'PENDING', paymentMethod: 'IDEAL', paid: false },
    { name: 'PENDING BLIK', status: 'PENDING', paymentMethod: 'BLIK', paid: false },
  ] as const)('$name: paid $paid', ({ status, paymentMethod, paid }) => {
    const charge = { ...base, status, paymentMethod };
    expect(isPaid(toPayResult('ord_1', charge))).toBe(paid);
    expect(settlingCharge('ord_1', [charge])?.id).toBe(paid ? 'ch_1' : undefined);
  });
});
