import type { HarnessEvent } from './harness';
import { type MountObservation, outcomeOf, type Violation } from './observations';
import { type LoadPrediction, predictLoad } from './predict';

// What a mount's load must come to, from its own faults (predict.ts) and the mounts it shares
// settings with (spec 4, DESIGN "Settings cache", issue 12 "settings cache that heals").

const first = <T extends HarnessEvent['type']>(events: HarnessEvent[], type: T) =>
  events.find((e): e is Extract<HarnessEvent, { type: T }> => e.type === type);

/** When the mount's first outcome (ready or crash) came, epoch ms; undefined without one. */
function outcomeEpoch(o: MountObservation): number | undefined {
  return o.events.find((e) => !e.afterDestroy && (e.type === 'apiInit' || e.type === 'crash'))?.epoch;
}

/** A mount's load against what its own faults (and the mounts it shares settings with) allow. */
export function checkExpectation(o: MountObservation, all: ReadonlyMap<number, MountObservation>): Violation[] {
  const outcome = outcomeOf(o);
  if (outcome === 'destroyed first' || outcome === 'no outcome') return [];
  const expected = expectedLoad(o, all);
  const v = (detail: string): Violation[] => [{ page: o.plan.page, mount: o.plan.mount, check: 'expected outcome', detail }];
  if (expected === 'ready' && outcome !== 'ready')
    return v(
      `${outcome} though every fault it met can be recovered from (spec 7: retries, one revalidation${o.plan.msidOf === o.plan.mount ? '' : `; its settings are shared with mount ${o.plan.msidOf}, whose failure, if any, was not one the page may share`})`,
    );
  if (expected === 'crash' && outcome === 'ready')
    return v('ready though its faults allow no recovery under spec 7 (retries or revalidations beyond the limits?)');
  return [];
}

/**
 * What `o`'s load must come to, given the mounts it shares settings with (same page, same msid):
 * - its own faults decide when nobody else's settings request could have served it: it shares
 *   with nobody, or nobody that shares with it was mounted before its outcome;
 * - a mount that shares another's settings must load when its own faults allow and the others'
 *   settings failures (if any) are their own (a refused token, a captcha, a 4xx: DESIGN "Settings
 *   cache" and issue 12 let waiters fetch again), or ended before it was mounted (a failure is
 *   never cached; a bundle that failed drops its settings);
 * - otherwise either outcome is allowed.
 */
export function expectedLoad(o: MountObservation, all: ReadonlyMap<number, MountObservation>): LoadPrediction['load'] {
  const own = predictLoad(o.plan);
  const mountedAt = first(o.events, 'mounted')?.epoch;
  if (mountedAt === undefined) return 'either';
  const sharers = [...all.values()].filter(
    (x) => x !== o && x.plan.page === o.plan.page && x.plan.msidOf === o.plan.msidOf && x.plan.frame === 'ok',
  );
  if (sharers.length === 0) return own.load;
  if (own.load === 'crash' && own.settings === 'ok') return 'crash'; // its payment methods, after the settings
  if (own.settings !== 'ok') {
    // Another's (fault-free) request may have served it before its own could fail.
    const servedEarlier = sharers.some(
      (x) => (first(x.events, 'mounted')?.epoch ?? Number.POSITIVE_INFINITY) <= (outcomeEpoch(o) ?? 0),
    );
    return servedEarlier ? 'either' : own.load;
  }
  for (const x of sharers) {
    const theirs = predictLoad(x.plan).settings;
    if (theirs === 'ok' || theirs === 'own') continue;
    const ended = outcomeEpoch(x) ?? first(x.events, 'destroy')?.epoch;
    if (ended === undefined || ended >= mountedAt) return 'either';
  }
  return own.load;
}
