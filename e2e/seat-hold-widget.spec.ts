import { ErrorCode, ProviderPaths } from '../shared';
import { APPROVED_CARD, fillCard, HOLD_EXPIRED_MESSAGE, placeOrder, startCheckout, widget } from './support/checkout';
import { installClock, passTime } from './support/clock';
import { payOutcome, startPay } from './support/hostPay';
import { DEFAULT_ORDER } from './support/provider';
import { expect, hostEvents, openAndMount, test, waitForEvents, widgetFrame } from './support/test';

// The widget's side of seat holds (issue 24), on the demo checkout with a 65-second hold and the
// page clock driving both realms a second at a time.

const HOLD_MS = 65_000;

test.beforeEach(async ({ page }) => {
  test.setTimeout(90_000); // the clock steps through the hold a second at a time
  await installClock(page);
});

test('the hold counts down calmly, then expiry: the message, the form locked, no token and no charge', async ({
  page,
  provider,
}) => {
  const orderId = await startCheckout(page, `?hold=${HOLD_MS / 1_000}`);
  const frame = widget(page);
  await expect(frame.getByText(/^Your tickets are held for 1:0\d$/)).toBeVisible();
  // Calm: the time is in no live region; the hold's status region says nothing yet (65 s is under 5 minutes).
  await expect(frame.getByRole('status').filter({ hasText: /held/ })).toHaveCount(0);
  await expect(frame.getByText(/^Your tickets are held for 1:0\d$/)).not.toHaveAttribute('aria-live');
  await fillCard(page, APPROVED_CARD);
  await passTime(page, HOLD_MS - 55_000);
  await expect(frame.getByRole('status').filter({ hasText: 'Your tickets are held for 1 more minute.' })).toHaveCount(1);
  await passTime(page, 60_000);
  await expect(frame.getByText(HOLD_EXPIRED_MESSAGE, { exact: true }).first()).toBeVisible();
  await expect(frame.getByLabel('Card number')).toHaveAttribute('readonly', '');
  // The page heard it (onHoldExpired): its Place order is off, and nothing reached the provider.
  await expect(placeOrder(page)).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Order confirmed' })).toBeHidden();
  expect(await provider.chargeAttempts(orderId)).toHaveLength(0);
  expect(await provider.requests(ProviderPaths.cardTokenization)).toHaveLength(0);
});

test('after expiry pay rejects ORDER_HOLD_EXPIRED naming the order, with nothing tokenized or charged; onHoldExpired once', async ({
  page,
  provider,
}) => {
  const orderId = await provider.setupOrder({ ...DEFAULT_ORDER, holdSeconds: HOLD_MS / 1_000 });
  await openAndMount(page, { orderId });
  const frame = widgetFrame(page);
  await expect(frame.getByText(/^Your tickets are held for 1:0\d$/)).toBeVisible();
  await fillCard(page, APPROVED_CARD, frame);
  await passTime(page, HOLD_MS + 1_000);
  await expect(frame.getByText(HOLD_EXPIRED_MESSAGE, { exact: true }).first()).toBeVisible();
  await waitForEvents(page, 'holdExpired', 1);
  await startPay(page, orderId);
  expect(await payOutcome(page)).toMatchObject({ code: ErrorCode.OrderHoldExpired, details: { orderId } });
  await passTime(page, 5_000); // told once, however long the page waits
  expect((await hostEvents(page)).filter((e) => e.type === 'holdExpired')).toEqual([{ index: 0, type: 'holdExpired', orderId }]);
  expect(await provider.chargeAttempts(orderId)).toHaveLength(0);
  expect(await provider.requests(ProviderPaths.cardTokenization)).toHaveLength(0);
});
