import type { Page } from '@playwright/test';
import { CONTROL_KEY_HEADER, RETURNING_BUYER_APP_INSTANCE, RETURNING_BUYER_MEMBER_ID } from '../provider';
import { ProviderPaths, type SavedCard } from '../shared';
import { axeViolations, frameOf } from './support/axe';
import { clickPlaceOrder, fillCard, startCheckout, widget } from './support/checkout';
import { PROVIDER_ORIGIN } from './support/origins';
import { controlKeyOfRun } from './support/provider';
import { expect, test } from './support/test';
import { typeInto } from './support/typeInto';

// Saved cards (issue 25 item 2) on the demo checkout as the returning buyer (`?buyer=returning`):
// the provider's member with Visa •••• 4242 (12/34, primary) and Mastercard •••• 4444 (09/31).

const RETURNING = '?buyer=returning';
// The widget writes the masked number and the expiry as left-to-right isolates (U+2066 … U+2069).
const VISA_NAME = 'Visa \u2066•••• 4242\u2069';
const VISA = `${VISA_NAME}, expires \u206612/34\u2069`;
const MASTERCARD = 'Mastercard \u2066•••• 4444\u2069, expires \u206609/31\u2069';
/** A Luhn-valid Visa the provider approves (any such number but its test cards is approved). */
const NEW_CARD = '4000 0566 5566 5556';

/** The returning buyer's saved cards as the provider has them now (GET credit-cards, their token). */
async function savedCards(page: Page): Promise<SavedCard[]> {
  const response = await page.request.get(`${PROVIDER_ORIGIN}${ProviderPaths.creditCards}`, {
    headers: { Authorization: RETURNING_BUYER_APP_INSTANCE },
  });
  expect(response.ok()).toBe(true);
  return response.json();
}

/**
 * Every request the page and its frames sent, to any origin, with its body: Chromium hands
 * Playwright every body (the frame's included); Firefox over WebDriver BiDi none (e2e/vault.spec.ts).
 */
function recordBodies(page: Page): { url: string; body: string | null }[] {
  const sent: { url: string; body: string | null }[] = [];
  page.context().on('request', (request) => sent.push({ url: request.url(), body: request.postData() }));
  return sent;
}

/** Makes the returning buyer's app instance carry `member` with `cards` (`/__control/members`). */
async function setMember(page: Page, member: string, cards: unknown[]) {
  const response = await page.request.post(`${PROVIDER_ORIGIN}/__control/members`, {
    headers: { [CONTROL_KEY_HEADER]: controlKeyOfRun() },
    data: { appInstance: RETURNING_BUYER_APP_INSTANCE, member, cards },
  });
  expect(response.ok()).toBe(true);
}

// Every test starts from the returning buyer as seeded: the provider fixture resets the provider
// before and after each test that uses it, and a test that changes the member's cards (expired) must not leak.
test.beforeEach(async ({ provider }) => provider.reset());

async function expectPaid(page: Page, orderId: string) {
  const confirmation = page.getByRole('region', { name: 'Order confirmed' });
  await expect(confirmation).toHaveAttribute('data-order-status', 'PAID');
  await expect(confirmation).toContainText(`Order ${orderId}`);
}

test('a returning buyer pays with the primary saved card and only its security code; no card number goes anywhere', async ({
  page,
  provider,
  browserName,
}) => {
  const sent = recordBodies(page);
  const orderId = await startCheckout(page, RETURNING);
  const frame = widget(page);
  await expect(frame.getByRole('radio', { name: VISA })).toBeChecked();
  await expect(frame.getByRole('radio', { name: MASTERCARD })).not.toBeChecked();
  await expect(frame.getByLabel('Card number')).toHaveCount(0);
  await typeInto(frame.getByLabel('Security code'), '123');
  await clickPlaceOrder(page);
  await expectPaid(page, orderId);
  expect(await provider.charges()).toEqual([expect.objectContaining({ orderId, status: 'APPROVED' })]);
  const attempts = await provider.chargeAttempts(orderId);
  expect(attempts).toHaveLength(1);
  expect(attempts[0]?.idempotencyKey).toBeTruthy();
  // The saved card's id and code went to the vault, once; nothing was tokenized from a number.
  const tokens = await provider.requests(ProviderPaths.savedCardTokens);
  expect(tokens.map((r) => [r.method, r.server])).toEqual([['POST', 'vault']]);
  expect(await provider.requests(ProviderPaths.cardTokenization)).toEqual([]);
  // Where the browser shows the bodies: no card number in any, and the security code in one, to the vault.
  const withBody = sent.filter((r) => r.body !== null);
  if (browserName === 'chromium') {
    expect(withBody.map((r) => r.body).join('\n')).not.toMatch(/4242\s?4242|\d{13,19}/);
    const withCvc = withBody.filter((r) => r.body?.includes('"cvc"')).map((r) => new URL(r.url));
    expect(withCvc.map((u) => [u.origin === PROVIDER_ORIGIN, u.pathname])).toEqual([[false, ProviderPaths.savedCardTokens]]);
  }
});

