import type { Page } from '@playwright/test';
import { CONTROL_KEY_HEADER } from '../provider';
import { bankPage, CHALLENGE_CARD, fillCardIn, payIntoChallenge, payOutcome, widgetAt } from './support/challenge';
import { HOLD_EXPIRED_MESSAGE } from './support/checkout';
import { APP_INSTANCE, PROVIDER_ORIGIN } from './support/origins';
import { controlKeyOfRun, DEFAULT_ORDER } from './support/provider';
import { expect, hostEvents, openAndMount, test, waitForEvent, waitForEvents } from './support/test';

// Seats kept while a payment is under way (issue 37 item 2), on the test host page against the
// reference provider. The provider's hold runs in real time, so these tests use short holds and
// wait for them in real time rather than moving a page clock: what is proven is the provider's
// hold, and the widget's countdown (on the provider's clock, read with the order) has to pass it too.
// - PayPal: the window is opened before the hold's nominal end and approved after it: the capture is
//   taken (the provider kept the seats) and the widget said "Finishing your payment…" meanwhile,
//   without locking or telling the host the hold expired.
// - 3-D Secure: a challenge opened before the nominal end and completed after the grace limit (a few
//   seconds, set with POST /__control/holds): the provider refunds the charge, once, and `pay`
//   resolves REFUNDED_HOLD_EXPIRED with the buyer's message; the hold expires then.

const FINISHING = 'Finishing your payment…';
/** The order's hold: long enough for the mount and the payment to start before it ends on a busy machine. */
const HOLD_SECONDS = 12;
/** The grace limit of the 3-D Secure test. */
const GRACE_MS = 3_000;

test.beforeEach(() => {
  test.setTimeout(90_000); // each test waits for a real hold (and a grace) to pass
});

/** Sets up an order held `HOLD_SECONDS`; returns its id and a time at or before the provider started the hold. */
async function heldOrder(provider: { setupOrder: (o: typeof DEFAULT_ORDER) => Promise<string> }) {
  const startedBy = Date.now();
  const orderId = await provider.setupOrder({ ...DEFAULT_ORDER, holdSeconds: HOLD_SECONDS });
  return { orderId, nominalEnd: startedBy + HOLD_SECONDS * 1_000 };
}

/** Waits (real time) until `at` (ms since the epoch) has passed by `marginMs`. */
const waitUntil = (page: Page, at: number, marginMs: number) => page.waitForTimeout(Math.max(0, at + marginMs - Date.now()));

/** The orders the page heard expire (onHoldExpired). */
const expiredOrders = async (page: Page) =>
  (await hostEvents(page)).flatMap((e) => (e.type === 'holdExpired' ? [e.orderId] : []));

test('PayPal approved after the hold’s nominal end is captured (APPROVED), and "Finishing your payment…" showed meanwhile, with no onHoldExpired', async ({
  page,
  provider,
  request,
}) => {
  const offered = await request.post(`${PROVIDER_ORIGIN}/__control/paypal`, {
    data: { appInstances: [APP_INSTANCE] },
    headers: { [CONTROL_KEY_HEADER]: controlKeyOfRun() },
  });
  expect(offered.ok()).toBe(true);
  const { orderId, nominalEnd } = await heldOrder(provider);
  await openAndMount(page, { orderId });
  const frame = widgetAt(page);
  const time = frame.getByText(/^Your tickets are held for 0:\d\d$/).first();
  await expect(time).toBeVisible();
  await frame.getByRole('radio', { name: 'PayPal' }).check();
  const popupOpened = page.waitForEvent('popup');
  await frame.getByRole('button', { name: 'Pay with PayPal' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('button', { name: 'Approve payment' })).toBeVisible();
  expect(Date.now(), 'the PayPal checkout started before the hold’s nominal end').toBeLessThan(nominalEnd);
  await expect(frame.getByText(FINISHING, { exact: true })).toBeVisible();
  await expect(time).toBeHidden();

  await waitUntil(page, nominalEnd, 2_000); // the hold's nominal end has passed, on every clock
  await expect(frame.getByText(FINISHING, { exact: true })).toBeVisible();
  await expect(frame.getByText(HOLD_EXPIRED_MESSAGE)).toHaveCount(0);
  expect(await expiredOrders(page)).toEqual([]);

  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Approve payment' }).click();
  await closed;
  const [paid] = await waitForEvent(page, 'paymentResult');
  expect(paid?.result).toMatchObject({ status: 'APPROVED', orderId });
  await expect(frame.getByText('PayPal approved your payment.')).toBeVisible();
  const charges = (await provider.charges()).filter((c) => c.orderId === orderId);
  expect(charges.map((c) => c.status)).toEqual(['APPROVED']);
  // Paid: the hold is over for good, and the page never hears it expire.
  await expect(frame.getByText(FINISHING, { exact: true })).toHaveCount(0);
  await page.waitForTimeout(1_500);
  expect(await expiredOrders(page)).toEqual([]);
});

test('a 3-D Secure challenge completed after the grace limit: refunded exactly once, pay resolves REFUNDED_HOLD_EXPIRED with the buyer’s message, and the hold expires then', async ({
  page,
  provider,
  request,
}) => {
  const grace = await request.post(`${PROVIDER_ORIGIN}/__control/holds`, {
    data: { holdGraceMs: GRACE_MS },
    headers: { [CONTROL_KEY_HEADER]: controlKeyOfRun() },
  });
  expect(grace.ok()).toBe(true);
  const { orderId, nominalEnd } = await heldOrder(provider);
  await openAndMount(page, { orderId });
  await waitForEvents(page, 'apiInit', 1);
  const frame = widgetAt(page);
  await fillCardIn(frame, CHALLENGE_CARD);
  await payIntoChallenge(page, orderId);
  expect(Date.now(), 'the challenge opened before the hold’s nominal end').toBeLessThan(nominalEnd);
  await expect(frame.getByText(FINISHING, { exact: true })).toBeVisible();

  await waitUntil(page, nominalEnd + GRACE_MS, 2_000); // past the grace limit: the seats went back on sale
  await expect(frame.getByText(FINISHING, { exact: true })).toBeVisible();
  expect(await expiredOrders(page), 'the widget waits for the payment, not the grace limit it does not know').toEqual([]);

  await bankPage(frame).getByRole('button', { name: 'Complete authentication' }).click();
  const outcome = await payOutcome(page);
  expect(outcome).toEqual({
    resolved: { status: 'REFUNDED_HOLD_EXPIRED', orderId, chargeId: expect.any(String), message: HOLD_EXPIRED_MESSAGE },
  });
  const chargeId = 'resolved' in outcome ? outcome.resolved.chargeId : undefined;

  // The provider: one charge for the order, refunded once (refundedAt set, and it stays as it was).
  const refunded = async () =>
    ((await provider.charges()) as { id: string; orderId: string; status: string; refundedAt?: string }[]).filter(
      (c) => c.orderId === orderId,
    );
  const [charge, ...others] = await refunded();
  expect(others).toEqual([]);
  expect(charge).toMatchObject({ id: chargeId, status: 'REFUNDED_HOLD_EXPIRED', refundedAt: expect.any(String) });

  // The widget: the hold expires now (the buyer reads why), once; a new pay charges nothing.
  await expect(frame.getByText(HOLD_EXPIRED_MESSAGE).first()).toBeVisible();
  await expect.poll(() => expiredOrders(page)).toEqual([orderId]);
  await page.waitForTimeout(1_500);
  expect(await refunded()).toEqual([charge]);
  expect(await expiredOrders(page)).toEqual([orderId]);
});
