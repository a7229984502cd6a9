import { describe, expect, it } from 'vitest';
import { HOST_ORIGIN } from '../support/origins';
import { byLabelledBy, fieldValue, inFrame, typeInto } from './dom';
import { webkitPerFile } from './webkitPerFile';

// e2e/purchase.spec.ts's full purchase in WebKitGTK: the buyer fills the card inside the frame
// (127.0.0.1) and places the order on the demo checkout (localhost); one approved charge.

const { browser, provider } = webkitPerFile();
// e2e/support/checkout.ts's APPROVED_CARD; that module loads @playwright/test, which is for its runner only.
const APPROVED_CARD = '4242 4242 4242 4242';

describe('the widget in WebKit', () => {
  it('a full purchase: card filled in the frame, Place order on the host, paid confirmation, one charge', async () => {
    await browser().url(`${HOST_ORIGIN}/`);
    expect(await typeInto(browser(), 'Full name', 'Ada Lovelace')).toBe('Ada Lovelace');
    expect(await typeInto(browser(), 'Email address', 'ada@example.com')).toBe('ada@example.com');
    await browser().$('button=Continue to payment').click();
    const placeOrder = browser().$('button=Place order');
    await placeOrder.waitForEnabled();
    const orderId = await browser().execute(() => document.body.dataset.orderId);
    expect(orderId).toBeTruthy();

    await inFrame(browser(), '#cashier iframe', async () => {
      // The demo passes what the buyer typed on its checkout as the widget's buyer prefill (issue 13).
      await expect.poll(() => fieldValue(browser(), 'Cardholder name')).toBe('Ada Lovelace');
      expect(await typeInto(browser(), 'Card number', APPROVED_CARD)).toBe(APPROVED_CARD);
      expect(await typeInto(browser(), 'Expiration date', '12/30')).toBe('12/30');
      expect(await typeInto(browser(), 'Security code', '123')).toBe('123');
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
