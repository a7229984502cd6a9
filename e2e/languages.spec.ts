import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { parsePo } from 'pofile-ts';
import { addressFormatOf, statesOf } from '../provider/store';
import { axeViolations, frameOf } from './support/axe';
import { APPROVED_CARD, BILLING_ZIP, clickPlaceOrder, startCheckout, widget } from './support/checkout';
import { type PayOutcome, payOutcome, startPay } from './support/hostPay';
import { expect, openAndMount, test, waitForEvent, widgetFrame } from './support/test';
import { typeInto } from './support/typeInto';

// Issue 23 "Proof": the widget in the buyer's language and the billing details their country
// needs, in the browser. The host page is on localhost, the frame on 127.0.0.1 (different sites).
// Fields are found by their `autocomplete` tokens, labels by the catalogs' own translations.

/** The card of the provider whose bank has a billing postal code on file (BILLING_ZIP): another declines `incorrect_zip`. */
const AVS_CARD = '4000 0000 0000 0036';

/** The translation of `msgid` in the widget's catalog for `locale` (widget/locales/<locale>.po). */
function translation(locale: string, msgid: string): string {
  const po = parsePo(readFileSync(resolve(import.meta.dirname, `../widget/locales/${locale}.po`), 'utf8'));
  const text = po.items.find((item) => item.msgid === msgid && !item.msgctxt)?.msgstr[0];
  if (!text) throw new Error(`${locale}.po has no translation of "${msgid}"`);
  return text;
}

/** A field of the widget by its autofill token. */
const byToken = (frame: FrameLocator, token: string) => frame.locator(`[autocomplete="${token}"]`);

/**
 * Puts `text` into a field as browser autofill does: the value set at once and one `input` event
 * (React's onChange), then a blur (the field's own check), not key by key: Firefox over WebDriver
 * BiDi takes ~150 ms a key (typeInto), and its `fill()` and `insertText` reach no onChange there.
 * A field that already holds `text` (the demo's buyer prefill) is left as it is. The mirror test types.
 */
async function enter(field: Locator, text: string): Promise<void> {
  if ((await field.inputValue()) === text) return;
  await field.evaluate((el, value) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  }, text);
  await expect(field).toHaveValue(text);
}

/**
 * Fills every field of the form by its `autocomplete` token with `card`, and the billing fields
 * as the shown country's address format (provider/store/addressFormats.ts) asks: its example postal
 * code (or `zip`), its first state. Waits for the billing fields (they come with the locale metadata).
 */
async function fillByAutocomplete(frame: FrameLocator, card = APPROVED_CARD, zip?: string): Promise<void> {
  await enter(byToken(frame, 'cc-name'), 'Ada Lovelace');
  await enter(byToken(frame, 'cc-number'), card);
  await enter(byToken(frame, 'cc-exp'), '12/30');
  await enter(byToken(frame, 'cc-csc'), '123');
  await expect(byToken(frame, 'country')).not.toHaveValue('');
  const country = await byToken(frame, 'country').inputValue();
  const format = addressFormatOf(country);
  if (!format) throw new Error(`the provider takes no billing country ${country}`);
  if (format.postalCode) await enter(byToken(frame, 'postal-code'), zip ?? format.postalCode.example);
  else await expect(byToken(frame, 'postal-code')).toHaveCount(0);
  const state = statesOf(country)?.[0];
  if (format.subdivision && state) await byToken(frame, 'address-level1').selectOption(state.code);
  else await expect(byToken(frame, 'address-level1')).toHaveCount(0);
  await enter(byToken(frame, 'email'), 'ada@example.com');
}

/** Neither the host page nor the widget's frame document scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const width = () => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth });
  const host = await page.evaluate(width);
  const frame = await frameOf(page).evaluate(width);
  expect(host.scroll, `${where}: the host page scrolls sideways`).toBeLessThanOrEqual(host.client);
  expect(frame.scroll, `${where}: the frame scrolls sideways`).toBeLessThanOrEqual(frame.client);
}

/** Mounts the widget on the test host page in `locale` for a new order; resolves once the billing country shows. */
async function mountFor(page: Page, locale: string, provider: { setupOrder(): Promise<string> }): Promise<string> {
  const orderId = await provider.setupOrder();
  await openAndMount(page, { locale });
  await waitForEvent(page, 'apiInit');
  await expect(byToken(widgetFrame(page), 'country')).toBeVisible();
  return orderId;
}

