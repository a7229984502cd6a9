import { describe, expect, it } from 'vitest';
import { APPROVED_CARD, checkoutWith } from './checkout';
import { byLabelledBy } from './dom';
import { webkitPerFile } from './webkitPerFile';

// e2e/script-tag.spec.ts's purchase in WebKitGTK: the script-tag page (demo/script-tag.html,
// window.Cashier, no framework) on localhost, the card filled inside the frame (127.0.0.1), the
// order placed on the page; one approved charge.

const { browser, provider } = webkitPerFile();
// e2e/support/checkout.ts's SCRIPT_TAG_PAGE; that module loads @playwright/test, which is for its runner only.
const SCRIPT_TAG_PAGE = '/script-tag.html';

describe('the script-tag page in WebKit', () => {
  it('buyer details, Continue to payment, the card in the frame, Place order, paid confirmation, one charge', async () => {
    const { orderId, placeOrder } = await checkoutWith(browser(), APPROVED_CARD, SCRIPT_TAG_PAGE);
    expect(await browser().execute(() => typeof window.Cashier?.mountCashier), 'the page runs on window.Cashier').toBe(
      'function',
    );
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
