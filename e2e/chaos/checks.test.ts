import { describe, expect, it } from 'vitest';
import { ProviderPaths } from '../../shared';
import type { RecordedRequest } from '../support/provider';
import { checkCharges, checkMount, checkPage } from './checks';
import type { HarnessEvent } from './harness';
import { type Bounds, type MountObservation, outcomeOf, type PageObservation } from './observations';
import type { MountPlan, PlannedFault } from './plan';
import { mountPlan } from './testing/mountPlan';

const BOUNDS: Bounds = { outcomeMs: 25_000, deadFrameMs: 25_000, lostFrameMs: 6_000, payMs: 30_000, challengeMs: 3_000 };
const EPOCH = 1_000_000;
const ORDER = 'ord_1';

type Event = HarnessEvent extends infer E
  ? E extends HarnessEvent
    ? Omit<E, 'mount' | 'epoch' | 'afterDestroy'> & { afterDestroy?: boolean }
    : never
  : never;

const plan = mountPlan;

function observe(p: MountPlan, events: Event[], more: Partial<MountObservation> = {}): MountObservation {
  return {
    plan: p,
    fingerprints: ['tok:00000000'],
    events: events.map((e) => ({ mount: p.mount, epoch: EPOCH + e.at, afterDestroy: false, ...e }) as HarnessEvent),
    requests: [],
    listenersLeft: [],
    harnessErrors: [],
    ...more,
  };
}

const request = (method: string, path: string, at = EPOCH): RecordedRequest => ({
  seq: 1,
  method,
  path,
  query: {},
  tokenFingerprint: 'tok:00000000',
  idempotencyKey: null,
  at,
});
const settingsGets = (n: number) => Array.from({ length: n }, () => request('GET', ProviderPaths.widgetSettings));
const destroyed = (at: number, by: 'plan' | 'run' = 'run'): Event => ({ type: 'destroy', at, by, thrown: [], iframeLeft: false });
const ready = (at: number): Event => ({ type: 'apiInit', at, methods: ['validate', 'pay'], settingsFromCache: false });
const crash = (at: number, code = 'SETTINGS_LOAD_FAILED'): Event => ({ type: 'crash', at, code, message: code });
const mounted: Event = { type: 'mounted', at: 0 };

const checksOf = (o: MountObservation, others: MountObservation[] = []) =>
  checkMount(o, new Map([o, ...others].map((x) => [x.plan.mount, x])), BOUNDS).map((v) => `${v.check}: ${v.detail}`);

