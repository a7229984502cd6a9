// @vitest-environment jsdom
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { type Charge, ProviderPaths as P } from '../../shared';
import { LOCAL_PAYMENT_RESULT_MESSAGE } from '../../shared/localMethods';
import { HOST, json, type Sent, serveProvider, setupHttpServer } from '../testing/httpWidget';
import { mountNow, mountWidget, PAYMENTS, WAIT } from '../testing/mountWidget';
import { popupDouble } from '../testing/payPalWindow';

// iDEAL, Bancontact and Klarna in the widget (issue 38), over HTTP (msw) through the real provider
// client: the choices' short lines in the first form; the buyer's click opens the popup before any
// request, one charge with one key, the page's message → the charge read → onPaymentResult once;
// pay() racing the approval is one payment; a lost charge reply is settled from the order's
// charges; a PENDING charge is watched until it settles, and found again by a reload.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const url = (path: string) => `${HOST}${path}`;
const PAGE = `${PAYMENTS}/local-payments/ch_l`;
const base = {
  id: 'ch_l',
  orderId: 'ord_1',
  amount: { amount: 5000, currency: 'EUR' },
  paymentMethod: 'IDEAL',
  createdAt: '2026-11-29T00:00:00Z',
};
const OPEN = { ...base, status: 'REQUIRES_ACTION', nextAction: { type: 'REDIRECT', url: PAGE } } as Charge;
const APPROVED_CHARGE = { ...base, status: 'APPROVED' } as Charge;
const PENDING_CHARGE = { ...base, status: 'PENDING' } as Charge;
const APPROVED = { status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_l' };
const PENDING = { status: 'PENDING', orderId: 'ord_1', chargeId: 'ch_l', paymentMethod: 'IDEAL' };

/** What the provider answers, in turn (the last repeats): the charge POSTs, the charge reads and the order's charges. */
interface Replies {
  create: Array<'lost' | Charge>;
  read: Charge[];
  charges: Charge[][];
}

const server = setupHttpServer();
const next = <T,>(list: T[]) => (list.length > 1 ? (list.shift() as T) : (list[0] as T));

function provider(replies: Replies): Sent[] {
  return serveProvider(server, [
    http.get(url(P.paymentMethodsByOrder('ord_1')), ({ request }) =>
      json(request, [
        { type: 'CARD', label: 'Card' },
        { type: 'IDEAL', label: 'iDEAL' },
        { type: 'KLARNA', label: 'Klarna' },
      ]),
    ),
    http.get(url(P.order('ord_1')), ({ request }) => json(request, { id: 'ord_1', status: 'AWAITING_PAYMENT' })),
    http.post(url(P.chargesByOrder('ord_1')), ({ request }) => {
      const reply = next(replies.create);
      return reply === 'lost' ? HttpResponse.error() : json(request, reply, 201);
    }),
    http.get(url(P.chargesByOrder('ord_1')), ({ request }) => json(request, next(replies.charges))),
    http.get(url(P.charge('ch_l')), ({ request }) => json(request, next(replies.read))),
    http.post(url(P.cancelCharge('ch_l')), ({ request }) =>
      json(request, { ...base, status: 'DECLINED', declineCode: 'authentication_abandoned' }),
    ),
  ]);
}

const creates = (log: Sent[]) => log.filter((e) => e.line === `POST ${P.chargesByOrder('ord_1')}`);
const buttonOf = (container: HTMLElement, text: RegExp) =>
  [...container.querySelectorAll('button')].find((b) => text.test(b.textContent ?? ''));

/** Mounts for ord_1 with the popup a double; chooses iDEAL once its panel shows. */
async function setup() {
  const popup = popupDouble();
  const events: string[] = [];
  vi.spyOn(window, 'open').mockImplementation(() => {
    events.push('open');
    return popup as unknown as Window;
  });
  const onPaymentResult = vi.fn();
  const { api, container } = await mountWidget({ onPaymentResult });
  await vi.waitFor(() => {
    const radio = container.querySelector<HTMLInputElement>('input[type=radio][value=IDEAL]');
    if (!radio?.checked) radio?.click();
    expect(buttonOf(container, /Pay with iDEAL/)).toBeTruthy();
  }, WAIT);
  return { api, container, popup, onPaymentResult, events };
}

/** The page's answer as the browser delivers it: from the popup, on the payments origin. */
function answer(outcome: string, source: unknown) {
  const event = new MessageEvent('message', {
    origin: PAYMENTS,
    data: { type: LOCAL_PAYMENT_RESULT_MESSAGE, chargeId: 'ch_l', outcome },
  });
  Object.defineProperty(event, 'source', { value: source });
  window.dispatchEvent(event);
}

describe('the local methods’ choices', () => {
  it('each shows its short line of what happens next, read with it (aria-describedby), in the first form', async () => {
    provider({ create: [OPEN], read: [APPROVED_CHARGE], charges: [[]] });
    const { container } = await mountNow();
    // The first form (the placeholder gone) already has the lines: they do not shift it later.
    await vi.waitFor(() => expect(container.querySelector('input[type=radio][value=IDEAL]')).toBeTruthy(), WAIT);
    const line = (type: string) => {
      const id = container.querySelector(`input[value=${type}]`)?.getAttribute('aria-describedby');
      return id ? container.ownerDocument.getElementById(id)?.textContent : undefined;
    };
    expect(line('IDEAL')).toBe("Pay in your bank's app or website. You come back here after.");
    expect(line('KLARNA')).toBe('Pay later in 30 days, or in 3 parts. You choose at Klarna.');
    expect(line('CARD')).toBeUndefined();
  });
});

describe('a redirect method in the widget', () => {
  it('the click opens the popup before any request; one charge; approved → onPaymentResult once, pay() resolves with it', async () => {
    const log = provider({ create: [OPEN], read: [APPROVED_CHARGE], charges: [[]] });
    const { api, container, popup, onPaymentResult, events } = await setup();
    const before = log.length;
    buttonOf(container, /Pay with iDEAL/)?.click();
    expect(events).toEqual(['open']);
    await vi.waitFor(() => expect(popup.location.href).toBe(PAGE), WAIT);
    expect(log.length).toBeGreaterThan(before);
    answer('approved', popup);
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(APPROVED), WAIT);
    await vi.waitFor(() => expect(container.textContent).toContain('Your payment is confirmed.'), WAIT);
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(APPROVED);
    expect(onPaymentResult).toHaveBeenCalledTimes(1);
    expect(creates(log)).toHaveLength(1);
  });

  it('pay() while the popup is open waits for it: one payment, onPaymentResult once', async () => {
    const log = provider({ create: [OPEN], read: [APPROVED_CHARGE], charges: [[]] });
    const { api, container, popup, onPaymentResult } = await setup();
    buttonOf(container, /Pay with iDEAL/)?.click();
    await vi.waitFor(() => expect(popup.location.href).toBe(PAGE), WAIT);
    const paying = api.pay({ orderId: 'ord_1' });
    answer('approved', popup);
    await expect(paying).resolves.toEqual(APPROVED);
    expect(creates(log)).toHaveLength(1);
    expect(log.some((e) => e.line.startsWith('POST') && e.line.includes('/cancel'))).toBe(false);
    expect(onPaymentResult).toHaveBeenCalledTimes(1);
  });

  it('pay() with no payment started: INVALID {}, nothing charged', async () => {
    const log = provider({ create: [OPEN], read: [APPROVED_CHARGE], charges: [[]] });
    const { api } = await setup();
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual({ status: 'INVALID', errors: {} });
    expect(creates(log)).toHaveLength(0);
  });

  it('a lost charge reply: the order’s charges show it made, the popup goes to its page; one charge', async () => {
    const log = provider({ create: ['lost'], read: [APPROVED_CHARGE], charges: [[OPEN]] });
    const { container, popup, onPaymentResult } = await setup();
    buttonOf(container, /Pay with iDEAL/)?.click();
    await vi.waitFor(() => expect(popup.location.href).toBe(PAGE), WAIT);
    answer('approved', popup);
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(APPROVED), WAIT);
    expect(creates(log)).toHaveLength(1);
  });

  it('the popup closed before an answer: the charge cancelled, nothing told, the button again', async () => {
    const log = provider({ create: [OPEN], read: [OPEN], charges: [[]] });
    const { container, popup, onPaymentResult } = await setup();
    buttonOf(container, /Pay with iDEAL/)?.click();
    await vi.waitFor(() => expect(popup.location.href).toBe(PAGE), WAIT);
    popup.closed = true;
    await vi.waitFor(() => expect(container.textContent).toContain('window was closed before you approved'), WAIT);
    expect(log.some((e) => e.line === `POST ${P.cancelCharge('ch_l')}`)).toBe(true);
    expect(onPaymentResult).not.toHaveBeenCalled();
    expect(buttonOf(container, /Pay with iDEAL/)).toBeTruthy();
  });
}, 20_000);

