// @vitest-environment jsdom
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CashierWidgetProps, type Charge, createProviderClient, ProviderPaths as P } from '../../shared';
import { mount } from '../index';

// PayPal exactly once (issue 25), over HTTP (msw) through the real provider client: a capture
// whose reply is lost is settled from the order's charges (a GET, retried by axios-retry), never
// reported as the network error; a new mount for an order PayPal paid resolves `pay` with that
// charge instead of charging a card.

// These flows run over HTTP (msw) and are awaited with vi.waitFor on the DOM, not inside act():
// React is told it is not in an act environment, so it does not warn of every update.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const HOST = 'https://api.example';
const url = (path: string) => `${HOST}${path}`;
const APPROVAL = url('/paypal/approve/pp_1');
const CHARGE: Charge = {
  id: 'ch_pp',
  orderId: 'ord_1',
  status: 'APPROVED',
  amount: { amount: 100, currency: 'EUR' },
  paymentMethod: 'PAYPAL',
  createdAt: '2025-01-01T00:00:00Z',
};
const APPROVED = { status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_pp' };

/** What the provider answers: the captures (in turn, the last repeats) and the order's charges reads. */
interface Replies {
  capture: Array<'lost' | Charge>;
  charges: Array<'down' | Charge[]>;
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

let container: HTMLElement | undefined;
afterEach(() => {
  container?.remove();
  sessionStorage.clear();
  server.resetHandlers();
  vi.restoreAllMocks();
});

/** A JSON reply with the CORS headers jsdom's XHR asks for. */
const json = (request: Request, body: unknown, status = 200) =>
  HttpResponse.json(body as object, { status, headers: { 'Access-Control-Allow-Origin': request.headers.get('origin') ?? '*' } });

/** The provider over msw (CORS for jsdom): every request but the preflight logged as `METHOD path`. */
function provider(replies: Replies) {
  const log: string[] = [];
  const next = <T,>(list: T[]) => (list.length > 1 ? (list.shift() as T) : (list[0] as T));
  server.use(
    http.options(`${HOST}/*`, ({ request }) =>
      HttpResponse.text(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': request.headers.get('origin') ?? '*',
          'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key',
          'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE',
        },
      }),
    ),
    http.all(`${HOST}/*`, ({ request }) => void log.push(`${request.method} ${new URL(request.url).pathname}`)),
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
    http.all(`${HOST}/*`, ({ request }) => json(request, {}, 404)),
  );
  return log;
}

/** Mounts the widget for ord_1; `method` chosen once the choices show. */
async function setup(method: 'PAYPAL' | 'CARD') {
  const popup = { closed: false, location: { href: '' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  const onPaymentResult = vi.fn();
  const props: CashierWidgetProps = {
    host: HOST,
    configuration: { appInstance: 'tok' },
    theme: 'inline',
    debug: false,
    settings: { widgetStaticsBaseUrl: 'https://s.example' },
    providerClient: createProviderClient({ host: HOST, getAppInstance: () => 'tok' }),
    payPalOrigin: HOST, // the reference provider's approval page is on its API origin, the frame build's PayPal origin
    orderId: 'ord_1',
    onApiInit: vi.fn(),
    onCrash: vi.fn(),
    onPaymentResult,
    locale: 'en',
  };
  container = document.body.appendChild(document.createElement('div'));
  const root = container;
  await act(async () => void mount(root, props));
  await vi.waitFor(async () => {
    const radio = root.querySelector<HTMLInputElement>(`input[type=radio][value=${method}]`);
    if (!radio?.checked) await act(async () => radio?.click());
    expect(radio?.checked).toBe(true);
    if (method === 'PAYPAL') expect(button()).toBeTruthy();
  });
  const api = vi.mocked(props.onApiInit).mock.calls[0]?.[0] as { pay(input: unknown): Promise<unknown> };
  return { api, popup, onPaymentResult };
}

const button = () => [...(container?.querySelectorAll('button') ?? [])].find((b) => /PayPal/.test(b.textContent ?? ''));

/** Clicks "Pay with PayPal" and approves on the page (its message from the popup, on the provider origin). */
async function approve(popup: { location: { href: string } }) {
  await act(async () => button()?.click());
  await vi.waitFor(() => expect(popup.location.href).toBe(APPROVAL));
  await act(async () => {
    const data = { type: 'cashier:paypal-result', checkoutId: 'pp_1', outcome: 'approve' };
    const event = new MessageEvent('message', { origin: HOST, data });
    Object.defineProperty(event, 'source', { value: popup });
    window.dispatchEvent(event);
  });
}

const captures = (log: string[]) => log.filter((e) => e === `POST ${P.payPalPaymentDetails('pp_1')}`);
const reads = (log: string[]) => log.filter((e) => e === `GET ${P.chargesByOrder('ord_1')}`);
const charged = (log: string[]) => log.filter((e) => e.startsWith('POST') && /charge|token/i.test(e));

describe('PayPal: a capture whose reply is lost (issue 25, the card path rule)', () => {
  it('the order’s charges show it captured: APPROVED to onPaymentResult and pay(), one capture sent', async () => {
    const log = provider({ capture: ['lost'], charges: [[CHARGE]] });
    const { api, popup, onPaymentResult } = await setup('PAYPAL');
    await approve(popup);
    const paying = api.pay({ orderId: 'ord_1' });
    await expect(paying).resolves.toEqual(APPROVED);
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(APPROVED));
    expect(captures(log)).toHaveLength(1);
    expect(charged(log)).toEqual([]);
  });

  it('the charges list none: the capture is sent once more (the provider answers it with the same charge)', async () => {
    const log = provider({ capture: ['lost', CHARGE], charges: [[]] });
    const { api, popup, onPaymentResult } = await setup('PAYPAL');
    await approve(popup);
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(APPROVED));
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(APPROVED);
    expect(captures(log)).toHaveLength(2);
  });

  it('the charges cannot be read (503 through the retries): PAYMENT_OUTCOME_UNKNOWN with the orderId; pay reads them until they tell', async () => {
    const replies: Replies = { capture: ['lost'], charges: ['down'] };
    const log = provider(replies);
    const { api, popup, onPaymentResult } = await setup('PAYPAL');
    await approve(popup);
    await vi.waitFor(
      () => expect(container?.querySelector('[role=alert]')?.textContent).toContain('could not confirm your payment'),
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
});

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
});
