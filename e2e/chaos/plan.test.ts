import { describe, expect, it } from 'vitest';
import { CHALLENGE_CARDS, dependenciesOf, isChallengeCut, PAGE_SIZE, planChaos } from './plan';
import { retarget } from './planMethods';

describe('planChaos', () => {
  it('is the same for the same seed, and another for another seed', () => {
    expect(planChaos(7, 120)).toEqual(planChaos(7, 120));
    expect(planChaos(8, 120).mounts).not.toEqual(planChaos(7, 120).mounts);
  });

  it('a longer run of the same seed starts with the same pages and mounts (a replay may ask for any count past the mount)', () => {
    const short = planChaos(11, 40);
    const long = planChaos(11, 200);
    const whole = short.pages.slice(0, -1); // the last page of the short run is cut at 40
    expect(long.pages.slice(0, whole.length)).toEqual(whole);
    const mounts = whole.flat();
    expect(mounts.map((m) => long.mounts[m])).toEqual(mounts.map((m) => short.mounts[m]));
  });

  it('numbers every mount once, in page order, on pages of the planned sizes', () => {
    const plan = planChaos(3, 300);
    expect(plan.pages.flat()).toEqual(plan.mounts.map((m) => m.mount));
    for (const [index, page] of plan.pages.slice(0, -1).entries()) {
      expect(page.length).toBeGreaterThanOrEqual(PAGE_SIZE.min);
      expect(page.length).toBeLessThanOrEqual(PAGE_SIZE.max);
      expect(page.map((m) => plan.mounts[m]?.page)).toEqual(page.map(() => index));
      const starts = page.map((m) => plan.mounts[m]?.startAtMs ?? -1);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
    }
  });

  it('draws every kind of fault, frame and destroy over a few hundred mounts, and mounts several at once', () => {
    const plan = planChaos(5, 400);
    // As drawn: a payer's faults moved to its way to pay's requests are counted where they were drawn.
    const kinds = new Set(plan.mounts.flatMap((m) => retarget(m.faults, 'card').map((f) => `${f.target} ${f.kind}`)));
    for (const kind of [
      'settings drop',
      'settings 5xx',
      'settings 429',
      'settings 401',
      'settings 4xx',
      'settings captcha',
      'settings slow',
      'settings malformed',
      'statics 404',
      'payment-methods drop',
      'tokenize 5xx',
      'charge lost-reply',
    ])
      expect(kinds).toContain(kind);
    expect(new Set(plan.mounts.map((m) => m.frame))).toEqual(new Set(['ok', 'closed-port', 'not-found']));
    expect(new Set(plan.mounts.map((m) => m.destroy.at))).toEqual(
      new Set(['never', 'loading', 'ready', 'paying', 'removed', 'challenge', 'challenge-removed']),
    );
    const share = plan.mounts.filter((m) => m.pay).length / plan.mounts.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.45);
    const together = plan.pages.some((page) => new Set(page.map((m) => plan.mounts[m]?.startAtMs)).size < page.length);
    expect(together).toBe(true);
  });

  it('a mount that shares settings has no settings faults of its own and names a loading mount of its page; a frame that never loads has no faults', () => {
    const plan = planChaos(9, 400);
    const sharing = plan.mounts.filter((m) => m.msidOf !== m.mount);
    expect(sharing.length).toBeGreaterThan(20);
    for (const m of sharing) {
      const leader = plan.mounts[m.msidOf];
      expect(leader?.page).toBe(m.page);
      expect(leader?.frame).toBe('ok');
      expect(leader?.msidOf).toBe(leader?.mount);
      expect(m.faults.filter((f) => f.target === 'settings' || f.target === 'statics')).toEqual([]);
      expect(dependenciesOf(m)).toContain(m.msidOf);
    }
    for (const m of plan.mounts.filter((x) => x.frame !== 'ok')) expect(m.faults).toEqual([]);
    for (const m of plan.mounts.filter((x) => x.order && 'reuseOf' in x.order)) {
      const reused = m.order && 'reuseOf' in m.order ? plan.mounts[m.order.reuseOf] : undefined;
      expect(reused?.page).toBe(m.page);
      expect(reused?.pay).toBeDefined();
    }
  });

  it('pays with the three 3-D Secure cards too, and answers their challenges every way (issue 22)', () => {
    const payers = planChaos(5, 400).mounts.flatMap((m) => (m.pay ? [m.pay] : []));
    expect(new Set(payers.map((p) => p.card))).toEqual(
      new Set(['approved', 'declined', 'challenge', 'frictionless', 'challenge-declined']),
    );
    const share = payers.filter((p) => p.card !== 'approved' && p.card !== 'declined').length / payers.length;
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.6);
    const challenged = payers.filter((p) => CHALLENGE_CARDS.includes(p.card));
    expect(new Set(challenged.map((p) => p.challenge.action))).toEqual(
      new Set(['complete', 'fail', 'page-complete', 'page-fail', 'cancel', 'escape']),
    );
    for (const p of payers) expect(p.challenge.afterMs).toBeLessThanOrEqual(2_500);
  });

  it('cuts challenges short only for challenge cards whose other destroy would not come first, and a later payer of the page mostly resumes them', () => {
    const plan = planChaos(13, 600);
    const cut = plan.mounts.filter(isChallengeCut);
    expect(cut.length).toBeGreaterThan(10);
    for (const m of cut) {
      expect(m.pay && CHALLENGE_CARDS.includes(m.pay.card)).toBe(true);
      expect(m.destroy).toMatchObject({ afterMs: expect.any(Number) });
      // It loads, so that it reaches its challenge unless a tokenization or charge fault stops it.
      expect(m.frame).toBe('ok');
      expect(m.faults.filter((f) => f.target !== 'tokenize' && f.target !== 'charge')).toEqual([]);
      expect(m.faults.filter((f) => f.target === 'charge' && f.kind === 'slow' && f.delayMs === 1_500)).toEqual([]);
    }
    for (const m of plan.mounts.filter((x) => !x.pay || !CHALLENGE_CARDS.includes(x.pay.card)))
      expect(isChallengeCut(m)).toBe(false);
    const resumable = cut.filter((m) => (plan.pages[m.page] ?? []).some((n) => n > m.mount));
    const resumed = resumable.filter((m) =>
      plan.mounts.some((n) => n.order && 'reuseOf' in n.order && n.order.reuseOf === m.mount),
    );
    expect(resumed.length / resumable.length).toBeGreaterThan(0.6);
    // A remount that resumes is healthy (its frame loads, no faults, gone only by a cut of its own);
    // the one-in-six remount rule may also pick a cut mount, with whatever it drew.
    const resumers = plan.mounts.filter(
      (n) => n.order && 'reuseOf' in n.order && cut.some((c) => n.order && 'reuseOf' in n.order && c.mount === n.order.reuseOf),
    );
    const healthy = resumers.filter(
      (m) => m.frame === 'ok' && m.faults.length === 0 && ['never', 'challenge', 'challenge-removed'].includes(m.destroy.at),
    );
    expect(healthy.length / resumers.length).toBeGreaterThan(0.8);
  });

  it('refuses a count below 1 and a seed that is not a whole number', () => {
    expect(() => planChaos(1, 0)).toThrow(/mounts must be a whole number ≥ 1, got 0/);
    expect(() => planChaos(1.5, 10)).toThrow(/seed must be a whole number, got 1.5/);
  });
});
