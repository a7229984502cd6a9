import type { APIRequestContext, FrameLocator, Locator, Page } from '@playwright/test';
import { CONTROL_KEY_HEADER } from '../../provider';
import { startCheckout, widget } from './checkout';
import { FRAME_ORIGIN, PROVIDER_ORIGIN } from './origins';
import { controlKeyOfRun } from './provider';
import { expect } from './test';

export { startCheckout };

// Issue 38's redirect methods (iDEAL, Bancontact, Klarna) as a buyer meets them on the demo
// checkout (`?country=`): the choice in the widget, "Pay with {method}" opening the method's
// simulated page (provider/README.md "local-payments") in a popup on the payments origin (in
// development the provider's own), the buyer's answer there, and the words the widget then shows
// (widget/localMethods/redirect/RedirectPanel.tsx, English catalog).

/** A redirect method: paid in a popup on the payments origin. */
export type RedirectMethod = 'IDEAL' | 'BANCONTACT' | 'KLARNA';

/** Each redirect method: its brand name (the radio's and the buttons' word) and a demo country that offers it. */
export const REDIRECT_METHODS: Readonly<Record<RedirectMethod, { label: string; country: string }>> = {
  IDEAL: { label: 'iDEAL', country: '?country=NL' },
  BANCONTACT: { label: 'Bancontact', country: '?country=BE' },
  KLARNA: { label: 'Klarna', country: '?country=DE' },
};

/** What the widget says, by the method's brand name `m` (the English catalog, widget/localMethods/redirect/locales/en.po). */
export const LOCAL_WORDS = {
  waiting: (m: string) => `Finish the payment in the ${m} window. Nothing is charged until you approve it there.`,
  blocked: (m: string) => `Your browser blocked the ${m} window. Select Open ${m} to try again.`,
  cancelled: 'You cancelled the payment, so nothing was charged. Choose how you want to pay.',
  closed: (m: string) => `The ${m} window was closed before you approved the payment, so nothing was charged.`,
  declined: (m: string) => `${m} declined the payment, so nothing was charged. Choose another way to pay.`,
  pending: 'Your bank is confirming the payment. This can take a minute; you can stay on this page.',
  approved: 'Your payment is confirmed.',
} as const;

/** The button of a method's page (shared/localPayments.ts LOCAL_PAGE_ANSWERS). */
export type PageButton = 'Approve payment' | 'Decline payment' | 'Approve later (pending)' | 'Cancel and return';

/** Waits until every local method's choice has its short line (its description): the choices no longer move. */
export async function settledChoices(frame: FrameLocator): Promise<void> {
  const radios = frame.locator('input[type=radio][aria-labelledby]');
  await expect(radios.first()).toBeVisible();
  for (const radio of await radios.all()) await expect(radio).toHaveAccessibleDescription(/\S/);
}

/** "Pay with {label}" in `frame` (default the demo checkout's widget). */
export const payWithButton = (page: Page, label: string, frame: FrameLocator = widget(page)): Locator =>
  frame.getByRole('button', { name: `Pay with ${label}` });

/**
 * Chooses the method `label` in the widget (its radio, named by the brand, described by its short
 * line) and waits for its panel's "Pay with {label}". It waits for the short line first: on a
 * loaded machine the first paint's cap can show the form before the chunk's words, and the lines
 * then push the choices down, so a click aimed before that lands on another choice (a Firefox CI
 * run's "Clicking the checkbox did not change its state").
 */
export async function chooseMethod(page: Page, label: string, frame: FrameLocator = widget(page)): Promise<void> {
  await settledChoices(frame);
  await frame.getByRole('radio', { name: new RegExp(`^${label}\\b`) }).check();
  await expect(payWithButton(page, label, frame)).toBeEnabled();
}

/**
 * Clicks `button` (default "Pay with {label}") and returns the popup once it shows the method's
 * page: on the payments origin, at `/local-payments/<chargeId>`, with its name in the heading.
 */
