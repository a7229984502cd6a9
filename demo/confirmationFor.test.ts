import { describe, expect, it } from 'vitest';
import { confirmationFor } from './confirmationFor';

const money = (minor: number) => `€${(minor / 100).toFixed(2)}`;
const order = (over: Record<string, unknown> = {}) => ({
  id: 'ord_1',
  status: 'PAID',
  chargeId: 'ch_1',
  total: { amount: 5000, currency: 'EUR' },
  ...over,
});

describe('confirmationFor: the order read back against the pay outcome', () => {
  it.each([
    {
      name: 'APPROVED and the order PAID with that charge → paid',
      body: order(),
      outcome: { status: 'APPROVED', chargeId: 'ch_1' },
      expected: { ok: true, status: 'PAID', chargeId: 'ch_1', text: 'Paid €50.00. Order ord_1, charge ch_1.' },
    },
    {
      name: 'PENDING and the order PAY_AT_VENUE with that charge → reserved',
      body: order({ status: 'PAY_AT_VENUE' }),
      outcome: { status: 'PENDING', chargeId: 'ch_1' },
      expected: {
        ok: true,
        status: 'PAY_AT_VENUE',
        chargeId: 'ch_1',
        text: 'Reserved: pay €50.00 at the venue. Order ord_1, charge ch_1.',
      },
    },
  ])('$name', ({ body, outcome, expected }) => {
    expect(confirmationFor('ord_1', body, outcome, money)).toEqual(expected);
  });

  it.each([
    {
      name: 'another charge id on the order',
      body: order({ chargeId: 'ch_2' }),
      outcome: { status: 'APPROVED', chargeId: 'ch_1' },
      problem: /names charge ch_2.*returned charge ch_1/,
    },
    {
      name: 'no charge id on the order',
      body: order({ chargeId: undefined }),
      outcome: { status: 'APPROVED', chargeId: 'ch_1' },
      problem: /names charge none/,
    },
    {
      name: 'still awaiting payment',
      body: order({ status: 'AWAITING_PAYMENT' }),
      outcome: { status: 'APPROVED', chargeId: 'ch_1' },
      problem: /not confirmed yet \(status AWAITING_PAYMENT/,
    },
    {
      name: 'PAY_AT_VENUE after a card approval',
      body: order({ status: 'PAY_AT_VENUE' }),
      outcome: { status: 'APPROVED', chargeId: 'ch_1' },
      problem: /status PAY_AT_VENUE/,
    },
    {
      name: 'PAID after a pending (venue) outcome',
      body: order(),
      outcome: { status: 'PENDING', chargeId: 'ch_1' },
      problem: /status PAID/,
    },
    {
      name: 'an unknown status',
      body: order({ status: 'REFUNDED' }),
      outcome: { status: 'APPROVED', chargeId: 'ch_1' },
      problem: /status REFUNDED/,
    },
    {
      name: 'another order',
      body: order({ id: 'ord_2' }),
      outcome: { status: 'APPROVED', chargeId: 'ch_1' },
      problem: /could not read order ord_1/,
    },
    {
      name: 'a body that is not an order',
      body: 'oops',
      outcome: { status: 'APPROVED', chargeId: 'ch_1' },
      problem: /could not read order ord_1/,
    },
    {
      name: 'an outcome that settled nothing',
      body: order(),
      outcome: { status: 'DECLINED', chargeId: 'ch_1' },
      problem: /did not settle/,
    },
  ])('$name → a problem, never a confirmation', ({ body, outcome, problem }) => {
    const result = confirmationFor('ord_1', body, outcome, money);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problem).toMatch(problem);
  });
});
