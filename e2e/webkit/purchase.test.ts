import { describe, expect, it } from 'vitest';
import { HOST_ORIGIN } from '../support/origins';
import { byLabelledBy, fieldValue, fillBilling, inFrame, typeInto } from './dom';
import { webkitPerFile } from './webkitPerFile';

// e2e/purchase.spec.ts's full purchase in WebKitGTK: the buyer fills the card inside the frame
// (127.0.0.1) and places the order on the demo checkout (localhost); one approved charge. Then
// issue 22's challenge purchase: the bank's page opens in the widget's dialog, in a nested iframe
// on the card vault's origin, and "Complete authentication" there pays the order.

const { browser, provider } = webkitPerFile();
// e2e/support/checkout.ts's APPROVED_CARD; that module loads @playwright/test, which is for its runner only.
const APPROVED_CARD = '4242 4242 4242 4242';
/** The 3-D Secure challenge card (provider/README.md "Test cards"): Complete authentication → approved. */
const CHALLENGE_CARD = '4000 0027 6000 3184';
/** The challenge dialog's nested iframe title (cashier-widget/threeDSecure/ChallengeDialog.tsx CHALLENGE_FRAME_TITLE). */
const BANK_PAGE_TITLE = "Your bank's payment confirmation";

/** Opens the demo checkout, creates the order, fills `card` in the frame; returns the order id and Place order. */
async function checkoutWith(card: string) {
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
    expect(await typeInto(browser(), 'Card number', card)).toBe(card);
    expect(await typeInto(browser(), 'Expiration date', '12/30')).toBe('12/30');
    expect(await typeInto(browser(), 'Security code', '123')).toBe('123');
    expect(await fillBilling(browser())).toBe('12345');
    expect(await fieldValue(browser(), 'Email')).toBe('ada@example.com');
  });
  return { orderId: orderId ?? '', placeOrder };
}

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
    const { orderId, placeOrder } = await checkoutWith(APPROVED_CARD);
    await placeOrder.click();
    const chargeId = await paidConfirmation(orderId);
    expect(await provider.charges()).toEqual([expect.objectContaining({ id: chargeId, orderId, status: 'APPROVED' })]);
    expect(await provider.chargeAttempts(orderId)).toHaveLength(1);
  });

  it('a 3-D Secure challenge purchase: the dialog opens, Complete authentication in the bank page, paid confirmation, one charge (issue 22)', async () => {
    const { orderId, placeOrder } = await checkoutWith(CHALLENGE_CARD);
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
