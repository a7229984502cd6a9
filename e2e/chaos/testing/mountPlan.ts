import type { MountPlan } from '../plan';

/**
 * A mount plan for the chaos run's unit tests: one healthy inline mount on page 0 that starts at
 * once, revalidates with a fresh token at once, never destroys and draws no faults; `more`
 * overrides any field. `msidOf` follows `mount` unless given.
 */
export function mountPlan(more: Partial<MountPlan> = {}): MountPlan {
  return {
    mount: 0,
    page: 0,
    startAtMs: 0,
    frame: 'ok',
    theme: 'inline',
    msidOf: more.mount ?? 0,
    revalidate: { mode: 'fresh', delayMs: 0 },
    faults: [],
    destroy: { at: 'never' },
    lingerMs: 0,
    ...more,
  };
}
