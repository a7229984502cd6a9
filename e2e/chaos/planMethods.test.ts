import { describe, expect, it } from 'vitest';
import { planChaos } from './plan';
import { losesChargeReply, remountMethod, retarget } from './planMethods';

describe('issue 25: ways to pay in the chaos plan', () => {
  it('retarget moves tokenization and charge faults to the method’s requests, kinds and counts kept, and back', () => {
    const faults = [
      { target: 'settings', kind: '5xx', times: 2, status: 503 },
      { target: 'tokenize', kind: 'drop', times: 1 },
      { target: 'charge', kind: 'lost-reply', times: 1 },
    ] as const;
    const paypal = retarget([...faults], 'paypal');
    expect(paypal.map((f) => `${f.target} ${f.kind} ${f.times}`)).toEqual([
      'settings 5xx 2',
      'paypal-create drop 1',
      'paypal-capture lost-reply 1',
    ]);
    expect(retarget(paypal, 'saved-card').map((f) => f.target)).toEqual(['settings', 'saved-card-token', 'charge']);
    expect(retarget(paypal, 'card')).toEqual(faults);
  });

  it('a remount pays with what the order’s app instance offers', () => {
    expect(remountMethod('card', 'saved-card')).toBe('saved-card');
    expect(remountMethod('paypal', 'saved-card')).toBe('saved-card');
    expect(remountMethod('saved-card', 'card')).toBe('card');
    expect(remountMethod('paypal', 'card')).toBe('card');
    expect(remountMethod('paypal', 'paypal')).toBe('paypal');
    expect(remountMethod('card', 'paypal')).toBe('card');
  });

  const plan = planChaos(5, 400);
  const payers = plan.mounts.filter((m) => m.pay);

  it('draws every method; saved cards and PayPal only with the approved card, never with 3-D Secure or its cuts', () => {
    const methods = payers.map((m) => m.pay?.method ?? 'card');
    for (const method of ['card', 'saved-card', 'paypal'] as const) expect(methods).toContain(method);
    const share = methods.filter((m) => m === 'saved-card' || m === 'paypal').length / payers.length;
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThan(0.4);
    for (const m of payers.filter((p) => p.pay?.method === 'saved-card' || p.pay?.method === 'paypal')) {
      expect(m.pay?.card).toBe('approved');
      expect(m.destroy.at).not.toMatch(/^challenge/);
    }
  });

  it('each payer’s faults hit its own method’s requests, and the charges are read under faults only after a lost reply', () => {
    const targets = new Set(plan.mounts.flatMap((m) => m.faults.map((f) => f.target)));
    for (const target of ['saved-card-token', 'paypal-create', 'paypal-capture', 'charges-read', 'charge-poll'])
      expect(targets).toContain(target);
    const local = ['tokenize', 'saved-card-token', 'paypal-create', 'paypal-capture'];
    const wrong = {
      card: ['saved-card-token', 'paypal-create', 'paypal-capture', 'charge-poll'],
      'saved-card': ['tokenize', 'paypal-create', 'paypal-capture', 'charge-poll'],
      paypal: ['tokenize', 'charge', 'saved-card-token', 'charge-poll'],
      ideal: local,
      bancontact: local,
      klarna: local,
      blik: local,
    };
    for (const m of payers)
      expect(m.faults.map((f) => f.target)).not.toEqual(
        expect.arrayContaining([expect.toBeOneOf(wrong[m.pay?.method ?? 'card'])]),
      );
    for (const m of plan.mounts.filter((p) => p.faults.some((f) => f.target === 'charges-read')))
      expect(m.faults.some(losesChargeReply)).toBe(true);
  });

  it('a remount of an earlier payer’s order pays with a method that order’s app instance offers', () => {
    const remounts = payers.filter((m) => m.order && 'reuseOf' in m.order);
    expect(remounts.length).toBeGreaterThan(5);
    for (const m of remounts) {
      const reused = plan.mounts[(m.order as { reuseOf: number }).reuseOf];
      const own = m.pay?.method ?? 'card';
      const theirs = reused?.pay?.method ?? 'card';
      expect(own === 'card' || own === theirs).toBe(true);
      if (theirs === 'saved-card') expect(own).toBe('saved-card');
    }
  });

  it('the CI seed (35, 50 mounts) keeps its 3-D Secure cuts and pays with a saved card and PayPal too', () => {
    const ci = planChaos(35, 50).mounts;
    expect(ci.map((m) => m.destroy.at)).toEqual(expect.arrayContaining(['challenge', 'challenge-removed']));
    expect(ci.map((m) => m.pay?.method)).toEqual(expect.arrayContaining(['saved-card', 'paypal']));
  });
});
