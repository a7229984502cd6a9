import { fillBilling } from './support/checkout';
import { APP_INSTANCE, FRAME_ORIGIN, HOST_ORIGIN } from './support/origins';
import { tokenFingerprint } from './support/provider';
import { expect, MIN_BUNDLE_PATH, openAndMount, SETTINGS_PATH, test, waitForEvent, widgetFrame } from './support/test';
import { typeInto } from './support/typeInto';

test('mountCashier → cross-origin frame → settings → bundle → onApiInit, and a call through the relayed api', async ({
  page,
  provider,
}) => {
  await openAndMount(page);

  const [init] = await waitForEvent(page, 'apiInit');
  expect(init?.methods).toContain('validate');

  // Host page and frame are different sites; the token is nowhere in the frame URL.
  const src = await page.locator('iframe').getAttribute('src');
  expect(new URL(src ?? '').origin).toBe(FRAME_ORIGIN);
  expect(new URL(page.url()).origin).toBe(HOST_ORIGIN);
  expect(src).not.toContain(APP_INSTANCE);
  await expect(page.locator('iframe')).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms allow-popups');
  await expect(page.locator('iframe')).toHaveAttribute('title', /.+/);

  // The card form renders inside the frame.
  const frame = widgetFrame(page);
  for (const name of ['Cardholder name', 'Card number', 'Expiration date', 'Security code', 'Email']) {
    await expect(frame.getByLabel(name, { exact: true })).toBeVisible();
  }
  // With the billing fields (issue 23) once the provider's locale metadata is in: an English buyer's
  // default country, the United States, asks for a state and a ZIP code.
  for (const token of ['country', 'address-level1', 'postal-code']) {
    await expect(frame.locator(`[autocomplete="${token}"]`)).toBeVisible();
  }

  // One settings request carrying the app instance token (recorded as its fingerprint), one minified bundle.
  const settings = await provider.requests(SETTINGS_PATH);
  expect(settings).toHaveLength(1);
  expect(settings[0]?.tokenFingerprint).toBe(tokenFingerprint(APP_INSTANCE));
  expect(await provider.requests(MIN_BUNDLE_PATH)).toHaveLength(1);

  // A call through the relayed api: an empty form is invalid, with an error for every field.
  const empty = await page.evaluate(() =>
    (window as unknown as { __apis: { validate(): Promise<unknown> }[] }).__apis[0]?.validate(),
  );
  expect(empty).toMatchObject({ valid: false });
  expect(Object.keys((empty as { errors: object }).errors).sort()).toEqual(
    ['cardNumber', 'cardholderName', 'email', 'expirationDate', 'postalCode', 'securityCode', 'subdivision'].sort(),
  );
  await expect(frame.getByLabel('Card number', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  // Filled in by a buyer, the same call says valid.
  await typeInto(frame.getByLabel('Cardholder name', { exact: true }), 'Ada Lovelace');
  await typeInto(frame.getByLabel('Card number', { exact: true }), '4242 4242 4242 4242');
  await typeInto(frame.getByLabel('Expiration date', { exact: true }), '12/39');
  await typeInto(frame.getByLabel('Security code', { exact: true }), '123');
  await fillBilling(frame);
  await typeInto(frame.getByLabel('Email', { exact: true }), 'ada@example.com');
  const filled = await page.evaluate(() =>
    (window as unknown as { __apis: { validate(): Promise<unknown> }[] }).__apis[0]?.validate(),
  );
  expect(filled).toEqual({ valid: true, errors: {} });
});

test('no crash is reported on a healthy load', async ({ page }) => {
  await openAndMount(page);
  await waitForEvent(page, 'apiInit');
  await page.waitForTimeout(300);
  const events = await page.evaluate(() => (window as unknown as { __events: { type: string }[] }).__events.map((e) => e.type));
  expect(events).toEqual(['apiInit']);
});
