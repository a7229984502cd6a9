import type { DestroyPlan } from './destroyPlan';
import { type HoldPlan, holdWayOf, planHold } from './planHold';
import { isLocalMethod, type LocalPlan, planLocal } from './planLocal';
import { losesChargeReply, type PayMethod, planMethod, remountMethod, retarget } from './planMethods';
import { type DrawnTarget, type PlannedFault, planFault } from './plannedFault';
import { CHALLENGE_ACTIONS, CHALLENGE_CARDS, type ChallengePlan, type PayCard, planThreeDs } from './planThreeDs';
import { type Random, seededStreams } from './random';

export type { HoldPlan, Straddle } from './planHold';
export type { LocalMethod, LocalPattern, LocalPlan } from './planLocal';
export type { PayMethod, PayPalPattern } from './planMethods';
export type { FaultKind, FaultTarget, PlannedFault } from './plannedFault';

// The chaos run's plan: everything a run does that does not depend on the browser, drawn from one
// seed. A mount's plan depends on the seed and its number (and on the page it falls on, for the
// settings it shares and the order it pays again), so `--only` and `--page` replay it as it ran.

/** How the frame fails to load: none (`ok`), its URL on a port nobody listens on, or a path the frame server answers 404. */
export type FramePlan = 'ok' | 'closed-port' | 'not-found';

/**
 * The host page's `revalidateAppInstance`: resolves to a fresh accepted token (`fresh`), rejects
 * (`reject`), never answers (`never`; the SDK's 5 000 ms limit ends it), or is not given (`none`).
 */
export type RevalidatePlan = { mode: 'fresh' | 'reject'; delayMs: number } | { mode: 'never' | 'none' };

export type { DestroyPlan } from './destroyPlan';

/**
 * How the run pays, once the widget is ready: fills the card form in the frame with an approved
 * or a declined test card, then calls `api.pay({ orderId })` once, twice at once (a double
 * click), or again once when the first did not settle the order (resolved neither APPROVED nor
 * PENDING, or rejected). A saved card or PayPal (issue 25, `method`) is paid as planMethods.ts says.
 */
export interface PayPlan {
  card: PayCard;
  pattern: 'once' | 'double' | 'again';
  /** How it pays (issue 25); default `card`. With `paypal`, `pattern` is a {@link PayPalPattern}. */
  method?: PayMethod;
  /** What the run does with the first 3-D Secure challenge it meets (any card: a remount resumes an earlier mount's). */
  challenge: ChallengePlan;
  /** Issue 37: its order's short seat hold, the buyer's asks for more time, and how the payment meets the hold's end (planHold.ts). */
  hold?: HoldPlan;
  /** Issue 38: with a local `method`, the buyer's country and what the run does (planLocal.ts); `card` and `pattern` are then unused. */
  local?: LocalPlan;
}

export type { ChallengeAction, ChallengePlan, PayCard } from './planThreeDs';
export { CHALLENGE_ACTIONS, CHALLENGE_CARDS } from './planThreeDs';

/** One widget of the run. */
export interface MountPlan {
  /** Its number in the run, from 0. */
  mount: number;
  /** The page it is mounted on, from 0. */
  page: number;
  /** Milliseconds from the page's start to its `mountCashier`; mounts with the same value are mounted in one task. */
  startAtMs: number;
  frame: FramePlan;
  theme: 'modal' | 'inline';
  /** The mount whose `msid` it uses: itself, or an earlier mount of its page (then it shares that mount's settings, spec 4). */
  msidOf: number;
  revalidate: RevalidatePlan;
  /**
   * The order it is mounted for (`orderId`): a new one for a `VENUE` or `ONLINE` event, the order
   * of an earlier mount of its page (`reuseOf`, paid again after a remount), or none.
   */
  order?: { event: 'venue' | 'online' } | { reuseOf: number };
  /** Set when the run pays through it (it has an order then). */
  pay?: PayPlan;
  /** Its own faults, in the order the provider plays them per path. */
  faults: PlannedFault[];
  destroy: DestroyPlan;
  /** Milliseconds the run keeps it after its outcome (and payments) before destroying it; shapes how many run at once. */
  lingerMs: number;
}

/** A run's plan. */
export interface ChaosPlan {
  seed: number;
  mounts: MountPlan[];
  /** The mounts of each page, in mount order. */
  pages: number[][];
}

/** Fewest and most mounts on one page. */
export const PAGE_SIZE = { min: 4, max: 12 } as const;

/** What a plan holds besides what every run of a seed held before: issue 38's local payers (default on). */
export interface PlanOptions {
  /** Draw local payers (planLocal.ts); false gives the plan as it was before them, draw for draw. */
  local?: boolean;
}

/**
 * The plan of a run of `mounts` widgets from `seed`. Throws TypeError for a seed that is not a
 * whole number or a count below 1.
 */
