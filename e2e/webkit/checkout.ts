import { expect } from 'vitest';
import { HOST_ORIGIN } from '../support/origins';
import { fieldValue, fillBilling, inFrame, typeInto } from './dom';

/** e2e/support/checkout.ts's APPROVED_CARD; that module loads @playwright/test, which is for its runner only. */
export const APPROVED_CARD = '4242 4242 4242 4242';

/**
 * Opens the checkout at `path` (the React demo `/`, or the script-tag page), types the buyer's
 * details, presses Continue to payment, and fills `card` (with the billing fields) in the frame,
 * after the buyer prefill arrived; waits for Place order to be enabled (the React demo enables it
 * once the form is complete); returns the order id and the page's Place order button.
 */
export async function checkoutWith(browser: WebdriverIO.Browser, card: string, path = '/') {
  await browser.url(`${HOST_ORIGIN}${path}`);
  expect(await typeInto(browser, 'Full name', 'Ada Lovelace')).toBe('Ada Lovelace');
  expect(await typeInto(browser, 'Email address', 'ada@example.com')).toBe('ada@example.com');
  await browser.$('button=Continue to payment').click();
  const placeOrder = browser.$('button=Place order');
  const orderId = await orderOf(browser);

  await inFrame(browser, '#cashier iframe', async () => {
    // The page passes what the buyer typed as the widget's buyer prefill (issue 13).
    await expect.poll(() => fieldValue(browser, 'Cardholder name')).toBe('Ada Lovelace');
    expect(await typeInto(browser, 'Card number', card)).toBe(card);
    expect(await typeInto(browser, 'Expiration date', '12/30')).toBe('12/30');
    expect(await typeInto(browser, 'Security code', '123')).toBe('123');
    expect(await fillBilling(browser)).toBe('12345');
    expect(await fieldValue(browser, 'Email')).toBe('ada@example.com');
  });
  // The React demo enables Place order once the widget's onChange says the form is complete.
  await placeOrder.waitForEnabled();
  return { orderId, placeOrder };
}

/** Waits until the checkout page has its order (`body[data-order-id]`, set once order setup answered); resolves with its id. */
export async function orderOf(browser: WebdriverIO.Browser): Promise<string> {
  let orderId = '';
  await browser.waitUntil(async () => {
    orderId = (await browser.execute(() => document.body.dataset.orderId)) ?? '';
    return orderId !== '';
  });
  return orderId;
}
