// @vitest-environment jsdom
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { type Charge, ProviderPaths as P } from '../../shared';
import { HOST, json, type Sent, serveProvider, setupHttpServer } from '../testing/httpWidget';
import { mountWidget, WAIT } from '../testing/mountWidget';
import {
  APPROVAL,
  PAYPAL_APPROVED as APPROVED,
  answerPayPal,
  PAYPAL_CHARGE as CHARGE,
  choose,
  payPalButton,
  popupDouble,
} from '../testing/payPalWindow';

// PayPal exactly once (issue 25), over HTTP (msw) through the real provider client: a capture
// whose reply is lost is settled from the order's charges (a GET, retried by axios-retry), never
// reported as the network error; a new mount for an order PayPal paid resolves `pay` with that
// charge instead of charging a card.

// These flows run over HTTP (msw) and are awaited with vi.waitFor on the DOM, never inside act():
// React is told it is not in an act environment, so it does not warn of every update.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const url = (path: string) => `${HOST}${path}`;

/** What the provider answers: the captures (in turn, the last repeats) and the order's charges reads. */
interface Replies {
  capture: Array<'lost' | Charge>;
  charges: Array<'down' | Charge[]>;
}

const server = setupHttpServer();

/** The provider over msw ({@link serveProvider}: CORS for jsdom); returns its log of every request but the preflights. */
function provider(replies: Replies): Sent[] {
  const next = <T,>(list: T[]) => (list.length > 1 ? (list.shift() as T) : (list[0] as T));
  return serveProvider(server, [
    http.get(url(P.paymentMethodsByOrder('ord_1')), ({ request }) =>
      json(request, [
        { type: 'CARD', label: 'Card' },
        { type: 'PAYPAL', label: 'PayPal' },
      ]),
    ),
    http.get(url(P.order('ord_1')), ({ request }) => json(request, { id: 'ord_1', status: 'AWAITING_PAYMENT' })),
    http.post(url(P.payPalCheckoutCreate), ({ request }) =>
      json(request, { checkoutId: 'pp_1', orderId: 'ord_1', status: 'CREATED', approvalUrl: APPROVAL }),
    ),
    http.post(url(P.payPalPaymentDetails('pp_1')), ({ request }) => {
      const reply = next(replies.capture);
      return reply === 'lost' ? HttpResponse.error() : json(request, reply);
    }),
    http.get(url(P.chargesByOrder('ord_1')), ({ request }) => {
      const reply = next(replies.charges);
      return reply === 'down' ? json(request, {}, 503) : json(request, reply);
    }),
  ]);
}

/** Mounts the widget for ord_1; `method` chosen once the choices show. */
async function setup(method: 'PAYPAL' | 'CARD') {
  const popup = popupDouble();
  vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  const onPaymentResult = vi.fn();
  const { api, container } = await mountWidget({ onPaymentResult });
  await choose(container, method);
  return { api, container, popup, onPaymentResult };
}

/** Clicks "Pay with PayPal" and approves on the page (its message from the popup, on the PayPal origin). */
async function approve(container: HTMLElement, popup: { location: { href: string } }) {
  payPalButton(container)?.click();
  await vi.waitFor(() => expect(popup.location.href).toBe(APPROVAL), WAIT);
  answerPayPal('approve', popup);
}

const captures = (log: Sent[]) => log.filter((e) => e.line === `POST ${P.payPalPaymentDetails('pp_1')}`);
const reads = (log: Sent[]) => log.filter((e) => e.line === `GET ${P.chargesByOrder('ord_1')}`);
const charged = (log: Sent[]) => log.filter((e) => e.line.startsWith('POST') && /charge|token/i.test(e.line));

describe('PayPal: a capture whose reply is lost (issue 25, the card path rule)', () => {
  it('the order’s charges show it captured: APPROVED to onPaymentResult and pay(), one capture sent', async () => {
    const log = provider({ capture: ['lost'], charges: [[CHARGE]] });
    const { api, container, popup, onPaymentResult } = await setup('PAYPAL');
    await approve(container, popup);
    const paying = api.pay({ orderId: 'ord_1' });
    await expect(paying).resolves.toEqual(APPROVED);
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(APPROVED), WAIT);
    expect(captures(log)).toHaveLength(1);
    expect(charged(log)).toEqual([]);
  });

  it('the charges list none: the capture is sent once more (the provider answers it with the same charge)', async () => {
    const log = provider({ capture: ['lost', CHARGE], charges: [[]] });
    const { api, container, popup, onPaymentResult } = await setup('PAYPAL');
    await approve(container, popup);
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(APPROVED), WAIT);
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(APPROVED);
    expect(captures(log)).toHaveLength(2);
  });

  it('the charges cannot be read (503 through the retries): PAYMENT_OUTCOME_UNKNOWN with the orderId; pay reads them until they tell', async () => {
    const replies: Replies = { capture: ['lost'], charges: ['down'] };
    const log = provider(replies);
    const { api, container, popup, onPaymentResult } = await setup('PAYPAL');
    await approve(container, popup);
    await vi.waitFor(
      () => expect(container.querySelector('[role=alert]')?.textContent).toContain('could not confirm your payment'),
      {
        timeout: 3000,
      },
    );
    expect(reads(log)).toHaveLength(3); // GET retried twice (spec 9)
    await expect(api.pay({ orderId: 'ord_1' })).rejects.toMatchObject({
      code: 'PAYMENT_OUTCOME_UNKNOWN',
      details: { orderId: 'ord_1' },
    });
    expect(onPaymentResult).not.toHaveBeenCalled();
    replies.charges = [[CHARGE]];
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(APPROVED);
    expect(captures(log)).toHaveLength(1);
    expect(charged(log)).toEqual([]);
  });
}, 20_000);

describe('PayPal: a new mount for an order PayPal paid (a reload)', () => {
  it('pay() with the card chosen resolves with the PayPal charge; nothing tokenized or charged', async () => {
    const log = provider({ capture: [CHARGE], charges: [[CHARGE]] });
    const { api } = await setup('CARD');
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(APPROVED);
    expect(reads(log)).toHaveLength(1);
    expect(charged(log)).toEqual([]);
  });

  it('pay() with PayPal chosen (not started in this mount) resolves with the PayPal charge too', async () => {
    provider({ capture: [CHARGE], charges: [[CHARGE]] });
    const { api } = await setup('PAYPAL');
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(APPROVED);
  });
}, 20_000);
