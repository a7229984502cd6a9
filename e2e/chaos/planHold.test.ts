import { describe, expect, it } from 'vitest';
import { planChaos } from './plan';
import { HOLD_GRACE_MS, holdWayOf } from './planHold';

describe('planHold (issue 37): seat hold plans in a seed’s plan', () => {
  const runs = [7, 11, 35].map((seed) => planChaos(seed, 150).mounts);
  const held = runs.flat().filter((m) => m.pay?.hold);

  it('go to payers of their own order that nothing destroys first, never to a remount or its order', () => {
    expect(held.length).toBeGreaterThan(10);
    for (const plans of runs) {
      const reused = new Set(plans.flatMap((m) => (m.order && 'reuseOf' in m.order ? [m.order.reuseOf] : [])));
      for (const m of plans.filter((p) => p.pay?.hold)) {
        expect(m.destroy).toEqual({ at: 'never' });
        expect(m.frame).toBe('ok');
        expect(m.order && 'event' in m.order).toBe(true);
        expect(reused.has(m.mount)).toBe(false);
      }
    }
  });

  it('straddle a challenge, a PayPal or local page approval past the end (inside or past the grace limit), a card or BLIK charge at the edge', () => {
    for (const m of held) {
      const pay = m.pay as NonNullable<typeof m.pay>;
      const hold = pay.hold as NonNullable<typeof pay.hold>;
      const way = holdWayOf(pay);
      expect(hold.holdSeconds).toBeLessThanOrEqual(60); // "Keep my tickets longer" is offered at once
      expect(hold.asks).toBeLessThanOrEqual(hold.extensions.count + 1);
      if (way === '3-D Secure' || way === 'PayPal' || way === 'local page') {
        expect(['kept', 'ended']).toContain(hold.straddle);
        if (hold.straddle === 'kept') expect(hold.offsetMs).toBeLessThan(HOLD_GRACE_MS - 500);
        else expect(hold.offsetMs).toBeGreaterThan(HOLD_GRACE_MS + 500);
      } else expect(hold.straddle).toBe('edge');
    }
    const ways = new Set(held.map((m) => holdWayOf(m.pay as NonNullable<typeof m.pay>)));
    for (const way of ['card', 'saved card', '3-D Secure', 'PayPal', 'local page'] as const) expect(ways).toContain(way);
  });
});