describe('checkMount', () => {
  it('a mount that loads, with its settings fetched once, and is destroyed cleanly breaks nothing', () => {
    const o = observe(plan(), [mounted, ready(400), destroyed(900)], { requests: settingsGets(1) });
    expect(outcomeOf(o)).toBe('ready');
    expect(checksOf(o)).toEqual([]);
  });

  it.each([
    {
      name: 'ready and onCrash',
      events: [mounted, ready(400), crash(500, 'BUNDLE_CRASHED'), destroyed(900)],
      check: 'one outcome: both onApiInit and onCrash (BUNDLE_CRASHED)',
    },
    {
      name: 'onCrash twice',
      events: [mounted, crash(400), crash(500), destroyed(900)],
      check: 'one outcome: onCrash came 2 times: SETTINGS_LOAD_FAILED, SETTINGS_LOAD_FAILED',
    },
    {
      name: 'onApiInit twice',
      events: [mounted, ready(400), ready(500), destroyed(900)],
      check: 'one outcome: onApiInit came 2 times',
    },
    {
      name: 'neither',
      events: [mounted, destroyed(26_000)],
      check: 'one outcome: neither onApiInit nor onCrash within 25,000 ms (the run destroyed it 26,000 ms after mountCashier)',
    },
    {
      name: 'an outcome past the bound',
      events: [mounted, crash(25_500), destroyed(26_000)],
      check: 'outcome bound: onCrash came 25,500 ms after mountCashier (bound 25,000 ms)',
    },
  ])('flags $name', ({ events, check }) => {
    expect(checksOf(observe(plan(), events as Event[], { requests: settingsGets(1) }))).toContain(check);
  });

  it('a frame that never loads is held to its own bound', () => {
    const o = observe(plan({ frame: 'closed-port' }), [mounted, crash(20_010, 'CONNECTION_FAILED'), destroyed(20_500)]);
    expect(checksOf(o)).toEqual([]);
    expect(checkMount(o, new Map([[0, o]]), { ...BOUNDS, deadFrameMs: 4_000 }).map((v) => v.detail)).toEqual([
      'onCrash came 20,010 ms after mountCashier (bound 4,000 ms, frame closed-port)',
    ]);
  });

  it("a frame that never loads is held from its document's end, which the browser may take long to reach", () => {
    // Seed 35 mount 7 on a busy machine: the page saw the refused port's error page 1 700 ms
    // after the mount, and FRAME_LOAD_FAILED came 2 302 ms after that: the SDK's 1.5-2.5 s.
    const ended: Event = { type: 'frame-ended', at: 1_700 };
    const bounds = { ...BOUNDS, deadFrameMs: 4_000 };
    const late = observe(plan({ frame: 'closed-port' }), [mounted, ended, crash(4_002, 'FRAME_LOAD_FAILED'), destroyed(4_900)]);
    expect(checkMount(late, new Map([[0, late]]), bounds)).toEqual([]);
    const slow = observe(plan({ frame: 'closed-port' }), [mounted, ended, crash(5_800, 'FRAME_LOAD_FAILED'), destroyed(6_000)]);
    expect(checkMount(slow, new Map([[0, slow]]), bounds).map((v) => v.detail)).toEqual([
      "onCrash came 4,100 ms after the frame's document ended (bound 4,000 ms, frame closed-port)",
    ]);
  });

  it('destroyed before its outcome is an outcome of its own', () => {
    const o = observe(plan({ destroy: { at: 'loading', afterMs: 100 } }), [mounted, destroyed(100, 'plan')]);
    expect(outcomeOf(o)).toBe('destroyed first');
    expect(checksOf(o)).toEqual([]);
  });

  it('flags any callback after destroy, an iframe or a listener left, and a destroy() that threw', () => {
    const o = observe(
      plan(),
      [
        mounted,
        { type: 'destroy', at: 100, by: 'plan', thrown: ['call 2: boom'], iframeLeft: true },
        { ...crash(20_000, 'CONNECTION_FAILED'), afterDestroy: true },
        { type: 'slow', at: 10_000, elapsedMs: 10_000, afterDestroy: true },
      ],
      { listenersLeft: [{ target: 'window', type: 'message', mount: 0 }] },
    );
    expect(checksOf(o)).toEqual([
      'nothing after destroy: onCrash CONNECTION_FAILED 19,900 ms after destroy()',
      'nothing after destroy: onSlow 9,900 ms after destroy()',
      'destroy leaves nothing: destroy() threw: call 2: boom',
      'destroy leaves nothing: the iframe is still in the page after destroy()',
      'destroy leaves nothing: listeners its mountCashier added are still held after destroy(): message on window',
    ]);
  });

  it('holds requests to spec 7: at most 4 settings attempts for its one call, revalidations only after a refusal', () => {
    const four = observe(
      plan({ faults: [{ target: 'settings', kind: '401', times: 1 }] }),
      [mounted, { type: 'revalidate', at: 100 }, ready(400), destroyed(900)],
      { requests: settingsGets(4) },
    );
    expect(checksOf(four)).toEqual([]);
    const five = observe(plan(), [mounted, ready(400), destroyed(900)], { requests: settingsGets(5) });
    expect(checksOf(five)).toEqual(['requests within spec 7: 5 widget settings requests for 1 call (at most 4 each: spec 7, 9)']);
    const unasked = observe(plan(), [mounted, { type: 'revalidate', at: 100 }, ready(400), destroyed(900)], {
      requests: settingsGets(1),
    });
    expect(checksOf(unasked)).toEqual([
      'requests within spec 7: 1 revalidations for 0 refusals (401) armed and 1 calls (at most 1 a call, and only after a refusal: spec 7, 9)',
    ]);
  });

  it('counts POSTs against the pay calls made: never retried, one re-send after a revalidation', () => {
    const pays: Event[] = [
      mounted,
      ready(400),
      { type: 'pay-start', at: 500, call: 0, orderId: ORDER },
      { type: 'pay-settled', at: 900, call: 0, orderId: ORDER, outcome: { resolved: false, code: 'PAYMENT_OUTCOME_UNKNOWN' } },
      destroyed(1_000),
    ];
    const charges = (n: number) => Array.from({ length: n }, () => request('POST', ProviderPaths.chargesByOrder(ORDER)));
    const lostReply = plan({ order: { event: 'venue' }, faults: [{ target: 'charge', kind: 'lost-reply', times: 1 }] });
    expect(checksOf(observe(lostReply, pays, { orderId: ORDER, requests: [...settingsGets(1), ...charges(2)] }))).toEqual([]);
    expect(checksOf(observe(lostReply, pays, { orderId: ORDER, requests: [...settingsGets(1), ...charges(3)] }))).toEqual([
      'requests within spec 7: 3 charge requests for 1 call (at most 2 each: spec 7, 9)',
    ]);
  });

  it('every pay settles within its bound; DESTROYED is wrong once the charge reached the provider', () => {
    const start: Event = { type: 'pay-start', at: 500, call: 0, orderId: ORDER };
    const never = observe(plan(), [mounted, ready(400), start, destroyed(40_000)], { orderId: ORDER, requests: settingsGets(1) });
    expect(checksOf(never)).toContain('pay settles: pay call 0 never settled (watched until the page closed)');
    const late: Event = {
      type: 'pay-settled',
      at: 40_001,
      call: 0,
      orderId: ORDER,
      outcome: { resolved: false, code: 'DESTROYED' },
    };
    expect(
      checksOf(
        observe(plan(), [mounted, ready(400), start, destroyed(40_000), late], { orderId: ORDER, requests: settingsGets(1) }),
      ),
    ).toContain('pay settles: pay call 0 settled after 39,501 ms (bound 30,000 ms)');
    const cut: Event[] = [
      mounted,
      ready(400),
      start,
      destroyed(700, 'plan'),
      { type: 'pay-settled', at: 701, call: 0, orderId: ORDER, outcome: { resolved: false, code: 'DESTROYED' } },
    ];
    const charged = [...settingsGets(1), request('POST', ProviderPaths.chargesByOrder(ORDER), EPOCH + 650)];
    expect(
      checksOf(observe(plan(), cut, { orderId: ORDER, requests: charged })).filter((c) => c.startsWith('no payment lost')),
    ).toHaveLength(1);
    expect(checksOf(observe(plan(), cut, { orderId: ORDER, requests: settingsGets(1) }))).toEqual([]);
  });

  it('an iframe removed without destroy() must be reported by onCrash within the bound', () => {
    const removedPlan = plan({ destroy: { at: 'removed', afterMs: 0 } });
    const silent = observe(removedPlan, [mounted, ready(400), { type: 'removed', at: 500 }, destroyed(7_000)], {
      requests: settingsGets(1),
    });
    expect(checksOf(silent)).toEqual([
      'connection lost: the iframe was removed without destroy() and onCrash did not come within 6,000 ms',
    ]);
    const told = observe(
      removedPlan,
      [mounted, ready(400), { type: 'removed', at: 500 }, crash(4_000, 'CONNECTION_LOST'), destroyed(7_000)],
      { requests: settingsGets(1) },
    );
    expect(checksOf(told)).toEqual([]);
  });

  it('expects a mount whose faults are all recoverable to load, and one whose faults are not to crash', () => {
    const twice: PlannedFault = { target: 'settings', kind: '5xx', times: 2, status: 500 };
    expect(
      checksOf(observe(plan({ faults: [twice] }), [mounted, crash(400), destroyed(900)], { requests: settingsGets(3) })),
    ).toEqual([
      'expected outcome: crash SETTINGS_LOAD_FAILED though every fault it met can be recovered from (spec 7: retries, one revalidation)',
    ]);
    const thrice: PlannedFault = { ...twice, times: 3 };
    expect(
      checksOf(observe(plan({ faults: [thrice] }), [mounted, ready(400), destroyed(900)], { requests: settingsGets(3) })),
    ).toEqual([
      'expected outcome: ready though its faults allow no recovery under spec 7 (retries or revalidations beyond the limits?)',
    ]);
  });
});