/** The widget's `pay({ orderId })` on the test host page, as the resolved PayResult (it must resolve). */
async function pay(page: Page, orderId: string): Promise<Record<string, unknown>> {
  await startPay(page, orderId);
  const outcome: PayOutcome = await payOutcome(page);
  if (!('resolved' in outcome)) throw new Error(`pay rejected: ${outcome.code} ${outcome.message}`);
  return outcome.resolved;
}

for (const locale of ['de', 'ja', 'he']) {
  for (const width of [320, 390]) {
    test(`a purchase in ${locale} at ${width} px: translated labels, <html lang>, every field by autocomplete, nothing scrolls sideways, paid`, async ({
      page,
      provider,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const orderId = await startCheckout(page, `?locale=${locale}`);
      const frame = widget(page);
      await expect(frame.locator('html')).toHaveAttribute('lang', locale);
      await expect(frame.getByLabel(translation(locale, 'Card number'), { exact: true })).toBeVisible();
      await fillByAutocomplete(frame);
      await page.locator('#cashier iframe').scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page, `${locale} at ${width} px`);
      await clickPlaceOrder(page);
      const confirmation = page.getByRole('region', { name: 'Order confirmed' });
      await expect(confirmation).toHaveAttribute('data-order-status', 'PAID');
      expect(await provider.charges()).toEqual([expect.objectContaining({ orderId, status: 'APPROVED' })]);
    });
  }
}

for (const locale of ['he', 'ar']) {
  test(`${locale} mirrors the form while the card number, expiry and security code stay left to right`, async ({
    page,
    provider,
  }) => {
    await mountFor(page, locale, provider);
    const frame = widgetFrame(page);
    await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl');
    const cardNumber = byToken(frame, 'cc-number');
    const label = frame.getByText(translation(locale, 'Card number'), { exact: true });
    const form = await frame.locator('form').evaluate((el) => getComputedStyle(el).direction);
    expect(form).toBe('rtl');
    // The label's words sit at the right edge of its field, not at the left (the label box is a
    // block as wide as the field: measure its text).
    const field = await cardNumber.boundingBox();
    const words = await label.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el.firstChild ?? el);
      const box = range.getBoundingClientRect();
      return { left: box.left, right: box.right };
    });
    if (!field) throw new Error('no box for the card number');
    expect(Math.abs(words.right - (field.x + field.width))).toBeLessThanOrEqual(16);
    expect(words.left).toBeGreaterThan(field.x + field.width / 2);
    const digits = { 'cc-number': APPROVED_CARD, 'cc-exp': '12/30', 'cc-csc': '123' };
    for (const [token, typed] of Object.entries(digits)) {
      const field = byToken(frame, token);
      await expect(field, `${token} has dir=ltr`).toHaveAttribute('dir', 'ltr');
      expect(await field.evaluate((el) => getComputedStyle(el).direction), `${token} computed direction`).toBe('ltr');
      await typeInto(field, typed);
      // Read left to right: the value as typed, the caret after the last digit; the text keeps to
      // the mirrored form's edge (right-aligned, CardForm's `[dir=rtl] .cw-input[dir=ltr]`).
      await expect(field).toHaveValue(typed);
      const read = await field.evaluate((el) => ({
        caret: (el as HTMLInputElement).selectionStart,
        align: getComputedStyle(el).textAlign,
      }));
      expect(read.caret).toBe(typed.length);
      expect(read.align).toBe('right');
    }
  });
}

for (const tag of ['zz', 'zh-CN']) {
  test(`an unknown tag (${tag}) falls back to English`, async ({ page }) => {
    await openAndMount(page, { locale: tag });
    await waitForEvent(page, 'apiInit');
    const frame = widgetFrame(page);
    await expect(frame.locator('html')).toHaveAttribute('lang', 'en');
    for (const label of ['Cardholder name', 'Card number', 'Expiration date', 'Security code', 'Email']) {
      await expect(frame.getByLabel(label, { exact: true })).toBeVisible();
    }
  });
}

