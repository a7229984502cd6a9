import { type HttpHandler, http } from 'msw';
import type { CardTokenOutcome, SeatHolds } from '../provider/store';
import { describeSaveCardProblem, fail, type StoreReply, WALLET_SHEET_PAYMENT } from '../provider/store';
import { cardDigits, isValidCardNumber, TEST_CARD_CHALLENGES, TEST_CARD_DECLINES } from '../shared/card';
import { isLocalMethod } from '../shared/localMethods';
import { ProviderPaths } from '../shared/paths';
import type { CardToken, LocalMethodType } from '../shared/providerShapes';
import type { SaveCardConsent } from '../shared/savedCardShapes';
import type { MockHttp } from './mockHttp';
import type { createMockLocalPayments } from './mockLocalPayments';
import type { createMockOrders } from './mockOrders';
import type { MockCharge, MockFaults, MockOrder } from './mockProviderTypes';
import type { createMockThreeDs } from './mockThreeDs';

/** What {@link createMockCharges} needs. */
export interface MockChargesOptions {
  /** The HTTP helpers. */
  http: MockHttp;
  /** The card vault origin, where card tokenization is answered (and only there). */
  vaultOrigin: string;
  /** The orders charges are made on. */
  orders: ReturnType<typeof createMockOrders>;
  /** The 3-D Secure challenges. */
  threeDs: ReturnType<typeof createMockThreeDs>;
  /** The local methods' charges (iDEAL, Bancontact, BLIK, Klarna). */
  local: ReturnType<typeof createMockLocalPayments>;
  /** The fault switches in force. */
  faults: () => MockFaults;
  /** The mock's clock. */
  now: () => Date;
  /** The seat holds (the reference provider's, provider/store/seatHolds.ts): a charge under way keeps its order's. */
  holds: SeatHolds;
  /** A new id with this prefix. */
  nextId: (prefix: string) => string;
  /**
   * Told of every card charge made (mockSavedCards.ts `offer`): the card and, when its tokenization
   * carried it, the buyer's consent to save it; saved once the charge is APPROVED, for a member only.
   */
  offerSave: (charge: MockCharge, appInstance: string, outcome: CardTokenOutcome) => void;
}

/** A card token as the mock keeps it: the card it stands for and how its charge ends. */
interface MockToken {
  used: boolean;
  card: CardToken;
  /** Set for a saved card's token (saved-card tokens): that card's id, so it is not saved again. */
  savedCardId?: string;
  /** The buyer's consent to save the card, when its tokenization at the vault carried one. */
  consent?: SaveCardConsent;
  declineCode?: string;
  challenge?: { completeDeclineCode?: string };
}

/** The brand card tokenization names a number by (as the reference provider). */
const brandOf = (number: string) =>
  number.startsWith('4') ? 'visa' : number.startsWith('3') ? 'amex' : number.startsWith('5') ? 'mastercard' : 'card';

/**
 * The mock provider's card tokens and charges: tokenization at the vault, charges by order
 * (create, list), by id and cancel, exactly once as the reference provider (an Idempotency-Key
 * gets its first charge back, an order is charged APPROVED once, 409 CHARGE_IN_PROGRESS while a
 * 3-D Secure charge is open) and seat holds as the reference provider's (seatHolds.ts): 409
 * ORDER_HOLD_EXPIRED, before the card token is used, for a charge that comes in once the hold has
 * ended for good (past `holdExpiresAt` with no payment under way, or past the grace limit); a charge
 * request and an open challenge are payments under way that keep the seats up to the grace limit;
 * a charge approved once the hold has ended for good is refunded at once (`REFUNDED_HOLD_EXPIRED`,
 * `refundedAt`, the order not paid); a replayed key answers its first charge. A saved card's token (`mint`) is
 * charged APPROVED; a card tokenization's `saveCard` consent (400 INVALID_SAVE_CARD when malformed,
 * as the provider) is bound to its token and goes to `offerSave` with the charge; a charge body's
 * `saveCard` is ignored, as the provider ignores it (security review M1). PayPal captures charge through `chargeApproved`.
 * A local method's charge (`paymentMethod` IDEAL, BANCONTACT, KLARNA, BLIK; mockLocalPayments.ts) is
 * REQUIRES_ACTION, then perhaps PENDING (which pays nothing), and while it is either the order takes
 * no other charge (409 CHARGE_IN_PROGRESS) and keeps its seats.
 */
