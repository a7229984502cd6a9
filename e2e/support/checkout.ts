import type { FrameLocator, Locator, Page } from '@playwright/test';
import { type Order, ProviderPaths } from '../../shared';
import { APP_INSTANCE, PROVIDER_ORIGIN } from './origins';
import { expect } from './test';
import { typeInto } from './typeInto';

// The demo checkout (localhost) as a buyer drives it, with the widget in its frame (127.0.0.1).

/** Test cards of the reference provider (docs/development.md "Quick start"). */
export const APPROVED_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';
/** What the widget says (its alert) when the DECLINED_CARD is declined. */
export const DECLINE_MESSAGE = 'Your card was declined. Try another card.';

/** The widget's frame on the demo checkout. */
export const widget = (page: Page): FrameLocator => page.frameLocator('#cashier iframe');

/** The demo's "Place order" button. */
export const placeOrder = (page: Page): Locator => page.getByRole('button', { name: 'Place order' });

/** Fills the buyer's details on the demo checkout and creates the order; the widget mounts. */
export async function continueToPayment(page: Page): Promise<void> {
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email address').fill('ada@example.com');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
}

/**
 * Waits for the payment step after Continue to payment: the order made (its id on the page's body),
 * the widget's api in (`onApiInit` logged) and its form on screen (its first `onChange` logged).
 * Place order stays disabled until the widget says the form is `complete` (issue 36).
 */
export async function waitForPayment(page: Page): Promise<void> {
  await expect(page.locator('body')).toHaveAttribute('data-order-id', /\S/);
  await expect(logLines(page, 'onApiInit')).toHaveCount(1);
  await expect(logLines(page, 'onChange').first()).toBeAttached();
}

/** Opens the checkout (`query` e.g. `?event=online`), continues to payment, waits for the widget; returns the order id. */
export async function startCheckout(page: Page, query = ''): Promise<string> {
  await page.goto(`/${query}`);
  await continueToPayment(page);
  await waitForPayment(page);
  return page.evaluate(() => document.body.dataset.orderId as string);
}

/**
 * Types every card field inside the frame (see `typeInto`), with `number` as the card number;
 * `frame`: the widget's frame, default the demo checkout's.
 */
export async function fillCard(page: Page, number: string, frame: FrameLocator = widget(page)): Promise<void> {
  await typeInto(frame.getByLabel('Cardholder name'), 'Ada Lovelace');
  await typeInto(frame.getByLabel('Card number'), number);
  await typeInto(frame.getByLabel('Expiration date'), '12/30');
  await typeInto(frame.getByLabel('Security code'), '123');
  await fillBilling(frame);
  await typeInto(frame.getByLabel('Email'), 'ada@example.com');
}

/** A card number that fails the Luhn check: the widget calls it invalid (`Enter a valid card number`). */
export const INVALID_CARD = '4242 4242 4242 4241';

/**
 * Types an invalid card as a buyer may, field by field (a wrong card number, a past expiry, a
 * one-digit security code), and leaves the last one: the widget's own check on blur marks each
 * field invalid and shows its error. The way to field errors on the demo, whose Place order is
 * disabled until the form is complete; `frame`: the widget's frame, default the demo checkout's.
 */
export async function typeInvalidCard(page: Page, frame: FrameLocator = widget(page)): Promise<void> {
  await typeInto(frame.getByLabel('Card number'), INVALID_CARD);
  await typeInto(frame.getByLabel('Expiration date'), '01/20');
  await typeInto(frame.getByLabel('Security code'), '1');
  await frame.getByLabel('Cardholder name').click();
}

/** The billing postal code the fills use: a US ZIP code that the AVS test card's bank has on file (provider/README.md). */
export const BILLING_ZIP = '12345';

/** The state {@link fillBilling} chooses, by its name as the state select shows it (a keyboard buyer types it). */
export const BILLING_STATE = { code: 'CA', name: 'California' } as const;

/**
 * Fills the billing fields (issue 23) as an English buyer's default country, the United States,
 * asks for them: a ZIP code and a state, found by their `autocomplete` tokens. Waits for them:
 * they appear once the provider's locale metadata is in.
 */
export async function fillBilling(frame: FrameLocator, zip = BILLING_ZIP): Promise<void> {
  await expect(frame.locator('[autocomplete="country"]')).toHaveValue('US');
  await typeInto(frame.locator('[autocomplete="postal-code"]'), zip);
  await frame.locator('[autocomplete="address-level1"]').selectOption(BILLING_STATE.code);
}

/**
 * Fills the billing fields with the keyboard alone, from the security code (which has the focus):
 * Tab past the country (the default, the United States), type the state's name into its select
 * (type-ahead), Tab to the ZIP code and type `zip`. The same stops as {@link fillBilling}.
 */
export async function typeBilling(page: Page, zip = BILLING_ZIP): Promise<void> {
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type(BILLING_STATE.name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(zip);
}

/**
 * Clicks the demo's Place order: the only way a spec clicks it. Playwright scrolls it into view
 * first when the card form left it below the fold; the widget's rounded iframe makes Chromium ask
 * the page where that click goes (host-sdk/createFrame.ts, e2e/clicks.spec.ts).
 */
export async function clickPlaceOrder(page: Page): Promise<void> {
  await clickBelowTheFold(placeOrder(page));
}

/** {@link clickPlaceOrder} for any host page button under a widget that may have grown. */
export async function clickBelowTheFold(button: Locator): Promise<void> {
  await button.click();
}

/** The script-tag integration's page (demo/script-tag.html): the same flow on window.Cashier, without React. */
export const SCRIPT_TAG_PAGE = '/script-tag.html';

/**
 * The seat hold's time left as the widget shows it, "m:ss" (issue 24: "It shows the time left
 * ('m:ss', in the buyer's language)"), e.g. "1:59".
 */
export const HOLD_TIME_LEFT = /^Your tickets are held for \d{1,2}:[0-5]\d$/;

/** What the widget says when the hold ran out (issue 24: "At expiry it says the hold has expired"). */
export const HOLD_EXPIRED_MESSAGE = 'The time to pay has run out: your tickets are no longer held.';

/** The demo's "Hold tickets again" button, shown when the seat hold ran out. */
export const holdAgain = (page: Page): Locator => page.getByRole('button', { name: 'Hold tickets again' });

/** The demo's log lines of `kind` (`#events li[data-kind=…]`), e.g. `onHoldExpired`. */
export const logLines = (page: Page, kind: string): Locator => page.locator(`#events li[data-kind="${kind}"]`);

/** Reads order `orderId` back from the provider as the site would (GET, the demo app instance). Throws when it answers an error. */
export async function readOrder(page: Page, orderId: string): Promise<Order> {
  const response = await page.request.get(`${PROVIDER_ORIGIN}${ProviderPaths.order(orderId)}`, {
    headers: { Authorization: APP_INSTANCE },
  });
  if (!response.ok()) throw new Error(`provider: GET order ${orderId} answered ${response.status()}`);
  return response.json();
}
