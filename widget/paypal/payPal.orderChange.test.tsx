// @vitest-environment jsdom
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { type Charge, ProviderPaths as P } from '../../shared';
import { HOST, json, mountOverHttp, PAYPAL, serveProvider, setupHttpServer, WAIT } from '../testing/httpWidget';

// PayPal across an order change: the buyer paid ord_1 with PayPal,
// the host moves the widget to ord_2 with update({ orderId }). A pay() for ord_2 with PayPal
// chosen is ord_2's own (INVALID until the buyer pays it with the PayPal button), never ord_1's
// PayPal result: that would tell the host ord_2 is paid when nothing charged it.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const APPROVAL = `${PAYPAL}/paypal/approve/pp_1`;
const CHARGE: Charge = {
  id: 'ch_pp',
  orderId: 'ord_1',
  status: 'APPROVED',
  amount: { amount: 100, currency: 'EUR' },
  paymentMethod: 'PAYPAL',
  createdAt: '2025-01-01T00:00:00Z',
};
const APPROVED_1 = { status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_pp' };

const server = setupHttpServer();

let container: HTMLElement | undefined;
/** The provider: both orders offer the card and PayPal; ord_1's PayPal checkout captures CHARGE; ord_2 has no charge. */
function provider() {
  const both = [
    { type: 'CARD', label: 'Card' },
    { type: 'PAYPAL', label: 'PayPal' },
  ];
  return serveProvider(server, [
    ...['ord_1', 'ord_2'].flatMap((orderId) => [
      http.get(`${HOST}${P.paymentMethodsByOrder(orderId)}`, ({ request }) => json(request, both)),
      http.get(`${HOST}${P.order(orderId)}`, ({ request }) => json(request, { id: orderId, status: 'AWAITING_PAYMENT' })),
    ]),
    http.post(`${HOST}${P.payPalCheckoutCreate}`, ({ request }) =>
      json(request, { checkoutId: 'pp_1', orderId: 'ord_1', status: 'CREATED', approvalUrl: APPROVAL }),
    ),
    http.post(`${HOST}${P.payPalPaymentDetails('pp_1')}`, ({ request }) => json(request, CHARGE)),
    http.get(`${HOST}${P.chargesByOrder('ord_1')}`, ({ request }) => json(request, [CHARGE])),
    http.get(`${HOST}${P.chargesByOrder('ord_2')}`, ({ request }) => json(request, [])),
  ]);
}

const payPalButton = () => [...(container?.querySelectorAll('button') ?? [])].find((b) => /PayPal/.test(b.textContent ?? ''));
/** Chooses PayPal once the order's choices show (the card is chosen first). */
const choosePayPal = () =>
  vi.waitFor(() => {
    const radio = container?.querySelector<HTMLInputElement>('input[type=radio][value=PAYPAL]');
    if (!radio?.checked) radio?.click();
    expect(radio?.checked).toBe(true);
  }, WAIT);

describe('PayPal after update({ orderId })', () => {
  it("pay() for the new order with PayPal chosen is not the previous order's PayPal result", async () => {
    const log = provider();
    const popup = { closed: false, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    const onPaymentResult = vi.fn();
    container = document.body.appendChild(document.createElement('div'));
    const { api, instance } = await mountOverHttp(container, { onPaymentResult });

    // ord_1 paid with PayPal: the button, the approval page's message, the capture.
    await choosePayPal();
    await vi.waitFor(() => expect(payPalButton()).toBeTruthy(), WAIT);
    payPalButton()?.click();
    await vi.waitFor(() => expect(popup.location.href).toBe(APPROVAL), WAIT);
    const event = new MessageEvent('message', {
      origin: PAYPAL,
      data: { type: 'cashier:paypal-result', checkoutId: 'pp_1', outcome: 'approve' },
    });
    Object.defineProperty(event, 'source', { value: popup });
    window.dispatchEvent(event);
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(APPROVED_1), WAIT);
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(APPROVED_1);

    // The host moves the widget to ord_2; PayPal chosen again, not started for ord_2.
    await instance.update?.({ orderId: 'ord_2' });
    await vi.waitFor(() => expect(log.map((sent) => sent.line)).toContain(`GET ${P.paymentMethodsByOrder('ord_2')}`), WAIT);
    await choosePayPal();
    const result = await api.pay({ orderId: 'ord_2' });
    expect(result, "ord_1's PayPal result").not.toMatchObject({ status: 'APPROVED' });
    expect(result).toEqual({ status: 'INVALID', errors: {} });
    expect(onPaymentResult).toHaveBeenCalledTimes(1);
  }, 20_000);
});
