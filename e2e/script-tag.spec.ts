import { APPROVED_CARD, clickPlaceOrder, fillCard, placeOrder, SCRIPT_TAG_PAGE } from './support/checkout';
import { expect, test } from './support/test';

// The script-tag integration (issue 24 item 1): the second demo page, demo/script-tag.html,
// loads the SDK with a <script> tag (window.Cashier) and no framework, and sells two tickets with the
// same flow as the React checkout. e2e/webkit/script-tag.test.ts runs the same purchase in WebKit.

test('the script-tag page: buyer details, Continue to payment, the card in the frame, Place order, paid confirmation, one charge', async ({
  page,
  provider,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'The same checkout with the script-tag build' }).click();
  await page.waitForURL(`**${SCRIPT_TAG_PAGE}`); // and its load: the page's scripts have run
  expect(await page.evaluate(() => typeof window.Cashier?.mountCashier)).toBe('function');

  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email address').fill('ada@example.com');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(placeOrder(page)).toBeEnabled();
  await expect(page.getByRole('heading', { name: '3. Payment' })).toBeFocused();
  const orderId = await page.evaluate(() => document.body.dataset.orderId as string);
  expect(orderId).toBeTruthy();

  await fillCard(page, APPROVED_CARD);
  await clickPlaceOrder(page);
  const confirmation = page.getByRole('region', { name: 'Order confirmed' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toBeFocused();
  await expect(confirmation).toContainText(`Order ${orderId}`);
  await expect(confirmation).toHaveAttribute('data-order-status', 'PAID');
  const chargeId = await confirmation.getAttribute('data-charge-id');
  expect(await provider.charges()).toEqual([expect.objectContaining({ id: chargeId, orderId, status: 'APPROVED' })]);
  expect(await provider.chargeAttempts(orderId)).toHaveLength(1);
});

test('the script-tag page checks the buyer details before it makes an order', async ({ page, provider }) => {
  await page.goto(SCRIPT_TAG_PAGE);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter your full name.' })).toBeVisible();
  await expect(page.getByLabel('Full name')).toBeFocused();
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#cashier iframe')).toHaveCount(0);
  expect(await provider.charges()).toEqual([]);
});
