import { CashierError, type Charge, type ChargeRequest, ErrorCode } from '../shared';
import { isLocalMethod } from '../shared/localMethods';
import { createChargeJournal } from './createChargeJournal';
import type { PaymentDeps } from './paymentDeps';
import { asCashierError, holdExpired, isRefusedForGood, isReplyLost, outcomeUnknown, payOrderId } from './paymentErrors';
import { type ChargeAttempt, prepareCharge } from './prepareCharge';
import { challengeOutcome, refusedChallenge } from './threeDSecure/challengeOutcome';
import {
  checkChargeFor,
  endedChallenge,
  isPaid,
  openCharge,
  type PayResult,
  pendingCharge,
  settlingCharge,
  toPayResult,
} from './toPayResult';

export type { PaymentDeps } from './paymentDeps';
export type { PayResult } from './toPayResult';

/**
 * The reference payment flow (issue "A buyer pays for tickets", issue 12): validate → tokenize →
 * charge, exactly once, across lost replies, `destroy()` and reloads.
 * - Two `pay` calls for one order while one runs share it (a double click is one payment).
 * - Every charge carries an idempotency key. Before a charge goes out, its order is written to a
 *   write-ahead journal (createChargeJournal: the frame's `sessionStorage`, order ids only), and
 *   forgotten once the outcome is known: the provider answered, or the order's charges were read.
 * - A lost or unreadable reply (network, timeout, 5xx, a 2xx that is not a charge for this order:
 *   INVALID_RESPONSE): `pay` rejects PAYMENT_OUTCOME_UNKNOWN (`details.orderId`), and the next
 *   `pay` for the order resends the very same request (same key and body), so the provider answers
 *   with the original charge instead of making a second one. A resend refused for a while (401,
 *   429, …) stays unknown and is resent next time.
 * - Before any new charge for an order whose outcome is unknown (in the journal, from this mount
 *   or an earlier one on the page: a `destroy()` mid-charge, a reload of the frame; or a resend the
 *   provider refused for good: 404 ORDER_NOT_FOUND, 400 INVALID_CARD_TOKEN, 422
 *   IDEMPOTENCY_KEY_REUSED), the flow reads the order's charges (`GET orders/:id/charges`): an
 *   APPROVED or PENDING charge is the outcome (`pay` resolves with it, nothing is tokenized or
 *   charged); with none the order is not paid and a new charge is made. Where the browser refuses
 *   the frame storage the journal is this mount's memory, so the first `pay` for each order in a
 *   mount reads its charges first, whatever an earlier mount did; a stored journal that cannot be
 *   read makes every order's outcome unknown, so each is read first too (a failed read is then
 *   PAYMENT_OUTCOME_UNKNOWN). So is an order that may have been paid inside the widget by an earlier
 *   mount (PayPal offered, issue 25: {@link PaymentDeps.mayBePaidInWidget}): its earlier result, not a new charge.
 * - One order's payment is open at a time: while an order's `pay` runs or its outcome is unknown,
 *   `pay` for another order rejects PAYMENT_OPEN_FOR_ANOTHER_ORDER (`details.orderId`: the open
 *   one) and tokenizes and charges nothing, so the card typed for one order never pays another.
 * - While a payment is open the form is locked ({@link PaymentDeps.onLockedChange}): what the buyer
 *   sees is what is (re)sent.
 * - An order this widget saw paid (APPROVED, or PENDING at the venue) is not charged again: a later
 *   `pay` for it resolves with the same result. Once paid, the card fields are emptied
 *   ({@link PaymentDeps.clearCard}), so a script on the host page cannot charge the same card for
 *   more orders without the buyer typing it again.
 * - A 409 ORDER_ALREADY_PAID resolves with the charge that paid the order (read from its charges).
 * - A charge is a POST and is never retried automatically (spec 7).
 * - 3-D Secure (issue 22): a REQUIRES_ACTION charge stays journalled while its challenge is open
 *   ({@link PaymentDeps.challenge}); `pay` resolves with what it settles as. Cut short: PAYMENT_OUTCOME_
 *   UNKNOWN, and the next `pay` reads the order's charges and shows the open challenge again (no new
 *   token or charge), or resolves with how it ended meanwhile (APPROVED; DECLINED `authentication_*`
 *   when the order's newest charge). A challenge page off the vault origin is cancelled unseen: INVALID_RESPONSE.
 * What the host does with each rejection: PAYMENT_OUTCOME_UNKNOWN → call `pay` for
 * `details.orderId` again (in this mount or, after a destroy, a new one) before anything else;
 * PAYMENT_OPEN_FOR_ANOTHER_ORDER → settle `details.orderId` first the same way; INVALID_ARGUMENT →
 * fix the call; ORDER_HOLD_EXPIRED (issue 24: the seat hold ran out before a new charge, or the
 * provider's 409 says so) → nothing was tokenized or charged: hold the seats again (new order); any
 * other code (NETWORK_ERROR, UNAUTHORIZED, HTTP_CLIENT_ERROR, …) → nothing was charged by this
 * call: show it, and let the buyer try again.
 */

