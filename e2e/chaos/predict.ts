import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  MAX_RETRIES,
  MAX_RETRY_AFTER_MS,
  RETRY_BASE_DELAY_MS,
  RETRY_JITTER_RATIO,
  SETTINGS_ATTEMPT_TIMEOUT_MS,
  SETTINGS_DEADLINE_MS,
} from '../../shared';
import type { FaultTarget, MountPlan, PlannedFault, RevalidatePlan } from './plan';
import { losesChargeReply } from './planMethods';

// What spec sections 7 and 9 say a mount's own faults must lead to, worked out from the plan
// alone: the replies its calls meet in order (its faults, then normal replies), the retries and
// the one revalidation the spec allows. Used to tell a mount that should have loaded from one
// that may crash. Where real timing could tip the outcome (a reply near an attempt timeout, a
// call near its deadline) the answer is `either`, never a guess.

/** What a call (or a whole load) must come to: loaded, failed, or either depending on timing. */
export type Prediction = 'ready' | 'crash' | 'either';

/** Why a load is expected to fail: its own credentials or request (`own`), the provider (`provider`), or the bundle's statics (`statics`). */
export type FailureClass = 'own' | 'provider' | 'statics';

/** The prediction for one mount's load, and for its settings call (what other widgets sharing them see). */
export interface LoadPrediction {
  load: Prediction;
  /** The settings call (from its own faults): loaded, or how it fails; `either` when timing decides. */
  settings: 'ok' | FailureClass | 'either';
}

/** Margin around a timeout or deadline inside which real timing may tip the outcome. */
const TIMING_MARGIN_MS = 1_000;

interface CallRules {
  idempotent: boolean;
  attemptTimeoutMs: number;
  deadlineMs?: number;
}

const SETTINGS_RULES: CallRules = {
  idempotent: true,
  attemptTimeoutMs: SETTINGS_ATTEMPT_TIMEOUT_MS,
  deadlineMs: SETTINGS_DEADLINE_MS,
};
const GET_RULES: CallRules = { idempotent: true, attemptTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS };

/**
 * How one call ends: `ok` (with what it read; `revalidated` when a fresh token was taken, which the
 * frame then sends on every later call, out of reach of the faults armed for the first), or a
 * failure of a class; `either` when timing decides.
 */
export type CallOutcome = { ok: 'reply' | 'statics-404'; revalidated?: true } | { failed: FailureClass } | 'either';

/**
 * Plays one call against `faults` (those of its path, in order; each `times` times), then normal
 * replies, by spec 7 and 9: network errors (a drop, or a reply slower than the attempt timeout),
 * 429 and 5xx are retried up to MAX_RETRIES times for an idempotent call; a 401 asks
 * `revalidate` once (a fresh token, which has no faults of its own, so the next reply is normal);
 * a captcha 403, a 4xx and a malformed body end it. A revalidation that never answers, or
 * rejects, leaves the refusal standing (`own`).
 */
export function playCall(faults: PlannedFault[], rules: CallRules, revalidate: RevalidatePlan): CallOutcome {
  const replies = faults.flatMap((f) => Array.from({ length: f.times }, () => f));
  let retries = 0;
  let elapsedMs = 0;
  let tight = false;
  for (let attempt = 0; ; attempt += 1) {
    const reply = replies[attempt];
    if (rules.deadlineMs !== undefined && elapsedMs > rules.deadlineMs - TIMING_MARGIN_MS) return 'either';
    if (!reply) return { ok: 'reply' };
    let retryable = false;
    switch (reply.kind) {
      case 'slow': {
        const delayMs = reply.delayMs ?? 0;
        if (Math.abs(delayMs - rules.attemptTimeoutMs) < TIMING_MARGIN_MS) tight = true;
        if (delayMs < rules.attemptTimeoutMs) return tight ? 'either' : { ok: 'reply' };
        elapsedMs += rules.attemptTimeoutMs;
        retryable = true;
        break;
      }
      case 'drop':
      case '5xx':
      case '429':
        retryable = true;
        break;
      case '401': {
        // One revalidation per call; the fresh token's requests meet no faults.
        if (revalidate.mode !== 'fresh') return { failed: 'own' };
        elapsedMs += revalidate.delayMs;
        if (rules.deadlineMs !== undefined && elapsedMs > rules.deadlineMs - TIMING_MARGIN_MS) return 'either';
        return { ok: 'reply', revalidated: true };
      }
      case 'captcha':
      case '4xx':
        return { failed: 'own' };
      case 'malformed':
        return { failed: 'provider' };
      case '404':
        return { ok: 'statics-404' };
      case 'lost-reply':
        return 'either';
    }
    if (!retryable || !rules.idempotent || retries >= MAX_RETRIES) return tight ? 'either' : { failed: 'provider' };
    retries += 1;
    elapsedMs += waitBeforeRetry(reply, retries);
  }
}