test('a wrong security code for a saved card is refused by the bank: the message at the field, nothing charged; 123 then pays', async ({
  page,
  provider,
}) => {
  test.slow(); // two payments in one test
  const orderId = await startCheckout(page, RETURNING);
  const frame = widget(page);
  await expect(frame.getByRole('radio', { name: VISA })).toBeChecked();
  const code = frame.getByLabel('Security code');
  await typeInto(code, '000');
  await clickPlaceOrder(page);
  await expect(code).toHaveAccessibleDescription(/The security code is incorrect\. Check it and try again\./);
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  expect(await provider.charges()).toEqual([]);
  expect((await provider.requests(ProviderPaths.savedCardTokens)).map((r) => r.server)).toEqual(['vault']);
  await typeInto(code, '123');
  await clickPlaceOrder(page);
  await expectPaid(page, orderId);
  expect(await provider.charges()).toEqual([expect.objectContaining({ orderId, status: 'APPROVED' })]);
});

test('"Remove" asks first: Keep removes nothing, Remove deletes the card and the list updates', async ({ page, provider }) => {
  await startCheckout(page, RETURNING);
  const frame = widget(page);
  await expect(frame.getByRole('radio', { name: VISA })).toBeChecked();
  await frame.getByRole('button', { name: 'Remove', description: VISA }).click();
  const ask = frame.getByRole('group', { name: `Remove ${VISA_NAME} from your saved cards?` });
  await expect(ask.getByRole('button', { name: 'Keep' })).toBeFocused();
  await ask.getByRole('button', { name: 'Keep' }).click();
  await expect(ask).toHaveCount(0);
  await expect(frame.getByRole('button', { name: 'Remove', description: VISA })).toBeFocused();
  expect((await provider.requests(ProviderPaths.creditCard('card_returning_visa_4242'))).map((r) => r.method)).toEqual([]);
  await frame.getByRole('button', { name: 'Remove', description: VISA }).click();
  await ask.getByRole('button', { name: 'Remove' }).click();
  await expect(frame.getByRole('status').filter({ hasText: `${VISA_NAME} was removed.` })).toBeVisible();
  await expect(frame.getByRole('radio', { name: VISA })).toHaveCount(0);
  await expect(frame.getByRole('radio', { name: MASTERCARD })).toBeChecked();
  expect((await savedCards(page)).map((c) => c.last4)).toEqual(['4444']);
});

test('a new card saved with consent: unchecked by default, checked it is saved with its wording; the next visit lists it', async ({
  page,
}) => {
  const orderId = await startCheckout(page, RETURNING);
  const frame = widget(page);
  await frame.getByRole('radio', { name: 'Use a new card' }).check();
  const save = frame.getByRole('checkbox', { name: 'Save this card for next time' });
  await expect(save).not.toBeChecked();
  await fillCard(page, NEW_CARD);
  await save.check();
  await clickPlaceOrder(page);
  await expectPaid(page, orderId);
  const saved = (await savedCards(page)).find((c) => c.last4 === '5556');
  expect(saved).toMatchObject({ brand: 'visa', expiryMonth: 12, expiryYear: 2030, expired: false });
  // The consent is stored with it: GET the item.
  const item = await page.request.get(`${PROVIDER_ORIGIN}${ProviderPaths.creditCard(saved?.id ?? '')}`, {
    headers: { Authorization: RETURNING_BUYER_APP_INSTANCE },
  });
  const { consent } = (await item.json()) as SavedCard;
  expect(consent?.consentText).toBe('Save this card for next time');
  expect(new Date(consent?.consentedAt ?? '').toISOString()).toBe(consent?.consentedAt);
  expect(consent?.recordedAt).toBeTruthy();
  // The next visit, as that member, lists it.
  await startCheckout(page, RETURNING);
  await expect(widget(page).getByRole('radio', { name: 'Visa \u2066•••• 5556\u2069, expires \u206612/30\u2069' })).toBeVisible();
});

