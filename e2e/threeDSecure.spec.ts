import { ErrorCode, ProviderPaths } from '../shared';
import { axeViolations } from './support/axe';
import {
  bankDocument,
  bankIframe,
  bankPage,
  CHALLENGE_CARD,
  CHALLENGE_DECLINED_CARD,
  challengeDialog,
  challengeIdIn,
  challengePageRequests,
  FRICTIONLESS_CARD,
  fillCardIn,
  horizontalScroll,
  mountInHostModal,
  payIntoChallenge,
  payOutcome,
  readyToPay,
  recordChallenge,
  startPay,
  widgetAt,
  widgetDocument,
} from './support/challenge';
import { APPROVED_CARD } from './support/checkout';
import { destroyWidget, expect, mount, test, waitForEvents } from './support/test';

// Issue 22: a buyer whose bank asks to confirm the payment (3-D Secure) pays in the widget, once.
// The test host page (localhost) mounts the widget (its frame on 127.0.0.1, another site) and
// calls `pay` as a host's script would; the reference provider makes the charges and serves the
// bank's page on its vault origin, and its control API says what it made and was asked.

const outcomes = [
  { card: CHALLENGE_CARD, button: 'Complete authentication', result: { status: 'APPROVED' } },
  { card: CHALLENGE_CARD, button: 'Fail authentication', result: { status: 'DECLINED', declineCode: 'authentication_failed' } },
  {
    card: CHALLENGE_DECLINED_CARD,
    button: 'Complete authentication',
    result: { status: 'DECLINED', declineCode: 'card_declined' },
  },
] as const;

for (const { card, button, result } of outcomes) {
  test(`${card}: "${button}" in the bank's page resolves pay ${result.status}${'declineCode' in result ? ` ${result.declineCode}` : ''}`, async ({
    page,
    provider,
  }) => {
    const orderId = await readyToPay(page, provider, card);
    await payIntoChallenge(page, orderId);
    await bankPage(widgetAt(page)).getByRole('button', { name: button }).click();
    const outcome = await payOutcome(page);
    const charges = await provider.charges();
    expect(charges).toEqual([expect.objectContaining({ orderId, ...result })]);
    expect(outcome).toEqual({ resolved: expect.objectContaining({ orderId, chargeId: charges[0]?.id, ...result }) });
    await expect(challengeDialog(widgetAt(page))).toHaveCount(0);
  });
}

test(`${FRICTIONLESS_CARD} (frictionless): APPROVED with no dialog and no challenge page`, async ({ page, provider }) => {
  const orderId = await readyToPay(page, provider, FRICTIONLESS_CARD);
  await startPay(page, orderId);
  expect(await payOutcome(page)).toEqual({ resolved: { status: 'APPROVED', orderId, chargeId: expect.any(String) } });
  await expect(challengeDialog(widgetAt(page))).toHaveCount(0);
  expect(await challengePageRequests(provider)).toEqual([]);
});

for (const how of ['the Cancel button', 'Escape'] as const) {
  test(`${how} closes the challenge: DECLINED authentication_abandoned, and the order can be paid again (4242: APPROVED)`, async ({
    page,
    provider,
  }) => {
    const orderId = await readyToPay(page, provider, CHALLENGE_CARD);
    await payIntoChallenge(page, orderId);
    const widget = widgetAt(page);
    if (how === 'Escape') {
      await expect(challengeDialog(widget)).toBeFocused();
      await page.keyboard.press('Escape');
    } else {
      await challengeDialog(widget).getByRole('button', { name: 'Cancel' }).click();
    }
    expect(await payOutcome(page)).toEqual({
      resolved: expect.objectContaining({ status: 'DECLINED', orderId, declineCode: 'authentication_abandoned' }),
    });
    const cancels = (await provider.requestsAfter(0)).filter((r) => r.method === 'POST' && r.path.endsWith('/cancel'));
    expect(cancels, 'the widget cancelled the charge at the provider').toHaveLength(1);

    await fillCardIn(widget, APPROVED_CARD);
    await startPay(page, orderId);
    expect(await payOutcome(page)).toEqual({ resolved: expect.objectContaining({ status: 'APPROVED', orderId }) });
    expect((await provider.charges()).map((c) => [c.status, c.declineCode])).toEqual([
      ['DECLINED', 'authentication_abandoned'],
      ['APPROVED', undefined],
    ]);
  });
}

test("a lost completion message: the result recorded without the bank's page is found by polling within 3 s", async ({
  page,
  provider,
  request,
}) => {
  const orderId = await readyToPay(page, provider, CHALLENGE_CARD);
  await payIntoChallenge(page, orderId);
  const widget = widgetAt(page);
  await recordChallenge(request, await challengeIdIn(widget), 'complete');
  const recordedAt = Date.now();
  const outcome = await payOutcome(page, 0, 3_000);
  const foundAfter = Date.now() - recordedAt;
  console.log(`lost completion message: pay resolved ${foundAfter} ms after the result was recorded`);
  expect(outcome).toEqual({ resolved: expect.objectContaining({ status: 'APPROVED', orderId }) });
  expect(foundAfter).toBeLessThanOrEqual(3_000);
  await expect(challengeDialog(widget)).toHaveCount(0);
});

