import { describe, expect, it } from 'vitest';
import type { MountPlan } from './plan';
import { tabsOf } from './tabs';
import { mountPlan } from './testing/mountPlan';

const numbers = (tabs: MountPlan[][]) => tabs.map((tab) => tab.map((m) => m.mount));
const payPal = {
  card: 'approved',
  pattern: 'once',
  method: 'paypal',
  challenge: { action: 'none' },
} as unknown as MountPlan['pay'];

describe('tabsOf', () => {
  it('a page with no PayPal payer is one tab, in mount order', () => {
    const page = [0, 1, 2].map((mount) => mountPlan({ mount }));
    expect(numbers(tabsOf(page))).toEqual([[0, 1, 2]]);
  });

  it('a PayPal payer gets a tab of its own, with the mounts tied to it; the rest stay together', () => {
    const page = [
      mountPlan({ mount: 19, pay: payPal, order: { event: 'online' } }),
      mountPlan({ mount: 20 }),
      mountPlan({ mount: 21, msidOf: 19 }), // shares the payer's settings
      mountPlan({ mount: 22 }),
      mountPlan({ mount: 23, pay: payPal, order: { event: 'online' } }),
      mountPlan({ mount: 24, order: { reuseOf: 23 }, msidOf: 22 }), // pays 23's order with 22's settings
      mountPlan({ mount: 25 }),
    ];
    expect(numbers(tabsOf(page))).toEqual([
      [19, 21],
      [20, 25],
      [22, 23, 24],
    ]);
  });

  it('a payer by iDEAL, Bancontact or Klarna (a popup, issue 38) gets a tab of its own; a BLIK payer (no popup) does not', () => {
    const by = (method: string) => ({ ...payPal, method }) as MountPlan['pay'];
    const page = [
      mountPlan({ mount: 0, pay: by('ideal'), order: { event: 'online' } }),
      mountPlan({ mount: 1, pay: by('blik'), order: { event: 'online' } }),
      mountPlan({ mount: 2, pay: by('klarna'), order: { event: 'venue' } }),
      mountPlan({ mount: 3, pay: by('bancontact'), order: { event: 'venue' } }),
    ];
    expect(numbers(tabsOf(page))).toEqual([[0], [1], [2], [3]]);
  });

  it('a tie to a mount of another page (a replay with --only) does not join anything', () => {
    const page = [mountPlan({ mount: 5, pay: payPal, msidOf: 2 }), mountPlan({ mount: 6 })];
    expect(numbers(tabsOf(page))).toEqual([[5], [6]]);
  });
});
