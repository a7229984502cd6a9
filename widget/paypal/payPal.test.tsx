// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type CashierWidgetProps,
  type Charge,
  ProviderPaths as P,
  type ProviderClient,
  type ProviderRequest,
} from '../../shared';
import { mount } from '../index';

// PayPal in the widget (issue 25), with the PayPal window as a test double: the click opens it
// before any request, create → the approval page, the page's message → capture → the result to
// onPaymentResult and pay(); cancel, a closed window and a blocked one charge nothing.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const HOST = 'https://api.example';
/** The frame build's PayPal approval origin (`payPalOrigin`): not `host`'s (review M3). */
const PAYPAL = 'https://paypal.example';
const APPROVAL = `${PAYPAL}/paypal/approve/pp_1`;
const CHARGE: Charge = {
  id: 'ch_pp',
  orderId: 'ord_1',
  status: 'APPROVED',
  amount: { amount: 100, currency: 'EUR' },
  paymentMethod: 'PAYPAL',
  createdAt: '',
};

/** A PayPal window double: where it was sent, whether it is closed. */
function popupDouble() {
  return {
    closed: false,
    location: { href: '' },
    close: vi.fn(function (this: { closed: boolean }) {
      this.closed = true;
    }),
    focus: vi.fn(),
  };
}