describe('a pending payment', () => {
  it('approve later: "Your bank is confirming…", pay() resolves PENDING; the watch reads it settled → onPaymentResult once', async () => {
    const log = provider({ create: [OPEN], read: [PENDING_CHARGE, PENDING_CHARGE, APPROVED_CHARGE], charges: [[]] });
    const { api, container, popup, onPaymentResult } = await setup();
    buttonOf(container, /Pay with iDEAL/)?.click();
    await vi.waitFor(() => expect(popup.location.href).toBe(PAGE), WAIT);
    answer('pending', popup);
    await vi.waitFor(() => expect(container.textContent).toContain('Your bank is confirming the payment.'), WAIT);
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(PENDING);
    expect(onPaymentResult).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(APPROVED), { timeout: 8000 });
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(APPROVED);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onPaymentResult).toHaveBeenCalledTimes(1);
    expect(creates(log)).toHaveLength(1);
  });

  it('a reload while pending: the mount finds it (no pay, no new charge), shows it and tells its outcome once', async () => {
    const log = provider({ create: [OPEN], read: [APPROVED_CHARGE], charges: [[PENDING_CHARGE]] });
    const onPaymentResult = vi.fn();
    const { api, container } = await mountWidget({ onPaymentResult });
    await vi.waitFor(() => expect(container.textContent).toContain('Your bank is confirming the payment.'), WAIT);
    expect(container.querySelector<HTMLInputElement>('input[value=IDEAL]')?.checked).toBe(true);
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(PENDING);
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(APPROVED), { timeout: 8000 });
    expect(onPaymentResult).toHaveBeenCalledTimes(1);
    expect(creates(log)).toHaveLength(0);
  });
}, 30_000);

