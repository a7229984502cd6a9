import type { PayMethod } from './planMethods';
import type { PayCard } from './planThreeDs';
import type { Random } from './random';

// The chaos run's seat holds (issue 37 item 4): buyers who ask for more time, and payments that
// straddle the hold's end. plan.ts draws them last for each paying mount (planMount), so a seed's
// other draws stay those of earlier runs; runPage.ts, driveHold.ts, driveChallenge.ts and
// drivePayPal.ts play them, checksHolds.ts checks what came of them.

/** The grace limit the run sets for every order (`POST /__control/holds`): short, so a payment can outlive it. */
export const HOLD_GRACE_MS = 3_000;

/**
 * How a payment meets the hold's end (its current `holdExpiresAt`, extensions included):
 * - `kept`: it starts `leadMs` before the end and is approved `offsetMs` after it, inside the
 *   grace limit (a 3-D Secure challenge answered, a PayPal checkout approved): the seats stay the
 *   buyer's, the charge stands;
 * - `ended`: the same, approved past the grace limit: the seats went back on sale, and the
 *   charge must be refunded (`REFUNDED_HOLD_EXPIRED`), once;
 * - `edge`: a card charge (typed, saved, frictionless) sent `leadMs` before the end: it is made
 *   at once, so it lands on one side or the other.
 */
export type Straddle = 'kept' | 'ended' | 'edge';

/** A paying mount's seat hold: its order's policy, the buyer's asks for more time, how the payment meets the end. */
export interface HoldPlan {
  /** The order's hold (order setup's `holdSeconds`): under a minute, so "Keep my tickets longer" is offered at once. */
  holdSeconds: number;
  /** The order's extension policy (order setup's `holdExtensions`). */
  extensions: { count: number; seconds: number };
  /**
   * How many times the buyer asks for more time, from 0 to `count` + 1: each ask within the policy
   * presses the widget's "Keep my tickets longer"; one past it (the widget no longer offers it)
   * asks the provider's route directly, which must refuse it.
   */
  asks: number;
  straddle: Straddle;
  /** Milliseconds before the hold's end the payment starts (the pay call, PayPal's popup). */
  leadMs: number;
  /** `kept` and `ended`: milliseconds after the hold's end the run approves (answers the challenge, approves in PayPal). */
  offsetMs: number;
}

/**
 * The ways to pay the run straddles, as the report names them; issue 38: `local page` (iDEAL,
 * Bancontact, Klarna: approved, or approved later, on the provider's page after the end) and
 * `BLIK` (its bank answers a fixed time after the charge, so it is sent at the edge).
 */
export type HoldWay = 'card' | 'saved card' | '3-D Secure' | 'PayPal' | 'local page' | 'BLIK';

/** How a payer pays, as the hold report names it. */
export function holdWayOf(pay: { card: PayCard; method?: PayMethod }): HoldWay {
  if (pay.method === 'paypal') return 'PayPal';
  if (pay.method === 'blik') return 'BLIK';
  if (pay.method === 'ideal' || pay.method === 'bancontact' || pay.method === 'klarna') return 'local page';
  if (pay.method === 'saved-card') return 'saved card';
  return pay.card === 'challenge' || pay.card === 'challenge-declined' ? '3-D Secure' : 'card';
}

/**
 * A paying mount's hold draws (`free`: it pays its own order and nothing destroys it first; it
 * gets a hold plan two times in three): the policy, the asks, and the straddle its way to pay
 * allows (a challenge or a PayPal approval can come after the end, kept or ended about half each;
 * a card charge is made at once, so it is sent at the edge).
 */
export function planHold(r: Random, free: boolean, way: HoldWay): HoldPlan | undefined {
  const chosen = r.chance(2 / 3);
  const holdSeconds = r.int(14, 20);
  const count = r.int(0, 2);
  const seconds = r.int(3, 8);
  const asks = r.int(0, count + 1);
  const late = way === '3-D Secure' || way === 'PayPal';
  const straddle: Straddle = late ? (r.chance(0.5) ? 'kept' : 'ended') : 'edge';
  const leadMs = late ? r.int(2_500, 4_000) : r.int(400, 1_500);
  const offsetMs =
    straddle === 'kept' ? r.int(300, HOLD_GRACE_MS - 900) : straddle === 'ended' ? HOLD_GRACE_MS + r.int(700, 2_500) : 0;
  if (!free || !chosen) return undefined;
  return { holdSeconds, extensions: { count, seconds }, asks, straddle, leadMs, offsetMs };
}
