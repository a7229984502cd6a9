import type { Page } from '@playwright/test';
import { ProviderPaths } from '../shared';
import { clickPlaceOrder, logLines, placeOrder, readOrder, widget } from './support/checkout';
import { payOutcome, startPay } from './support/hostPay';
import {
  answer,
  blockFirstPopup,
  chargeIdOf,
  chooseMethod,
  confirmation,
  LOCAL_WORDS,
  localPaymentTimings,
  openMethodPage,
  PENDING_SETTLE_MS,
  payWithButton,
  REDIRECT_METHODS,
  type RedirectMethod,
  startCheckout,
  statusLine,
} from './support/localPayments';
import { DEFAULT_ORDER } from './support/provider';
import { expect, hostEvents, mount, openAndMount, test, widgetFrame } from './support/test';

// Issue 38's proof for the redirect methods on the demo checkout: iDEAL (?country=NL), Bancontact
// (BE) and Klarna (DE). The buyer chooses the method in the widget, "Pay with {method}" opens the
// provider's simulated page in a popup, and the buyer answers there. Each outcome is checked where
// it shows: what the widget says, the host's onPaymentResult (once for a settled outcome, a decline
// included; never for a cancel: issue 38 plan Q8, as PayPal), the provider's charges, and the
// demo's confirmation, which only an approval brings (the site's server saw the order PAID).

/** The host's onPaymentResult calls so far, as the demo logged them (`JSON.stringify(result)` after the kind). */
async function paymentResults(page: Page): Promise<{ status: string; chargeId?: string; paymentMethod?: string }[]> {
  const lines = await logLines(page, 'onPaymentResult').allTextContents();
  return lines.map((line) => JSON.parse(line.slice(line.indexOf('{'))));
}

/** Starts the demo checkout in `method`'s country and chooses it in the widget; returns the order id. */
async function startWith(page: Page, method: RedirectMethod): Promise<string> {
  const { country, label } = REDIRECT_METHODS[method];
  const orderId = await startCheckout(page, country);
  await chooseMethod(page, label);
  return orderId;
}

/** The demo confirms `orderId` paid (its site's server saw it PAID); returns the charge id it names. */
async function expectPaid(page: Page, orderId: string): Promise<string> {
  await expect(confirmation(page)).toBeVisible();
  await expect(confirmation(page)).toContainText(`Order ${orderId}`);
  await expect(confirmation(page)).toHaveAttribute('data-order-status', 'PAID');
  await expect(placeOrder(page)).toBeHidden();
  return (await confirmation(page).getAttribute('data-charge-id')) ?? '';
}

/** The order is not paid: no confirmation on the demo, and the provider has it awaiting payment. */
async function expectNotPaid(page: Page, orderId: string): Promise<void> {
  await expect(confirmation(page)).toBeHidden();
  expect((await readOrder(page, orderId)).status).toBe('AWAITING_PAYMENT');
}

