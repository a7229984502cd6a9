import type { Page } from '@playwright/test';
import { ProviderPaths } from '../shared';
import {
  APPROVED_CARD,
  clickPlaceOrder,
  continueToPayment,
  fillCard,
  HOLD_EXPIRED_MESSAGE,
  HOLD_TIME_LEFT,
  holdAgain,
  logLines,
  placeOrder,
  readOrder,
  waitForPayment,
  widget,
} from './support/checkout';
import { installClock, passTime } from './support/clock';
import { expect, test } from './support/test';

// Seat holds on the React demo checkout (issue 24 items 2-3): `?hold=<seconds>` asks order setup to
// hold the seats; the widget counts the time left down ("m:ss"), and at expiry says so, disables its
// form, pays nothing and tells the page once (onHoldExpired); the page offers "Hold tickets again",
// a new order the widget is given, and the buyer pays. The page clock (installed before the page
// loads, in every realm: host and frame) moves the widget's time; the provider keeps real time.

/** The 3-D Secure challenge card (provider/README.md "Test cards"): the charge waits for the buyer's bank. */
const CHALLENGE_CARD = '4000 0027 6000 3184';

/**
 * Records the bodies the page sends to order setup, parsed, in `window.orderSetupBodies` (before
 * the page loads): Firefox over WebDriver BiDi gives Playwright no body of a cross-origin fetch.
 */
