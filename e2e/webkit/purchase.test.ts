import { describe, expect, it } from 'vitest';
import { APPROVED_CARD, checkoutWith } from './checkout';
import { byLabelledBy, inFrame } from './dom';
import { webkitPerFile } from './webkitPerFile';

// e2e/purchase.spec.ts's full purchase in WebKitGTK: the buyer fills the card inside the frame
// (127.0.0.1) and places the order on the demo checkout (localhost); one approved charge. Then
// issue 22's challenge purchase: the bank's page opens in the widget's dialog, in a nested iframe
// on the card vault's origin, and "Complete authentication" there pays the order.

const { browser, provider } = webkitPerFile();
/** The 3-D Secure challenge card (provider/README.md "Test cards"): Complete authentication → approved. */
const CHALLENGE_CARD = '4000 0027 6000 3184';
/** The challenge dialog's nested iframe title (widget/threeDSecure/ChallengeDialog.tsx CHALLENGE_FRAME_TITLE). */
const BANK_PAGE_TITLE = "Your bank's payment confirmation";

/** Waits for the demo's paid confirmation of `orderId`; returns its charge id. */
async function paidConfirmation(orderId: string) {
  const confirmation = browser().$(byLabelledBy('Order confirmed'));
  await confirmation.waitForDisplayed();
  expect(await confirmation.getText()).toContain(`Order ${orderId}`);
  await expect.poll(() => confirmation.getAttribute('data-order-status')).toBe('PAID');
  return confirmation.getAttribute('data-charge-id');
}

describe('the widget in WebKit', () => {
  it('a full purchase: card filled in the frame, Place order on the host, paid confirmation, one charge', async () => {
    const { orderId, placeOrder } = await checkoutWith(browser(), APPROVED_CARD);
    await placeOrder.click();
    const chargeId = await paidConfirmation(orderId);
    expect(await provider.charges()).toEqual([expect.objectContaining({ id: chargeId, orderId, status: 'APPROVED' })]);
    expect(await provider.chargeAttempts(orderId)).toHaveLength(1);
  });

  it('a 3-D Secure challenge purchase: the dialog opens, Complete authentication in the bank page, paid confirmation, one charge (issue 22)', async () => {
    const { orderId, placeOrder } = await checkoutWith(browser(), CHALLENGE_CARD);
    await placeOrder.click();
    await inFrame(browser(), '#cashier iframe', async () => {
      const dialog = browser().$(byLabelledBy('Confirm your payment'));
      await dialog.waitForDisplayed();
      expect(await dialog.getAttribute('role')).toBe('dialog');
      await inFrame(browser(), `iframe[title="${BANK_PAGE_TITLE}"]`, async () => {
        const complete = browser().$('button=Complete authentication');
        await complete.waitForDisplayed();
        await complete.click();
      });
    });
    const chargeId = await paidConfirmation(orderId);
    expect(await provider.charges()).toEqual([expect.objectContaining({ id: chargeId, orderId, status: 'APPROVED' })]);
    expect(await provider.chargeAttempts(orderId)).toHaveLength(1);
  });
});
