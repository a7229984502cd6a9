import type { Page } from '@playwright/test';
import { CONTROL_KEY_HEADER } from '../provider';
import { BLIK_TEST_CODES } from '../shared/localMethods';
import { clickPlaceOrder, logLines, readOrder, startCheckout, widget } from './support/checkout';
import { settledChoices } from './support/localPayments';
import { PROVIDER_ORIGIN } from './support/origins';
import { controlKeyOfRun } from './support/provider';
import { expect, test } from './support/test';
import { typeInto } from './support/typeInto';

// BLIK on the demo checkout (issue 38 R9): a Polish buyer (`?country=PL`, a PLN order that offers
// BLIK) chooses BLIK, types the code from the banking app in the widget and presses Place order:
// the host's `pay()` charges it, as it charges a card. The widget then says "Confirm the payment in
// your banking app" with the seconds left, until the provider's test code settles: 777123 approved
// after 2 s, 777000 declined in the app after 2 s, 777999 never confirmed (declined code_expired at
// its expiry, shortened here with POST /__control/local-payments). Any other code is refused (400
// INVALID_BLIK_CODE) and nothing is charged; a short one is never sent.
//
// onPaymentResult: the widget calls it only for a payment the buyer started inside it (PayPal, a
// wallet, a redirect method's button; shared/bundle.ts). A BLIK payment is started by the host's
// pay(), which resolves with the outcome, so the page hears it from pay() alone: no onPaymentResult.

const CONFIRM = 'Confirm the payment in your banking app';
const ENTER_CODE = 'Enter the 6-digit BLIK code.';
const REFUSED = 'This BLIK code is not valid. Get a new one in your banking app.';
const DECLINED = 'The payment was declined in your banking app, so nothing was charged.';
const EXPIRED = 'The code expired before you confirmed, so nothing was charged. Get a new code and try again.';
const LINE = 'Enter the 6-digit code from your banking app, then confirm there.';
/** The countdown's line, "{seconds} s left". */
const SECONDS_LEFT = /^(\d+) s left$/;

/** Starts a Polish checkout and chooses BLIK in the widget; returns the order id. */
async function chooseBlik(page: Page): Promise<string> {
  const orderId = await startCheckout(page, '?country=PL');
  await settledChoices(widget(page)); // the short lines in: the choices no longer move
  await widget(page).getByRole('radio', { name: /^BLIK/ }).check();
  await expect(codeField(page)).toBeVisible();
  return orderId;
}
const codeField = (page: Page) => widget(page).getByLabel('BLIK code');
const timeLeft = (page: Page) => widget(page).getByText(SECONDS_LEFT);

/** The demo's log of what `pay()` resolved to, `index`-th (its JSON after "api.pay: "). */
async function payResult(page: Page, index = 0): Promise<Record<string, unknown>> {
  const line = logLines(page, 'api.pay').nth(index);
  await expect(line).toBeAttached({ timeout: 10_000 });
  const text = (await line.textContent()) ?? '';
  return JSON.parse(text.slice(text.indexOf('api.pay: ') + 'api.pay: '.length));
}

/** Types `code` and presses Place order. */
async function payWith(page: Page, code: string): Promise<void> {
  if (code) await typeInto(codeField(page), code);
  await clickPlaceOrder(page);
}

/** The provider's charges of `orderId` (what was charged or declined), oldest first. */
async function chargesOf(provider: { charges(): Promise<Array<Record<string, unknown>>> }, orderId: string) {
  return (await provider.charges()).filter((c) => c.orderId === orderId);
}

test('BLIK chosen: its short line, and a code field with a numeric keyboard, one-time-code autocomplete and a 6-digit pattern', async ({
  page,
}) => {
  await chooseBlik(page);
  const radio = widget(page).getByRole('radio', { name: /^BLIK/ });
  await expect(radio).toHaveAccessibleDescription(LINE);
  const field = codeField(page);
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('pattern', '[0-9]{6}');
  await expect(field).toHaveAccessibleDescription('6 digits from your banking app');
});

for (const { name, code } of [
  { name: 'no code', code: '' },
  { name: 'a 5-digit code', code: '77712' },
]) {
  test(`${name}: pay() resolves INVALID naming blikCode, the error on the field, nothing sent`, async ({ page, provider }) => {
    const orderId = await chooseBlik(page);
    await payWith(page, code);
    expect(await payResult(page)).toEqual({ status: 'INVALID', errors: { blikCode: ENTER_CODE } });
    await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(codeField(page)).toHaveAccessibleDescription(new RegExp(ENTER_CODE.replace('.', '\\.')));
    await expect(codeField(page)).toBeFocused();
    expect(await provider.chargeAttempts(orderId)).toEqual([]);
  });
}

