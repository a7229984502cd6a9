import { ProviderPaths } from '../shared';
import {
  APPROVED_CARD,
  clickPlaceOrder,
  continueToPayment,
  fillCard,
  logLines,
  placeOrder,
  startCheckout,
  waitForPayment,
  widget,
} from './support/checkout';
import { expect, test } from './support/test';
import { typeInto } from './support/typeInto';

// Issue 36 item 5: the demo checkout uses the widget's events. Place order is enabled only when the
// last onChange says `complete`, the card's brand shows beside the total, Escape inside the
// widget's frame leaves the payment step (back to the details), and the page logs every event.

/** A Mastercard test number (the reference provider approves it like the APPROVED_CARD). */
const MASTERCARD = '5555 5555 5555 4444';

const brand = (page: import('@playwright/test').Page) => page.locator('#card-brand');

test("Place order waits for a complete form; the card's brand shows beside the total; focus, blur and changes are logged", async ({
  page,
}) => {
  await startCheckout(page);
  const frame = widget(page);
  await expect(placeOrder(page), 'disabled with the empty form').toBeDisabled();
  await expect(brand(page)).toHaveCount(0);

  // The number alone: its brand shows beside the total, and the form is not complete yet.
  await typeInto(frame.getByLabel('Card number'), APPROVED_CARD);
  await expect(brand(page)).toHaveText('Visa');
  await expect(page.locator('.total')).toContainText(/Total .+Visa/);
  await expect(placeOrder(page)).toBeDisabled();

  await fillCard(page, APPROVED_CARD);
  await expect(placeOrder(page), 'enabled once the widget says complete').toBeEnabled();
  await expect(brand(page)).toHaveText('Visa');

  // The latest change counts: the security code emptied, Place order is off again; another brand shows.
  await typeInto(frame.getByLabel('Security code'), '');
  await expect(placeOrder(page)).toBeDisabled();
  await typeInto(frame.getByLabel('Card number'), MASTERCARD);
  await expect(brand(page)).toHaveText('Mastercard');
  await typeInto(frame.getByLabel('Security code'), '123');
  await expect(placeOrder(page)).toBeEnabled();

  await expect(logLines(page, 'onChange').last()).toContainText('"complete":true');
  await expect(logLines(page, 'onFocus').filter({ hasText: 'onFocus: cardNumber' }).first()).toBeAttached();
  await expect(logLines(page, 'onBlur').filter({ hasText: 'onBlur: cardNumber' }).first()).toBeAttached();
});

test('Escape inside the widget’s frame leaves the payment step: back to the details, the widget gone; Continue makes a new order, which is paid', async ({
  page,
  provider,
}) => {
  const left = await startCheckout(page);
  const frame = widget(page);
  await typeInto(frame.getByLabel('Card number'), APPROVED_CARD);
  await expect(brand(page)).toHaveText('Visa');

  await frame.getByLabel('Card number').press('Escape');
  await expect(logLines(page, 'onEscape')).toHaveText([/onEscape: back to your details \(step 2\)$/]);
  await expect(page.locator('#cashier iframe')).toHaveCount(0);
  await expect(placeOrder(page)).toBeHidden();
  await expect(page.getByRole('heading', { name: '2. Your details' })).toBeFocused();
  await expect(page.getByLabel('Full name')).toBeEnabled();
  await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
  await expect(brand(page)).toHaveCount(0);
  await expect(page.locator('body')).not.toHaveAttribute('data-order-id');

  // Back to payment: a new order and a new widget, whose Place order waits for its form again.
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.locator('body')).not.toHaveAttribute('data-order-id', left);
  await expect(logLines(page, 'onApiInit')).toHaveCount(2);
  await expect(page.locator('body')).toHaveAttribute('data-order-id', /\S/);
  const orderId = await page.evaluate(() => document.body.dataset.orderId as string);
  await expect(placeOrder(page)).toBeDisabled();
  await fillCard(page, APPROVED_CARD);
  await clickPlaceOrder(page);
  const confirmation = page.getByRole('region', { name: 'Order confirmed' });
  await expect(confirmation).toHaveAttribute('data-order-status', 'PAID');
  await expect(confirmation).toContainText(`Order ${orderId}`);
  expect(await provider.charges()).toEqual([expect.objectContaining({ orderId, status: 'APPROVED' })]);
  expect(await provider.chargeAttempts(left), 'the order left behind is not paid').toHaveLength(0);
});

test('Escape while a payment runs stays on the payment step: the page logs it ignored, and the payment completes', async ({
  page,
  provider,
}) => {
  const orderId = await startCheckout(page);
  await fillCard(page, APPROVED_CARD);
  await provider.fault({ path: ProviderPaths.chargesByOrder(orderId), method: 'POST', delayMs: 2_000 });
  await clickPlaceOrder(page);
  await expect(page.getByRole('status')).toHaveText('Processing your payment…');
  await widget(page).getByLabel('Card number').press('Escape');
  await expect(logLines(page, 'onEscape')).toHaveText([/onEscape: ignored: a payment is running$/]);
  await expect(page.getByRole('region', { name: 'Order confirmed' })).toHaveAttribute('data-order-status', 'PAID');
  await expect(page.locator('#cashier iframe')).toHaveCount(1);
  await expect(page.getByLabel('Full name')).toBeDisabled();
});

test('the widget mounts at Continue to payment with Place order disabled until its form is complete', async ({ page }) => {
  await page.goto('/');
  await continueToPayment(page);
  await waitForPayment(page);
  await expect(logLines(page, 'onChange').first()).toContainText('"complete":false');
  await expect(placeOrder(page)).toBeDisabled();
});
