import type { Random } from './random';

// The faults of the chaos run's plan (plan.ts): what each kind is, and how one is drawn.

/**
 * Where a fault hits: the widget settings call, the bundle, or a call of the payment flow: the
 * payment methods, card tokenization (the vault), the order's charge; issue 25: the vault's
 * saved-card tokens, PayPal's checkout create and capture (payment details POST; armed by the run
 * once the popup names the checkout), and reading the order's charges (a lost reply's outcome);
 * issue 38: the widget's read of a local method's charge while the buyer or the bank answers
 * (GET charges/{chargeId}; armed by the run once it knows the charge).
 */
export type FaultTarget =
  | 'settings'
  | 'statics'
  | 'payment-methods'
  | 'tokenize'
  | 'charge'
  | 'saved-card-token'
  | 'paypal-create'
  | 'paypal-capture'
  | 'charges-read'
  | 'charge-poll';

/**
 * One kind of provider fault (provider/README.md "Fault switches"), played `times` times on one
 * path for one widget's app instance only:
 * `drop` (the connection closes without a reply), `5xx`, `429`, `401` (a refusal: revalidate),
 * `4xx` (400 or 404, the widget's own failure), `captcha` (403 CAPTCHA_REQUIRED), `slow` (the
 * normal reply after `delayMs`), `malformed` (a 200 whose body is not settings), `lost-reply`
 * (the charge is made, then the connection closes), `404` (statics: the settings name a base
 * URL whose bundle answers 404, as after a statics redeploy).
 */
export type FaultKind = 'drop' | '5xx' | '429' | '401' | '4xx' | 'captcha' | 'slow' | 'malformed' | 'lost-reply' | '404';

/** A fault of the plan, before the order id and the token are known (faults.ts makes provider faults of it). */
export interface PlannedFault {
  target: FaultTarget;
  kind: FaultKind;
  /** How many matching requests it hits, 1 to 3. */
  times: number;
  /** HTTP status of `5xx` (500, 502, 503) and `4xx` (400, 404). */
  status?: number;
  /** Milliseconds of `slow`. */
  delayMs?: number;
  /** `Retry-After` seconds of a `429`, when it sends one. */
  retryAfterS?: number;
  /** What a `malformed` settings reply holds. */
  body?: 'not-json' | 'no-base-url' | 'base-url-not-string';
}

/** Delays of `slow` settings replies: well under, and well over, the 2 300 ms attempt timeout (SETTINGS_ATTEMPT_TIMEOUT_MS). */
export const SETTINGS_SLOW_MS = [300, 900, 3_500] as const;
/** Delays of `slow` replies of other calls, all under their 8 000 ms attempt timeout. */
export const CALL_SLOW_MS = [300, 1_500, 3_000] as const;

/** The targets {@link planFault} draws from (the others are retargeted from these, planMethods.ts). */
export type DrawnTarget = 'settings' | 'statics' | 'payment-methods' | 'tokenize' | 'charge';

/** One fault for one of `targets` (weighted). */
export function planFault(r: Random, targets: readonly (readonly [number, DrawnTarget])[]): PlannedFault {
  const target = r.weighted(targets);
  const kinds: Record<DrawnTarget, readonly (readonly [number, FaultKind])[]> = {
    settings: [
      [10, 'drop'],
      [12, '5xx'],
      [8, '429'],
      [10, '401'],
      [5, '4xx'],
      [5, 'captcha'],
      [8, 'slow'],
      [6, 'malformed'],
    ],
    statics: [[1, '404']],
    'payment-methods': [
      [1, 'drop'],
      [1, '5xx'],
      [1, '401'],
      [1, 'slow'],
    ],
    tokenize: [
      [1, '5xx'],
      [1, 'drop'],
      [1, '401'],
      [1, 'slow'],
    ],
    charge: [
      [1, 'drop'],
      [1, 'lost-reply'],
      [1, '5xx'],
      [1, '429'],
      [1, '401'],
      [1, 'slow'],
    ],
  };
  const kind = r.weighted(kinds[target]);
  const retried = kind === 'drop' || kind === '5xx' || kind === '429' || kind === 'slow';
  const times =
    retried && (target === 'settings' || target === 'payment-methods') ? r.int(1, 3) : kind === '401' ? r.int(1, 2) : 1;
  const fault: PlannedFault = { target, kind, times };
  if (kind === '5xx') fault.status = r.pick([500, 502, 503]);
  if (kind === '4xx') fault.status = r.pick([400, 404]);
  if (kind === 'slow') fault.delayMs = r.pick(target === 'settings' ? SETTINGS_SLOW_MS : CALL_SLOW_MS);
  if (kind === '429' && r.chance(0.5)) fault.retryAfterS = 1;
  if (kind === 'malformed') fault.body = r.pick(['not-json', 'no-base-url', 'base-url-not-string'] as const);
  return fault;
}
