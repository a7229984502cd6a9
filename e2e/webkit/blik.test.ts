import { describe, expect, it } from 'vitest';
import { BLIK_TEST_CODES } from '../../shared/localMethods';
import { HOST_ORIGIN } from '../support/origins';
import { orderOf } from './checkout';
import { byLabel, byLabelledBy, inFrame, typeInto } from './dom';
import { webkitPerFile } from './webkitPerFile';

// Issue 38's WebKit proof for BLIK (e2e/blik.spec.ts's 777123 purchase in WebKitGTK): a Polish
// buyer (`?country=PL`, a PLN order that offers BLIK) chooses BLIK in the frame (127.0.0.1), types
// the approved test code into the numeric one-time-code field and places the order on the demo
// checkout (localhost); the widget says "Confirm the payment in your banking app" with the
// seconds left until the provider approves it (2 s); the order is paid with one BLIK charge.

const { browser, provider } = webkitPerFile();

describe('BLIK in WebKit', () => {
  it('a BLIK purchase with 777123: the code typed in the frame, Place order, the countdown, paid confirmation, one BLIK charge', async () => {
    const b = browser();
    await b.url(`${HOST_ORIGIN}/?country=PL`);
    expect(await typeInto(b, 'Full name', 'Ada Lovelace')).toBe('Ada Lovelace');
    expect(await typeInto(b, 'Email address', 'ada@example.com')).toBe('ada@example.com');
    await b.$('button=Continue to payment').click();
    const orderId = await orderOf(b);

    await inFrame(b, '#cashier iframe', async () => {
      const radio = b.$('input[type=radio][value=BLIK]');
      await radio.waitForDisplayed();
      await radio.click();
      const field = b.$(byLabel('BLIK code'));
      await field.waitForDisplayed();
      expect(await field.getAttribute('inputmode')).toBe('numeric');
      expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
      expect(await typeInto(b, 'BLIK code', BLIK_TEST_CODES.approved)).toBe(BLIK_TEST_CODES.approved);
    });
    const placeOrder = b.$('button=Place order');
    await placeOrder.waitForEnabled();
    await placeOrder.click();

    await inFrame(b, '#cashier iframe', async () => {
      const confirm = b.$('p=Confirm the payment in your banking app');
      await confirm.waitForDisplayed();
      const left = await b.$('//p[contains(., " s left") and not(@role)]').getText();
      expect(left).toMatch(/^(1[01]\d|120) s left$/);
    });

    const confirmation = b.$(byLabelledBy('Order confirmed'));
    await confirmation.waitForDisplayed({ timeout: 15_000 });
    expect(await confirmation.getText()).toContain(`Order ${orderId}`);
    await expect.poll(() => confirmation.getAttribute('data-order-status')).toBe('PAID');
    const chargeId = await confirmation.getAttribute('data-charge-id');
    expect(await provider.charges()).toEqual([
      expect.objectContaining({ id: chargeId, orderId, status: 'APPROVED', paymentMethod: 'BLIK' }),
    ]);
    expect(await provider.chargeAttempts(orderId)).toHaveLength(1);
  });
});