test('destroy() during the challenge: PAYMENT_OUTCOME_UNKNOWN with the order; the next mount shows the same challenge; one tokenization, one charge', async ({
  page,
  provider,
}) => {
  const orderId = await readyToPay(page, provider, CHALLENGE_CARD);
  await payIntoChallenge(page, orderId);
  const firstChallenge = await challengeIdIn(widgetAt(page));
  await destroyWidget(page, 0);
  expect(await payOutcome(page)).toMatchObject({ code: ErrorCode.PaymentOutcomeUnknown, details: { orderId } });

  await mount(page);
  await waitForEvents(page, 'apiInit', 2);
  await payIntoChallenge(page, orderId, 1);
  const widget = widgetAt(page, 1);
  expect(await challengeIdIn(widget), 'the same challenge').toBe(firstChallenge);
  await bankPage(widget).getByRole('button', { name: 'Complete authentication' }).click();
  expect(await payOutcome(page, 1)).toEqual({ resolved: expect.objectContaining({ status: 'APPROVED', orderId }) });

  const tokenizations = (await provider.requests(ProviderPaths.cardTokenization)).filter((r) => r.method === 'POST');
  expect(tokenizations, 'one tokenization').toHaveLength(1);
  expect(await provider.chargeAttempts(orderId), 'one charge request').toHaveLength(1);
  expect(await provider.charges()).toEqual([expect.objectContaining({ orderId, status: 'APPROVED' })]);
});

test("a lost frame during the challenge (its iframe removed): PAYMENT_OUTCOME_UNKNOWN with the order; the challenge fails meanwhile; the next mount's pay resolves DECLINED authentication_failed, nothing more charged", async ({
  page,
  provider,
  request,
}) => {
  const orderId = await readyToPay(page, provider, CHALLENGE_CARD);
  await payIntoChallenge(page, orderId);
  const challengeId = await challengeIdIn(widgetAt(page));
  await page.evaluate(() => document.querySelector('#mount-0 iframe')?.remove());
  expect(await payOutcome(page, 0, 10_000)).toMatchObject({ code: ErrorCode.PaymentOutcomeUnknown, details: { orderId } });
  await recordChallenge(request, challengeId, 'fail');

  await mount(page);
  await waitForEvents(page, 'apiInit', 2);
  await startPay(page, orderId, 1);
  expect(await payOutcome(page, 1)).toEqual({
    resolved: expect.objectContaining({ status: 'DECLINED', orderId, declineCode: 'authentication_failed' }),
  });
  await expect(challengeDialog(widgetAt(page, 1))).toHaveCount(0);
  expect((await provider.requests(ProviderPaths.cardTokenization)).filter((r) => r.method === 'POST')).toHaveLength(1);
  expect(await provider.chargeAttempts(orderId), 'one charge request').toHaveLength(1);
});

test('the fit: at 320×568 the bank page is wholly on-screen with no sideways scroll; at 1280×800 a centred box of at least 390×400', async ({
  page,
  provider,
}) => {
  await page.setViewportSize({ width: 320, height: 568 });
  const orderId = await readyToPay(page, provider, CHALLENGE_CARD);
  await payIntoChallenge(page, orderId);
  const widget = widgetAt(page);
  const phone = await bankIframe(widget).boundingBox();
  if (!phone) throw new Error('no box for the bank page at 320 px');
  console.log(
    `challenge box 320: ${Math.round(phone.width)}x${Math.round(phone.height)} at (${Math.round(phone.x)}, ${Math.round(phone.y)})`,
  );
  expect(phone.x).toBeGreaterThanOrEqual(0);
  expect(phone.y).toBeGreaterThanOrEqual(0);
  expect(phone.x + phone.width).toBeLessThanOrEqual(320);
  expect(phone.y + phone.height).toBeLessThanOrEqual(568);
  for (const [name, target] of [
    ['host page', page],
    ['widget frame', widgetDocument(page)],
    ['bank page', bankDocument(page)],
  ] as const) {
    const scroll = await horizontalScroll(target);
    expect(scroll.scrollWidth, `${name}: no sideways scroll`).toBeLessThanOrEqual(scroll.clientWidth);
  }
  await expect(bankPage(widget).getByRole('button', { name: 'Complete authentication' })).toBeInViewport({ ratio: 1 });

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect
    .poll(async () => Math.round((await bankIframe(widget).boundingBox())?.width ?? 0), { message: 'the box settles' })
    .toBeLessThan(1280);
  const desk = await bankIframe(widget).boundingBox();
  const dialog = await challengeDialog(widget).boundingBox();
  if (!desk || !dialog) throw new Error('no box for the bank page at 1280 px');
  console.log(
    `challenge box 1280: ${Math.round(desk.width)}x${Math.round(desk.height)}; dialog ${Math.round(dialog.width)}x${Math.round(dialog.height)}`,
  );
  expect(desk.width).toBeGreaterThanOrEqual(390);
  expect(desk.height).toBeGreaterThanOrEqual(400);
  expect(Math.abs(dialog.x - (1280 - dialog.x - dialog.width)), 'centred across').toBeLessThanOrEqual(1);
  expect(Math.abs(dialog.y - (800 - dialog.y - dialog.height)), 'centred down').toBeLessThanOrEqual(1);
  for (const target of [page, widgetDocument(page), bankDocument(page)]) {
    const scroll = await horizontalScroll(target);
    expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
  }
  await bankPage(widget).getByRole('button', { name: 'Complete authentication' }).click();
  expect(await payOutcome(page)).toEqual({ resolved: expect.objectContaining({ status: 'APPROVED' }) });
});