export async function openMethodPage(
  page: Page,
  label: string,
  { button = `Pay with ${label}`, frame = widget(page) }: { button?: string; frame?: FrameLocator } = {},
): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  await frame.getByRole('button', { name: button }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('button', { name: 'Approve payment' })).toBeVisible();
  const url = new URL(popup.url());
  expect(url.origin).toBe(PROVIDER_ORIGIN);
  expect(url.pathname).toMatch(/^\/local-payments\/[^/]+$/);
  await expect(popup.getByRole('heading', { name: `Pay with ${label}` })).toBeVisible();
  return popup;
}

/** The charge id of the payment a method's page (`popup`) is for: `/local-payments/<chargeId>` (then `/<answer>` once answered). */
export function chargeIdOf(popup: Page): string {
  const [, folder, chargeId = ''] = new URL(popup.url()).pathname.split('/');
  expect(folder).toBe('local-payments');
  return decodeURIComponent(chargeId);
}

/**
 * The widget's status line (`role="status"`) that says `text`: the redirect panel's words while the
 * popup is open, while the bank confirms, once approved. (The frame has other, empty, live regions.)
 */
export const statusLine = (page: Page, text: string, frame: FrameLocator = widget(page)): Locator =>
  frame.getByRole('status').filter({ hasText: text });

/** Choices on the page before its button: how a pending payment settles, Klarna's option. */
export interface PageChoices {
  /** For "Approve later (pending)": "Settles approved" (default on the page) or "Settles declined". */
  settles?: 'approved' | 'declined';
  /** Klarna's "How do you want to pay?" ("Pay later in 30 days" is the page's default). */
  klarna?: 'Pay later in 30 days' | 'Pay in 3 parts';
}

/**
 * Answers the method's page with `button` (after `choices`) and waits until the popup has closed.
 * The wait is armed before the click (as paypal.spec.ts's `answer`): the page closes itself as soon
 * as its answer is in, which under load comes before the click returns.
 */
export async function answer(popup: Page, button: PageButton, choices: PageChoices = {}): Promise<void> {
  if (choices.klarna) await popup.getByRole('radio', { name: choices.klarna }).check();
  if (choices.settles) await popup.getByRole('radio', { name: `Settles ${choices.settles}` }).check();
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: button }).click();
  await closed;
}

/**
 * How soon a payment approved "later (pending)" settles in these tests, in ms (the provider's
 * default is 5 000). Not shorter: the widget must still read the charge PENDING after the page's
 * message (its read goes out at once, but a loaded run takes a while), and its watch's first read
 * comes 2 s after that (widget/localMethods/watchPending.ts), so the buyer sees "Your bank is
 * confirming…" for about 2 s and the outcome about 2 to 5 s after the click.
 */
export const PENDING_SETTLE_MS = 3_000;

/** Sets the provider's local payment timings (`POST /__control/local-payments`) until the fixture's reset. */
export async function localPaymentTimings(
  request: APIRequestContext,
  timings: { pendingSettleMs?: number; blikApproveMs?: number; blikExpiryMs?: number },
): Promise<void> {
  const reply = await request.post(`${PROVIDER_ORIGIN}/__control/local-payments`, {
    data: timings,
    headers: { [CONTROL_KEY_HEADER]: controlKeyOfRun() },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

/**
 * Makes the frame's first `window.open` answer null, as a popup blocker does; later calls open
 * windows as usual. An init script: call it before the page loads.
 */
export async function blockFirstPopup(page: Page): Promise<void> {
  await page.addInitScript((frameOrigin) => {
    if (location.origin !== frameOrigin) return;
    const open = window.open.bind(window);
    let calls = 0;
    window.open = (...args) => (calls++ === 0 ? null : open(...args));
  }, FRAME_ORIGIN);
}

/** The demo's order confirmation (the site's server saw the order settled). */
export const confirmation = (page: Page): Locator => page.getByRole('region', { name: 'Order confirmed' });