for (const method of ['IDEAL', 'BANCONTACT', 'KLARNA'] as const) {
  const { label } = REDIRECT_METHODS[method];

  test.describe(label, () => {
    test(`approve: the popup closes, "${LOCAL_WORDS.approved}", onPaymentResult once with the approval, the order paid, one ${method} charge`, async ({
      page,
      provider,
    }) => {
      const orderId = await startWith(page, method);
      const popup = await openMethodPage(page, label);
      const paid = chargeIdOf(popup);
      await expect(statusLine(page, LOCAL_WORDS.waiting(label))).toBeVisible();
      // Klarna: the buyer's choice at Klarna is recorded on the charge.
      await answer(popup, 'Approve payment', method === 'KLARNA' ? { klarna: 'Pay in 3 parts' } : {});
      await expect(statusLine(page, LOCAL_WORDS.approved)).toBeVisible();
      const chargeId = await expectPaid(page, orderId);
      expect(chargeId).toBe(paid);
      expect(await paymentResults(page)).toEqual([expect.objectContaining({ status: 'APPROVED', orderId, chargeId })]);
      expect(await provider.charges()).toEqual([
        expect.objectContaining({
          id: chargeId,
          orderId,
          status: 'APPROVED',
          paymentMethod: method,
          ...(method === 'KLARNA' ? { klarnaOption: 'PAY_IN_3_PARTS' } : {}),
        }),
      ]);
      expect(await provider.chargeAttempts(orderId)).toHaveLength(1);
    });

    test(`decline: "${LOCAL_WORDS.declined(label)}", onPaymentResult once with the decline, the order not paid, one declined charge`, async ({
      page,
      provider,
    }) => {
      const orderId = await startWith(page, method);
      const popup = await openMethodPage(page, label);
      const chargeId = chargeIdOf(popup);
      await answer(popup, 'Decline payment');
      await expect(widget(page).getByRole('alert')).toHaveText(LOCAL_WORDS.declined(label));
      await expect(logLines(page, 'onPaymentResult')).toHaveCount(1);
      expect(await paymentResults(page)).toEqual([
        expect.objectContaining({ status: 'DECLINED', orderId, chargeId, declineCode: 'customer_declined' }),
      ]);
      // The buyer may choose another way to pay: the choices and the method's button are back.
      await expect(payWithButton(page, label)).toBeEnabled();
      await expect(widget(page).getByRole('radio', { name: 'Card', exact: true })).toBeEnabled();
      await expectNotPaid(page, orderId);
      expect(await provider.charges()).toEqual([
        expect.objectContaining({
          id: chargeId,
          orderId,
          status: 'DECLINED',
          paymentMethod: method,
          declineCode: 'customer_declined',
        }),
      ]);
    });

    test(`cancel: "${LOCAL_WORDS.cancelled}", no onPaymentResult, nothing charged (the charge abandoned); paying again then is heard once`, async ({
      page,
      provider,
    }) => {
      const orderId = await startWith(page, method);
      const popup = await openMethodPage(page, label);
      const cancelled = chargeIdOf(popup);
      await answer(popup, 'Cancel and return');
      await expect(widget(page).getByRole('alert')).toHaveText(LOCAL_WORDS.cancelled);
      await expect(payWithButton(page, label)).toBeEnabled();
      await expect(widget(page).getByRole('radio', { name: 'Card', exact: true })).toBeEnabled();
      expect(await provider.charges()).toEqual([
        expect.objectContaining({
          id: cancelled,
          orderId,
          status: 'DECLINED',
          paymentMethod: method,
          declineCode: 'authentication_abandoned',
        }),
      ]);
      await expectNotPaid(page, orderId);
      // A second payment, approved: the host hears of it alone. A call for the cancel would have
      // come before it (one channel, in order), so none came.
      const again = await openMethodPage(page, label);
      await answer(again, 'Approve payment');
      const chargeId = await expectPaid(page, orderId);
      expect(await paymentResults(page)).toEqual([expect.objectContaining({ status: 'APPROVED', chargeId })]);
      expect(await provider.charges()).toEqual([
        expect.objectContaining({ id: cancelled, status: 'DECLINED' }),
        expect.objectContaining({ id: chargeId, status: 'APPROVED', paymentMethod: method }),
      ]);
    });

    test(`a blocked popup: "${LOCAL_WORDS.blocked(label)}", nothing charged; "Open ${label}" opens it and the approval pays once`, async ({
      page,
      provider,
    }) => {
      await blockFirstPopup(page);
      const orderId = await startWith(page, method);
      await payWithButton(page, label).click();
      await expect(widget(page).getByRole('alert')).toHaveText(LOCAL_WORDS.blocked(label));
      expect(await provider.chargeAttempts(orderId)).toEqual([]);
      const popup = await openMethodPage(page, label, { button: `Open ${label}` });
      const paid = chargeIdOf(popup);
      await answer(popup, 'Approve payment');
      const chargeId = await expectPaid(page, orderId);
      expect(chargeId).toBe(paid);
      expect(await paymentResults(page)).toEqual([expect.objectContaining({ status: 'APPROVED', chargeId })]);
      expect(await provider.charges()).toEqual([
        expect.objectContaining({ id: chargeId, orderId, status: 'APPROVED', paymentMethod: method }),
      ]);
      expect(await provider.chargeAttempts(orderId)).toHaveLength(1);
    });

    for (const settles of ['approved', 'declined'] as const) {
      test(`pending → ${settles}: "${LOCAL_WORDS.pending}" while the charge is PENDING (no onPaymentResult, not paid), then the ${settles === 'approved' ? 'approval' : 'decline'} once`, async ({
        page,
        provider,
        request,
      }) => {
        await localPaymentTimings(request, { pendingSettleMs: PENDING_SETTLE_MS });
        const orderId = await startWith(page, method);
        const popup = await openMethodPage(page, label);
        const chargeId = chargeIdOf(popup);
        await answer(popup, 'Approve later (pending)', { settles });
        await expect(statusLine(page, LOCAL_WORDS.pending)).toBeVisible();
        // While the bank confirms: the charge is PENDING, the host has heard nothing, the order is not paid.
        expect(await provider.charges()).toEqual([
          expect.objectContaining({ id: chargeId, orderId, status: 'PENDING', paymentMethod: method }),
        ]);
        expect(await paymentResults(page)).toEqual([]);
        await expectNotPaid(page, orderId);
        await expect(payWithButton(page, label)).toBeHidden();

        if (settles === 'approved') {
          await expect(statusLine(page, LOCAL_WORDS.approved)).toBeVisible({ timeout: 15_000 });
          expect(await expectPaid(page, orderId)).toBe(chargeId);
          expect(await paymentResults(page)).toEqual([expect.objectContaining({ status: 'APPROVED', orderId, chargeId })]);
          expect(await provider.charges()).toEqual([
            expect.objectContaining({ id: chargeId, orderId, status: 'APPROVED', paymentMethod: method }),
          ]);
        } else {
          await expect(widget(page).getByRole('alert')).toHaveText(LOCAL_WORDS.declined(label), { timeout: 15_000 });
          await expect(logLines(page, 'onPaymentResult')).toHaveCount(1);
          expect(await paymentResults(page)).toEqual([
            expect.objectContaining({ status: 'DECLINED', orderId, chargeId, declineCode: 'customer_declined' }),
          ]);
          await expect(payWithButton(page, label)).toBeEnabled();
          await expectNotPaid(page, orderId);
          expect(await provider.charges()).toEqual([
            expect.objectContaining({
              id: chargeId,
              orderId,
              status: 'DECLINED',
              paymentMethod: method,
              declineCode: 'customer_declined',
            }),
          ]);
        }
        expect(await provider.chargeAttempts(orderId)).toHaveLength(1);
      });
    }
  });
}

