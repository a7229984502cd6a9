import type { Page } from '@playwright/test';
import { ProviderPaths } from '../shared';
import { APPROVED_CARD, fillCard, placeOrder, startCheckout, widget } from './support/checkout';
import { installClock } from './support/clock';
import { expect, test } from './support/test';

// The widget's side of seat holds (issue 24), on the demo checkout with the page clock driving
// both realms. Until the reference provider returns `holdExpiresAt`, the order's reply is given
// one here (90 s from now), with its Date header exposed as the provider is to expose it.

const HOLD_MS = 90_000;

/**
 * Runs the page clock `ms` forward a second at a time, so that the frame answers the host's
 * heartbeat between steps (one long run would take the frame for lost).
 */
async function pass(page: Page, ms: number) {
  for (let run = 0; run < ms; run += 1_000) await page.clock.runFor(1_000);
}
const EXPIRED = 'The time to pay has run out: your tickets are no longer held.';

test.beforeEach(async ({ page }) => {
  await installClock(page);
  const holdExpiresAt = new Date(Date.now() + HOLD_MS).toISOString();
  await page.route(/\/payments-checkout-server\/orders\/[^/]+$/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const order = { ...(await response.json()), holdExpiresAt };
    const headers = { ...response.headers(), 'access-control-expose-headers': 'Date' };
    await route.fulfill({ response, headers, json: order });
  });
});

test('the hold counts down calmly, then expiry: the message, the form locked, no token and no charge', async ({
  page,
  provider,
}) => {
  const orderId = await startCheckout(page);
  const frame = widget(page);
  await expect(frame.getByText(/^Your tickets are held for 1:[0-3]\d$/)).toBeVisible();
  // Calm: the time is in no live region; the hold's status region says nothing yet (90 s is under 5 minutes).
  await expect(frame.getByRole('status').filter({ hasText: /held/ })).toHaveCount(0);
  await expect(frame.getByText(/^Your tickets are held for 1:[0-3]\d$/)).not.toHaveAttribute('aria-live');
  await fillCard(page, APPROVED_CARD);
  await pass(page, HOLD_MS - 55_000);
  await expect(frame.getByRole('status').filter({ hasText: 'Your tickets are held for 1 more minute.' })).toHaveCount(1);
  await pass(page, 60_000);
  await expect(frame.getByText(EXPIRED, { exact: true }).first()).toBeVisible();
  await expect(frame.getByLabel('Card number')).toHaveAttribute('readonly', '');
  await placeOrder(page).click();
  await pass(page, 2_000);
  await expect(page.getByRole('region', { name: 'Order confirmed' })).toBeHidden();
  expect(await provider.chargeAttempts(orderId)).toHaveLength(0);
  expect(await provider.requests(ProviderPaths.cardTokenization)).toHaveLength(0);
});
