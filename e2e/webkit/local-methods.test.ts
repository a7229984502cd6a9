import { describe, expect, it } from 'vitest';
import { HOST_ORIGIN, PROVIDER_ORIGIN } from '../support/origins';
import { orderOf } from './checkout';
import { byLabelledBy, inFrame, typeInto } from './dom';
import { webkitPerFile } from './webkitPerFile';

// Issue 38's WebKit proof for the redirect methods: an iDEAL purchase on the demo checkout with
// `?country=NL`. The buyer chooses iDEAL in the frame (127.0.0.1), "Pay with iDEAL" opens the
// provider's simulated page in a popup on the payments origin (in development the provider's own),
// "Approve payment" there closes it, and the checkout (localhost) confirms the order paid from the
// widget's onPaymentResult: one IDEAL charge. WebKit blocks a window opened well after the click
// (a panel that waited 2 s before window.open failed here: no popup), so it checks the panel opens
// the window in the click itself.

const { browser, provider } = webkitPerFile();

describe('iDEAL in WebKit', () => {
  it('a purchase: iDEAL chosen in the frame, approved in its popup, paid confirmation, one IDEAL charge', async () => {
    const b = browser();
    await b.url(`${HOST_ORIGIN}/?country=NL`);
    expect(await typeInto(b, 'Full name', 'Ada Lovelace')).toBe('Ada Lovelace');
    expect(await typeInto(b, 'Email address', 'ada@example.com')).toBe('ada@example.com');
    await b.$('button=Continue to payment').click();
    const orderId = await orderOf(b);
    const checkout = await b.getWindowHandle();

    await inFrame(b, '#cashier iframe', async () => {
      const ideal = b.$('input[type="radio"][value="IDEAL"]');
      await ideal.waitForDisplayed();
      await ideal.click();
      const pay = b.$('button=Pay with iDEAL');
      await pay.waitForEnabled();
      await pay.click();
    });

    // The popup: the method's page on the payments origin.
    await b.waitUntil(async () => (await b.getWindowHandles()).length === 2);
    const popup = (await b.getWindowHandles()).find((h) => h !== checkout) as string;
    await b.switchToWindow(popup);
    await b.waitUntil(async () => (await b.getUrl()).startsWith(`${PROVIDER_ORIGIN}/local-payments/`));
    const chargeId = decodeURIComponent(new URL(await b.getUrl()).pathname.split('/')[2] ?? '');
    const approve = b.$('button=Approve payment');
    await approve.waitForDisplayed();
    await approve.click();
    // The page tells the widget and closes itself.
    await b.switchToWindow(checkout);
    await b.waitUntil(async () => (await b.getWindowHandles()).length === 1);

    await inFrame(b, '#cashier iframe', async () => {
      await b.$('p=Your payment is confirmed.').waitForDisplayed();
    });
    const confirmation = b.$(byLabelledBy('Order confirmed'));
    await confirmation.waitForDisplayed();
    expect(await confirmation.getText()).toContain(`Order ${orderId}`);
    await expect.poll(() => confirmation.getAttribute('data-order-status')).toBe('PAID');
    expect(await confirmation.getAttribute('data-charge-id')).toBe(chargeId);
    expect(await provider.charges()).toEqual([
      expect.objectContaining({ id: chargeId, orderId, status: 'APPROVED', paymentMethod: 'IDEAL' }),
    ]);
    expect(await provider.chargeAttempts(orderId)).toHaveLength(1);
  });
});