test.describe('exactly once', () => {
  test('Place order (pay) while the iDEAL popup is open waits for the approval: one charge, the order paid', async ({
    page,
    provider,
  }) => {
    const orderId = await startWith(page, 'IDEAL');
    const popup = await openMethodPage(page, 'iDEAL');
    await clickPlaceOrder(page);
    await expect(page.locator('#order-result')).toHaveText('Processing your payment…');
    await answer(popup, 'Approve payment');
    const chargeId = await expectPaid(page, orderId);
    // pay() resolved with the popup's approval (not INVALID before it), as onPaymentResult did: once each.
    await expect(logLines(page, 'api.pay')).toHaveCount(1);
    const paid = (await logLines(page, 'api.pay').textContent()) ?? '';
    expect(JSON.parse(paid.slice(paid.indexOf('{')))).toEqual(expect.objectContaining({ status: 'APPROVED', orderId, chargeId }));
    expect(await paymentResults(page)).toEqual([expect.objectContaining({ status: 'APPROVED', orderId, chargeId })]);
    expect(await provider.charges()).toEqual([expect.objectContaining({ id: chargeId, orderId, status: 'APPROVED' })]);
    expect(await provider.chargeAttempts(orderId)).toHaveLength(1);
  });

  test('the iDEAL popup closed by the buyer: noticed within 1 s, nothing charged (the charge abandoned), no onPaymentResult', async ({
    page,
    provider,
  }) => {
    const orderId = await startWith(page, 'IDEAL');
    const popup = await openMethodPage(page, 'iDEAL');
    const chargeId = chargeIdOf(popup);
    await popup.close();
    await expect(widget(page).getByRole('alert')).toHaveText(LOCAL_WORDS.closed('iDEAL'), { timeout: 1_000 });
    await expect(payWithButton(page, 'iDEAL')).toBeEnabled();
    expect(await provider.charges()).toEqual([
      expect.objectContaining({ id: chargeId, orderId, status: 'DECLINED', declineCode: 'authentication_abandoned' }),
    ]);
    const cancels = await provider.requests(ProviderPaths.cancelCharge(chargeId));
    expect(cancels.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(await paymentResults(page)).toEqual([]);
    await expectNotPaid(page, orderId);
  });
});

test('a reload while the bank confirms: the new page finds the PENDING iDEAL payment (no second charge, pay() resolves PENDING), and onPaymentResult is heard once, in the new page', async ({
  page,
  provider,
  request,
}) => {
  // Long enough for the reload and the new mount to find the charge still PENDING (up to 10 s allowed).
  await localPaymentTimings(request, { pendingSettleMs: 6_000 });
  const orderId = await provider.setupOrder({ ...DEFAULT_ORDER, country: 'NL' });
  await openAndMount(page, { orderId });
  await chooseMethod(page, 'iDEAL', widgetFrame(page));
  const popup = await openMethodPage(page, 'iDEAL', { frame: widgetFrame(page) });
  const chargeId = chargeIdOf(popup);
  await answer(popup, 'Approve later (pending)');
  await expect(statusLine(page, LOCAL_WORDS.pending, widgetFrame(page))).toBeVisible();
  expect((await hostEvents(page)).filter((e) => e.type === 'paymentResult')).toEqual([]);

  await page.reload();
  await mount(page, { orderId });
  const frame = widgetFrame(page);
  await expect(statusLine(page, LOCAL_WORDS.pending, frame)).toBeVisible();
  await expect(frame.getByRole('radio', { name: /^iDEAL\b/ })).toBeChecked();
  await expect(payWithButton(page, 'iDEAL', frame)).toBeHidden();
  await startPay(page, orderId);
  expect(await payOutcome(page)).toEqual({ resolved: { status: 'PENDING', orderId, chargeId, paymentMethod: 'IDEAL' } });
  expect(await provider.charges()).toEqual([expect.objectContaining({ id: chargeId, orderId, status: 'PENDING' })]);

  // The watch reads 2 s after it started, then after waits growing ×1.5: the settle is seen within about 15 s.
  const results = async () => (await hostEvents(page)).filter((e) => e.type === 'paymentResult');
  await expect.poll(async () => (await results()).length, { timeout: 20_000 }).toBe(1);
  const [settled] = await results();
  expect(settled).toMatchObject({ type: 'paymentResult', result: { status: 'APPROVED', orderId, chargeId } });
  await expect(statusLine(page, LOCAL_WORDS.approved, frame)).toBeVisible();
  expect(await provider.charges()).toEqual([
    expect.objectContaining({ id: chargeId, orderId, status: 'APPROVED', paymentMethod: 'IDEAL' }),
  ]);
  expect(await provider.chargeAttempts(orderId)).toHaveLength(1);
  expect((await readOrder(page, orderId)).status).toBe('PAID');
});
