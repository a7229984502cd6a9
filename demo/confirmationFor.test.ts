import { describe, expect, it } from 'vitest';
import { confirmationFor, isBeingConfirmed } from './confirmationFor';
import type { SiteConfirmation } from './siteConfirmation';

const money = (minor: number) => `€${(minor / 100).toFixed(2)}`;
const reply = (over: Partial<SiteConfirmation> = {}): SiteConfirmation => ({
  orderId: 'ord_1',
  status: 'PAID',
  fulfilled: true,
  source: 'webhook',
  tickets: 'issued',
  fulfilments: 1,
  eventId: 'evt_1',
  chargeId: 'ch_1',
  total: { amount: 5000, currency: 'EUR' },
  ...over,
});
const unfulfilled = { fulfilled: false, source: 'none', tickets: 'none', fulfilments: 0 } as const;

describe("confirmationFor: the page confirms what the site's server saw, nothing else", () => {
  it.each([
    {
      name: 'tickets issued from a signed webhook',
      body: reply(),
      expected: {
        ok: true,
        status: 'PAID',
        chargeId: 'ch_1',
        source: 'webhook',
        text: "Paid €50.00. Order ord_1, charge ch_1. Confirmed by the site's server (signed webhook): tickets issued.",
      },
    },
    {
      name: "tickets issued from the server's own read",
      body: reply({ source: 'server-read' }),
      expected: {
        ok: true,
        status: 'PAID',
        chargeId: 'ch_1',
        source: 'server-read',
        text: "Paid €50.00. Order ord_1, charge ch_1. Confirmed by the site's server (its own read of the order): tickets issued.",
      },
    },
    {
      name: 'tickets reserved (pay at the venue) from a signed webhook',
      body: reply({ status: 'PAY_AT_VENUE', tickets: 'reserved' }),
      expected: {
        ok: true,
        status: 'PAY_AT_VENUE',
        chargeId: 'ch_1',
        source: 'webhook',
        text: "Reserved: pay €50.00 at the venue. Order ord_1, charge ch_1. Confirmed by the site's server (signed webhook): tickets reserved.",
      },
    },
  ])('$name → confirmed', ({ body, expected }) => {
    expect(confirmationFor('ord_1', body, money)).toEqual(expected);
  });

  it.each([
    {
      name: 'the server saw no payment (a forged APPROVED in the page)',
      body: reply({ status: 'AWAITING_PAYMENT', ...unfulfilled }),
      problem: "Not confirmed: no tickets issued. The site's server sees order ord_1 as AWAITING_PAYMENT.",
    },
    {
      name: 'the provider has no such order',
      body: reply({ status: 'UNKNOWN', ...unfulfilled }),
      problem: "Not confirmed: no tickets issued. The site's server found no order ord_1.",
    },
    {
      name: 'fulfilled claimed with a status that issues nothing',
      body: reply({ status: 'AWAITING_PAYMENT' }),
      problem: "Not confirmed: no tickets issued. The site's server sees order ord_1 as AWAITING_PAYMENT.",
    },
    {
      name: 'issued tickets for an order at the venue (inconsistent)',
      body: reply({ status: 'PAY_AT_VENUE' }),
      problem: /^Not confirmed/,
    },
    { name: 'no charge named', body: reply({ chargeId: undefined }), problem: /^Not confirmed/ },
    {
      name: 'the tickets revoked after a refund (the order still PAID)',
      body: reply({ tickets: 'revoked', fulfilled: false }),
      problem: "Refunded: the site's server cancelled the tickets of order ord_1.",
    },
    {
      name: 'another order',
      body: reply({ orderId: 'ord_2' }),
      problem: "We could not confirm order ord_1 with the site's server.",
    },
    { name: 'a body that is not a confirmation', body: { status: 'PAID' }, problem: /could not confirm order ord_1/ },
    { name: 'no body', body: undefined, problem: /could not confirm order ord_1/ },
  ])('$name → not confirmed', ({ body, problem }) => {
    const result = confirmationFor('ord_1', body, money);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problem).toMatch(problem);
  });
});

describe('isBeingConfirmed: a local method’s PENDING is not paid yet; the venue’s is settled', () => {
  it.each([
    { outcome: { status: 'PENDING', paymentMethod: 'IDEAL' }, expected: true },
    { outcome: { status: 'PENDING', paymentMethod: 'BLIK' }, expected: true },
    { outcome: { status: 'PENDING', paymentMethod: 'KLARNA' }, expected: true },
    { outcome: { status: 'PENDING', paymentMethod: 'PAY_AT_VENUE' }, expected: false },
    { outcome: { status: 'PENDING' }, expected: false },
    { outcome: { status: 'APPROVED', paymentMethod: 'IDEAL' }, expected: false },
  ])('$outcome → $expected', ({ outcome, expected }) => {
    expect(isBeingConfirmed(outcome)).toBe(expected);
  });
});
