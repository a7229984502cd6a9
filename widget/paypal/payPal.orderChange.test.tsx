// @vitest-environment jsdom
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ProviderPaths as P } from '../../shared';
import { HOST, json, serveProvider, setupHttpServer, WAIT } from '../testing/httpWidget';
import { mountWidget } from '../testing/mountWidget';
import {
  APPROVAL,
  PAYPAL_APPROVED as APPROVED_1,
  answerPayPal,
  choose,
  PAYPAL_CHARGE,
  payPalButton,
  popupDouble,
} from '../testing/payPalWindow';

// PayPal across an order change: the buyer paid ord_1 with PayPal,
// the host moves the widget to ord_2 with update({ orderId }). A pay() for ord_2 with PayPal
// chosen is ord_2's own (INVALID until the buyer pays it with the PayPal button), never ord_1's
// PayPal result: that would tell the host ord_2 is paid when nothing charged it.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const server = setupHttpServer();

/** The provider: both orders offer the card and PayPal; ord_1's PayPal checkout captures PAYPAL_CHARGE; ord_2 has no charge. */
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
    http.post(`${HOST}${P.payPalPaymentDetails('pp_1')}`, ({ request }) => json(request, PAYPAL_CHARGE)),
    http.get(`${HOST}${P.chargesByOrder('ord_1')}`, ({ request }) => json(request, [PAYPAL_CHARGE])),
    http.get(`${HOST}${P.chargesByOrder('ord_2')}`, ({ request }) => json(request, [])),
  ]);
}

describe('PayPal after update({ orderId })', () => {
  it("pay() for the new order with PayPal chosen is not the previous order's PayPal result", async () => {
    const log = provider();
    const popup = popupDouble();
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    const onPaymentResult = vi.fn();
    const { api, container, update } = await mountWidget({ onPaymentResult });

    // ord_1 paid with PayPal: the button, the approval page's message, the capture.
    await choose(container, 'PAYPAL');
    payPalButton(container)?.click();
    await vi.waitFor(() => expect(popup.location.href).toBe(APPROVAL), WAIT);
    answerPayPal('approve', popup);
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(APPROVED_1), WAIT);
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(APPROVED_1);

    // The host moves the widget to ord_2; PayPal chosen again, not started for ord_2.
    await update({ orderId: 'ord_2' });
    await vi.waitFor(() => expect(log.map((sent) => sent.line)).toContain(`GET ${P.paymentMethodsByOrder('ord_2')}`), WAIT);
    await choose(container, 'PAYPAL');
    const result = await api.pay({ orderId: 'ord_2' });
    expect(result, "ord_1's PayPal result").not.toMatchObject({ status: 'APPROVED' });
    expect(result).toEqual({ status: 'INVALID', errors: {} });
    expect(onPaymentResult).toHaveBeenCalledTimes(1);
  }, 20_000);
});