async function recordOrderSetups(page: Page): Promise<() => Promise<unknown[]>> {
  await page.addInitScript((path) => {
    const bodies: unknown[] = [];
    Object.assign(window, { orderSetupBodies: bodies });
    const original = window.fetch;
    window.fetch = (input, init) => {
      if (String(input).endsWith(path) && typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
      return original(input, init);
    };
  }, ProviderPaths.orderSetup);
  return () => page.evaluate(() => (window as unknown as { orderSetupBodies: unknown[] }).orderSetupBodies);
}

/** Opens the demo with a hold of `seconds`, continues to payment, waits for the widget and the order; returns the order id. */
async function checkoutWithHold(page: Page, seconds: number): Promise<string> {
  await page.goto(`/?hold=${seconds}`);
  await continueToPayment(page);
  await waitForPayment(page);
  return page.evaluate(() => document.body.dataset.orderId as string);
}

/** Waits for the paid confirmation of `orderId` on the demo; returns its charge id. */
async function expectPaid(page: Page, orderId: string): Promise<string | null> {
  const confirmation = page.getByRole('region', { name: 'Order confirmed' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText(`Order ${orderId}`);
  await expect(confirmation).toHaveAttribute('data-order-status', 'PAID');
  return confirmation.getAttribute('data-charge-id');
}

test('the widget is mounted at Continue to payment, before the order exists, and ?hold= goes to order setup as holdSeconds', async ({
  page,
  provider,
}) => {
  await provider.fault({ path: ProviderPaths.orderSetup, method: 'POST', delayMs: 3_000 });
  const orderSetups = await recordOrderSetups(page);
  await page.goto('/?hold=30');
  await continueToPayment(page);
  await expect.poll(orderSetups).toEqual([expect.objectContaining({ holdSeconds: 30 })]);
  // The order is still being created: Continue waits, and the widget is already there.
  await expect(page.locator('#cashier iframe')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveAttribute('aria-disabled', 'true');
  expect(await page.evaluate(() => document.body.dataset.orderId)).toBeUndefined();
  await expect(widget(page).getByLabel('Card number', { exact: true })).toBeVisible();
  await expect(placeOrder(page)).toBeDisabled();
});

test('without ?hold= order setup asks for no hold: the provider holds for its default', async ({ page }) => {
  const orderSetups = await recordOrderSetups(page);
  await page.goto('/');
  await continueToPayment(page);
  await waitForPayment(page);
  const [body, ...more] = await orderSetups();
  expect(more).toEqual([]);
  expect(body).toEqual(expect.objectContaining({ eventId: 'riverside-jazz-night' }));
  expect(body).not.toHaveProperty('holdSeconds');
});

test('order setup holds the seats for ?hold= seconds, and the widget counts the time left down', async ({ page }) => {
  await installClock(page);
  const orderId = await checkoutWithHold(page, 70);
  const order = await readOrder(page, orderId);
  expect(order.holdExpiresAt, 'order setup answers with the hold').toEqual(expect.any(String));
  const heldFor = Date.parse(order.holdExpiresAt ?? '') - Date.parse(order.createdAt);
  expect(heldFor).toBeGreaterThan(65_000);
  expect(heldFor).toBeLessThanOrEqual(70_000);

  const timeLeft = widget(page).getByText(HOLD_TIME_LEFT);
  await expect(timeLeft).toBeVisible();
  await expect(timeLeft).toHaveText(/\b1:0\d$/);
  await passTime(page, 12_000);
  await expect(timeLeft).toHaveText(/\b0:5\d$/);
  await expect(logLines(page, 'onHoldExpired')).toHaveCount(0);
});

test('expiry: the widget says the hold has expired, nothing is charged, onHoldExpired once; Hold tickets again, then pay', async ({
  page,
  provider,
}) => {
  test.setTimeout(90_000); // the clock steps through the hold a second at a time
  await installClock(page);
  const expired = await checkoutWithHold(page, 30);
  await fillCard(page, APPROVED_CARD);
  await expect(holdAgain(page)).toBeHidden();

  await passTime(page, 31_000);
  await expect(widget(page).getByText(HOLD_EXPIRED_MESSAGE).first()).toBeVisible();
  await expect(logLines(page, 'onHoldExpired')).toHaveCount(1);
  await expect(logLines(page, 'onHoldExpired')).toContainText(expired);
  await expect(placeOrder(page)).toBeDisabled();
  await passTime(page, 5_000); // told once, however long the page waits
  await expect(logLines(page, 'onHoldExpired')).toHaveCount(1);
  expect(await provider.charges()).toEqual([]);
  expect(await provider.chargeAttempts(expired)).toHaveLength(0);
  expect((await readOrder(page, expired)).status).toBe('AWAITING_PAYMENT');

  await holdAgain(page).click();
  await expect.poll(() => page.evaluate(() => document.body.dataset.orderId)).not.toBe(expired);
  const renewed = await page.evaluate(() => document.body.dataset.orderId as string);
  await expect(logLines(page, 'order setup')).toHaveCount(2);
  await expect(holdAgain(page)).toBeHidden();
  await expect(placeOrder(page)).toBeEnabled();
  await expect(placeOrder(page), 'the focus goes on from the button that went').toBeFocused();
  await expect(widget(page).getByText(HOLD_TIME_LEFT)).toBeVisible();
  const renewedOrder = await readOrder(page, renewed);
  expect(renewedOrder.lines).toEqual((await readOrder(page, expired)).lines); // the same tickets
  expect(renewedOrder.buyer).toEqual((await readOrder(page, expired)).buyer); // and the same buyer

  await fillCard(page, APPROVED_CARD);
  await clickPlaceOrder(page);
  const chargeId = await expectPaid(page, renewed);
  expect(await provider.charges()).toEqual([expect.objectContaining({ id: chargeId, orderId: renewed, status: 'APPROVED' })]);
  expect(await provider.chargeAttempts(expired)).toHaveLength(0);
  await expect(logLines(page, 'onHoldExpired')).toHaveCount(1);
});

test('a charge started just before the hold runs out completes: the challenge keeps the hold until it settles', async ({
  page,
  provider,
}) => {
  const HOLD_SECONDS = 15;
  const orderId = await checkoutWithHold(page, HOLD_SECONDS);
  await fillCard(page, CHALLENGE_CARD);
  await clickPlaceOrder(page);
  const dialog = widget(page).getByRole('dialog', { name: /^Confirm your payment/ });
  await expect(dialog).toBeVisible();
  // The hold runs out, on the provider's clock and the page's, while the bank waits for the buyer.
  const { holdExpiresAt } = await readOrder(page, orderId);
  expect(holdExpiresAt).toEqual(expect.any(String));
  await page.waitForTimeout(Math.max(0, Date.parse(holdExpiresAt ?? '') - Date.now()) + 1_000);
  await dialog.locator('iframe').contentFrame().getByRole('button', { name: 'Complete authentication' }).click();
  const chargeId = await expectPaid(page, orderId);
  expect(await provider.charges()).toEqual([expect.objectContaining({ id: chargeId, orderId, status: 'APPROVED' })]);
  expect((await readOrder(page, orderId)).status).toBe('PAID');
});
