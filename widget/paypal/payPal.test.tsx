// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { type Charge, ProviderPaths as P, type ProviderRequest } from '../../shared';
import { FINISHING, HOLD_EXPIRED } from '../HoldNotice';
import { english } from '../testing/english';
import { fakeProviderClient, HOST, mountWidget, WAIT } from '../testing/mountWidget';
import { APPROVAL, answerPayPal as answer, choose, PAYPAL_CHARGE, payPalButton, popupDouble } from '../testing/payPalWindow';

// PayPal in the widget (issue 25), with the PayPal window as a test double: the click opens it
// before any request, create → the approval page, the page's message → capture → the result to
// onPaymentResult and pay(); cancel, a closed window and a blocked one charge nothing.

// Outside React's act environment, as in a browser: the PayPal chunk, its catalog, the provider's
// replies and the window's close poll update the widget on their own time, and each test waits for
// what it checks on the DOM with vi.waitFor (no act anywhere, so React warns of nothing).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

let container: HTMLElement | undefined;

/**
 * Mounts the widget for ord_1 (card and PayPal offered) in `locale`; `status` is what payment
 * details GET answers. Resolves once PayPal is chosen and the panel's button shows.
 */
async function setup(
  popup: ReturnType<typeof popupDouble> | null = popupDouble(),
  status = 'CREATED',
  locale = 'en',
  approvalUrl = APPROVAL,
  { captured = PAYPAL_CHARGE as Charge, holdExpiresAt = undefined as string | undefined } = {},
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
    if (config.path === P.order('ord_1')) return { id: 'ord_1', status: 'AWAITING_PAYMENT', holdExpiresAt };
    if (config.path === P.payPalCheckoutCreate) return { checkoutId: 'pp_1', orderId: 'ord_1', status: 'CREATED', approvalUrl };
    if (config.path === P.payPalPaymentDetails('pp_1'))
      return config.method === 'post' ? captured : { checkoutId: 'pp_1', status, approvalUrl };
    if (config.path === P.payPalCheckoutUpdate('pp_1')) return { checkoutId: 'pp_1', status: 'CANCELLED', approvalUrl };
    if (config.path === P.chargesByOrder('ord_1')) return [];
    throw new Error(`unexpected ${config.path}`);
  });
  const onPaymentResult = vi.fn();
  const onHoldExpired = vi.fn();
  const providerClient = fakeProviderClient(request, undefined);
  const mounted = await mountWidget({ providerClient, onPaymentResult, onHoldExpired, locale });
  container = mounted.container;
  // Chosen once the form shows in its language (another language's catalog first loads).
  await choose(mounted.container, 'PAYPAL');
  return { events, open, request, onPaymentResult, onHoldExpired, api: mounted.api, popup, update: mounted.update };
}

const button = () => payPalButton(container);
const alertText = () => container?.querySelector('[role=alert]')?.textContent;
/** The buyer's click on the panel's button: its handler (window.open, the create request) runs before it returns; what it renders shows later. */
const click = () => button()?.click();
/** Lets what the widget does next on its own (the provider's replies, promise chains) run: a turn of the event loop. */
const aTurn = () => new Promise((resolve) => setTimeout(resolve, 0));
const requested = (events: string[], path: string) => events.filter((e) => e.endsWith(path));