describe('settings shared on a page (spec 4, DESIGN "Settings cache")', () => {
  const leaderWith = (fault: PlannedFault, events: Event[]) =>
    observe(plan({ mount: 1, faults: [fault] }), events, { requests: settingsGets(1) });
  const follower = (at: number, outcome: Event) =>
    observe(plan({ mount: 2, msidOf: 1 }), [{ type: 'mounted', at }, outcome, destroyed(at + 2_000)]);

  it('a mount must load when the mount it waited on failed for its own reasons (a 404 for its token)', () => {
    const leader = leaderWith({ target: 'settings', kind: '4xx', times: 1, status: 404 }, [mounted, crash(500), destroyed(900)]);
    expect(checksOf(follower(100, crash(500)), [leader])).toEqual([
      'expected outcome: crash SETTINGS_LOAD_FAILED though every fault it met can be recovered from (spec 7: retries, one revalidation; its settings are shared with mount 1, whose failure, if any, was not one the page may share)',
    ]);
  });

  it('may share a provider failure it waited on, but not one that ended before it was mounted', () => {
    const leader = leaderWith({ target: 'settings', kind: '5xx', times: 3, status: 500 }, [mounted, crash(500), destroyed(900)]);
    expect(checksOf(follower(100, crash(500)), [leader])).toEqual([]);
    expect(checksOf(follower(600, crash(700)), [leader]).map((c) => c.split(':')[0])).toEqual(['expected outcome']);
  });

  it('must not keep settings whose bundle failed: a mount after that failure loads (issue 12 "settings cache that heals")', () => {
    const leader = leaderWith({ target: 'statics', kind: '404', times: 1 }, [
      mounted,
      crash(500, 'BUNDLE_LOAD_FAILED'),
      destroyed(900),
    ]);
    expect(checksOf(follower(1_000, crash(1_100, 'BUNDLE_LOAD_FAILED')), [leader]).map((c) => c.split(':')[0])).toEqual([
      'expected outcome',
    ]);
    expect(checksOf(follower(200, crash(600, 'BUNDLE_LOAD_FAILED')), [leader])).toEqual([]);
  });

  it('a mount whose own settings faults fail may still load when a sharer mounted first served it', () => {
    const sharer = follower(0, ready(300));
    const leader = leaderWith({ target: 'settings', kind: 'captcha', times: 1 }, [
      { type: 'mounted', at: 50 },
      ready(350),
      destroyed(900),
    ]);
    expect(checksOf(leader, [sharer])).toEqual([]);
  });
});