describe('a redirect method: declined, blocked', () => {
  it('declined on the page: onPaymentResult once with the method’s words, shown in the panel; pay() resolves it', async () => {
    const declined = { ...base, status: 'DECLINED', declineCode: 'customer_declined' } as Charge;
    provider({ create: [OPEN], read: [declined], charges: [[]] });
    const { api, container, popup, onPaymentResult } = await setup();
    buttonOf(container, /Pay with iDEAL/)?.click();
    await vi.waitFor(() => expect(popup.location.href).toBe(PAGE), WAIT);
    const paying = api.pay({ orderId: 'ord_1' });
    answer('declined', popup);
    const words = 'iDEAL declined the payment, so nothing was charged. Choose another way to pay.';
    const result = { status: 'DECLINED', orderId: 'ord_1', chargeId: 'ch_l', declineCode: 'customer_declined', message: words };
    await expect(paying).resolves.toEqual(result);
    await vi.waitFor(() => expect(container.querySelector('[role=alert]')?.textContent).toBe(words), WAIT);
    expect(onPaymentResult).toHaveBeenCalledTimes(1);
    expect(onPaymentResult).toHaveBeenCalledWith(result);
  });

  it('a blocked popup: the message and "Open iDEAL", nothing charged; the next click opens it', async () => {
    const log = provider({ create: [OPEN], read: [APPROVED_CHARGE], charges: [[]] });
    const { container } = await setup();
    const open = vi.spyOn(window, 'open').mockReturnValueOnce(null);
    buttonOf(container, /Pay with iDEAL/)?.click();
    await vi.waitFor(
      () =>
        expect(container.querySelector('[role=alert]')?.textContent).toBe(
          'Your browser blocked the iDEAL window. Select Open iDEAL to try again.',
        ),
      WAIT,
    );
    expect(creates(log)).toHaveLength(0);
    buttonOf(container, /Open iDEAL/)?.click();
    expect(open).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(creates(log)).toHaveLength(1), WAIT);
  });
}, 20_000);
