import { describe, expect, it } from 'vitest';
import { HOST_ORIGIN } from '../support/origins';
import { byLabelledBy, fieldValue, fillBilling, inFrame, typeInto } from './dom';
import { webkitPerFile } from './webkitPerFile';

// e2e/script-tag.spec.ts's purchase in WebKitGTK: the script-tag page (host-sdk/demo/script-tag.html,
// window.Cashier, no framework) on localhost, the card filled inside the frame (127.0.0.1), the
// order placed on the page; one approved charge.

const { browser, provider } = webkitPerFile();
// e2e/support/checkout.ts's APPROVED_CARD and SCRIPT_TAG_PAGE; that module loads @playwright/test, which is for its runner only.
const APPROVED_CARD = '4242 4242 4242 4242';
const SCRIPT_TAG_PAGE = '/script-tag.html';

describe('the script-tag page in WebKit', () => {
  it('buyer details, Continue to payment, the card in the frame, Place order, paid confirmation, one charge', async () => {
    await browser().url(`${HOST_ORIGIN}${SCRIPT_TAG_PAGE}`);
    expect(await browser().execute(() => typeof window.Cashier?.mountCashier)).toBe('function');
    expect(await typeInto(browser(), 'Full name', 'Ada Lovelace')).toBe('Ada Lovelace');
    expect(await typeInto(browser(), 'Email address', 'ada@example.com')).toBe('ada@example.com');
    await browser().$('button=Continue to payment').click();
    const placeOrder = browser().$('button=Place order');
    await placeOrder.waitForEnabled();
    const orderId = await browser().execute(() => document.body.dataset.orderId);
    expect(orderId).toBeTruthy();

    await inFrame(browser(), '#cashier iframe', async () => {
      // The page passes what the buyer typed as the widget's buyer prefill (issue 13).
      await expect.poll(() => fieldValue(browser(), 'Cardholder name')).toBe('Ada Lovelace');
      expect(await typeInto(browser(), 'Card number', APPROVED_CARD)).toBe(APPROVED_CARD);
      expect(await typeInto(browser(), 'Expiration date', '12/30')).toBe('12/30');
      expect(await typeInto(browser(), 'Security code', '123')).toBe('123');
      expect(await fillBilling(browser())).toBe('12345');
      expect(await fieldValue(browser(), 'Email')).toBe('ada@example.com');
    });
    await placeOrder.click();

    const confirmation = browser().$(byLabelledBy('Order confirmed'));
    await confirmation.waitForDisplayed();
    expect(await confirmation.getText()).toContain(`Order ${orderId}`);
    await expect.poll(() => confirmation.getAttribute('data-order-status')).toBe('PAID');
    const chargeId = await confirmation.getAttribute('data-charge-id');
    expect(await provider.charges()).toEqual([expect.objectContaining({ id: chargeId, orderId, status: 'APPROVED' })]);
    expect(await provider.chargeAttempts(orderId ?? '')).toHaveLength(1);
  });
});
