import type { Charge, ProviderRequest } from '../../shared';
import { isPayPalResultMessage, type PayPalCheckout } from '../../shared/payPal';
import type { PayResult } from '../toPayResult';
import type { PayPalKit } from './payPalKit';

/** The provider's PayPal calls the flow makes (spec 7 PayPal checkout create, update and payment details). */
export interface PayPalCalls {
  /** POST create for `orderId` (never retried). */
  create(orderId: string): Promise<PayPalCheckout>;
  /** GET payment details: the checkout as it is now. */
  details(checkoutId: string): Promise<PayPalCheckout>;
  /** PATCH `{ status: 'CANCELLED' }`: the buyer gave up; a late answer on the page no longer counts. */
  cancel(checkoutId: string): Promise<unknown>;
  /** POST payment details: captures the approved checkout, exactly once per order (the settling charge). */
  capture(checkoutId: string): Promise<Charge>;
}

/**
 * {@link PayPalCalls} over the provider client's `request`, with the bundle's paths and guards
 * (`kit`). A checkout is checked: a string `checkoutId` and an `approvalUrl` on `approvalOrigin`
 * (the frame build's PayPal origin, shared/payPalOrigin.ts, never derived from `host`: the popup is
 * never sent to a page the embedding page chose; security review 2026-11-28 M3), else CashierError
 * INVALID_RESPONSE. Without `approvalOrigin` (a frame built without one) every checkout is refused.
 */
export function createPayPalCalls(
  request: (config: ProviderRequest) => Promise<unknown>,
  approvalOrigin: string | undefined,
  kit: PayPalKit,
): PayPalCalls {
  const P = kit.paths;
  const checkout = (body: unknown): PayPalCheckout => {
    const c = (body ?? {}) as Partial<PayPalCheckout>;
    let origin: string | undefined;
    try {
      origin = new URL(String(c.approvalUrl)).origin;
    } catch {
      origin = undefined;
    }
    if (typeof c.checkoutId !== 'string' || approvalOrigin === undefined || origin !== approvalOrigin) {
      throw kit.invalidResponse("The PayPal checkout has no id, or its approval page is not on the frame's PayPal origin.");
    }
    return c as PayPalCheckout;
  };
  const capture = (body: unknown) => kit.parseCharge(body, 'capturePayPalPayment');
  return {
    create: (orderId) => request({ method: 'post', path: P.payPalCheckoutCreate, data: { orderId } }).then(checkout),
    details: (id) => request({ method: 'get', path: P.payPalPaymentDetails(id) }).then(checkout),
    cancel: (id) => request({ method: 'patch', path: P.payPalCheckoutUpdate(id), data: { status: 'CANCELLED' } }),
    capture: (id) => request({ method: 'post', path: P.payPalPaymentDetails(id), data: {} }).then(capture),
  };
}

/** How a PayPal payment ended: captured (the capture's result), cancelled on the page, or its window closed. */
export type PayPalEnd = { outcome: 'approved'; result: PayResult } | { outcome: 'cancelled' } | { outcome: 'closed' };

/** What {@link runPayPal} needs. */
export interface PayPalFlowDeps {
  /** The window opened at the click, before any request (Safari blocks one opened after an await; paypal-js #449). */
  popup: Window;
  orderId: string;
  calls: PayPalCalls;
  /**
   * Sends the capture exactly once (createPayment's `captureInWidget`: journalled; a lost reply is
   * settled from the order's charges, else PAYMENT_OUTCOME_UNKNOWN) and resolves with its result.
   */
  settle: (capture: () => Promise<Charge>) => Promise<PayResult>;
  /** The frame build's PayPal approval origin: the only sender of the approval page's message (undefined: none). */
  approvalOrigin: string | undefined;
  /** The frame's window: its `message` events and timers. */
  win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setInterval' | 'clearInterval'>;
  /** How often `popup.closed` is read, in milliseconds; default 250 (a closed window is noticed within 1 s; paypal-checkout-components #1468). */
  pollMs?: number;
}

/**
 * One PayPal payment in the already open `popup`: create the checkout, point the popup at its
 * approval page, wait for the page's message (from the PayPal approval origin, from that popup, for that
 * checkout) or for the popup to close, then capture an approval. A closed popup asks the provider
 * first (an approval whose message was lost is still captured), and otherwise cancels the checkout
 * so that nothing is charged later.
 * @throws the provider client's CashierError when create fails (the popup is closed) or the capture
 *   is refused; PAYMENT_OUTCOME_UNKNOWN when its outcome cannot be learnt (`deps.settle`).
 */
export async function runPayPal(deps: PayPalFlowDeps): Promise<PayPalEnd> {
  const { popup, calls } = deps;
  let checkout: PayPalCheckout;
  try {
    checkout = await calls.create(deps.orderId);
  } catch (error) {
    popup.close();
    throw error;
  }
  const { checkoutId } = checkout;
  if (!popup.closed) popup.location.href = checkout.approvalUrl;
  const answer = await new Promise<'approve' | 'cancel' | 'closed'>((resolve) => {
    const onMessage = (event: MessageEvent) => {
      const { data } = event;
      if (deps.approvalOrigin === undefined || event.origin !== deps.approvalOrigin) return;
      if (event.source !== popup || !isPayPalResultMessage(data)) return;
      if (data.checkoutId === checkoutId) done(data.outcome);
    };
    const timer = deps.win.setInterval(() => {
      if (popup.closed) done('closed');
    }, deps.pollMs ?? 250);
    const done = (outcome: 'approve' | 'cancel' | 'closed') => {
      deps.win.removeEventListener('message', onMessage);
      deps.win.clearInterval(timer);
      resolve(outcome);
    };
    deps.win.addEventListener('message', onMessage);
  });
  if (answer === 'cancel') return { outcome: 'cancelled' };
  if (answer === 'closed') {
    const now = await calls.details(checkoutId).catch(() => undefined);
    if (now?.status === 'CANCELLED') return { outcome: 'cancelled' };
    if (now?.status !== 'APPROVED' && now?.status !== 'CAPTURED') {
      await calls.cancel(checkoutId).catch(() => undefined);
      return { outcome: 'closed' };
    }
  }
  return { outcome: 'approved', result: await deps.settle(() => calls.capture(checkoutId)) };
}