export function createMockCharges(options: MockChargesOptions) {
  const { http: h, vaultOrigin, orders, threeDs, local, faults, now, holds, nextId, offerSave } = options;
  const tokens = new Map<string, MockToken>();
  const charges: MockCharge[] = [];
  const idempotency = new Map<string, MockCharge>();
  const appInstanceOf = (request: Request) => request.headers.get('authorization') ?? '';
  const chargeNotFound = (request: Request, id: unknown) => h.fail(request, 404, 'CHARGE_NOT_FOUND', `No charge ${String(id)}.`);
  const holdEnded = (order: MockOrder, startedAt: Date) => holds.stateOf(order, startedAt) === 'ENDED';
  /** Makes every change due by now: 3-D Secure expiries, local payments answered by the bank or settling. */
  const sweep = () => {
    threeDs.challenges.sweep();
    local.sweep();
  };
  /** 409 CHARGE_IN_PROGRESS for the order's charge under way (an open challenge, a local charge open or pending), as the reference provider. */
  function inProgress(orderId: string): StoreReply | undefined {
    const challenged = threeDs.challenges.openChargeOf(orderId);
    const open = challenged ?? local.openChargeOf(orderId);
    if (!open) return undefined;
    const what = challenged
      ? 'awaiting 3-D Secure'
      : open.status === 'PENDING'
        ? 'being confirmed by the bank'
        : 'awaiting the buyer';
    return fail(409, 'CHARGE_IN_PROGRESS', `Order ${orderId} has charge ${open.id} ${what}.`, { chargeId: open.id });
  }

  /**
   * Records `charge` of `order`, as the reference provider's store does: an APPROVED one whose order's
   * hold has ended for good by now is refunded at once instead (`REFUNDED_HOLD_EXPIRED`); a settled
   * one ends the order's wallet sheet; an APPROVED one pays the order.
   */
  function record(order: MockOrder, charge: MockCharge): void {
    if (charge.status === 'APPROVED' && holds.stateOf(order) === 'ENDED') {
      charge.status = 'REFUNDED_HOLD_EXPIRED';
      charge.refundedAt = now().toISOString();
    }
    charges.push(charge);
    if (charge.status !== 'REQUIRES_ACTION') holds.ended(order, WALLET_SHEET_PAYMENT);
    if (charge.status === 'APPROVED') Object.assign(order, { status: 'PAID', chargeId: charge.id });
  }

  /**
   * Card tokenization of `card` (`{ holderName, number, expMonth, expYear, saveCard? }`): 201 with a
   * card token (bound to `saveCard`'s consent when given); 400 INVALID_CARD, INVALID_CARD_NUMBER, INVALID_SAVE_CARD.
   */
  function tokenize(card: Record<string, unknown>): StoreReply {
    const number = typeof card.number === 'string' ? cardDigits(card.number) : '';
    if (typeof card.holderName !== 'string' || card.holderName.trim() === '') {
      return fail(400, 'INVALID_CARD', 'holderName is required.');
    }
    if (!isValidCardNumber(number)) return fail(400, 'INVALID_CARD_NUMBER', 'number must be 13–19 digits passing Luhn.');
    const saveProblem = card.saveCard === undefined ? undefined : describeSaveCardProblem(card.saveCard);
    if (saveProblem) return fail(400, 'INVALID_SAVE_CARD', saveProblem);
    const token = nextId('tok');
    const challenge = TEST_CARD_CHALLENGES[number];
    const declineCode = TEST_CARD_DECLINES[number];
    const reply = { token, brand: brandOf(number), last4: number.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
    tokens.set(token, {
      used: false,
      card: reply as CardToken,
      ...(declineCode ? { declineCode } : {}),
      ...(challenge ? { challenge: { ...challenge } } : {}),
      ...(card.saveCard === undefined ? {} : { consent: card.saveCard as SaveCardConsent }),
    });
    return { status: 201, body: reply };
  }

  /** The card charge of `order` once it takes one: 400 INVALID_CARD_TOKEN, or 201 with the charge (recorded under `key`). */
  function chargeCard(request: Request, body: Record<string, unknown>, order: MockOrder, key: string, startedAt: Date): Response {
    const orderId = order.id;
    const { cardToken } = body;
    const token = typeof cardToken === 'string' ? tokens.get(cardToken) : undefined;
    if (!token || token.used) return h.fail(request, 400, 'INVALID_CARD_TOKEN', 'cardToken is unknown or was used already.');
    token.used = true;
    const declineCode = faults().decline || token.declineCode;
    const charge: MockCharge = {
      id: nextId('ch'),
      orderId,
      status: declineCode ? 'DECLINED' : 'APPROVED',
      amount: order.total,
      paymentMethod: 'CARD',
      ...(declineCode ? { declineCode } : {}),
      createdAt: now().toISOString(),
    };
    if (!declineCode && token.challenge) {
      threeDs.challenges.open(charge, order, {
        merchant: orders.merchantOf(orderId),
        last4: token.card.last4,
        ...token.challenge,
      });
      // The open challenge keeps the hold until it settles (createMockProvider's onSettled ends it).
      holds.started(order, charge.id, startedAt);
    }
    const outcome = {
      last4: token.card.last4,
      card: token.card,
      ...(token.savedCardId ? { savedCardId: token.savedCardId } : {}),
      ...(token.consent ? { consent: token.consent } : {}),
    };
    offerSave(charge, appInstanceOf(request), outcome);
    record(order, charge);
    idempotency.set(key, charge);
    return h.reply(request, charge, 201);
  }

  /** The local method charge of `order` (mockLocalPayments.ts): 400 refused, or 201 with it REQUIRES_ACTION (recorded under `key`). */
  function chargeLocal(
    request: Request,
    body: Record<string, unknown>,
    order: MockOrder,
    key: string,
    startedAt: Date,
  ): Response {
    const base = { id: nextId('ch'), orderId: order.id, amount: order.total, createdAt: now().toISOString() };
    const made = local.make(order, body.paymentMethod as LocalMethodType, body, base, startedAt);
    if ('refused' in made) return h.reply(request, made.refused.body, made.refused.status);
    record(order, made.charge);
    idempotency.set(key, made.charge);
    return h.reply(request, made.charge, 201);
  }

  const handlers: HttpHandler[] = [
    // Card data goes to the vault and nowhere else: `host` has no tokenization route (404).
    http.post(`${vaultOrigin}${ProviderPaths.cardTokenization}`, async ({ request }) => {
      const stop = await h.gate(request);
      if (stop) return stop;
      if (faults().captcha) return h.fail(request, 403, 'CAPTCHA_REQUIRED', 'Mock fault: a captcha is required.');
      const reply = tokenize(await h.body(request));
      return h.reply(request, reply.body, reply.status);
    }),
    http.post(h.param(ProviderPaths.chargesByOrder, 'orderId'), async ({ request, params }) => {
      // A charge starts when it comes in: that is what the seat hold is checked against.
      const startedAt = now();
      const stop = await h.gate(request);
      if (stop) return stop;
      if (faults().captcha) return h.fail(request, 403, 'CAPTCHA_REQUIRED', 'Mock fault: a captcha is required.');
      const key = request.headers.get('idempotency-key');
      if (!key) return h.fail(request, 400, 'IDEMPOTENCY_KEY_REQUIRED', 'A charge needs an Idempotency-Key header.');
      sweep();
      const replayed = idempotency.get(key);
      if (replayed) return h.reply(request, replayed, 201);
      const orderId = String(params.orderId);
      const order = orders.get(orderId);
      if (!order) return orders.orderNotFound(request, orderId);
      if (order.status !== 'AWAITING_PAYMENT')
        return h.fail(request, 409, 'ORDER_ALREADY_PAID', `Order ${orderId} is already paid.`);
      const busy = inProgress(orderId);
      if (busy) return h.reply(request, busy.body, busy.status);
      if (holdEnded(order, startedAt)) {
        const description = `Order ${orderId}'s seat hold ended at ${order.holdExpiresAt}.`;
        return h.fail(request, 409, 'ORDER_HOLD_EXPIRED', description, { orderId });
      }
      // The request is a payment under way from when it came in: it keeps the hold while it is handled.
      const requestId = nextId('request');
      holds.started(order, requestId, startedAt);
      try {
        const body = await h.body(request);
        return isLocalMethod(body.paymentMethod)
          ? chargeLocal(request, body, order, key, startedAt)
          : chargeCard(request, body, order, key, startedAt);
      } finally {
        holds.ended(order, requestId);
      }
    }),
    http.get(h.param(ProviderPaths.chargesByOrder, 'orderId'), async ({ request, params }) => {
      const stop = await h.gate(request);
      if (stop) return stop;
      const orderId = String(params.orderId);
      if (!orders.get(orderId)) return orders.orderNotFound(request, orderId);
      sweep();
      return h.reply(
        request,
        charges.filter((c) => c.orderId === orderId),
      );
    }),
    http.get(h.param(ProviderPaths.charge, 'chargeId'), async ({ request, params }) => {
      const stop = await h.gate(request);
      if (stop) return stop;
      sweep();
      const charge = charges.find((c) => c.id === params.chargeId);
      return charge ? h.reply(request, charge) : chargeNotFound(request, params.chargeId);
    }),
    // Cancel: an open 3-D Secure or local method charge settles DECLINED authentication_abandoned; a
    // settled one, or a local one the bank is confirming (PENDING), is answered as it is.
    http.post(h.param(ProviderPaths.cancelCharge, 'chargeId'), async ({ request, params }) => {
      const stop = await h.gate(request);
      if (stop) return stop;
      const charge = charges.find((c) => c.id === params.chargeId);
      if (!charge) return chargeNotFound(request, params.chargeId);
      threeDs.challenges.cancel(charge.id);
      local.cancel(charge.id);
      return h.reply(request, charge);
    }),
  ];

  return {
    handlers,
    /**
     * Card tokenization as the vault answers it, without the gate and faults (the wallet tokens'
     * simulated device card): 201 with a single-use card token; 400 INVALID_CARD, INVALID_CARD_NUMBER.
     */
    tokenize: (card: unknown): StoreReply =>
      tokenize(typeof card === 'object' && card !== null ? (card as Record<string, unknown>) : {}),
    /** A single-use card token for a saved card (saved-card tokens): 201 with it; its charge is APPROVED. */
    mint(card: Omit<CardToken, 'token'>, savedCardId: string): StoreReply {
      const token = nextId('tok');
      const { brand, last4, expMonth, expYear } = card;
      tokens.set(token, { used: false, card: { token, brand, last4, expMonth, expYear }, savedCardId });
      return { status: 201, body: { token, brand, last4, expMonth, expYear } };
    },
    /**
     * Charges `orderId` by a method the buyer approved elsewhere (a PayPal capture), exactly once,
     * as the reference provider's `chargeApproved`: 200 with the order's settling charge when it has
     * one; 201 with a new APPROVED `PAYPAL` charge; 404 ORDER_NOT_FOUND; 409 CHARGE_IN_PROGRESS
     * while a 3-D Secure charge is open or a local method's charge is open or pending; 409 ORDER_HOLD_EXPIRED when the hold had ended for good at
     * `startedAt` (a PayPal checkout under way keeps it past `holdExpiresAt`, up to the grace limit).
     */
    chargeApproved(orderId: string, startedAt: Date): StoreReply {
      sweep();
      const order = orders.get(orderId);
      const settled = order?.chargeId === undefined ? undefined : charges.find((c) => c.id === order.chargeId);
      if (settled) return { status: 200, body: settled };
      if (!order) return fail(404, 'ORDER_NOT_FOUND', `No order ${orderId}.`);
      const busy = inProgress(orderId);
      if (busy) return busy;
      if (holdEnded(order, startedAt)) {
        return fail(409, 'ORDER_HOLD_EXPIRED', `Order ${orderId}'s seat hold ended at ${order.holdExpiresAt}.`, { orderId });
      }
      const charge: MockCharge = {
        id: nextId('ch'),
        orderId,
        status: 'APPROVED',
        amount: order.total,
        paymentMethod: 'PAYPAL',
        createdAt: now().toISOString(),
      };
      record(order, charge);
      return { status: 201, body: charge };
    },
    /** Copies of every charge, oldest first (due changes made first: expired challenges, local payments settled). */
    all(): MockCharge[] {
      sweep();
      return charges.map((c) => ({ ...c }));
    },
    /** The charge itself (not a copy), or undefined. */
    find: (chargeId: string) => charges.find((c) => c.id === chargeId),
    /** Forgets every card token, charge and idempotency key. */
    clear(): void {
      tokens.clear();
      charges.length = 0;
      idempotency.clear();
    },
  };
}
