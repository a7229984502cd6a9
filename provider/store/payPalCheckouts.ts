import { randomUUID } from 'node:crypto';
import type { Charge, Order, PaymentMethod } from '../../shared';
import { PAYPAL_APPROVAL_PATH, type PayPalCheckout, type PayPalOutcome } from '../../shared/payPal';
import type { CheckoutStore } from './checkoutStore';
import { fail, type StoreReply } from './storeReply';

/** What the approval page shows. */
export interface PayPalApprovalView {
  checkoutId: string;
  /** Who is paid: the order's event name. */
  merchant: string;
  amount: Order['total'];
}

/**
 * The reference provider's PayPal checkouts (issue 25; spec 7 PayPal checkout create, update and
 * payment details), in memory on the checkout `store`. A checkout belongs to the app instance that
 * made it (another one gets 404 PAYPAL_CHECKOUT_NOT_FOUND); its id is `pp_<uuid>`, the approval
 * page's only key. The order is charged only by `capture`, through the store's `chargeApproved`:
 * one settling charge per order, whatever the method.
 * A checkout is a payment under way (issue 37, the store's `paymentStarted`) from its creation until
 * it is captured or cancelled: it keeps the order's seats past `holdExpiresAt`, up to the grace
 * limit, so a buyer who approves in the popup at the last second is still captured.
 * `origin` is the provider host's public origin (the approval page's, e.g. `http://127.0.0.1:4175`).
 */
