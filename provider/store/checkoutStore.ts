import { randomUUID } from 'node:crypto';
import { type Charge, type ChargeRequest, LocationType, type Order } from '../../shared';
import { isLocalMethod } from '../../shared/localMethods';
import { DEFAULT_LOCAL_PAYMENT_TIMINGS } from '../../shared/localPayments';
import { DEFAULT_HOLD_EXTENSIONS, DEFAULT_HOLD_GRACE_MS } from '../../shared/orderSetup';
import type { ThreeDsOutcome } from '../../shared/threeDsChallengePage';
import { createThreeDsChallenges } from '../../shared/threeDsChallenges';
import { describeBillingAddressProblem, isSamePostalCode } from './addressFormats';
import { createCardTokens } from './cardTokens';
import type { CheckoutStoreOptions, HoldPolicy } from './checkoutStoreOptions';
import { createHoldExtensions } from './holdExtensions';
import { createIdempotencyRecords } from './idempotencyRecords';
import { createLocalCharges } from './localCharges';
import { createOrderBook } from './orderBook';
import { createOrderEvents } from './orderEvents';
import { createSavedCards } from './savedCards';
import { createSeatHolds, type HoldState, WALLET_SHEET_PAYMENT } from './seatHolds';
import { fail, type StoreReply } from './storeReply';

/**
 * The reference provider's in-memory checkout: orders, card tokens and charges (DESIGN "Reference
 * provider and bundle"). Every operation returns an HTTP status and a JSON body, so the routes are
 * thin and this logic is tested without a server.
 *
 * - Prices are the provider's: order setup names an event's ticket types and quantities and is
 *   priced from the event (shared/orderSetup.ts); a body carrying a price is refused.
 * - Everything belongs to the app instance that made it: an order, its charges and a card token
 *   answer only to that app instance (another one gets 404 ORDER_NOT_FOUND / CHARGE_NOT_FOUND,
 *   or 400 INVALID_CARD_TOKEN), and Idempotency-Keys are per app instance.
 * - Exactly once: a charge needs an idempotency key, a repeated key gets the first charge back,
 *   and an order has at most one settling charge (409 for a second, whatever its key), and at
 *   most one open 3-D Secure charge (`REQUIRES_ACTION`, shared/threeDsChallenges.ts) or local
 *   method charge under way (`REQUIRES_ACTION` or `PENDING`, localCharges.ts): a new charge
 *   while it is so is 409 CHARGE_IN_PROGRESS.
 * - Nothing small grows for ever: a card token is forgotten {@link CARD_TOKEN_TTL_MS} (15
 *   minutes) after it was made, an idempotency record {@link IDEMPOTENCY_TTL_MS} (24 hours,
 *   as Stripe) after its charge. That is safe for a resend: the widget resends a lost charge
 *   within its mount, seconds or minutes later, with the same key (answered from the record
 *   before the token is looked at); a new mount reads the order's charges before it charges;
 *   and once a record is gone, the one-settling-charge rule still refuses a second capture.
 * - Seat holds: every order holds its seats until `holdExpiresAt` (order setup's `holdSeconds`,
 *   else {@link CheckoutStoreOptions.holdSeconds}); a charge that starts after it is 409
 *   ORDER_HOLD_EXPIRED with nothing charged. A charge that started before it settles as usual
 *   (a 3-D Secure challenge completes after it), and a replayed key answers its first charge.
 * - Hold extensions and the grace limit (issue 37, seatHolds.ts, holdExtensions.ts): the buyer may
 *   extend the hold by the order's policy (`holdExtensions`) while it is held; a payment under way
 *   (a charge request, an open 3-D Secure charge, a local method's charge open or pending, a PayPal
 *   checkout, a wallet sheet) keeps the seats
 *   past `holdExpiresAt` until it settles, for at most the grace limit
 *   ({@link CheckoutStoreOptions.holdGraceMs}). Once the hold has ended for good, nothing more is
 *   charged, and a charge the bank approves after that is refunded in full at once, exactly once:
 *   `REFUNDED_HOLD_EXPIRED`, the order not paid (the seats are not sold twice).
 */