test("a keyboard-only challenge: Tab into the bank's page, Enter on its button; focus returns to the card form", async ({
  page,
  provider,
}) => {
  const orderId = await readyToPay(page, provider, CHALLENGE_CARD);
  await payIntoChallenge(page, orderId);
  const widget = widgetAt(page);
  await expect(challengeDialog(widget), 'focus moves into the dialog').toBeFocused();
  const complete = bankPage(widget).getByRole('button', { name: 'Complete authentication' });
  const focused = () => complete.evaluate((button) => document.activeElement === button && document.hasFocus());
  for (let presses = 0; presses < 8 && !(await focused()); presses += 1) await page.keyboard.press('Tab');
  expect(await focused(), "Tab reaches the bank's button").toBe(true);
  await page.keyboard.press('Enter');
  expect(await payOutcome(page)).toEqual({ resolved: expect.objectContaining({ status: 'APPROVED', orderId }) });
  await expect(challengeDialog(widget)).toHaveCount(0);
  const inForm = () =>
    widgetDocument(page).evaluate(
      () => document.activeElement?.closest('form') !== null && document.activeElement !== document.body,
    );
  await expect.poll(inForm, { message: 'focus is back in the card form' }).toBe(true);
});

test("axe finds nothing with the dialog open: the host page, the widget's frame and the bank's page", async ({
  page,
  provider,
}) => {
  const orderId = await readyToPay(page, provider, CHALLENGE_CARD);
  await payIntoChallenge(page, orderId);
  expect(await axeViolations(page), 'host page').toEqual([]);
  expect(await axeViolations(widgetDocument(page)), "widget's frame").toEqual([]);
  expect(await axeViolations(bankDocument(page)), "bank's page").toEqual([]);
});

test("inside the host page's own modal <dialog>: the challenge overlay sits above it, works, and goes back after", async ({
  page,
  provider,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const orderId = await provider.setupOrder();
  await page.goto('/test-host.html');
  // The host's modal, a small one: the widget's iframe is too small for the bank's page, so it asks for the viewport.
  await mountInHostModal(page, 360);
  await waitForEvents(page, 'apiInit', 1);
  const widget = widgetAt(page);
  await fillCardIn(widget, CHALLENGE_CARD);
  await payIntoChallenge(page, orderId);

  const iframe = page.locator('#mount-0 iframe');
  const box = await bankIframe(widget).boundingBox();
  if (!box) throw new Error('no box for the bank page');
  // What the host page draws at the middle of the bank's page: the widget's iframe, not the host's dialog.
  const onTop = await page.evaluate(
    ({ x, y }) => {
      const hit = document.elementFromPoint(x, y);
      const frame = document.querySelector('#mount-0 iframe') as HTMLIFrameElement;
      return { hitIsFrame: hit === frame, popoverOpen: frame.matches(':popover-open') };
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(onTop).toEqual({ hitIsFrame: true, popoverOpen: true });
  expect(await iframe.boundingBox()).toEqual({ x: 0, y: 0, width: 1280, height: 800 });

  await bankPage(widget).getByRole('button', { name: 'Complete authentication' }).click();
  expect(await payOutcome(page)).toEqual({ resolved: expect.objectContaining({ status: 'APPROVED', orderId }) });
  await expect(challengeDialog(widget)).toHaveCount(0);
  // The iframe is back in the host's dialog, which is still open, and not a popover any more.
  const after = await page.evaluate(() => {
    const frame = document.querySelector('#mount-0 iframe') as HTMLIFrameElement;
    const modal = document.getElementById('host-modal') as HTMLDialogElement;
    const frameBox = frame.getBoundingClientRect();
    const modalBox = modal.getBoundingClientRect();
    return {
      popover: frame.hasAttribute('popover'),
      modalOpen: modal.open,
      inside: frameBox.left >= modalBox.left && frameBox.right <= modalBox.right,
    };
  });
  expect(after).toEqual({ popover: false, modalOpen: true, inside: true });
});