test('a code the bank refuses (123456): INVALID naming blikCode with the refusal on the field; nothing charged', async ({
  page,
  provider,
}) => {
  const orderId = await chooseBlik(page);
  await payWith(page, '123456');
  expect(await payResult(page)).toEqual({ status: 'INVALID', errors: { blikCode: REFUSED } });
  await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField(page)).toHaveAccessibleDescription(new RegExp(REFUSED.replace(/\./g, '\\.')));
  expect(await provider.chargeAttempts(orderId)).toHaveLength(1); // sent once, refused (400 INVALID_BLIK_CODE)
  expect(await chargesOf(provider, orderId)).toEqual([]);
  expect((await readOrder(page, orderId)).status).toBe('AWAITING_PAYMENT');
  await expect(logLines(page, 'onPaymentResult')).toHaveCount(0);
});

test('777123: "Confirm the payment in your banking app" with the seconds left, then approved: the order paid, one BLIK charge, told by pay() (no onPaymentResult)', async ({
  page,
  provider,
}) => {
  const orderId = await chooseBlik(page);
  await payWith(page, BLIK_TEST_CODES.approved);
  await expect(widget(page).getByText(CONFIRM, { exact: true })).toBeVisible();
  const seconds = Number(SECONDS_LEFT.exec((await timeLeft(page).textContent()) ?? '')?.[1]);
  // The code's 120 s on the provider's clock, less the moments since the charge.
  expect(seconds).toBeGreaterThan(100);
  expect(seconds).toBeLessThanOrEqual(120);
  const confirmation = page.getByRole('region', { name: 'Order confirmed' });
  await expect(confirmation).toHaveAttribute('data-order-status', 'PAID', { timeout: 15_000 });
  const result = await payResult(page);
  expect(result).toEqual({ status: 'APPROVED', orderId, chargeId: expect.any(String) });
  await expect(confirmation).toHaveAttribute('data-charge-id', result.chargeId as string);
  expect(await chargesOf(provider, orderId)).toEqual([
    expect.objectContaining({ id: result.chargeId, status: 'APPROVED', paymentMethod: 'BLIK' }),
  ]);
  expect(await provider.chargeAttempts(orderId)).toHaveLength(1);
  await expect(logLines(page, 'api.pay')).toHaveCount(1);
  await expect(logLines(page, 'onPaymentResult')).toHaveCount(0);
  await expect(widget(page).getByText(CONFIRM)).toBeHidden();
});

test('777000: declined in the banking app: its words under the field, DECLINED customer_declined, nothing paid', async ({
  page,
  provider,
}) => {
  const orderId = await chooseBlik(page);
  await payWith(page, BLIK_TEST_CODES.declined);
  await expect(widget(page).getByText(CONFIRM, { exact: true })).toBeVisible();
  await expect(widget(page).getByRole('alert')).toHaveText(DECLINED, { timeout: 15_000 });
  const result = await payResult(page);
  expect(result).toEqual({
    status: 'DECLINED',
    orderId,
    chargeId: expect.any(String),
    declineCode: 'customer_declined',
    message: DECLINED,
  });
  expect(await chargesOf(provider, orderId)).toEqual([
    expect.objectContaining({ id: result.chargeId, status: 'DECLINED', declineCode: 'customer_declined', paymentMethod: 'BLIK' }),
  ]);
  expect((await readOrder(page, orderId)).status).toBe('AWAITING_PAYMENT');
  await expect(codeField(page)).toHaveValue(''); // a code is used once
  await expect(logLines(page, 'onPaymentResult')).toHaveCount(0);
});

test('777999 never confirmed: the seconds left count down, then the code expires: its words, DECLINED code_expired, nothing paid', async ({
  page,
  request,
  provider,
}) => {
  const expiryMs = 6_000;
  const reply = await request.post(`${PROVIDER_ORIGIN}/__control/local-payments`, {
    data: { blikExpiryMs: expiryMs },
    headers: { [CONTROL_KEY_HEADER]: controlKeyOfRun() },
  });
  expect(reply.ok()).toBe(true);
  const orderId = await chooseBlik(page);
  await payWith(page, BLIK_TEST_CODES.neverConfirmed);
  await expect(widget(page).getByText(CONFIRM, { exact: true })).toBeVisible();
  // Counting down: a first reading at most 6 s, then one lower, before the code expires.
  const read = async () => Number(SECONDS_LEFT.exec((await timeLeft(page).textContent()) ?? '')?.[1]);
  const first = await read();
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(expiryMs / 1000);
  await expect.poll(read, { intervals: [100] }).toBeLessThan(first);
  await expect(widget(page).getByRole('alert')).toHaveText(EXPIRED, { timeout: 20_000 });
  const result = await payResult(page);
  expect(result).toEqual({
    status: 'DECLINED',
    orderId,
    chargeId: expect.any(String),
    declineCode: 'code_expired',
    message: EXPIRED,
  });
  expect(await chargesOf(provider, orderId)).toEqual([
    expect.objectContaining({ id: result.chargeId, status: 'DECLINED', declineCode: 'code_expired', paymentMethod: 'BLIK' }),
  ]);
  expect((await readOrder(page, orderId)).status).toBe('AWAITING_PAYMENT');
  await expect(logLines(page, 'onPaymentResult')).toHaveCount(0);
});
