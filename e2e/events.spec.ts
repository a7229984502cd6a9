import type { Page } from '@playwright/test';
import { fillBilling } from './support/checkout';
import { expect, type HostEvent, hostEvents, openAndMount, test, waitForEvent, widgetFrame } from './support/test';
import { typeInto } from './support/typeInto';

// Issue 36: the events a checkout page builds on, as the host page receives them across the two
// sites: onChange when a value changes (not per keystroke), onFocus and onBlur by the DESIGN
// names, onEscape; and no payload carries card data.

/** The form events the test host recorded, in order. */
async function formEvents(page: Page) {
  return (await hostEvents(page)).filter((e) => ['change', 'focus', 'blur', 'escape'].includes(e.type));
}
const changes = (events: HostEvent[]) => events.flatMap((e) => (e.type === 'change' ? [e.change] : []));

test('a full card typed: onChange only as its values change, focus and blur by field name, and no digit in any payload', async ({
  page,
}) => {
  await openAndMount(page, { recordFormEvents: true });
  await waitForEvent(page, 'apiInit');
  const frame = widgetFrame(page);
  await expect.poll(async () => changes(await formEvents(page)).at(-1)).toMatchObject({ complete: false, empty: true });

  await typeInto(frame.getByLabel('Cardholder name', { exact: true }), 'Ada Lovelace');
  await typeInto(frame.getByLabel('Card number', { exact: true }), '4242 4242 4242 4242');
  await typeInto(frame.getByLabel('Expiration date', { exact: true }), '12/39');
  await typeInto(frame.getByLabel('Security code', { exact: true }), '123');
  await fillBilling(frame);
  await typeInto(frame.getByLabel('Email', { exact: true }), 'ada@example.com');
  await expect
    .poll(async () => changes(await formEvents(page)).at(-1))
    .toEqual({ complete: true, empty: false, paymentMethod: 'CARD', brand: 'visa', country: 'US' });

  const events = await formEvents(page);
  const told = changes(events);
  // 66 keystrokes; what changed: the billing country once known, the first digit (Visa, not
  // empty), the last one that made it complete. A state chosen before the ZIP code can add no more.
  expect(told.length, JSON.stringify(told)).toBeLessThanOrEqual(4);
  expect(told.filter((c) => c.complete)).toHaveLength(1);
  for (const [a, b] of told.slice(1).map((c, i) => [told[i], c])) expect(b, 'no change told twice').not.toEqual(a);
  // The fields, by their event names, each focused then left.
  const focused = events.flatMap((e) => (e.type === 'focus' ? [e.event.field] : []));
  const left = events.flatMap((e) => (e.type === 'blur' ? [e.event.field] : []));
  expect(focused).toEqual(
    expect.arrayContaining(['cardholderName', 'cardNumber', 'expiry', 'securityCode', 'postalCode', 'email']),
  );
  expect(left).toEqual(expect.arrayContaining(['cardholderName', 'cardNumber', 'expiry', 'securityCode', 'postalCode']));
  // No payload carries card data: not a digit anywhere.
  expect(JSON.stringify(events.map(({ index: _index, ...rest }) => rest))).not.toMatch(/\d/);
});

test('Escape in the widget calls onEscape with nothing; other keys do not', async ({ page }) => {
  await openAndMount(page, { recordFormEvents: true });
  await waitForEvent(page, 'apiInit');
  const field = widgetFrame(page).getByLabel('Card number', { exact: true });
  await field.click();
  await field.press('a');
  await field.press('Shift');
  await field.press('Escape');
  await expect
    .poll(async () => (await formEvents(page)).filter((e) => e.type === 'escape'))
    .toEqual([{ index: 0, type: 'escape', args: [] }]);
});
