import { describe, expect, it } from 'vitest';
import { type MountPlan, planChaos } from './plan';
import { BLIK_CODES, isLocalMethod, isPendingPattern, LOCAL_METHODS } from './planLocal';
import { remountMethod, retarget } from './planMethods';

describe('planLocal (issue 38): local payers in a seed’s plan', () => {
  const seeds = [5, 14, 35, 7];
  const runs = seeds.map((seed) => ({ seed, with: planChaos(seed, 400), without: planChaos(seed, 400, { local: false }) }));
  const locals = runs.flatMap((r) => r.with.mounts.filter((m) => isLocalMethod(m.pay?.method)));
  const reuseOf = (m: MountPlan) => (m.order && 'reuseOf' in m.order ? m.order.reuseOf : undefined);

  it('are drawn after everything else: the pages and every other mount are those of the plan without them, draw for draw', () => {
    for (const run of runs) {
      expect(run.with.pages).toEqual(run.without.pages);
      let changed = 0;
      for (const [i, m] of run.with.mounts.entries()) {
        const before = run.without.mounts[i] as MountPlan;
        const resumer = reuseOf(m) !== undefined && run.with.mounts[reuseOf(m) as number]?.pay?.local?.destroyPending;
        if (isLocalMethod(m.pay?.method)) {
          // A typed-card payer of the plan without them, with its pay and faults turned local.
          changed += 1;
          expect(before.pay?.method).toBeUndefined();
          expect(before.destroy.at).not.toMatch(/^challenge/);
          const { pay: _p, faults, ...rest } = m;
          const { pay: _q, faults: beforeFaults, ...beforeRest } = before;
          expect(rest).toEqual(beforeRest);
          expect(retarget(faults, 'card')).toEqual(beforeFaults);
          expect(m.pay?.challenge).toEqual(before.pay?.challenge);
        } else if (resumer && reuseOf(before) === undefined) {
          // A mount made a remount of a payment left pending: its own draws stay (theme, settings, start).
          changed += 1;
          const { order: _o, pay: _p, faults: _f, frame: _fr, destroy: _d, ...rest } = m;
          const { order: _bo, pay: _bp, faults: _bf, frame: _bfr, destroy: _bd, ...beforeRest } = before;
          expect(rest).toEqual(beforeRest);
        } else expect(m).toEqual(before);
      }
      expect(changed).toBeGreaterThan(20);
    }
  });

  it('pay with every method from a country that offers it, each pattern, and BLIK with each test code and an unknown one', () => {
    // In turn (LOCAL_TURNS): a 100-mount run of the seeds the closing note runs meets every method.
    for (const seed of [5, 14]) {
      const methods = planChaos(seed, 100).mounts.map((m) => m.pay?.method);
      for (const method of ['ideal', 'bancontact', 'klarna', 'blik']) expect(methods).toContain(method);
    }
    const country = { ideal: ['NL'], bancontact: ['BE'], klarna: ['DE', 'NL'], blik: ['PL'] } as const;
    for (const m of locals) {
      const method = m.pay?.method as keyof typeof country;
      expect(country[method]).toContain(m.pay?.local?.country);
      expect(m.pay?.local?.pattern.startsWith('blik-')).toBe(method === 'blik');
      expect(m.order && 'event' in m.order).toBe(true);
    }
    expect(new Set(locals.map((m) => m.pay?.method))).toEqual(new Set(LOCAL_METHODS));
    expect(new Set(locals.map((m) => m.pay?.local?.country))).toEqual(new Set(['NL', 'BE', 'DE', 'PL']));
    const patterns = new Set(locals.map((m) => m.pay?.local?.pattern));
    for (const p of ['approve', 'decline', 'pending-approve', 'pending-decline', 'closed', 'race', ...Object.keys(BLIK_CODES)])
      expect(patterns).toContain(p);
    for (const m of locals.filter((x) => x.pay?.local?.pattern === 'closed')) expect(m.pay?.local?.closeAfterMs).toBeDefined();
  });

  it('meet lost charge replies, faults on the reads of their charge, destroys and seat holds past the end', () => {
    const faults = new Set(locals.flatMap((m) => m.faults.map((f) => `${f.target} ${f.kind}`)));
    for (const f of ['charge lost-reply', 'charge-poll 5xx', 'charge-poll drop']) expect(faults).toContain(f);
    for (const m of locals)
      for (const f of m.faults)
        expect(['tokenize', 'saved-card-token', 'paypal-create', 'paypal-capture']).not.toContain(f.target);
    expect(locals.some((m) => m.destroy.at === 'paying')).toBe(true);
    const held = locals.filter((m) => m.pay?.hold);
    expect(held.some((m) => m.pay?.method !== 'blik' && m.pay?.hold?.straddle === 'kept')).toBe(true);
    expect(held.some((m) => m.pay?.method !== 'blik' && m.pay?.hold?.straddle === 'ended')).toBe(true);
    for (const m of held) expect(m.pay?.hold?.straddle === 'edge').toBe(m.pay?.method === 'blik');
  });

  it('destroy some pending payments before they settle, and a later payer of the page mostly pays that order again', () => {
    const cut = locals.filter((m) => m.pay?.local?.destroyPending);
    expect(cut.length).toBeGreaterThan(5);
    for (const m of cut) {
      expect(isPendingPattern(m.pay?.local?.pattern)).toBe(true);
      expect(m.pay?.hold).toBeUndefined();
    }
    const all = runs.flatMap((r) => r.with.mounts);
    let resumed = 0;
    for (const run of runs)
      for (const m of run.with.mounts) {
        const of = reuseOf(m);
        const pending = of === undefined ? undefined : run.with.mounts[of];
        if (!pending?.pay?.local?.destroyPending) continue;
        resumed += 1;
        expect(m.page).toBe(pending.page);
        expect(m.mount).toBeGreaterThan(pending.mount);
        expect(m.pay?.method).toBeUndefined(); // a typed card: its pay() meets the pending payment first
        expect(m.pay?.hold).toBeUndefined();
        expect(m).toMatchObject({ frame: 'ok', faults: [], destroy: { at: 'never' } });
      }
    expect(resumed / cut.length).toBeGreaterThan(0.5);
    expect(all.length).toBe(1_600);
  });

  it('a remount pays a local order, or pays with its own local method, by typed card', () => {
    expect(remountMethod('ideal', 'card')).toBe('card');
    expect(remountMethod('card', 'blik')).toBe('card');
    expect(remountMethod('paypal', 'klarna')).toBe('card');
    expect(remountMethod('blik', 'saved-card')).toBe('saved-card');
  });
});
