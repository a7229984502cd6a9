import { HOLD_GRACE_MS, type HoldPlan, type Straddle } from './planHold';
import type { Random } from './random';

// The chaos run's local payment methods (issue 38): iDEAL, Bancontact, Klarna (the buyer answers
// on the provider's page in a popup) and BLIK (a code typed in the widget, confirmed in the
// banking app). plan.ts draws them after everything else of a mount (planMount), as planHold was
// added, so a seed's earlier draws stay those of earlier runs: some typed-card payers become
// local payers, with the buyer's country the method needs. driveLocal.ts plays them,
// checksLocal.ts checks what came of them, localReport.ts counts them.

/** A local method as the plan names it. */
export type LocalMethod = 'ideal' | 'bancontact' | 'klarna' | 'blik';

/** Every {@link LocalMethod}, in the widget's order. */
export const LOCAL_METHODS: readonly LocalMethod[] = ['ideal', 'bancontact', 'blik', 'klarna'];

/** The provider's `paymentMethod` of each (shared/providerShapes.ts LocalMethodType). */
export const PAYMENT_METHOD_OF = {
  ideal: 'IDEAL',
  bancontact: 'BANCONTACT',
  klarna: 'KLARNA',
  blik: 'BLIK',
} as const satisfies Record<LocalMethod, string>;

/** The brand name the widget shows (its radio, "Pay with …"). */
export const LOCAL_LABELS: Readonly<Record<LocalMethod, string>> = {
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  klarna: 'Klarna',
  blik: 'BLIK',
};

/** True for a local method (any other way to pay is a card, a saved card or PayPal). */
export function isLocalMethod(method: string | undefined): method is LocalMethod {
  return method === 'ideal' || method === 'bancontact' || method === 'klarna' || method === 'blik';
}

/** True for the provider's `paymentMethod` of a local method. */
export function isLocalPaymentMethod(paymentMethod: string | undefined): boolean {
  return paymentMethod === 'IDEAL' || paymentMethod === 'BANCONTACT' || paymentMethod === 'KLARNA' || paymentMethod === 'BLIK';
}

/**
 * What the run does on a redirect method's page (the popup), by the payer's pattern:
 * - `approve`: "Approve payment", then `pay()` once when the widget has the outcome (it must
 *   resolve with the same charge);
 * - `decline`: "Decline payment";
 * - `pending-approve`, `pending-decline`: "Approve later (pending)", settling approved or declined
 *   {@link LOCAL_TIMINGS}.pendingSettleMs later; `pay()` once the widget shows it pending;
 * - `closed`: closes the popup `closeAfterMs` after the page showed, unanswered (the widget must
 *   notice and cancel the charge);
 * - `race`: `pay()` while the popup is open, then "Approve payment" (exactly once).
 */
export type RedirectPattern = 'approve' | 'decline' | 'pending-approve' | 'pending-decline' | 'closed' | 'race';

/**
 * What the run types as the BLIK code, then `pay()`: each test code (provider/README.md, shared/localMethods.ts
 * BLIK_TEST_CODES) and one the bank does not know (400 INVALID_BLIK_CODE, nothing charged).
 */
export type BlikPattern = 'blik-approved' | 'blik-declined' | 'blik-expired' | 'blik-invalid';

/** A local payer's pattern: a {@link RedirectPattern} for iDEAL, Bancontact and Klarna, a {@link BlikPattern} for BLIK. */
export type LocalPattern = RedirectPattern | BlikPattern;

/** The code typed for each BLIK pattern. */
export const BLIK_CODES: Readonly<Record<BlikPattern, string>> = {
  'blik-approved': '777123',
  'blik-declined': '777000',
  'blik-expired': '777999',
  'blik-invalid': '123456',
};

/** The buyer countries the run's local payers buy from (order setup's `country`; PL makes a PLN order). */
export type LocalCountry = 'NL' | 'BE' | 'DE' | 'PL';

/** A local payer's plan (PayPlan.local). */
export interface LocalPlan {
  /** The buyer's country, named in order setup: one where the order offers the method. */
  country: LocalCountry;
  pattern: LocalPattern;
  /** `closed`: milliseconds after the page showed that the run closes the popup. */
  closeAfterMs?: number;
  /**
   * `pending-approve` and `pending-decline` without a seat hold plan, as its turn says: the run destroys
   * the widget `afterMs` after the page's pending answer, before the payment settles (a later
   * mount of its page pays the same order again, most times: resumePending in plan.ts).
   */
  destroyPending?: { afterMs: number };
}

/**
 * The timings the run sets for the whole run (`POST /__control/local-payments`): a pending
 * payment settles 2.5 s after "Approve later", BLIK's test bank answers after 2 s, and `777999`
 * expires after 5 s instead of 2 minutes.
 */
export const LOCAL_TIMINGS = { pendingSettleMs: 2_500, blikApproveMs: 2_000, blikExpiryMs: 5_000 } as const;

