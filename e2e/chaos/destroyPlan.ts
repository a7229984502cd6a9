// When the chaos run destroys a widget: a mount's plan (plan.ts) and its 3-D Secure draws
// (planThreeDs.ts) both name it, so it has a module of its own.

/**
 * When the plan destroys the widget: not at all (the run destroys it when it is done), `afterMs`
 * after `mountCashier` (`loading`), after `onApiInit` (`ready`), after the first `pay` call
 * (`paying`); or `removed`: the host page removes the iframe without calling `destroy()` (issue 12
 * "connection lost"), `afterMs` after `onApiInit`, or after the first `pay` call for a mount that
 * pays; the run calls `destroy()` later. During a 3-D Secure challenge (issue 22), `afterMs` after
 * its dialog opened: `destroy()` (`challenge`), or the iframe removed without it
 * (`challenge-removed`); the challenge is left open for a remount to resume.
 */
export type DestroyPlan =
  | { at: 'never' }
  | { at: 'loading' | 'ready' | 'paying' | 'removed' | 'challenge' | 'challenge-removed'; afterMs: number };