/** The wait before retry number `retry` after `reply` (retryPolicy.ts): network back-off, or 100 ms + jitter, or Retry-After. */
function waitBeforeRetry(reply: PlannedFault, retry: number): number {
  if (reply.kind === 'drop' || reply.kind === 'slow') return ((2 ** retry - 1) / 2) * 1000;
  const jittered = RETRY_BASE_DELAY_MS * (1 + RETRY_JITTER_RATIO);
  if (reply.kind === '429' && reply.retryAfterS)
    return Math.max(jittered, Math.min(reply.retryAfterS * 1000, MAX_RETRY_AFTER_MS));
  return jittered;
}

const faultsOf = (plan: MountPlan, ...targets: FaultTarget[]) => plan.faults.filter((f) => targets.includes(f.target));

/**
 * What a mount's own plan says its load must come to: a frame that never loads crashes; then its
 * settings call (statics 404 and malformed settings included), then, with an order, its payment
 * methods call (whose faults a fresh token from the settings call's revalidation escapes). A mount that shares another's settings (`msidOf`) has no settings faults of its
 * own: its settings part is `ok` here, and checks.ts weighs the other mount's.
 * A revalidation that never answers takes REVALIDATE_TIMEOUT_MS, then the refusal stands.
 */
export function predictLoad(plan: MountPlan): LoadPrediction {
  if (plan.frame !== 'ok') return { load: 'crash', settings: 'ok' };
  const settings = playCall(faultsOf(plan, 'settings', 'statics'), SETTINGS_RULES, plan.revalidate);
  const settingsClass: LoadPrediction['settings'] =
    settings === 'either' ? 'either' : 'failed' in settings ? settings.failed : settings.ok === 'statics-404' ? 'statics' : 'ok';
  if (settingsClass !== 'ok') return { load: settingsClass === 'either' ? 'either' : 'crash', settings: settingsClass };
  if (!plan.order) return { load: 'ready', settings: 'ok' };
  const revalidated = settings !== 'either' && 'ok' in settings && settings.revalidated;
  const methods = revalidated
    ? { ok: 'reply' as const }
    : playCall(faultsOf(plan, 'payment-methods'), GET_RULES, plan.revalidate);
  return { load: methods === 'either' ? 'either' : 'failed' in methods ? 'crash' : 'ready', settings: 'ok' };
}

/**
 * Whether a `pay` of this mount may reject PAYMENT_OUTCOME_UNKNOWN (issue 12, 25): only where its
 * charge (or PayPal capture) may have been made without the widget learning it: a charge or
 * capture fault that loses the reply (a drop, a lost reply, a 5xx: the order's charges are read
 * then, and its own faults on that read may fail it), a destroy or the iframe's removal while it
 * pays or during its challenge, or an order another mount of the plan pays too (`plans`: a remount,
 * or one remounted later, whose charges may be in flight or unknown).
 */
export function mayBeOutcomeUnknown(plan: MountPlan, plans: readonly MountPlan[]): boolean {
  const { at } = plan.destroy;
  if (at === 'paying' || at === 'removed' || at === 'challenge' || at === 'challenge-removed') return true;
  if (plan.faults.some(losesChargeReply)) return true;
  if (plan.order && 'reuseOf' in plan.order) return true;
  return plans.some((p) => p.order && 'reuseOf' in p.order && p.order.reuseOf === plan.mount);
}