/** Creates the payment flow; `pay(input)` is the api method the host calls. */
export function createPayment(deps: PaymentDeps) {
  const journal = deps.journal ?? createChargeJournal();
  const newKey = deps.newIdempotencyKey ?? (() => crypto.randomUUID());
  /** The order whose payment is open: its `pay` runs, or its outcome is unknown. At most one. */
  let open: string | undefined;
  /** The open order's `pay` while it runs, shared by a double click. */
  let running: Promise<PayResult> | undefined;
  /** The open order's charge whose reply was lost: resent as it was (same key and body). */
  let kept: ChargeAttempt | undefined;
  /** Orders whose charges this mount knows (it sent or read them): with a journal in memory only, any other may have one. */
  const known = new Set<string>();
  /** Orders this widget saw paid, with that result. */
  const paidOrders = new Map<string, PayResult>();
  /** Orders whose local method's charge is PENDING (issue 38): `pay` resolves with it until it settles ({@link settledLater}). */
  const pendingOrders = new Map<string, PayResult>();
  let locked = false;
  /** Tells the widget whether the form is locked, when that changes: while a payment is open or a local one pending. */
  const updateLock = () => {
    const next = open !== undefined || pendingOrders.size > 0;
    if (next === locked) return;
    locked = next;
    deps.onLockedChange?.(next);
  };

  async function run(orderId: string): Promise<PayResult> {
    const known = paidOrders.get(orderId) ?? pendingOrders.get(orderId);
    if (known) return known;
    // PayPal and the redirect methods (issue 38) are paid with their button, not by `pay`: it waits for theirs.
    const method = deps.method();
    const redirect = isLocalMethod(method) && method !== 'BLIK';
    // A local payment under way for the order (its window open): its outcome, never a read that would cancel it.
    const started = redirect ? deps.localMethod?.(orderId) : undefined;
    if (started) return remember(orderId, await started);
    const inWidget = method === 'PAYPAL' ? (deps.payPal ?? invalid) : redirect ? invalid : chargeAnew;
    return remember(orderId, (await settle(orderId)) ?? (await inWidget(orderId)));
  }

  /**
   * Keeps a result that paid `orderId` (it is never charged again) and empties the card fields; a
   * local method's PENDING (issue 38) is kept until it settles and handed to {@link PaymentDeps.onPending}
   * (the watch); returns `result`.
   */
  function remember(orderId: string, result: PayResult): PayResult {
    if (isPaid(result) && !paidOrders.has(orderId)) {
      paidOrders.set(orderId, result);
      deps.clearCard?.();
    } else if (result.status === 'PENDING' && !isPaid(result) && !pendingOrders.has(orderId)) {
      pendingOrders.set(orderId, result);
      deps.onPending?.(result);
    }
    return result;
  }

  /**
   * What a local method's payment started in the widget came to (issue 38: its window's outcome,
   * or the watch of its PENDING charge): the journal forgets the order; a result that paid it is
   * kept as `pay`'s, a PENDING one until it settles (and watched); returns `result`.
   */
  function keep(orderId: string, result: PayResult): PayResult {
    journal.delete(orderId);
    if (result.status !== 'PENDING') pendingOrders.delete(orderId);
    remember(orderId, result);
    updateLock();
    return result;
  }

  /**
   * The outcome of a charge for `orderId` that may have been made already: the kept charge
   * resent, or else the order's charges read. Undefined when there is no such charge, or none of
   * the order's charges paid it: the order may be charged anew.
   */
  async function settle(orderId: string): Promise<PayResult | undefined> {
    if (kept) {
      const sent = await send(orderId, kept);
      if ('result' in sent) return sent.result;
      // A refusal of the resend says nothing about the first send, which may have been applied.
      if (!isRefusedForGood(sent.refused)) throw outcomeUnknown(orderId, 'checking its charge was refused', sent.refused);
      kept = undefined; // it will be refused again: only the order's charges can tell
    } else if (!journal.has(orderId) && (known.has(orderId) || (journal.durable && !deps.mayBePaidInWidget?.(orderId)))) {
      return undefined;
    }
    return fromCharges(orderId);
  }

  /**
   * Reads the order's charges: the one that paid it is the outcome, or an open challenge's once it
   * settles, or a challenge's decline when that is the newest charge (it ended while no widget
   * showed it); with none the order is not paid. Either way the journal forgets the order.
   */
  async function fromCharges(orderId: string): Promise<PayResult | undefined> {
    let charges: Charge[];
    try {
      charges = await deps.api.getChargesByOrder(orderId);
    } catch (error) {
      const failure = asCashierError(error);
      if (failure.details.chargeId) return refuseChallenge(orderId, failure, failure.details.chargeId);
      if (journal.has(orderId) && !isRefusedForGood(failure))
        throw outcomeUnknown(orderId, 'reading its charges failed', failure);
      // A precaution (no charge of ours is pending), or an order the provider refuses for good
      // (e.g. 404 ORDER_NOT_FOUND): no charge to wait for, and nothing was charged by this call.
      journal.delete(orderId);
      throw failure;
    }
    known.add(orderId);
    // A local method's PENDING (issue 38) is the outcome for now: `pay` resolves PENDING and the watch starts (remember).
    const paid = settlingCharge(orderId, charges) ?? pendingCharge(orderId, charges);
    const open = paid ? undefined : openCharge(orderId, charges);
    if (!open) {
      journal.delete(orderId);
      const ended = paid ?? endedChallenge(orderId, charges);
      return ended && toPayResult(orderId, ended);
    }
    journal.add(orderId); // an open challenge: its outcome is unknown until it settles
    const result = await outcome(orderId, open);
    journal.delete(orderId);
    return result;
  }

  /**
   * What `charge` settles as: a 3-D Secure challenge's outcome; a local method's action (issue 38:
   * a BLIK confirmation, or a redirect left open by an earlier mount) through
   * {@link PaymentDeps.localAction}, by default cancelled (nothing charged, unless it settled meanwhile).
   */
  const outcome = (orderId: string, charge: Charge) =>
    challengeOutcome(
      orderId,
      charge,
      charge.nextAction?.type === 'THREE_DS_CHALLENGE' || charge.nextAction === undefined
        ? deps.challenge
        : (deps.localAction ?? ((open: Charge) => deps.api.cancelCharge(open.id))),
    );

  /**
   * A challenge page off the vault origin (`refused.details.chargeId`) is never shown: its charge is
   * cancelled, the refusal stands; a cancel that fails keeps the order journalled for the next `pay`.
   */
  async function refuseChallenge(orderId: string, refused: CashierError, chargeId: string): Promise<never> {
    kept = undefined;
    journal.add(orderId);
    const cancelled = await deps.api.cancelCharge(chargeId).catch(() => undefined);
    if (cancelled && cancelled.status !== 'REQUIRES_ACTION') journal.delete(orderId);
    throw refusedChallenge(orderId, refused, !!cancelled);
  }

  /** A new charge: validate and tokenize, write the order to the journal, send. */
  async function chargeAnew(orderId: string): Promise<PayResult> {
    if (deps.holdExpired?.(orderId)) throw holdExpired(orderId);
    const prepared = await prepareCharge({ billingAddress: () => undefined, ...deps, newKey });
    if ('status' in prepared) return prepared;
    journal.add(orderId); // before the charge goes out
    known.add(orderId);
    kept = prepared;
    const sent = await send(orderId, prepared);
    if ('result' in sent) return sent.result;
    // A refusal of a first send proves nothing was charged.
    kept = undefined;
    journal.delete(orderId);
    // One the form shows at its field (BLIK's refused code, issue 38): INVALID, as a card's tokenization errors.
    const shown = deps.chargeRefused?.(sent.refused);
    if (shown) return shown;
    if (sent.refused.details.applicationErrorCode !== 'ORDER_HOLD_EXPIRED') throw sent.refused;
    deps.onHoldRefused?.(orderId);
    throw holdExpired(orderId);
  }

  /**
   * Sends `attempt`. A reply is the outcome; a lost or unreadable one throws PAYMENT_OUTCOME_UNKNOWN
   * (the attempt stays kept for a resend); 409 ORDER_ALREADY_PAID resolves from the order's
   * charges; any other refusal is returned for the caller to judge.
   */
  async function send(orderId: string, attempt: ChargeAttempt): Promise<{ result: PayResult } | { refused: CashierError }> {
    let charge: Charge;
    try {
      charge = await deps.api.chargeOrder(orderId, attempt.body, attempt.key);
      checkChargeFor(orderId, charge);
      if (charge.status !== 'REQUIRES_ACTION') toPayResult(orderId, charge); // an unknown status throws here
    } catch (error) {
      const failure = asCashierError(error);
      if (failure.details.chargeId) return refuseChallenge(orderId, failure, failure.details.chargeId);
      if (isReplyLost(failure)) throw outcomeUnknown(orderId, 'the reply to its charge was lost or unreadable', failure);
      if (failure.details.applicationErrorCode !== 'ORDER_ALREADY_PAID') return { refused: failure };
      kept = undefined;
      const paid = await fromCharges(orderId);
      if (paid) return { result: paid };
      throw new CashierError(
        ErrorCode.InvalidResponse,
        `Order ${orderId} is paid (ORDER_ALREADY_PAID) but lists no charge that paid it.`,
      );
    }
    kept = undefined; // the provider has the charge: the journal and the order's charges tell the rest
    const result = await outcome(orderId, charge);
    journal.delete(orderId);
    return { result };
  }

  /**
   * A capture the buyer started in the widget (PayPal, issue 25), kept exactly once like a card
   * charge: the order is journalled while `capture` (a POST, never retried by the client) is out. A
   * lost or unreadable reply reads the order's charges (a GET, retried per spec 9): the charge that
   * paid it is the outcome; with none, the capture is sent once more (the provider answers a repeated
   * capture with the same charge). Reading failed, or the second reply lost too: PAYMENT_OUTCOME_UNKNOWN
   * (`details.orderId`), the order stays journalled and the next `pay` for it reads its charges first.
   */
  async function captureInWidget(orderId: string, capture: () => Promise<Charge>): Promise<PayResult> {
    const attempt = async (): Promise<PayResult | CashierError> => {
      journal.add(orderId); // before the capture goes out
      known.add(orderId);
      try {
        const result = toPayResult(orderId, await capture());
        journal.delete(orderId);
        return remember(orderId, result);
      } catch (error) {
        const failure = asCashierError(error);
        if (isReplyLost(failure)) return failure;
        journal.delete(orderId); // a refusal: nothing was captured
        throw failure;
      }
    };
    const first = await attempt();
    if (!(first instanceof CashierError)) return first;
    const paid = await fromCharges(orderId);
    if (paid && isPaid(paid)) return remember(orderId, paid);
    const again = await attempt();
    if (again instanceof CashierError) throw outcomeUnknown(orderId, 'the reply to its PayPal capture was lost', again);
    return again;
  }

  /**
   * A local method's charge the buyer started in the widget (issue 38: iDEAL, Bancontact, Klarna,
   * from their button), kept exactly once like a card charge: one Idempotency-Key, the order
   * journalled while the POST is out. A lost or unreadable reply reads the order's charges (a GET,
   * retried per spec 9): its open or settled charge of this method is the one made; with none, the
   * very same request (key and body) is sent once more, which the provider answers with the original
   * charge. 409 CHARGE_IN_PROGRESS: the order's open charge (the one a click or an earlier mount made).
   * @returns the charge as made (REQUIRES_ACTION with its `nextAction`, or already settled); the order
   *   stays journalled until {@link settledLater} or a `pay` reads how it ended.
   * @throws ORDER_HOLD_EXPIRED before anything is sent when the seat hold ran out; the provider
   *   client's refusal (nothing charged); PAYMENT_OUTCOME_UNKNOWN (`details.orderId`) when neither
   *   the resend nor the charges tell.
   */
  async function chargeInWidget(orderId: string, body: ChargeRequest): Promise<Charge> {
    if (deps.holdExpired?.(orderId)) throw holdExpired(orderId);
    const key = newKey();
    journal.add(orderId); // before the charge goes out
    known.add(orderId);
    /** The order's newest charge that `which` takes, from its charges (a GET, retried per spec 9). */
    const newest = async (which: (c: Charge) => boolean): Promise<Charge | undefined> =>
      [...(await deps.api.getChargesByOrder(orderId))].reverse().find((c) => c.orderId === orderId && which(c));
    /** Made by this request, or by the click before it: this method's, not declined. */
    const made = (c: Charge) => c.paymentMethod === body.paymentMethod && c.status !== 'DECLINED';
    const attempt = async (): Promise<Charge | CashierError> => {
      try {
        const charge = await deps.api.chargeOrder(orderId, body, key);
        checkChargeFor(orderId, charge);
        return charge;
      } catch (error) {
        const failure = asCashierError(error);
        if (isReplyLost(failure)) return failure;
        if (failure.details.chargeId) return refuseChallenge(orderId, failure, failure.details.chargeId);
        const open =
          failure.details.applicationErrorCode === 'CHARGE_IN_PROGRESS'
            ? await newest((c) => c.status === 'REQUIRES_ACTION' || c.status === 'PENDING').catch(() => undefined)
            : undefined;
        if (open) return open;
        journal.delete(orderId); // a refusal: nothing was charged
        throw failure;
      }
    };
    const first = await attempt();
    if (!(first instanceof CashierError)) return first;
    const found = await newest(made).catch(() => undefined);
    if (found) return found;
    const again = await attempt();
    if (again instanceof CashierError) throw outcomeUnknown(orderId, 'the reply to its charge was lost', again);
    return again;
  }

  /** Reads `orderId`'s charges once (a mount with a local method offered, issue 38): a PENDING one is resumed (watched), a paid order kept. Never rejects. */
  async function resume(orderId: string): Promise<void> {
    if (open !== undefined || paidOrders.has(orderId) || pendingOrders.has(orderId)) return;
    try {
      const charges = await deps.api.getChargesByOrder(orderId);
      const found = settlingCharge(orderId, charges) ?? pendingCharge(orderId, charges);
      if (found && open === undefined) remember(orderId, toPayResult(orderId, found));
      updateLock();
    } catch {
      // the first `pay` reads them again
    }
  }

  /** Ends the open payment: its outcome (`result`, returned) is known. */
  const close = (result?: PayResult) => {
    open = undefined;
    kept = undefined;
    return result as PayResult;
  };

  const invalid = async (): Promise<PayResult> => ({ status: 'INVALID', errors: {} });

  return {
    /** The order whose payment is open (its `pay` runs, or its outcome is unknown), if any. */
    openOrder: (): string | undefined => open,
    /** {@link captureInWidget}: a payment the buyer made in the widget (PayPal, issue 25); a later `pay` for the order resolves with its result. */
    captureInWidget,
    /** {@link chargeInWidget}: a local method's charge started by the buyer in the widget (issue 38). */
    chargeInWidget,
    /** {@link keep}: what a local method's payment came to (issue 38). */
    keep,
    /** {@link resume}: the mount's one read of the order's charges when a local method is offered (issue 38). */
    resume,
    /**
     * `api.pay({ orderId })`: resolves to {@link PayResult}. Rejects with CashierError
     * INVALID_ARGUMENT (no order, or not the mounted one), PAYMENT_OPEN_FOR_ANOTHER_ORDER (another
     * order's payment is open: `details.orderId`; nothing charged), PAYMENT_OUTCOME_UNKNOWN (the
     * charge may have been made: call again for `details.orderId`, it is checked, never made
     * twice), or the provider client's codes when nothing was charged by this call
     * (NETWORK_ERROR, UNAUTHORIZED, HTTP_CLIENT_ERROR, …).
     */
    pay(input: unknown): Promise<PayResult> {
      const orderId = payOrderId(input, deps.mountedOrderId?.(), open, !!running);
      if (orderId instanceof CashierError) return Promise.reject(orderId);
      if (running) return running;
      open = orderId;
      const started = run(orderId)
        .then(
          (result) => close(result),
          (error: unknown) => {
            if (asCashierError(error).code !== ErrorCode.PaymentOutcomeUnknown) close();
            throw error;
          },
        )
        .finally(() => {
          running = undefined;
          updateLock();
        });
      running = started;
      updateLock();
      return started;
    },
  };
}
