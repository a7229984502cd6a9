import { describe, expect, it } from 'vitest';
import { ProviderPaths } from '../../shared';
import { HOST_ORIGIN } from '../support/origins';
import { orderOf } from './checkout';
import { byLabel, byLabelledBy, inFrame, typeInto } from './dom';
import { webkitPerFile } from './webkitPerFile';

// e2e/saved-cards.spec.ts's saved-card purchase in WebKitGTK (issue 25): the demo as the provider's
// returning buyer (`?buyer=returning`), the primary saved card preselected in the frame, only its
// security code typed; it goes to the vault with the card's id, and the order is paid by one charge.

const { browser, provider } = webkitPerFile();
/**
 * The returning buyer's primary card as the widget names it (provider/store/savedCards.ts RETURNING_BUYER_CARDS),
 * the masked number and the expiry as left-to-right isolates (U+2066 … U+2069).
 */
const VISA = 'Visa \u2066•••• 4242\u2069, expires \u206612/34\u2069';

describe('saved cards in WebKit', () => {
  it('a returning buyer pays with the primary saved card and only its security code: one saved-card token, no card tokenized, one charge', async () => {
    const b = browser();
    await b.url(`${HOST_ORIGIN}/?buyer=returning`);
    expect(await typeInto(b, 'Full name', 'Ada Lovelace')).toBe('Ada Lovelace');
    expect(await typeInto(b, 'Email address', 'ada@example.com')).toBe('ada@example.com');
    await b.$('button=Continue to payment').click();
    const placeOrder = b.$('button=Place order');
    const orderId = await orderOf(b);

    await inFrame(b, '#cashier iframe', async () => {
      const visa = b.$(`//label[normalize-space(.)=${JSON.stringify(VISA)}]//input[@type="radio"]`);
      await visa.waitForExist();
      await expect.poll(() => visa.isSelected()).toBe(true);
      expect(await b.$(byLabel('Card number')).isExisting(), 'no card number asked').toBe(false);
      expect(await typeInto(b, 'Security code', '123')).toBe('123');
    });
    await placeOrder.waitForEnabled(); // the saved card with its code: the form is complete
    await placeOrder.click();

    const confirmation = b.$(byLabelledBy('Order confirmed'));
    await confirmation.waitForDisplayed();
    await expect.poll(() => confirmation.getAttribute('data-order-status')).toBe('PAID');
    expect(await provider.charges()).toEqual([expect.objectContaining({ orderId, status: 'APPROVED' })]);
    expect(await provider.chargeAttempts(orderId ?? '')).toHaveLength(1);
    expect(await provider.requests(ProviderPaths.savedCardTokens), 'the code and the card id, to the vault').toHaveLength(1);
    expect(await provider.requests(ProviderPaths.cardTokenization), 'no card tokenized').toEqual([]);
  });
});