export function planChaos(seed: number, mounts: number, options: PlanOptions = {}): ChaosPlan {
  if (!Number.isInteger(mounts) || mounts < 1) throw new TypeError(`mounts must be a whole number ≥ 1, got ${mounts}`);
  const local = options.local ?? true;
  const streams = seededStreams(seed);
  const plans: MountPlan[] = [];
  const pages: number[][] = [];
  /** Mounts whose local draws say they resume a payment left pending on their page (resumePending). */
  const resumers = new Set<number>();
  /** How many local payers the run has so far, in mount order (planLocal.ts LOCAL_TURNS). */
  let turns = 0;
  const turn = () => turns++;
  for (let first = 0; first < mounts; ) {
    const size = Math.min(streams.pages.int(PAGE_SIZE.min, PAGE_SIZE.max), mounts - first);
    const page: number[] = [];
    let startAtMs = 0;
    for (let mount = first; mount < first + size; mount += 1) {
      // About a third join the previous mount's task: several widgets mounted at once.
      if (page.length > 0 && !streams.pages.chance(0.35)) startAtMs += streams.pages.int(0, 2_500);
      plans.push(
        planMount(streams.mount(mount), { mount, page: pages.length, startAtMs }, local ? { resumers, turn } : undefined),
      );
      page.push(mount);
    }
    sharePageState(streams.pages, page, plans);
    if (local) resumePending(page, plans, resumers);
    pages.push(page);
    first += size;
  }
  return { seed, mounts: plans, pages };
}

/**
 * A mount's own choices, from its own stream. With `local`, issue 38's local draws are made: the
 * mount is noted in `resumers` when it would resume, and a local payer takes the run's next `turn`.
 */
