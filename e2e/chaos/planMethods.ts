import { isLocalMethod, type LocalMethod } from './planLocal';
import type { FaultKind, FaultTarget, PlannedFault } from './plannedFault';
import type { Random } from './random';

// The chaos run's ways to pay (issue 25): a typed card, the returning buyer's saved card, PayPal.
// plan.ts draws a payer's method after everything else (planMount), so a seed's other draws stay
// those of earlier runs, and retargets the payer's tokenization and charge faults to its method's
// requests; a remount that pays an earlier mount's order takes a method that order's app instance
// can pay with (sharePageState).

/**
 * How a paying mount pays: `card` (the card typed into the form, then `pay()`), `saved-card`
 * (its app instance carries the provider's returning buyer: the primary saved card, Visa •••• 4242,
 * is preselected and only its security code is typed, then `pay()`), or `paypal` (its app instance
 * is offered PayPal: "Pay with PayPal" in the frame, "Approve payment" on the provider's approval
 * page in the popup; the outcome comes through `onPaymentResult`, and `pay()` as the PayPal
 * pattern says: see {@link PayPalPattern}); issue 38: a local method (planLocal.ts: iDEAL,
 * Bancontact, Klarna on the provider's page in a popup, BLIK by a code typed in the widget).
 */
export type PayMethod = 'card' | 'saved-card' | 'paypal' | LocalMethod;

/**
 * What the run does with PayPal, by the payer's `pattern`: `once`: approve, then `pay()` once
 * when the widget shows the outcome (a checkout that missed `onPaymentResult`: it must resolve
 * with the same charge); `double`: `pay()` while the popup is open, then approve (the race of
 * issue 25 "exactly once"); `again`: "Cancel and return" first (nothing charged), then approve in
 * a second popup, then `pay()` once.
 */
export type PayPalPattern = 'once' | 'double' | 'again';

/**
 * The fault targets that stand for "the request that makes the payment's token" and "the one that
 * charges", by method. A local method has no token: its payment's other request is the widget's
 * read of the charge while the buyer or the bank answers (`charge-poll`, GET charges/{chargeId}).
 */
const TOKEN_TARGET: Record<PayMethod, FaultTarget> = {
  card: 'tokenize',
  'saved-card': 'saved-card-token',
  paypal: 'paypal-create',
  ideal: 'charge-poll',
  bancontact: 'charge-poll',
  klarna: 'charge-poll',
  blik: 'charge-poll',
};
const CHARGE_TARGET: Record<PayMethod, FaultTarget> = {
  card: 'charge',
  'saved-card': 'charge',
  paypal: 'paypal-capture',
  ideal: 'charge',
  bancontact: 'charge',
  klarna: 'charge',
  blik: 'charge',
};
const TOKEN_TARGETS = new Set<FaultTarget>(Object.values(TOKEN_TARGET));
const CHARGE_TARGETS = new Set<FaultTarget>(Object.values(CHARGE_TARGET));

/**
 * `faults` with their tokenization and charge faults moved to `method`'s requests (the card
 * vault's tokenization, the vault's saved-card tokens or PayPal's checkout create; the order's
 * charges or PayPal's capture), kinds and counts kept; the others as they are.
 */
export function retarget(faults: readonly PlannedFault[], method: PayMethod): PlannedFault[] {
  return faults.map((f) =>
    TOKEN_TARGETS.has(f.target)
      ? { ...f, target: TOKEN_TARGET[method] }
      : CHARGE_TARGETS.has(f.target)
        ? { ...f, target: CHARGE_TARGET[method] }
        : f,
  );
}

/** Kinds of a charge (or capture) fault after which the widget must read the order's charges to learn the outcome. */
const LOSES_REPLY: ReadonlySet<FaultKind> = new Set(['drop', 'lost-reply', '5xx']);

/** Whether `f` is a charge or capture fault whose reply the widget does not get (it reads the order's charges). */
export function losesChargeReply(f: PlannedFault): boolean {
  return CHARGE_TARGETS.has(f.target) && LOSES_REPLY.has(f.kind);
}

/**
 * A payer's method, drawn last (`free`: it pays with the approved or declined test card and no
 * 3-D Secure cut; others keep the card): half a typed card, a quarter each a saved card and
 * PayPal. Then, when a charge fault loses its reply, two in five draw a fault on reading the
 * order's charges (5xx, a drop or a slow reply, 1 to 4 times: past MAX_RETRIES the read fails).
 */
export function planMethod(r: Random, free: boolean): { method: PayMethod; chargesRead: PlannedFault | undefined } {
  const method = r.weighted<PayMethod>([
    [50, 'card'],
    [25, 'saved-card'],
    [25, 'paypal'],
  ]);
  const readFault = r.chance(0.4);
  const kind = r.weighted<FaultKind>([
    [2, '5xx'],
    [1, 'drop'],
    [1, 'slow'],
  ]);
  const times = r.int(1, 4);
  const chargesRead: PlannedFault = { target: 'charges-read', kind, times };
  if (kind === '5xx') chargesRead.status = 503;
  if (kind === 'slow') chargesRead.delayMs = 1_500;
  return { method: free ? method : 'card', chargesRead: readFault ? chargesRead : undefined };
}

/**
 * The method a remount pays an earlier mount's order with: the order's app instance decides what
 * its widget offers (a member's saved cards; PayPal only where offered), so a saved-card order is
 * paid again with the saved card, a remount's own saved card or PayPal on an order whose app
 * instance has neither becomes a typed card, and PayPal on a PayPal order stays. A local method on
 * either side becomes a typed card (issue 38): the order's buyer country is the first mount's, and
 * a remount's `pay()` must first meet that mount's payment under way (pending, or settled).
 */
export function remountMethod(own: PayMethod, reused: PayMethod): PayMethod {
  if (reused === 'saved-card') return 'saved-card';
  if (isLocalMethod(own) || isLocalMethod(reused)) return 'card';
  if (own === 'saved-card' || (own === 'paypal' && reused !== 'paypal')) return 'card';
  return own;
}