describe('checkCharges', () => {
  const payer = (mount: number, settled?: { status: string; chargeId: string }) =>
    observe(
      plan({ mount, order: { event: 'venue' } }),
      settled
        ? [mounted, { type: 'pay-settled', at: 900, call: 0, orderId: ORDER, outcome: { resolved: true, ...settled } }]
        : [mounted],
      { orderId: ORDER },
    );

  it('allows one settling charge per order, declines aside', () => {
    const charges = [
      { id: 'ch_1', orderId: ORDER, status: 'DECLINED' },
      { id: 'ch_2', orderId: ORDER, status: 'APPROVED' },
    ];
    expect(checkCharges(charges, [payer(0, { status: 'APPROVED', chargeId: 'ch_2' })])).toEqual([]);
  });

  it('flags a second settling charge for every mount that paid the order, and a pay that names a charge the provider did not settle', () => {
    const charges = [
      { id: 'ch_1', orderId: ORDER, status: 'APPROVED' },
      { id: 'ch_2', orderId: ORDER, status: 'PENDING' },
    ];
    expect(
      checkCharges(charges, [payer(0), payer(1, { status: 'APPROVED', chargeId: 'ch_3' })]).map((v) => [v.mount, v.detail]),
    ).toEqual([
      [0, `order ${ORDER} has 2 settling charges: ch_1 APPROVED, ch_2 PENDING`],
      [1, `order ${ORDER} has 2 settling charges: ch_1 APPROVED, ch_2 PENDING`],
      [1, `pay call 0 resolved APPROVED with charge ch_3, which is not a settling charge of order ${ORDER} at the provider`],
    ]);
  });
});

describe('checkPage', () => {
  const page = (more: Partial<PageObservation>): PageObservation => ({
    page: 0,
    mounts: [0],
    pageErrors: [],
    consoleErrors: [],
    listenersLeft: [],
    iframesLeft: 0,
    harnessErrors: [],
    ...more,
  });
  const live = observe(plan(), [mounted, destroyed(1_000)]);

  it('flags uncaught errors and console errors with the mounts alive then, and what is left once every mount is destroyed', () => {
    const violations = checkPage(
      page({
        pageErrors: [{ epoch: EPOCH + 500, text: 'Error: Uncaught (in promise) boom', url: '' }],
        consoleErrors: [{ epoch: EPOCH + 5_000, text: 'oops', url: 'http://localhost:4273/host-sdk/cashier.iife.js' }],
        listenersLeft: [{ target: 'MessagePort', type: 'message', mount: null }],
        iframesLeft: 1,
      }),
      new Map([[0, live]]),
    );
    expect(violations.map((v) => `${v.check}: ${v.detail}`)).toEqual([
      'no uncaught error: Error: Uncaught (in promise) boom (mounts alive then: 0)',
      'no uncaught error: console error: oops at http://localhost:4273/host-sdk/cashier.iife.js',
      'destroy leaves nothing: 1 iframes left once every mount was destroyed',
      'destroy leaves nothing: listeners added after the first mount are still held once every mount was destroyed: message on MessagePort',
    ]);
  });

  it('a clean page breaks nothing', () => {
    expect(checkPage(page({}), new Map([[0, live]]))).toEqual([]);
  });
});