function planMount(
  r: Random,
  at: Pick<MountPlan, 'mount' | 'page' | 'startAtMs'>,
  local?: { resumers: Set<number>; turn: () => number },
): MountPlan {
  const frame = r.weighted<FramePlan>([
    [86, 'ok'],
    [7, 'closed-port'],
    [7, 'not-found'],
  ]);
  const theme = r.chance(0.5) ? 'modal' : 'inline';
  const revalidate = r.weighted<RevalidatePlan['mode']>([
    [55, 'fresh'],
    [15, 'reject'],
    [10, 'never'],
    [20, 'none'],
  ]);
  const role = r.weighted<'pay' | 'order' | 'none'>([
    [35, 'pay'],
    [15, 'order'],
    [50, 'none'],
  ]);
  const event = r.chance(0.5) ? 'venue' : 'online';
  const pay: Omit<PayPlan, 'challenge'> = {
    card: r.weighted<PayCard>([
      [85, 'approved'],
      [15, 'declined'],
    ]),
    pattern: r.weighted([
      [60, 'once'],
      [20, 'double'],
      [20, 'again'],
    ]),
  };
  const targets: [number, DrawnTarget][] = [
    [50, 'settings'],
    [12, 'statics'],
  ];
  if (role !== 'none') targets.push([15, 'payment-methods']);
  if (role === 'pay') targets.push([12, 'tokenize'], [18, 'charge']);
  const count = r.weighted([
    [18, 0],
    [45, 1],
    [27, 2],
    [10, 3],
  ]);
  const faults = Array.from({ length: count }, () => planFault(r, targets));
  const destroy = r.weighted<'never' | 'loading' | 'ready' | 'paying' | 'removed'>([
    [55, 'never'],
    [17, 'loading'],
    [10, 'ready'],
    [role === 'pay' ? 13 : 0, 'paying'],
    [5, 'removed'],
  ]);
  const destroyAfterMs = {
    never: 0,
    loading: r.int(0, 2_500),
    ready: r.int(0, 800),
    paying: r.int(0, 300),
    removed: r.int(0, 800),
  }[destroy];
  // Half the destroys during a payment meet a charge held 1 500 ms: destroy() while the charge is
  // in flight (issue 12 "destroy() during a charge").
  if (destroy === 'paying' && r.chance(0.5)) faults.push({ target: 'charge', kind: 'slow', times: 1, delayMs: 1_500 });
  const revalidateDelayMs = r.int(0, 300);
  const lingerMs = r.int(0, 1_500);
  // 3-D Secure (issue 22), drawn last so the draws above stay those of earlier runs of a seed.
  const threeDs = planThreeDs(r, role === 'pay' && (destroy === 'never' || destroy === 'ready' || destroy === 'removed'));
  if (threeDs.card) pay.card = threeDs.card;
  const cut = threeDs.card && CHALLENGE_CARDS.includes(threeDs.card) ? threeDs.cut : undefined;
  // A mount whose challenge the plan cuts short loads (its frame, no load faults): it reaches its
  // challenge unless a tokenization or charge fault stops it first.
  const reachable = (f: PlannedFault) => !cut || f.target === 'tokenize' || f.target === 'charge';
  // Issue 25's ways to pay, drawn after the 3-D Secure draws: a payer of the approved or declined card may pay otherwise.
  const ways = planMethod(r, role === 'pay' && !threeDs.card);
  const method: PayMethod = ways.method;
  if (method !== 'card') pay.card = 'approved';
  const planned = retarget(frame === 'ok' || cut ? faults.filter(reachable) : [], method);
  if (ways.chargesRead && planned.some(losesChargeReply)) planned.push(ways.chargesRead);
  // Issue 37's seat holds, drawn after everything else: a payer that nothing destroys first may
  // ask for more time and pay across its hold's end (sharePageState drops it for remounts).
  const hold = planHold(r, role === 'pay' && frame === 'ok' && destroy === 'never' && !cut, holdWayOf({ ...pay, method }));
  // A challenge that straddles the hold's end is approved there (the bank's answer is what comes late).
  const approves = threeDs.challenge.action === 'complete' || threeDs.challenge.action === 'page-complete';
  if (hold && hold.straddle !== 'edge' && !approves) threeDs.challenge.action = 'complete';
  // Issue 38's local payers, drawn after everything else: a payer of a typed card whose challenge
  // is not cut short may pay with a local method instead (its faults moved to that method's
  // requests; its card is kept, unused, so that a remount paying its order by card types it).
  // A payer whose frame fails or that is destroyed before it is ready to pay stays as it was: it would not pay at all.
  const pays = role === 'pay' && frame === 'ok' && destroy !== 'loading' && destroy !== 'ready';
  const eligible = pays && method === 'card' && !cut ? (threeDs.card ? 'three-ds' : 'typed') : undefined;
  const drawn = local ? planLocal(r, eligible, hold, local.turn) : undefined;
  if (drawn?.resume) local?.resumers.add(at.mount);
  const localPay = drawn?.draw;
  if (localPay) {
    return {
      ...at,
      theme,
      msidOf: at.mount,
      revalidate:
        revalidate === 'fresh' || revalidate === 'reject'
          ? { mode: revalidate, delayMs: revalidateDelayMs }
          : { mode: revalidate },
      order: { event },
      pay: {
        ...pay,
        challenge: threeDs.challenge,
        method: localPay.method,
        local: localPay.local,
        ...(localPay.hold ? { hold: localPay.hold } : {}),
      },
      frame,
      faults: retarget(planned, localPay.method),
      destroy: destroy === 'never' ? { at: 'never' } : { at: destroy, afterMs: destroyAfterMs },
      lingerMs,
    };
  }
  return {
    ...at,
    theme,
    msidOf: at.mount,
    revalidate:
      revalidate === 'fresh' || revalidate === 'reject' ? { mode: revalidate, delayMs: revalidateDelayMs } : { mode: revalidate },
    ...(role === 'none' ? {} : { order: { event } }),
    ...(role === 'pay'
      ? { pay: { ...pay, challenge: threeDs.challenge, ...(method === 'card' ? {} : { method }), ...(hold ? { hold } : {}) } }
      : {}),
    // A frame that never loads never reaches the provider: its faults would only confuse the table.
    frame: cut ? 'ok' : frame,
    faults: planned,
    destroy: cut ?? (destroy === 'never' ? { at: 'never' } : { at: destroy, afterMs: destroyAfterMs }),
    lingerMs,
  };
}

/**
 * Page-level choices, from the pages' stream: about one mount in five after the first uses the
 * `msid` of an earlier mount of its page that loads its own (it shares its settings, spec 4, so
 * its own settings and statics faults are dropped: the shared request carries the other's); a
 * mount after one whose 3-D Secure challenge the plan cuts short resumes it most times (it pays
 * that order, a non-paying mount with the approved card once, with no faults, a frame that loads
 * and no destroy but a cut of its own); else
 * about one paying mount in six pays the order of an earlier paying mount of its page again (a
 * remount for the same order).
 */
