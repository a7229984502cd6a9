import type { CashierChange } from 'cashier-widget/react';
import { describe, expect, it } from 'vitest';
import { BRAND_NAMES, brandName, canPlaceOrder, escapeDetail, escapeLeaves, type PaymentPhase } from './paymentEvents';

const change = (over: Partial<CashierChange> = {}): CashierChange => ({
  complete: false,
  empty: true,
  paymentMethod: 'CARD',
  ...over,
});

describe('brandName', () => {
  it.each([
    { brand: 'visa', expected: 'Visa' },
    { brand: 'mastercard', expected: 'Mastercard' },
    { brand: 'amex', expected: 'American Express' },
    { brand: 'discover', expected: 'Discover' },
  ] as const)('$brand reads "$expected"', ({ brand, expected }) => {
    expect(brandName(change({ brand, empty: false }))).toBe(expected);
  });

  it('every named brand has a distinct name', () => {
    expect(new Set(Object.values(BRAND_NAMES)).size).toBe(Object.keys(BRAND_NAMES).length);
  });

  it("shows nothing for 'unknown', no brand, or no change yet", () => {
    expect(brandName(change({ brand: 'unknown', empty: false }))).toBe('');
    expect(brandName(change())).toBe('');
    expect(brandName(change({ paymentMethod: 'PAY_AT_VENUE', complete: true }))).toBe('');
    expect(brandName(undefined)).toBe('');
  });
});

describe('canPlaceOrder', () => {
  const ready = {
    ready: true,
    orderId: 'ord_1',
    crashed: false,
    holdExpired: false,
    change: change({ complete: true, empty: false }),
  };

  it('the widget ready, the order made and held, the last change complete: enabled', () => {
    expect(canPlaceOrder(ready)).toBe(true);
  });

  it('any method the widget calls complete (pay at the venue) enables it', () => {
    expect(canPlaceOrder({ ...ready, change: change({ paymentMethod: 'PAY_AT_VENUE', complete: true }) })).toBe(true);
  });

  it.each([
    { why: 'no change yet', over: { change: undefined } },
    { why: 'the last change is not complete', over: { change: change({ empty: false, brand: 'visa' }) } },
    { why: 'the widget is not ready', over: { ready: false } },
    { why: 'the order is not made yet', over: { orderId: undefined } },
    { why: 'the widget crashed', over: { crashed: true } },
    { why: 'the seat hold ran out', over: { holdExpired: true } },
  ])('disabled when $why', ({ over }) => {
    expect(canPlaceOrder({ ...ready, ...over })).toBe(false);
  });
});

describe('escapeLeaves', () => {
  it.each([
    { phase: 'idle', leaves: true },
    { phase: 'paying', leaves: false },
    { phase: 'unknown', leaves: false },
    { phase: 'settled', leaves: false },
  ] as { phase: PaymentPhase; leaves: boolean }[])('$phase: leaves $leaves, and the log says why', ({ phase, leaves }) => {
    expect(escapeLeaves(phase)).toBe(leaves);
    expect(escapeDetail(phase)).toMatch(leaves ? /^back to your details/ : /^ignored: /);
  });
});