/** True for the patterns whose payment turns PENDING before it settles. */
export function isPendingPattern(pattern: LocalPattern | undefined): pattern is 'pending-approve' | 'pending-decline' {
  return pattern === 'pending-approve' || pattern === 'pending-decline';
}

/** What {@link planLocal} gives a payer it turns local. */
export interface LocalDraw {
  method: LocalMethod;
  local: LocalPlan;
  /** The payer's seat hold plan, with its straddle redrawn for a method whose bank answers late (redirect methods). */
  hold?: HoldPlan;
}

/**
 * Which payers may become local payers: a payer of the typed approved or declined card (`typed`),
 * or of a 3-D Secure card whose challenge the plan does not cut short (`three-ds`); not a payer
 * of a saved card or PayPal.
 */
export type LocalEligibility = 'typed' | 'three-ds';

/**
 * The local payers of a run, in mount order, take these ways to pay in turn (the k-th local payer
 * the k-th, round and round): every method, every pattern, each BLIK code, and pending payments
 * destroyed before they settle (`destroy`), spread so that a run of 100 mounts, with about ten
 * local payers, meets each method and pending payments settling both ways, during a destroy too.
 * A turn, not a draw: a mount's plan still depends on the seed and its number only (the counting
 * is in mount order, so a longer run of a seed keeps a shorter one's).
 */
export const LOCAL_TURNS: readonly (readonly [LocalMethod, LocalPattern, 'destroy'?])[] = [
  ['ideal', 'pending-approve', 'destroy'],
  ['blik', 'blik-approved'],
  ['klarna', 'race'],
  ['bancontact', 'pending-decline'],
  ['blik', 'blik-expired'],
  ['ideal', 'closed'],
  ['klarna', 'pending-approve'],
  ['blik', 'blik-declined'],
  ['bancontact', 'approve'],
  ['ideal', 'pending-decline', 'destroy'],
  ['blik', 'blik-invalid'],
  ['klarna', 'decline'],
  ['bancontact', 'race'],
  ['ideal', 'approve'],
  ['klarna', 'closed'],
  ['bancontact', 'pending-approve', 'destroy'],
  ['ideal', 'race'],
  ['klarna', 'pending-decline'],
  ['bancontact', 'closed'],
  ['ideal', 'decline'],
];

/**
 * A mount's local draws, drawn last and always (the same number of draws whatever comes of them):
 * whether an `eligible` payer becomes a local payer (four times in five for a typed card, one in
 * two for a 3-D Secure card, so a run of 100 mounts has about ten and most 3-D Secure payers stay
 * what they were); Klarna's country (DE or NL), when the run closes a popup, how long after its
 * "Approve later" it destroys a widget; for a redirect method under a seat hold plan, a straddle
 * whose bank answer comes after the hold's end (kept or ended, as for PayPal). The method and the
 * pattern are the run's next {@link LOCAL_TURNS} (`turn()` gives its number, counted only for a
 * payer that becomes local). A pending payment is destroyed as its turn says, unless a seat hold
 * plan keeps its payer alive. Also `resume`: whether the mount, when a payer of its page before
 * it is destroyed while pending, pays that order instead (plan.ts resumePending). Undefined `draw`
 * when the mount stays as it was.
 */
export function planLocal(
  r: Random,
  eligible: LocalEligibility | undefined,
  hold: HoldPlan | undefined,
  turn: () => number,
): { draw?: LocalDraw; resume: boolean } {
  const roll = r.int(0, 9_999);
  const chosen = roll < (eligible === 'typed' ? 8_000 : 5_000);
  const klarnaCountry = r.chance(0.5) ? 'DE' : 'NL';
  const closeAfterMs = r.int(0, 1_500);
  const destroyAfterMs = r.int(0, 1_500);
  const straddle: Straddle = r.chance(0.5) ? 'kept' : 'ended';
  const leadMs = r.int(2_500, 4_000);
  const offsetMs = straddle === 'kept' ? r.int(300, HOLD_GRACE_MS - 900) : HOLD_GRACE_MS + r.int(700, 2_500);
  const edgeLeadMs = r.int(400, 1_500);
  const resume = r.chance(0.7);
  if (!eligible || !chosen) return { resume };
  const [method, pattern, destroy] = LOCAL_TURNS[turn() % LOCAL_TURNS.length] as (typeof LOCAL_TURNS)[number];
  const country: LocalCountry = { ideal: 'NL', bancontact: 'BE', klarna: klarnaCountry, blik: 'PL' }[method] as LocalCountry;
  const local: LocalPlan = { country, pattern };
  if (pattern === 'closed') local.closeAfterMs = closeAfterMs;
  if (isPendingPattern(pattern) && !hold && destroy) local.destroyPending = { afterMs: destroyAfterMs };
  // BLIK's bank answers a fixed time after the charge: its charge is sent at the hold's edge, as a card's.
  const held =
    hold &&
    (method === 'blik'
      ? { ...hold, straddle: 'edge' as const, leadMs: edgeLeadMs, offsetMs: 0 }
      : { ...hold, straddle, leadMs, offsetMs });
  return { draw: { method, local, ...(held ? { hold: held } : {}) }, resume };
}