function sharePageState(r: Random, page: number[], plans: MountPlan[]): void {
  for (const [position, mount] of page.entries()) {
    const plan = plans[mount] as MountPlan;
    const earlier = page.slice(0, position).map((m) => plans[m] as MountPlan);
    const leaders = earlier.filter((p) => p.msidOf === p.mount && p.frame === 'ok');
    if (leaders.length > 0 && r.chance(0.2)) {
      plan.msidOf = r.pick(leaders).mount;
      plan.faults = plan.faults.filter((f) => f.target !== 'settings' && f.target !== 'statics');
    }
    const payers = earlier.filter((p) => p.pay && p.order && 'event' in p.order);
    // A challenge cut short is resumed by a later mount of its page, most times.
    const reused = new Set(earlier.flatMap((p) => (p.order && 'reuseOf' in p.order ? [p.order.reuseOf] : [])));
    const cut = payers.filter((p) => isChallengeCut(p) && !reused.has(p.mount));
    if (cut.length > 0 && r.chance(0.7)) {
      plan.order = { reuseOf: r.pick(cut).mount };
      const action = r.pick(CHALLENGE_ACTIONS);
      const afterMs = r.int(0, 2_500);
      plan.pay ??= { card: 'approved', pattern: 'once', challenge: { action, afterMs } };
      // It resumes: a healthy mount (frame, no faults), gone only by a cut of the resumed challenge.
      Object.assign(plan, { frame: 'ok', faults: [], destroy: isChallengeCut(plan) ? plan.destroy : { at: 'never' } });
    } else if (plan.pay && payers.length > 0 && r.chance(0.17)) plan.order = { reuseOf: r.pick(payers).mount };
    const reusedPay = plan.order && 'reuseOf' in plan.order ? plans[plan.order.reuseOf]?.pay : undefined;
    if (plan.pay && reusedPay) setMethod(plan, plan.pay, remountMethod(plan.pay.method ?? 'card', reusedPay.method ?? 'card'));
  }
  // Issue 37: a seat hold plan needs an order of its mount's own, paid by it alone (no remount on either side).
  for (const mount of page) {
    const plan = plans[mount] as MountPlan;
    const reuseOf = plan.order && 'reuseOf' in plan.order ? plan.order.reuseOf : undefined;
    if (reuseOf !== undefined) dropHold(plans[reuseOf] as MountPlan);
    if (reuseOf !== undefined) dropHold(plan);
  }
}

function dropHold(plan: MountPlan): void {
  if (!plan.pay?.hold) return;
  const { hold: _dropped, ...pay } = plan.pay;
  plan.pay = pay;
}

/**
 * Issue 38: a mount whose local draws say so (`resumers`), that neither pays another's order nor
 * has its own paid again and is no local payer, after a payer of its page that the plan destroys
 * while its local payment is pending and that nobody resumes yet, pays that payer's order instead:
 * a healthy remount (frame, no faults, no destroy, no hold) paying by typed card (a mount that did
 * not pay pays with the approved card), whose `pay()` must meet that payment (pending, or settled
 * while it loaded). No draws: the seed's other choices stay as they were.
 */
function resumePending(page: number[], plans: MountPlan[], resumers: ReadonlySet<number>): void {
  const reusedOf = (p: MountPlan) => (p.order && 'reuseOf' in p.order ? p.order.reuseOf : undefined);
  for (const [position, mount] of page.entries()) {
    const plan = plans[mount] as MountPlan;
    if (!resumers.has(mount) || plan.pay?.local || reusedOf(plan) !== undefined || isChallengeCut(plan)) continue;
    if (page.some((m) => reusedOf(plans[m] as MountPlan) === mount)) continue;
    const resumed = new Set(page.map((m) => reusedOf(plans[m] as MountPlan)));
    const pending = page
      .slice(0, position)
      .map((m) => plans[m] as MountPlan)
      .find((p) => p.pay?.local?.destroyPending && !resumed.has(p.mount));
    if (!pending) continue;
    const {
      hold: _dropped,
      method: _method,
      local: _local,
      ...pay
    } = plan.pay ?? {
      card: 'approved' as const,
      pattern: 'once' as const,
      challenge: { action: 'complete' as const, afterMs: 0 },
    };
    Object.assign(plan, {
      order: { reuseOf: pending.mount },
      pay: { ...pay, pattern: 'once' },
      frame: 'ok',
      faults: [],
      destroy: { at: 'never' },
    });
  }
}

/** Sets a payer's method (issue 25), its tokenization and charge faults moved to that method's requests. */
function setMethod(plan: MountPlan, pay: PayPlan, method: PayMethod): void {
  const { method: _was, local, ...rest } = pay;
  plan.pay =
    method === 'card' ? rest : { ...rest, method, card: 'approved', ...(isLocalMethod(method) && local ? { local } : {}) };
  plan.faults = retarget(plan.faults, method);
}

/** Whether the plan cuts the mount's 3-D Secure challenge short (destroy or the iframe's removal while it is open). */
export function isChallengeCut(plan: MountPlan): boolean {
  return plan.destroy.at === 'challenge' || plan.destroy.at === 'challenge-removed';
}

/** The mounts a mount's outcome depends on besides itself: the one whose settings it shares, the one whose order it pays. */
export function dependenciesOf(plan: MountPlan): number[] {
  const deps = new Set<number>();
  if (plan.msidOf !== plan.mount) deps.add(plan.msidOf);
  if (plan.order && 'reuseOf' in plan.order) deps.add(plan.order.reuseOf);
  return [...deps];
}