describe('PayPal in the widget', () => {
  it('PAYPAL is a choice; its click opens the window before any request, then sends it to the approval page', async () => {
    const { events, popup } = await setup();
    expect(button()?.textContent).toBe('Pay with PayPal');
    const before = events.length;
    click();
    expect(events.slice(before)[0]).toBe('open');
    expect(events.slice(before)[1]).toBe(`post ${P.payPalCheckoutCreate}`);
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL), WAIT);
  });

  it('approve → capture → APPROVED to onPaymentResult, and pay() for the order resolves with it, charging nothing', async () => {
    const { events, popup, onPaymentResult, api } = await setup();
    click();
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL), WAIT);
    answer('approve', {}); // another window's message: ignored
    answer('approve', popup, 'https://evil.example'); // another origin: ignored
    answer('approve', popup, HOST); // the page's choice of host: not the PayPal origin, ignored (review M3)
    await aTurn(); // a capture they had started would have been sent by now
    expect(requested(events, `post ${P.payPalPaymentDetails('pp_1')}`)).toEqual([]);
    answer('approve', popup);
    const approved = { status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_pp' };
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(approved), WAIT);
    await vi.waitFor(() => expect(container?.textContent).toContain('PayPal approved your payment.'), WAIT);
    // Even with the card chosen again: the order is paid.
    await choose(container as HTMLElement, 'CARD');
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(approved);
    expect(events.filter((e) => e.startsWith('post') && e.includes('/charges'))).toEqual([]);
  });

  it('pay() while the PayPal window is open waits for it: one capture, one result', async () => {
    const { events, popup, api } = await setup();
    click();
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL), WAIT);
    const paying = api.pay({ orderId: 'ord_1' });
    answer('approve', popup);
    await expect(paying).resolves.toMatchObject({ status: 'APPROVED', chargeId: 'ch_pp' });
    expect(requested(events, `post ${P.payPalPaymentDetails('pp_1')}`)).toHaveLength(1);
  });

  it('a capture refunded because the seat hold ended (issue 37): REFUNDED_HOLD_EXPIRED with the card path’s message to onPaymentResult and pay(), no PayPal failure shown', async () => {
    const captured = { ...PAYPAL_CHARGE, status: 'REFUNDED_HOLD_EXPIRED' } as Charge;
    const { popup, onPaymentResult, api } = await setup(undefined, undefined, undefined, undefined, { captured });
    click();
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL), WAIT);
    answer('approve', popup);
    const refunded = { status: 'REFUNDED_HOLD_EXPIRED', orderId: 'ord_1', chargeId: 'ch_pp', message: english(HOLD_EXPIRED) };
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(refunded), WAIT);
    expect(alertText()).toBeUndefined();
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(refunded);
    expect(onPaymentResult).toHaveBeenCalledTimes(1);
  });

  it('the seat hold waits while the PayPal window is open (issue 37): "Finishing your payment…", no expiry at its end; cancelled after it, the hold expires then', async () => {
    const holdExpiresAt = new Date(Date.now() + 1_500).toISOString();
    const { popup, onHoldExpired } = await setup(undefined, undefined, undefined, undefined, { holdExpiresAt });
    const holdLine = () => container?.querySelector('form > p:not([role])')?.textContent;
    await vi.waitFor(() => expect(holdLine()).toMatch(/^Your tickets are held for 0:0[12]$/), WAIT);
    click();
    await vi.waitFor(() => expect(holdLine()).toBe(english(FINISHING)), WAIT);
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // past holdExpiresAt
    expect(holdLine()).toBe(english(FINISHING));
    expect(onHoldExpired).not.toHaveBeenCalled();
    answer('cancel', popup);
    await vi.waitFor(() => expect(onHoldExpired).toHaveBeenCalledWith({ orderId: 'ord_1' }), WAIT);
    expect(holdLine()).toBe(english(HOLD_EXPIRED));
  });

  it('pay() with PayPal chosen and not started: INVALID, nothing sent', async () => {
    const { api, events } = await setup();
    const before = events.length;
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual({ status: 'INVALID', errors: {} });
    expect(events.slice(before).filter((e) => e.startsWith('post'))).toEqual([]);
  });

  it('cancel on the page: nothing captured, a message, the button again', async () => {
    const { events, popup, onPaymentResult } = await setup();
    click();
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL), WAIT);
    answer('cancel', popup);
    await vi.waitFor(() => expect(alertText()).toContain('You cancelled the PayPal payment'), WAIT);
    expect(button()?.textContent).toBe('Pay with PayPal');
    expect(requested(events, `post ${P.payPalPaymentDetails('pp_1')}`)).toEqual([]);
    expect(onPaymentResult).not.toHaveBeenCalled();
  });

  it('the window closed by the buyer is noticed within 1 s: the checkout cancelled, nothing captured', async () => {
    const { events, popup } = await setup();
    click();
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL), WAIT);
    const closedAt = Date.now();
    if (popup) popup.closed = true;
    await vi.waitFor(() => expect(alertText()).toContain('The PayPal window was closed'), { timeout: 1000 });
    expect(Date.now() - closedAt).toBeLessThan(1000);
    expect(requested(events, `patch ${P.payPalCheckoutUpdate('pp_1')}`)).toHaveLength(1);
    expect(requested(events, `post ${P.payPalPaymentDetails('pp_1')}`)).toEqual([]);
  });

  it('a window closed after an approval whose message was lost is still captured (the provider says APPROVED)', async () => {
    const { events, popup, onPaymentResult } = await setup(popupDouble(), 'APPROVED');
    click();
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL), WAIT);
    if (popup) popup.closed = true;
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(expect.objectContaining({ status: 'APPROVED' })), WAIT);
    expect(requested(events, `patch ${P.payPalCheckoutUpdate('pp_1')}`)).toEqual([]);
  });

  it('a blocked window: a message and "Open PayPal", which opens it on the next click; nothing sent before', async () => {
    const { events, open } = await setup(null);
    click();
    await vi.waitFor(() => expect(alertText()).toContain('Your browser blocked the PayPal window'), WAIT);
    expect(button()?.textContent).toBe('Open PayPal');
    await aTurn(); // nor after the message
    expect(requested(events, P.payPalCheckoutCreate)).toEqual([]);
    open.mockImplementation(() => popupDouble() as unknown as Window);
    click();
    expect(open).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(requested(events, P.payPalCheckoutCreate)).toHaveLength(1), WAIT);
  });

  it('the window has no name a page could look up (review M3): `_blank`, with its opener for the message', async () => {
    const { open } = await setup();
    click();
    expect(open).toHaveBeenCalledTimes(1);
    const [url, target, features] = open.mock.calls[0] ?? [];
    expect([url, target]).toEqual(['', '_blank']);
    expect(String(features)).toMatch(/^popup,/);
    expect(String(features)).not.toMatch(/noopener|noreferrer/);
  });

  it('the window the panel opened is kept: still open at the next click, it is used again (focused), not opened anew', async () => {
    const { open, popup } = await setup();
    click();
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL), WAIT);
    answer('cancel', popup); // the double stays open, as a page that did not close itself
    await vi.waitFor(() => expect(button()?.textContent).toBe('Pay with PayPal'), WAIT);
    if (popup) popup.location.href = '';
    click();
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL), WAIT);
    expect(open).toHaveBeenCalledTimes(1);
    expect(popup?.focus).toHaveBeenCalledTimes(1);
  });

  it("an approval page on `host` (the page's choice), not the PayPal origin: the window is never sent there and closes; nothing charged (review M3)", async () => {
    const { events, popup, onPaymentResult } = await setup(popupDouble(), 'CREATED', 'en', `${HOST}/paypal/approve/pp_1`);
    click();
    await vi.waitFor(() => expect(alertText()).toContain('The PayPal payment could not be completed'), WAIT);
    expect(popup?.location.href).toBe('');
    expect(popup?.closed).toBe(true);
    expect(requested(events, `post ${P.payPalPaymentDetails('pp_1')}`)).toEqual([]);
    expect(onPaymentResult).not.toHaveBeenCalled();
  });

  it("in the buyer's language from its first show (its own catalog, loaded with the chunk); a language change switches it", async () => {
    const shown = new Set<string>(); // every text the button had on the page: no English before the German
    const watch = new MutationObserver(() => shown.add(payPalButton(document.body)?.textContent ?? ''));
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    const { popup, update } = await setup(popupDouble(), 'CREATED', 'de');
    watch.disconnect();
    expect(button()?.textContent).toBe('Mit PayPal bezahlen');
    expect([...shown].filter(Boolean)).toEqual(['Mit PayPal bezahlen']);
    await update({ locale: 'fr' });
    await vi.waitFor(() => expect(button()?.textContent).toBe('Payer avec PayPal'), WAIT);
    click();
    await vi.waitFor(() => expect(popup?.location.href).toBe(APPROVAL), WAIT);
    answer('cancel', popup);
    await vi.waitFor(() => expect(alertText()).toContain('Vous avez annulé le paiement PayPal'), WAIT);
  });
}, 20_000); // a test waits up to WAIT for what it checks, after its mount on a busy machine