test('a member with no saved cards is offered "Save this card for next time" unchecked; checked, the card is saved and the next visit lists it', async ({
  page,
  provider,
}) => {
  await setMember(page, 'member-without-cards', []);
  const orderId = await startCheckout(page, RETURNING);
  const frame = widget(page);
  const save = frame.getByRole('checkbox', { name: 'Save this card for next time' });
  await expect(save).toBeVisible();
  await expect(save).not.toBeChecked();
  // No cards to choose from: the card form as a guest has it, and the box.
  await expect(frame.getByRole('radio', { name: 'Use a new card' })).toHaveCount(0);
  await expect(frame.getByRole('group', { name: 'Saved cards' })).toHaveCount(0);
  await fillCard(page, NEW_CARD);
  await save.check();
  await clickPlaceOrder(page);
  await expectPaid(page, orderId);
  expect((await provider.requests(ProviderPaths.buyerInfo)).map((r) => r.method)).toEqual(['GET']);
  expect(await savedCards(page)).toEqual([
    expect.objectContaining({ brand: 'visa', last4: '5556', expiryMonth: 12, expiryYear: 2030, primary: true, expired: false }),
  ]);
  // The next visit, as that member, lists it, preselected (their primary).
  await startCheckout(page, RETURNING);
  await expect(widget(page).getByRole('radio', { name: 'Visa \u2066•••• 5556\u2069, expires \u206612/30\u2069' })).toBeChecked();
});

test('a guest is never offered to save a card: buyer info says GUEST, the cards are not asked for', async ({
  page,
  provider,
}) => {
  const orderId = await startCheckout(page);
  const frame = widget(page);
  await expect.poll(async () => (await provider.requests(ProviderPaths.buyerInfo)).length).toBe(1);
  await fillCard(page, NEW_CARD);
  await clickPlaceOrder(page);
  await expectPaid(page, orderId);
  await expect(frame.getByRole('checkbox', { name: 'Save this card for next time' })).toHaveCount(0);
  expect(await provider.requests(ProviderPaths.creditCards)).toEqual([]);
  // Nothing saved for anyone: the returning buyer still has their two cards.
  expect((await savedCards(page)).map((c) => c.last4)).toEqual(['4242', '4444']);
});

test('an expired saved card is shown as expired and cannot be chosen', async ({ page }) => {
  await setMember(page, RETURNING_BUYER_MEMBER_ID, [
    { brand: 'visa', last4: '1111', expiryMonth: 1, expiryYear: 2020, primary: true },
    { brand: 'mastercard', last4: '4444', expiryMonth: 9, expiryYear: 2031 },
  ]);
  await startCheckout(page, RETURNING);
  const frame = widget(page);
  const expired = frame.getByRole('radio', { name: 'Visa \u2066•••• 1111\u2069, expired \u206601/20\u2069' });
  await expect(expired).toBeDisabled();
  await expect(expired).not.toBeChecked();
  await expect(frame.getByRole('radio', { name: MASTERCARD })).toBeChecked();
  await expired.click({ force: true });
  await expect(expired).not.toBeChecked();
});

test('accessible as the card form: no WCAG 2.1 A/AA violation with the choice, a code error and the confirmation; the keyboard chooses', async ({
  page,
}) => {
  await startCheckout(page, RETURNING);
  const frame = widget(page);
  await expect(frame.getByRole('radio', { name: VISA })).toBeChecked();
  expect(await axeViolations(frameOf(page)), 'the saved cards').toEqual([]);
  await typeInto(frame.getByLabel('Security code'), '1');
  await frame.getByRole('radio', { name: VISA }).focus();
  await expect(frame.getByLabel('Security code')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(frameOf(page)), 'a security code error').toEqual([]);
  // Arrow keys move within the one group: Mastercard, then a new card (its card form shows).
  await page.keyboard.press('ArrowDown');
  await expect(frame.getByRole('radio', { name: MASTERCARD })).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(frame.getByRole('radio', { name: 'Use a new card' })).toBeChecked();
  await expect(frame.getByLabel('Card number')).toBeVisible();
  await frame.getByRole('button', { name: 'Remove', description: VISA }).click();
  await expect(frame.getByRole('button', { name: 'Keep' })).toBeFocused();
  expect(await axeViolations(frameOf(page)), 'the confirmation').toEqual([]);
});