export function createPayPalCheckouts(store: CheckoutStore, origin: string) {
  const checkouts = new Map<string, { checkout: PayPalCheckout; appInstance: string }>();
  const notFound = (checkoutId: string) => fail(404, 'PAYPAL_CHECKOUT_NOT_FOUND', `No PayPal checkout ${checkoutId}.`);
  const own = (checkoutId: string, appInstance: string) => {
    const held = checkouts.get(checkoutId);
    return held && held.appInstance === appInstance ? held.checkout : undefined;
  };

  /**
   * Create (`{ orderId }`): 201 with a `CREATED` checkout and its `approvalUrl`; 400
   * INVALID_PAYPAL_CHECKOUT without a string `orderId`; 404 ORDER_NOT_FOUND; 400
   * PAYMENT_METHOD_NOT_AVAILABLE unless the order's payment methods include PAYPAL; 409 ORDER_ALREADY_PAID
   * for a settled order; 409 ORDER_HOLD_EXPIRED once its seat hold has ended for good (past
   * `holdExpiresAt` with no payment keeping it, or past the grace limit). Charges nothing; the new
   * checkout keeps the hold while it is open.
   */
  function create(body: unknown, appInstance: string): StoreReply {
    const orderId = (body as { orderId?: unknown } | undefined)?.orderId;
    if (typeof orderId !== 'string') return fail(400, 'INVALID_PAYPAL_CHECKOUT', 'A PayPal checkout needs { orderId }.');
    const found = store.getOrder(orderId, appInstance);
    if (found.status !== 200) return found;
    const order = found.body as Order;
    const methods = store.paymentMethodsFor(orderId, appInstance).body as PaymentMethod[];
    if (!methods.some((m) => m.type === 'PAYPAL')) {
      return fail(400, 'PAYMENT_METHOD_NOT_AVAILABLE', `PayPal is not offered for order ${orderId}.`);
    }
    if (order.status !== 'AWAITING_PAYMENT') {
      return fail(409, 'ORDER_ALREADY_PAID', `Order ${orderId} is already settled by charge ${order.chargeId}.`);
    }
    if (store.holdStateOf(orderId) === 'ENDED') {
      return fail(409, 'ORDER_HOLD_EXPIRED', `Order ${orderId}'s seat hold ended at ${order.holdExpiresAt}.`, { orderId });
    }
    const checkoutId = `pp_${randomUUID()}`;
    const approvalUrl = `${origin}${PAYPAL_APPROVAL_PATH}/${checkoutId}`;
    const checkout: PayPalCheckout = { checkoutId, orderId, status: 'CREATED', approvalUrl };
    checkouts.set(checkoutId, { checkout, appInstance });
    store.paymentStarted(orderId, checkoutId);
    return { status: 201, body: checkout };
  }

  /**
   * Update: the widget gives the checkout up (the buyer closed the popup), `{ status: 'CANCELLED' }`,
   * the only change it takes (else 400 INVALID_PAYPAL_CHECKOUT): 200 with the checkout, now
   * `CANCELLED` unless it was captured (409 PAYPAL_CHECKOUT_CAPTURED); 404 PAYPAL_CHECKOUT_NOT_FOUND.
   */
  function update(checkoutId: string, body: unknown, appInstance: string): StoreReply {
    const checkout = own(checkoutId, appInstance);
    if (!checkout) return notFound(checkoutId);
    if (JSON.stringify(body) !== '{"status":"CANCELLED"}') {
      return fail(400, 'INVALID_PAYPAL_CHECKOUT', 'A PayPal checkout update takes { status: "CANCELLED" } only.');
    }
    if (checkout.status === 'CAPTURED') return fail(409, 'PAYPAL_CHECKOUT_CAPTURED', `Checkout ${checkoutId} is captured.`);
    checkout.status = 'CANCELLED';
    store.paymentEnded(checkout.orderId, checkoutId);
    return { status: 200, body: checkout };
  }

  /** Payment details, read (GET): 200 with the checkout as it is now; 404 PAYPAL_CHECKOUT_NOT_FOUND. */
  function details(checkoutId: string, appInstance: string): StoreReply {
    const checkout = own(checkoutId, appInstance);
    return checkout ? { status: 200, body: checkout } : notFound(checkoutId);
  }

  /**
   * Payment details, capture (POST) of a checkout the buyer approved, exactly once: 201 with the
   * new APPROVED `PAYPAL` charge; 200 with the order's settling charge when it has one already (a
   * second capture, or the order paid by card first: nothing charged); 409 PAYPAL_NOT_APPROVED
   * while the buyer has not answered, 409 PAYPAL_CHECKOUT_CANCELLED once cancelled; 409
   * CHARGE_IN_PROGRESS or ORDER_HOLD_EXPIRED as a card charge: the checkout kept the hold, so a
   * capture after `holdExpiresAt` is taken up to the grace limit, and refused after it (the approval
   * moved no money: nothing is charged, nothing to refund); 404 PAYPAL_CHECKOUT_NOT_FOUND.
   */
  function capture(checkoutId: string, appInstance: string, startedAt: Date = store.now()): StoreReply {
    const checkout = own(checkoutId, appInstance);
    if (!checkout) return notFound(checkoutId);
    if (checkout.status === 'CREATED') return fail(409, 'PAYPAL_NOT_APPROVED', `The buyer has not approved ${checkoutId}.`);
    if (checkout.status === 'CANCELLED') return fail(409, 'PAYPAL_CHECKOUT_CANCELLED', `Checkout ${checkoutId} was cancelled.`);
    const reply = store.chargeApproved(checkout.orderId, appInstance, 'PAYPAL', startedAt);
    if (reply.status === 200 || reply.status === 201) {
      checkout.status = 'CAPTURED';
      checkout.chargeId = (reply.body as Charge).id;
    }
    // Captured, or refused for good (the hold ended): no longer a payment under way. CHARGE_IN_PROGRESS may capture later.
    const code = (reply.body as { details?: { applicationError?: { code?: string } } }).details?.applicationError?.code;
    if (checkout.status === 'CAPTURED' || code === 'ORDER_HOLD_EXPIRED') store.paymentEnded(checkout.orderId, checkoutId);
    return reply;
  }

  /** The approval page of `checkoutId`: what it shows while the buyer has not answered; else undefined (404). */
  function view(checkoutId: string): PayPalApprovalView | undefined {
    const held = checkouts.get(checkoutId);
    if (held?.checkout.status !== 'CREATED') return undefined;
    const order = store.getOrder(held.checkout.orderId, held.appInstance).body as Order;
    return { checkoutId, merchant: order.event.name, amount: order.total };
  }

  /** Records the buyer's answer on the approval page, once: `unknown` id, `closed` (answered, cancelled, captured), or `recorded`. */
  function record(checkoutId: string, outcome: PayPalOutcome): 'unknown' | 'closed' | 'recorded' {
    const held = checkouts.get(checkoutId);
    if (!held) return 'unknown';
    if (held.checkout.status !== 'CREATED') return 'closed';
    held.checkout.status = outcome === 'approve' ? 'APPROVED' : 'CANCELLED';
    if (outcome !== 'approve') store.paymentEnded(held.checkout.orderId, checkoutId);
    return 'recorded';
  }

  return { create, update, details, capture, view, record, clear: () => checkouts.clear() };
}

/** The PayPal checkouts' operations. */
export type PayPalCheckouts = ReturnType<typeof createPayPalCheckouts>;