/**
 * Creates an empty checkout store. `now` is injectable for expiry checks in tests (card tokens,
 * idempotency records, 3-D Secure challenges).
 */
export function createCheckoutStore(now: () => Date = () => new Date(), options: CheckoutStoreOptions = {}) {
  const tokens = createCardTokens(now);
  const charges = new Map<string, Charge>();
  const idempotency = createIdempotencyRecords(now);
  const savedCards = createSavedCards(now, options.memberOf ?? (() => undefined), tokens);
  /** The hold policy the store started with, and the one in force (the control routes may change it until a reset). */
  const startPolicy: HoldPolicy = {
    holdExtensions: { ...(options.holdExtensions ?? DEFAULT_HOLD_EXTENSIONS) },
    holdGraceMs: options.holdGraceMs ?? DEFAULT_HOLD_GRACE_MS,
  };
  let policy: HoldPolicy = structuredClone(startPolicy);
  const holds = createSeatHolds(now, () => policy.holdGraceMs);

  const { ownOrder, orderNotFound, ownerOf, ...orderBook } = createOrderBook(now, options, () => policy.holdExtensions);
  const orderOf = (orderId: string) => {
    const owner = ownerOf(orderId);
    return owner === undefined ? undefined : ownOrder(orderId, owner);
  };
  const events = createOrderEvents({
    now,
    onEvent: options.onEvent,
    ownerOf,
    orderOf,
    chargesOf: (orderId) => [...charges.values()].filter((c) => c.orderId === orderId),
    chargeOf: (chargeId) => charges.get(chargeId),
    holdStateOf: (order) => holds.stateOf(order),
    graceEndOf: (order) => holds.graceEndOf(order),
  });
  const challenges = createThreeDsChallenges(
    now,
    options.vaultOrigin ?? (() => undefined),
    (settled) => {
      const charge = charges.get(settled.id);
      const order = charge && orderOf(charge.orderId);
      if (!charge || !order) return;
      if (charge.status === 'REFUNDED_HOLD_EXPIRED') charge.refundedAt = now().toISOString();
      holds.ended(order, charge.id);
      events.charged(order, charge);
    },
    // The bank's approval came after the hold ended for good (past the grace limit): refunded, not paid.
    (settling) => {
      const order = orderOf(settling.orderId);
      return order !== undefined && holds.stateOf(order) === 'ENDED';
    },
  );
  const local = createLocalCharges({
    now,
    paymentsOrigin: options.paymentsOrigin ?? (() => undefined),
    timings: { ...DEFAULT_LOCAL_PAYMENT_TIMINGS, ...options.localPaymentTimings },
    holds,
    events,
    chargeOf: (chargeId) => charges.get(chargeId),
    orderOf,
  });
  /** Makes every change due by now: 3-D Secure expiries, local payments settling. */
  const sweep = () => {
    challenges.sweep();
    local.sweep();
  };
  const extensions = createHoldExtensions({
    ownOrder,
    orderNotFound,
    holdStateOf: (order) => holds.stateOf(order),
    idempotency,
    onExtended: (order) => events.watchHold(order),
  });

  /** Why `order` (`orderId`, undefined when not the caller's) takes no charge started at `startedAt`: 404, 409 (see {@link chargeOrder}). */
  function refuseCharge(order: Order | undefined, orderId: string, startedAt: Date): StoreReply | undefined {
    if (!order) return orderNotFound(orderId);
    if (order.status !== 'AWAITING_PAYMENT') {
      return fail(409, 'ORDER_ALREADY_PAID', `Order ${orderId} is already settled by charge ${order.chargeId}.`);
    }
    const open = challenges.openChargeOf(orderId) ?? local.openChargeOf(orderId);
    if (open) {
      const what = open.status === 'PENDING' ? 'being confirmed by the bank' : 'awaiting the buyer';
      return fail(409, 'CHARGE_IN_PROGRESS', `Order ${orderId} has charge ${open.id} ${what}.`, { chargeId: open.id });
    }
    if (holds.stateOf(order, startedAt) === 'ENDED') {
      return fail(409, 'ORDER_HOLD_EXPIRED', `Order ${orderId}'s seat hold ended at ${order.holdExpiresAt}.`, { orderId });
    }
    return undefined;
  }

  /**
   * Records `charge`; a settling one (APPROVED, or PENDING at the venue: a local method's PENDING
   * is not paid yet) settles `order`. An
   * APPROVED one whose order's hold has ended for good by now is refunded at once instead
   * (`REFUNDED_HOLD_EXPIRED`, `refundedAt`): its seats are back on sale.
   */
  function record(order: Order, charge: Charge): void {
    if (charge.status === 'APPROVED' && holds.stateOf(order) === 'ENDED') {
      charge.status = 'REFUNDED_HOLD_EXPIRED';
      charge.refundedAt = now().toISOString();
    }
    charges.set(charge.id, charge);
    // A wallet's sheet led to this charge (or the buyer paid another way): it keeps the hold no more.
    if (charge.status !== 'REQUIRES_ACTION') holds.ended(order, WALLET_SHEET_PAYMENT);
    if (charge.status === 'APPROVED' || (charge.status === 'PENDING' && charge.paymentMethod === 'PAY_AT_VENUE')) {
      order.status = charge.status === 'APPROVED' ? 'PAID' : 'PAY_AT_VENUE';
      order.chargeId = charge.id;
    }
    events.charged(order, charge);
  }

  /**
   * Charge an order by a method the buyer approved elsewhere (`PAYPAL`, issue 25), exactly once: an
   * order already settled, whatever the method, answers 200 with its settling charge and charges
   * nothing; else 404 ORDER_NOT_FOUND, 409 CHARGE_IN_PROGRESS or ORDER_HOLD_EXPIRED as {@link chargeOrder};
   * else 201 with a new APPROVED charge that settles the order.
   */
  function chargeApproved(orderId: string, appInstance: string, paymentMethod: 'PAYPAL', startedAt: Date = now()): StoreReply {
    const order = ownOrder(orderId, appInstance);
    const settled = order?.chargeId === undefined ? undefined : charges.get(order.chargeId);
    if (settled) return { status: 200, body: settled };
    const refused = refuseCharge(order, orderId, startedAt);
    if (refused || !order) return refused ?? orderNotFound(orderId);
    const charge: Charge = {
      id: `ch_${randomUUID()}`,
      orderId,
      amount: order.total,
      createdAt: now().toISOString(),
      status: 'APPROVED',
      paymentMethod,
    };
    record(order, charge);
    return { status: 201, body: charge };
  }

  /**
   * Charge an order, exactly once:
   * - 400 IDEMPOTENCY_KEY_REQUIRED without a key of 1–255 characters;
   * - a key `appInstance` used before (within {@link IDEMPOTENCY_TTL_MS}) with the same order and
   *   body replays its first 201 reply (header `Idempotent-Replayed: true`) with the charge as it
   *   is now (an open `REQUIRES_ACTION` charge as the same open charge, one settled since as
   *   settled), with another body 422 IDEMPOTENCY_KEY_REUSED;
   * - 404 ORDER_NOT_FOUND (also another app instance's order); 409 ORDER_ALREADY_PAID once an
   *   order has a settling charge (APPROVED, or PENDING for pay at the venue): at most one per order;
   *   409 CHARGE_IN_PROGRESS (`details.chargeId`) while the order has an open `REQUIRES_ACTION` charge
   *   or a local method's `PENDING` one;
   *   409 ORDER_HOLD_EXPIRED (`details.orderId`) when the charge started (`startedAt`, default now:
   *   the route passes when the request came in) at or after the order's `holdExpiresAt`, before
   *   the card token is used;
   * - a `billingAddress` that does not fit its country's address format (addressFormats.ts: a
   *   supported country, the postal code and subdivision it needs and no other field) → 400
   *   INVALID_BILLING_ADDRESS naming the field, before the card token is used;
   * - CARD needs an unused, unexpired token made by `appInstance` (else 400 INVALID_CARD_TOKEN):
   *   APPROVED, or DECLINED with the test card's decline code (the order stays payable), or
   *   `incorrect_zip` when its bank has a billing postal code on file and the charge's is another
   *   or none (AVS-like, `TEST_CARD_BILLING_POSTAL_CODES`), or for a
   *   challenge card `REQUIRES_ACTION` with `nextAction` (the order is paid once it settles APPROVED);
   *   PAY_AT_VENUE only for VENUE events (400 PAYMENT_METHOD_NOT_AVAILABLE) → PENDING; IDEAL,
   *   BANCONTACT, KLARNA and BLIK (with `blikCode`) only where the order offers them (400
   *   PAYMENT_METHOD_NOT_AVAILABLE; 400 INVALID_BLIK_CODE) → REQUIRES_ACTION (localCharges.ts);
   *   anything else 400 INVALID_PAYMENT_METHOD;
   * - saving the card (issue 25): the card joins the member's saved cards once APPROVED only when
   *   its token carries the buyer's consent, given with the card at the vault's tokenization
   *   (savedCards.ts `offer`); a `saveCard` in the charge body, which travels through the page's
   *   `host`, is ignored (security review M1).
   * Only 201 replies are remembered under the key.
   */
  function chargeOrder(
    orderId: string,
    body: unknown,
    idempotencyKey: string | undefined,
    appInstance: string,
    startedAt: Date = now(),
  ): StoreReply {
    if (!idempotencyKey || idempotencyKey.length > 255) {
      return fail(400, 'IDEMPOTENCY_KEY_REQUIRED', 'A charge needs an Idempotency-Key header of 1–255 characters.');
    }
    sweep();
    const fingerprint = JSON.stringify([orderId, body]);
    const previous = idempotency.get(appInstance, idempotencyKey);
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        return fail(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with another request.');
      }
      return { ...previous.reply, headers: { 'Idempotent-Replayed': 'true' } };
    }
    const order = ownOrder(orderId, appInstance);
    const refused = refuseCharge(order, orderId, startedAt);
    if (refused || !order) return refused ?? orderNotFound(orderId);
    // The request is a payment under way from when it came in: it keeps the hold while it is handled.
    const requestId = `request_${randomUUID()}`;
    holds.started(order, requestId, startedAt);
    try {
      const reply = makeCharge(order, body, appInstance, startedAt);
      if (reply.status === 201) idempotency.set(appInstance, idempotencyKey, { fingerprint, reply });
      return reply;
    } finally {
      holds.ended(order, requestId);
      events.watchHold(order);
    }
  }

  /** {@link chargeOrder} once the order takes the charge: the charge by its method (201), or 400, 500. */
  function makeCharge(order: Order, body: unknown, appInstance: string, startedAt: Date): StoreReply {
    const orderId = order.id;
    const request = (typeof body === 'object' && body !== null ? body : {}) as Partial<ChargeRequest>;
    const billingProblem = 'billingAddress' in request ? describeBillingAddressProblem(request.billingAddress) : undefined;
    if (billingProblem) return fail(400, 'INVALID_BILLING_ADDRESS', billingProblem);
    let charge: Charge;
    const base = { id: `ch_${randomUUID()}`, orderId, amount: order.total, createdAt: now().toISOString() };
    if (request.paymentMethod === 'PAY_AT_VENUE') {
      if (order.event.locationType !== LocationType.VENUE) {
        return fail(400, 'PAYMENT_METHOD_NOT_AVAILABLE', 'Pay at the venue is only offered for VENUE events.');
      }
      charge = { ...base, status: 'PENDING', paymentMethod: 'PAY_AT_VENUE' };
    } else if (request.paymentMethod === 'CARD') {
      const outcome = tokens.take(request.cardToken, appInstance);
      if (!outcome) {
        return fail(400, 'INVALID_CARD_TOKEN', 'cardToken is unknown, expired, used already, or made for another app instance.');
      }
      const avsFailed =
        outcome.billingPostalCode !== undefined &&
        !isSamePostalCode(outcome.billingPostalCode, request.billingAddress?.postalCode);
      const declineCode = outcome.declineCode ?? (avsFailed ? 'incorrect_zip' : undefined);
      charge = declineCode
        ? { ...base, status: 'DECLINED', paymentMethod: 'CARD', declineCode }
        : { ...base, status: 'APPROVED', paymentMethod: 'CARD' };
      if (outcome.challenge) {
        try {
          challenges.open(charge, order, { merchant: order.event.name, last4: outcome.last4, ...outcome.challenge });
        } catch (error) {
          return fail(500, 'THREE_DS_UNAVAILABLE', (error as Error).message);
        }
        // The open challenge keeps the hold until it settles (onSettled above ends it).
        holds.started(order, charge.id, startedAt);
      }
      savedCards.offer(charge, appInstance, outcome);
    } else if (isLocalMethod(request.paymentMethod)) {
      const made = local.make(order, request.paymentMethod, request, base, startedAt);
      if ('refused' in made) return made.refused;
      charge = made.charge;
    } else {
      return fail(400, 'INVALID_PAYMENT_METHOD', 'paymentMethod must be CARD, PAY_AT_VENUE or a local method the order offers.');
    }
    record(order, charge);
    return { status: 201, body: charge };
  }

  /** Charges by order, declines included, oldest first; 404 ORDER_NOT_FOUND (also another app instance's order). */
  function chargesOf(orderId: string, appInstance: string): StoreReply {
    if (!ownOrder(orderId, appInstance)) return orderNotFound(orderId);
    sweep();
    return { status: 200, body: [...charges.values()].filter((c) => c.orderId === orderId) };
  }

  /**
   * Charge by id, as it is now (`nextAction` only while `REQUIRES_ACTION`): 200 with the charge;
   * 404 CHARGE_NOT_FOUND (also when it is another app instance's order's).
   */
  function getCharge(chargeId: string, appInstance: string): StoreReply {
    sweep();
    const charge = charges.get(chargeId);
    return charge && ownOrder(charge.orderId, appInstance)
      ? { status: 200, body: charge }
      : fail(404, 'CHARGE_NOT_FOUND', `No charge ${chargeId}.`);
  }

  /**
   * Cancel a charge (the buyer closed the 3-D Secure challenge or a local method's page): an open
   * `REQUIRES_ACTION` charge settles DECLINED `authentication_abandoned` (its page can no longer
   * record a result); a settled one, or a local one the bank is confirming (`PENDING`), is answered
   * as it is. 200 with the charge; 404 CHARGE_NOT_FOUND as {@link getCharge}.
   */
  function cancelCharge(chargeId: string, appInstance: string): StoreReply {
    const found = getCharge(chargeId, appInstance);
    if (found.status === 200) {
      challenges.cancel(chargeId);
      local.cancel(chargeId);
    }
    return found;
  }

  return {
    /** The store's clock (the route reads when a charge came in with it). */
    now,
    ...orderBook,
    /** Order setup ({@link createOrderBook}); a new order's hold end is watched when someone hears the events. */
    setupOrder(body: unknown, appInstance: string): StoreReply {
      const reply = orderBook.setupOrder(body, appInstance);
      if (reply.status === 201) events.watchHold(reply.body as Order);
      return reply;
    },
    /**
     * `POST orders/{orderId}/hold-extensions` for `appInstance`, with its optional Idempotency-Key
     * (holdExtensions.ts): 200 with the order and its new `holdExpiresAt`; 404 ORDER_NOT_FOUND; 409
     * HOLD_NOT_EXTENDABLE (`details.reason` `NO_EXTENSIONS_LEFT`, `HOLD_EXPIRED`, `ORDER_SETTLED`);
     * 400 INVALID_IDEMPOTENCY_KEY; 422 IDEMPOTENCY_KEY_REUSED.
     */
    extendHold(orderId: string, appInstance: string, idempotencyKey?: string): StoreReply {
      sweep();
      return extensions.extend(orderId, appInstance, idempotencyKey);
    },
    /** Where the hold of order `orderId` stands now (seatHolds.ts); undefined when there is no such order. */
    holdStateOf(orderId: string): HoldState | undefined {
      sweep();
      const order = orderOf(orderId);
      return order && holds.stateOf(order);
    },
    /**
     * A payment of order `orderId` that settles outside the charge path started at `at` (default
     * now): a PayPal checkout created, a wallet sheet shown. `paymentId` names it (unique for the
     * order). While under way it keeps the hold past `holdExpiresAt`, up to the grace limit. Returns
     * false, and keeps nothing, when the hold had ended at `at` or there is no such order.
     */
    paymentStarted(orderId: string, paymentId: string, at: Date = now()): boolean {
      const order = orderOf(orderId);
      return order !== undefined && holds.started(order, paymentId, at);
    },
    /**
     * The payment `paymentId` of order `orderId` ({@link paymentStarted}) settled or was given up:
     * it keeps the hold no more, and when it was the last one past `holdExpiresAt` the seats go now.
     */
    paymentEnded(orderId: string, paymentId: string): void {
      const order = orderOf(orderId);
      if (!order) return;
      holds.ended(order, paymentId);
      events.watchHold(order);
    },
    /** The hold policy in force: new orders' default extensions, and the grace limit. */
    holdPolicy: (): HoldPolicy => structuredClone(policy),
    /**
     * Replaces parts of the hold policy until {@link reset} (the control routes: a site's test of an
     * extension or a late approval). Checked by the caller. The grace limit applies to every order at
     * once; the extensions to orders set up after.
     */
    setHoldPolicy(change: Partial<HoldPolicy>): HoldPolicy {
      policy = { ...policy, ...structuredClone(change) };
      return structuredClone(policy);
    },
    /** The server API's order read: the order with all its charges (orderEvents.ts). */
    readOrder: events.readOrder,
    /** The server API's full refund of a settling charge (orderEvents.ts). */
    refundCharge: events.refund,
    /**
     * Card tokenization for `appInstance` (see `cardTokens.ts`): 201 with a single-use token that
     * only `appInstance` can charge, for {@link CARD_TOKEN_TTL_MS}; 400 naming what is wrong.
     */
    tokenizeCard: tokens.tokenize,
    chargeOrder,
    chargeApproved,
    /** Whether `appInstance`'s merchant takes Apple Pay and Google Pay ({@link CheckoutStoreOptions.offersWallets}). */
    offersWallets: (appInstance: string): boolean => options.offersWallets?.(appInstance) ?? false,
    /** The members' saved cards (savedCards.ts): the credit card routes, and saved-card tokens (the vault's). */
    savedCards,
    chargesOf,
    getCharge,
    cancelCharge,
    /** The 3-D Secure challenge pages' side (the vault's routes; the challenge id is the page's only key). */
    threeDs: {
      /** What the page of open challenge `challengeId` shows; undefined when unknown or no longer open (404). */
      view: (challengeId: string) => challenges.view(challengeId),
      /** Records the buyer's `outcome` for `challengeId`, once (`closed` after that, a cancel or the expiry). */
      record: (challengeId: string, outcome: ThreeDsOutcome) => savedCards.settled(challenges.record(challengeId, outcome)),
    },
    /** The local methods' pages (payments origin routes) and their timings (the control route; restored by {@link reset}). */
    localPayments: { ...local.pages, timings: local.timings, setTimings: local.setTimings },
    /** Every charge made, in order (tests count them). */
    allCharges: (): Charge[] => {
      sweep();
      return [...charges.values()];
    },
    /** Forgets every order, token, charge and idempotency key (tests' `/__control/reset`). */
    reset(): void {
      events.clear();
      orderBook.clear();
      tokens.clear();
      charges.clear();
      idempotency.clear();
      challenges.clear();
      local.clear();
      savedCards.reset();
      holds.clear();
      policy = structuredClone(startPolicy);
    },
  };
}

/** The checkout store's operations. */
export type CheckoutStore = ReturnType<typeof createCheckoutStore>;
