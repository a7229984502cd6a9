import { describe, expect, it } from 'vitest';
import { parseSettledPayResult } from './parsePayResult';

const ids = { orderId: 'order-1', chargeId: 'charge-1' };

describe('parseSettledPayResult (issue 25: the frame is untrusted)', () => {
  it.each([
    { name: 'approved', value: { status: 'APPROVED', ...ids }, parsed: { status: 'APPROVED', ...ids } },
    {
      name: 'pending at the venue',
      value: { status: 'PENDING', ...ids, paymentMethod: 'PAY_AT_VENUE' },
      parsed: { status: 'PENDING', ...ids, paymentMethod: 'PAY_AT_VENUE' },
    },
    {
      name: 'pending iDEAL (issue 38: still being confirmed), unknown keys dropped',
      value: { status: 'PENDING', ...ids, paymentMethod: 'IDEAL', extra: 1 },
      parsed: { status: 'PENDING', ...ids, paymentMethod: 'IDEAL' },
    },
    {
      name: 'declined, with its code',
      value: { status: 'DECLINED', ...ids, declineCode: 'card_declined', message: 'Declined.' },
      parsed: { status: 'DECLINED', ...ids, declineCode: 'card_declined', message: 'Declined.' },
    },
    {
      name: 'declined, without a code',
      value: { status: 'DECLINED', ...ids, message: 'Declined.' },
      parsed: { status: 'DECLINED', ...ids, message: 'Declined.' },
    },
    {
      name: 'refunded because the seat hold ended (issue 37)',
      value: { status: 'REFUNDED_HOLD_EXPIRED', ...ids, message: 'Refunded.' },
      parsed: { status: 'REFUNDED_HOLD_EXPIRED', ...ids, message: 'Refunded.' },
    },
    {
      name: 'refunded, unknown keys dropped',
      value: { status: 'REFUNDED_HOLD_EXPIRED', ...ids, message: 'Refunded.', declineCode: 'card_declined', refundedAt: 'now' },
      parsed: { status: 'REFUNDED_HOLD_EXPIRED', ...ids, message: 'Refunded.' },
    },
    {
      name: 'unknown keys dropped',
      value: { status: 'APPROVED', ...ids, message: 'kept out', card: '4242' },
      parsed: { status: 'APPROVED', ...ids },
    },
  ])('keeps $name', ({ value, parsed }) => {
    expect(parseSettledPayResult(value)).toStrictEqual(parsed);
  });

  it.each([
    { name: 'undefined', value: undefined },
    { name: 'null', value: null },
    { name: 'a string', value: 'APPROVED' },
    { name: 'INVALID (nothing settled)', value: { status: 'INVALID', errors: {}, ...ids } },
    { name: 'an unknown status', value: { status: 'REFUNDED', ...ids } },
    { name: 'no orderId', value: { status: 'APPROVED', chargeId: 'charge-1' } },
    { name: 'an empty chargeId', value: { status: 'APPROVED', orderId: 'order-1', chargeId: '' } },
    { name: 'a number orderId', value: { status: 'PENDING', orderId: 7, chargeId: 'charge-1', paymentMethod: 'BLIK' } },
    { name: 'PENDING without a paymentMethod', value: { status: 'PENDING', ...ids } },
    { name: 'PENDING by card', value: { status: 'PENDING', ...ids, paymentMethod: 'CARD' } },
    { name: 'DECLINED without a message', value: { status: 'DECLINED', ...ids } },
    { name: 'REFUNDED_HOLD_EXPIRED without a message', value: { status: 'REFUNDED_HOLD_EXPIRED', ...ids } },
    {
      name: 'REFUNDED_HOLD_EXPIRED without a chargeId',
      value: { status: 'REFUNDED_HOLD_EXPIRED', orderId: 'order-1', message: 'x' },
    },
    { name: 'DECLINED with a number code', value: { status: 'DECLINED', ...ids, declineCode: 51, message: 'Declined.' } },
  ])('drops $name', ({ value }) => {
    expect(parseSettledPayResult(value)).toBeUndefined();
  });
});