test('axe finds nothing in he: the form with its billing fields, and after a validate() that shows errors', async ({
  page,
  provider,
}) => {
  await mountFor(page, 'he', provider);
  const frame = widgetFrame(page);
  await expect(byToken(frame, 'postal-code')).toBeVisible();
  expect(await axeViolations(frameOf(page)), 'the form').toEqual([]);
  const result = await page.evaluate(() =>
    (window as unknown as { __apis: { validate(): Promise<{ valid: boolean }> }[] }).__apis[0]?.validate(),
  );
  expect(result?.valid).toBe(false);
  await expect(byToken(frame, 'cc-number')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(frameOf(page)), 'the errors').toEqual([]);
});

test('billing in the US: a "ZIP code" field and a state select; a bad ZIP shows "Enter a valid ZIP code"', async ({
  page,
  provider,
}) => {
  await mountFor(page, 'en', provider);
  const frame = widgetFrame(page);
  await expect(byToken(frame, 'country')).toHaveValue('US');
  await expect(frame.getByLabel('ZIP code', { exact: true })).toHaveAttribute('autocomplete', 'postal-code');
  await expect(frame.getByLabel('State', { exact: true })).toHaveAttribute('autocomplete', 'address-level1');
  await typeInto(byToken(frame, 'postal-code'), '1234');
  await byToken(frame, 'postal-code').press('Tab');
  await expect(frame.getByText('Enter a valid ZIP code', { exact: true })).toBeVisible();
  await expect(byToken(frame, 'postal-code')).toHaveAttribute('aria-invalid', 'true');
});

test('billing in GB (the provider says the buyer is there): "Postal code", no state, "EC1Y 8SY" pays', async ({
  page,
  provider,
}) => {
  await provider.buyerCountry('GB');
  const orderId = await mountFor(page, 'en', provider);
  const frame = widgetFrame(page);
  await expect(byToken(frame, 'country')).toHaveValue('GB');
  await expect(frame.getByLabel('Postal code', { exact: true })).toHaveAttribute('autocomplete', 'postal-code');
  await fillByAutocomplete(frame, APPROVED_CARD, 'EC1Y 8SY');
  await expect(byToken(frame, 'address-level1')).toHaveCount(0);
  expect(await pay(page, orderId)).toMatchObject({ status: 'APPROVED', orderId });
});

test('billing in AE (chosen in the country select): no postal code field, and the payment is approved', async ({
  page,
  provider,
}) => {
  const orderId = await mountFor(page, 'en', provider);
  const frame = widgetFrame(page);
  await expect(byToken(frame, 'postal-code')).toBeVisible();
  await byToken(frame, 'country').selectOption('AE');
  await expect(byToken(frame, 'postal-code')).toHaveCount(0);
  await fillByAutocomplete(frame);
  expect(await pay(page, orderId)).toMatchObject({ status: 'APPROVED', orderId });
});

test('the AVS decline: card …0036 with ZIP 94107 is DECLINED incorrect_zip, its message in the form; with 12345 APPROVED', async ({
  page,
  provider,
}) => {
  const orderId = await mountFor(page, 'en', provider);
  const frame = widgetFrame(page);
  await fillByAutocomplete(frame, AVS_CARD, '94107');
  expect(await pay(page, orderId)).toMatchObject({ status: 'DECLINED', declineCode: 'incorrect_zip' });
  await expect(frame.getByRole('alert')).toHaveText(
    translation('en', "The postal code does not match your card's billing address. Check it, or use another card."),
  );
  await enter(byToken(frame, 'postal-code'), BILLING_ZIP);
  expect(await pay(page, orderId)).toMatchObject({ status: 'APPROVED', orderId });
  expect((await provider.charges()).map((c) => [c.status, c.declineCode])).toEqual([
    ['DECLINED', 'incorrect_zip'],
    ['APPROVED', undefined],
  ]);
});