let container: HTMLElement | undefined;
afterEach(() => {
  container?.remove();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

/**
 * Mounts the widget for ord_1 (card and PayPal offered) in `locale`; `status` is what payment
 * details GET answers. Resolves once the panel's button shows.
 */
async function setup(
  popup: ReturnType<typeof popupDouble> | null = popupDouble(),
  status = 'CREATED',
  locale = 'en',
  approvalUrl = APPROVAL,
) {
  const events: string[] = [];
  const open = vi.spyOn(window, 'open').mockImplementation(() => {
    events.push('open');
    return popup as unknown as Window;
  });
  const request = vi.fn(async (config: ProviderRequest): Promise<unknown> => {
    events.push(`${config.method} ${config.path}`);
    if (config.path === P.paymentMethodsByOrder('ord_1'))
      return [
        { type: 'CARD', label: 'Card' },
        { type: 'PAYPAL', label: 'PayPal' },
      ];
    if (config.path === P.order('ord_1')) return { id: 'ord_1', status: 'AWAITING_PAYMENT' };
    if (config.path === P.payPalCheckoutCreate) return { checkoutId: 'pp_1', orderId: 'ord_1', status: 'CREATED', approvalUrl };
    if (config.path === P.payPalPaymentDetails('pp_1'))
      return config.method === 'post' ? CHARGE : { checkoutId: 'pp_1', status, approvalUrl };
    if (config.path === P.payPalCheckoutUpdate('pp_1')) return { checkoutId: 'pp_1', status: 'CANCELLED', approvalUrl };
    if (config.path === P.chargesByOrder('ord_1')) return [];
    throw new Error(`unexpected ${config.path}`);
  });
  const providerClient = {
    request,
    vault: { origin: undefined, request },
    getWidgetSettings: vi.fn(),
  } as unknown as ProviderClient;
  const onPaymentResult = vi.fn();
  const props: CashierWidgetProps = {
    host: HOST,
    configuration: { appInstance: 'tok' },
    theme: 'inline',
    debug: false,
    settings: { widgetStaticsBaseUrl: 'https://s.example' },
    providerClient,
    payPalOrigin: PAYPAL,
    orderId: 'ord_1',
    onApiInit: vi.fn(),
    onCrash: vi.fn(),
    onPaymentResult,
    locale,
  };
  container = document.body.appendChild(document.createElement('div'));
  const root = container;
  let instance: ReturnType<typeof mount> | undefined;
  await act(async () => {
    instance = mount(root, props);
  });
  await act(async () => {}); // the methods, then the PayPal chunk
  const api = vi.mocked(props.onApiInit).mock.calls[0]?.[0] as { pay(input: unknown): Promise<unknown> };
  // Chosen once the form shows in its language (another language's catalog first loads).
  await vi.waitFor(async () => {
    const radio = root.querySelector<HTMLInputElement>('input[type=radio][value=PAYPAL]');
    if (!radio?.checked) await act(async () => radio?.click());
    expect(button()).toBeTruthy();
  });
  return { events, open, request, onPaymentResult, api, popup, props, instance: instance as ReturnType<typeof mount> };
}

const button = () => [...(container?.querySelectorAll('button') ?? [])].find((b) => /PayPal/.test(b.textContent ?? ''));
const alertText = () => container?.querySelector('[role=alert]')?.textContent;
const click = () => act(async () => button()?.click());
/** The approval page's message, as the browser delivers it (`origin`, `source`). */
const answer = (outcome: string, source: unknown, origin = PAYPAL) =>
  act(async () => {
    const event = new MessageEvent('message', { origin, data: { type: 'cashier:paypal-result', checkoutId: 'pp_1', outcome } });
    Object.defineProperty(event, 'source', { value: source });
    window.dispatchEvent(event);
  });
const requested = (events: string[], path: string) => events.filter((e) => e.endsWith(path));

describe('PayPal in the widget', () => {
  it('PAYPAL is a choice; its click opens the window before any request, then sends it to the approval page', async () => {
    const { events, popup } = await setup();
    expect(button()?.textContent).toBe('Pay with PayPal');
    const before = events.length;
    await click();
    expect(events.slice(before)[0]).toBe('open');
    expect(events.slice(before)[1]).toBe(`post ${P.payPalCheckoutCreate}`);
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL));
  });

  it('approve → capture → APPROVED to onPaymentResult, and pay() for the order resolves with it, charging nothing', async () => {
    const { events, popup, onPaymentResult, api } = await setup();
    await click();
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL));
    await answer('approve', {}); // another window's message: ignored
    await answer('approve', popup, 'https://evil.example'); // another origin: ignored
    await answer('approve', popup, HOST); // the page's choice of host: not the PayPal origin, ignored (review M3)
    expect(requested(events, `post ${P.payPalPaymentDetails('pp_1')}`)).toEqual([]);
    await answer('approve', popup);
    const approved = { status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_pp' };
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(approved));
    expect(container?.textContent).toContain('PayPal approved your payment.');
    // Even with the card chosen again: the order is paid.
    await act(async () => container?.querySelector<HTMLInputElement>('input[type=radio][value=CARD]')?.click());
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(approved);
    expect(events.filter((e) => e.startsWith('post') && e.includes('/charges'))).toEqual([]);
  });

  it('pay() while the PayPal window is open waits for it: one capture, one result', async () => {
    const { events, popup, api } = await setup();
    await click();
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL));
    const paying = api.pay({ orderId: 'ord_1' });
    await answer('approve', popup);
    await expect(paying).resolves.toMatchObject({ status: 'APPROVED', chargeId: 'ch_pp' });
    expect(requested(events, `post ${P.payPalPaymentDetails('pp_1')}`)).toHaveLength(1);
  });

  it('pay() with PayPal chosen and not started: INVALID, nothing sent', async () => {
    const { api, events } = await setup();
    const before = events.length;
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual({ status: 'INVALID', errors: {} });
    expect(events.slice(before).filter((e) => e.startsWith('post'))).toEqual([]);
  });

  it('cancel on the page: nothing captured, a message, the button again', async () => {
    const { events, popup, onPaymentResult } = await setup();
    await click();
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL));
    await answer('cancel', popup);
    await vi.waitFor(() => expect(alertText()).toContain('You cancelled the PayPal payment'));
    expect(button()?.textContent).toBe('Pay with PayPal');
    expect(requested(events, `post ${P.payPalPaymentDetails('pp_1')}`)).toEqual([]);
    expect(onPaymentResult).not.toHaveBeenCalled();
  });

  it('the window closed by the buyer is noticed within 1 s: the checkout cancelled, nothing captured', async () => {
    const { events, popup } = await setup();
    await click();
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL));
    const closedAt = Date.now();
    if (popup) popup.closed = true;
    await vi.waitFor(() => expect(alertText()).toContain('The PayPal window was closed'), { timeout: 1000 });
    expect(Date.now() - closedAt).toBeLessThan(1000);
    expect(requested(events, `patch ${P.payPalCheckoutUpdate('pp_1')}`)).toHaveLength(1);
    expect(requested(events, `post ${P.payPalPaymentDetails('pp_1')}`)).toEqual([]);
  });

  it('a window closed after an approval whose message was lost is still captured (the provider says APPROVED)', async () => {
    const { events, popup, onPaymentResult } = await setup(popupDouble(), 'APPROVED');
    await click();
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL));
    if (popup) popup.closed = true;
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(expect.objectContaining({ status: 'APPROVED' })));
    expect(requested(events, `patch ${P.payPalCheckoutUpdate('pp_1')}`)).toEqual([]);
  });

  it('a blocked window: a message and "Open PayPal", which opens it on the next click; nothing sent before', async () => {
    const { events, open } = await setup(null);
    await click();
    expect(alertText()).toContain('Your browser blocked the PayPal window');
    expect(button()?.textContent).toBe('Open PayPal');
    expect(requested(events, P.payPalCheckoutCreate)).toEqual([]);
    open.mockImplementation(() => popupDouble() as unknown as Window);
    await click();
    expect(open).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(requested(events, P.payPalCheckoutCreate)).toHaveLength(1));
  });

  it('the window has no name a page could look up (review M3): `_blank`, with its opener for the message', async () => {
    const { open } = await setup();
    await click();
    expect(open).toHaveBeenCalledTimes(1);
    const [url, target, features] = open.mock.calls[0] ?? [];
    expect([url, target]).toEqual(['', '_blank']);
    expect(String(features)).toMatch(/^popup,/);
    expect(String(features)).not.toMatch(/noopener|noreferrer/);
  });

  it('the window the panel opened is kept: still open at the next click, it is used again (focused), not opened anew', async () => {
    const { open, popup } = await setup();
    await click();
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL));
    await answer('cancel', popup); // the double stays open, as a page that did not close itself
    await vi.waitFor(() => expect(button()?.textContent).toBe('Pay with PayPal'));
    if (popup) popup.location.href = '';
    await click();
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL));
    expect(open).toHaveBeenCalledTimes(1);
    expect(popup?.focus).toHaveBeenCalledTimes(1);
  });

  it("an approval page on `host` (the page's choice), not the PayPal origin: the window is never sent there and closes; nothing charged (review M3)", async () => {
    const { events, popup, onPaymentResult } = await setup(popupDouble(), 'CREATED', 'en', `${HOST}/paypal/approve/pp_1`);
    await click();
    await vi.waitFor(() => expect(alertText()).toContain('The PayPal payment could not be completed'));
    expect(popup?.location.href).toBe('');
    expect(popup?.closed).toBe(true);
    expect(requested(events, `post ${P.payPalPaymentDetails('pp_1')}`)).toEqual([]);
    expect(onPaymentResult).not.toHaveBeenCalled();
  });

  it("in the buyer's language from its first show (its own catalog, loaded with the chunk); a language change switches it", async () => {
    const shown = new Set<string>(); // every text the button had: no English before the German
    const watch = new MutationObserver(() => shown.add(button()?.textContent ?? ''));
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    const { popup, instance } = await setup(popupDouble(), 'CREATED', 'de');
    watch.disconnect();
    expect(button()?.textContent).toBe('Mit PayPal bezahlen');
    expect([...shown].filter(Boolean)).toEqual(['Mit PayPal bezahlen']);
    await act(async () => instance.update?.({ locale: 'fr' }));
    await vi.waitFor(async () => {
      await act(async () => undefined);
      expect(button()?.textContent).toBe('Payer avec PayPal');
    });
    await click();
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL));
    await answer('cancel', popup);
    await vi.waitFor(() => expect(alertText()).toContain('Vous avez annulé le paiement PayPal'));
  });
});
