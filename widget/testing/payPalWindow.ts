import { expect, type Mock, vi } from 'vitest';
import { PAYPAL_APPROVAL_PATH, PAYPAL_RESULT_MESSAGE, type PayPalOutcome } from '../../shared/payPal';
import { approvedCharge } from './httpWidget';
import { PAYPAL, WAIT } from './mountWidget';

/**
 * What the PayPal unit tests share (issue 25): the checkout `pp_1` of `ord_1` and its approval page
 * on PAYPAL, the charge its capture settles with, the PayPal window as a test double, the panel's
 * button and the approval page's message. They drive a widget mounted with `mountWidget` outside
 * React's act environment and wait on the DOM with `vi.waitFor`.
 */

/** The approval page of the checkout `pp_1`, on the frame build's PayPal origin. */
export const APPROVAL = `${PAYPAL}${PAYPAL_APPROVAL_PATH}/pp_1`;

/** The PAYPAL charge that settles `ord_1`, and the result the widget reports for it. */
export const PAYPAL_CHARGE = approvedCharge({ id: 'ch_pp', paymentMethod: 'PAYPAL' });
export const PAYPAL_APPROVED = { status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_pp' };

/** A PayPal window double: where it was sent, whether it is closed (`close` closes it), its focus calls. */
export interface PopupDouble {
  closed: boolean;
  location: { href: string };
  close: Mock<(this: { closed: boolean }) => void>;
  focus: Mock<() => void>;
}

/** A new {@link PopupDouble}, open and nowhere yet. */
export function popupDouble(): PopupDouble {
  return {
    closed: false,
    location: { href: '' },
    close: vi.fn(function (this: { closed: boolean }) {
      this.closed = true;
    }),
    focus: vi.fn(),
  };
}

/** The panel's button ("Pay with PayPal", "Open PayPal", in any language) in `container`. */
export const payPalButton = (container: HTMLElement | undefined) =>
  [...(container?.querySelectorAll('button') ?? [])].find((b) => /PayPal/.test(b.textContent ?? ''));

/**
 * Chooses `method` once the order's choices show (the card is chosen first); resolves once it is
 * chosen and, for PAYPAL, once the panel's button shows (its chunk and catalog loaded).
 */
export const choose = (container: HTMLElement, method: 'PAYPAL' | 'CARD') =>
  vi.waitFor(() => {
    const radio = container.querySelector<HTMLInputElement>(`input[type=radio][value=${method}]`);
    if (!radio?.checked) radio?.click();
    expect(radio?.checked).toBe(true);
    if (method === 'PAYPAL') expect(payPalButton(container)).toBeTruthy();
  }, WAIT);

/** The approval page's answer for `pp_1`, as the browser delivers its message: from `source`, on `origin`. */
export function answerPayPal(outcome: PayPalOutcome, source: unknown, origin = PAYPAL): void {
  const data = { type: PAYPAL_RESULT_MESSAGE, checkoutId: 'pp_1', outcome };
  const event = new MessageEvent('message', { origin, data });
  Object.defineProperty(event, 'source', { value: source });
  window.dispatchEvent(event);
}
