import type { Frame, Page } from '@playwright/test';
import { CONTROL_KEY_HEADER } from '../provider';
import { ProviderPaths } from '../shared';
import { APPROVED_CARD, fillCard, logLines, placeOrder, startCheckout, typeBilling, widget } from './support/checkout';
import { APP_INSTANCE, FRAME_ORIGIN, PROVIDER_ORIGIN } from './support/origins';
import { controlKeyOfRun } from './support/provider';
import { expect, test } from './support/test';

// Apple Pay and Google Pay on the demo checkout (issue 25 item 4), with the browsers' wallet APIs
// replaced by TEST DOUBLES at the page level (`page.context().addInitScript` reaches the widget's
// cross-site frame): no real wallet sheet is exercised here. The provider offers the wallets to the
// demo's app instance for these tests only (POST /__control/wallets; the fixture's reset undoes it).

/** How the doubles behave: which wallet says it can pay, how the sheet ends, and whether it waits for `__walletRelease()`. */
interface DoubleConfig {
  apple: boolean;
  google: boolean;
  /** No wallet API at all (no ApplePaySession, no PaymentRequest), as in Firefox. Default false. */
  none?: boolean;
  outcome: 'approve' | 'cancel';
  hold?: boolean;
}

/** Installs ApplePaySession and PaymentRequest doubles in every frame; they log to `window.__walletLog`. */
async function installDoubles(page: Page, config: DoubleConfig): Promise<void> {
  await page.context().addInitScript((cfg: DoubleConfig) => {
    const w = window as unknown as Record<string, unknown>;
    const log: unknown[] = [];
    w.__walletLog = log;
    const later = (go: () => void) => {
      if (cfg.hold) w.__walletRelease = go;
      else setTimeout(go, 50);
    };
    class ApplePaySession {
      static STATUS_SUCCESS = 0;
      static STATUS_FAILURE = 1;
      static canMakePayments = () => cfg.apple;
      onvalidatemerchant: ((e: unknown) => void) | null = null;
      onpaymentauthorized: ((e: unknown) => void) | null = null;
      oncancel: ((e: unknown) => void) | null = null;
      /** As Apple's, the token holds the amount the sheet showed (the reference vault reads it in clear). */
      paymentData: { data: string; transactionAmount: number; currencyCode: string };
      constructor(_version: number, request: { total: { amount: string }; currencyCode: string }) {
        log.push(['apple:new', request.total]);
        const transactionAmount = Math.round(Number(request.total.amount) * 100);
        this.paymentData = { data: 'simulated', transactionAmount, currencyCode: request.currencyCode };
      }
      begin() {
        log.push('apple:begin');
        setTimeout(() =>
          this.onvalidatemerchant?.({ validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' }),
        );
      }
      completeMerchantValidation() {
        log.push('apple:validated');
        later(() =>
          cfg.outcome === 'cancel'
            ? this.oncancel?.({})
            : this.onpaymentauthorized?.({
                payment: { token: { paymentData: this.paymentData, paymentMethod: { network: 'Visa' } } },
              }),
        );
      }
      completePayment(result: { status: number }) {
        log.push(['apple:complete', result.status]);
      }
      abort() {
        log.push('apple:abort');
      }
    }
    class PaymentRequest {
      constructor(
        _methods: unknown,
        readonly details: { total: unknown },
      ) {}
      canMakePayment = () => {
        log.push('google:canMakePayment');
        return Promise.resolve(cfg.google);
      };
      show() {
        log.push(['google:show', this.details.total]);
        return new Promise((resolve, reject) =>
          later(() =>
            cfg.outcome === 'cancel'
              ? reject(new DOMException('The sheet was closed.', 'AbortError'))
              : resolve({
                  details: { paymentMethodData: { tokenizationData: { token: '{"signature":"simulated"}' } } },
                  complete: async (r: string) => void log.push(['google:complete', r]),
                }),
          ),
        );
      }
    }
    if (cfg.apple) w.ApplePaySession = ApplePaySession;
    w.PaymentRequest = cfg.none ? undefined : PaymentRequest;
  }, config);
}

const frameOf = (page: Page): Frame => {
  const frame = page.frames().find((f) => f.url().startsWith(FRAME_ORIGIN));
  if (!frame) throw new Error('no widget frame');
  return frame;
};
const walletLog = (page: Page) => frameOf(page).evaluate(() => (window as unknown as { __walletLog: unknown[] }).__walletLog);
const APPROVED = 'Your wallet payment was approved.';
const CANCELLED = 'You closed your wallet before paying, so nothing was charged. Choose how you want to pay.';

test.beforeEach(async ({ request, provider }) => {
  await provider.charges(); // the fixture has reset the provider
  const reply = await request.post(`${PROVIDER_ORIGIN}/__control/wallets`, {
    data: { appInstances: [APP_INSTANCE] },
    headers: { [CONTROL_KEY_HEADER]: controlKeyOfRun() },
  });
  expect(reply.ok()).toBe(true);
});

test("hidden where the browser cannot pay: no button, no wallets chunk; the order's wallets read only where the browser has a wallet API, and the browser asked only for a wallet the order offers", async ({
  page,
  provider,
  request,
}) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/\/wallets-[^/]*\.js$/.test(r.url())) chunks.push(r.url());
  });
  const noButton = async () => {
    await expect(widget(page).getByLabel('Card number')).toBeVisible();
    await page.waitForTimeout(500);
    await expect(widget(page).getByRole('button', { name: /Pay with (Apple|Google) Pay/ })).toHaveCount(0);
    expect(chunks).toEqual([]);
  };
  // No wallet API (Firefox's case): not even the order's express payment methods are read.
  await installDoubles(page, { apple: false, google: false, none: true, outcome: 'approve' });
  await startCheckout(page);
  await noButton();
  expect(await provider.requests(ProviderPaths.expressPaymentMethods)).toEqual([]);

  // The API is there but says it cannot pay Google Pay, which the order offers: asked, nothing shown.
  await installDoubles(page, { apple: false, google: false, outcome: 'approve' });
  await startCheckout(page);
  await noButton();
  expect(await provider.requests(ProviderPaths.expressPaymentMethods)).toHaveLength(1);
  expect(await walletLog(page)).toEqual(['google:canMakePayment']);

  // An order whose app instance offers no wallet: the browser is never asked (Chromium would fetch
  // Google Pay's manifest from google.com for it).
  const off = await request.post(`${PROVIDER_ORIGIN}/__control/wallets`, {
    data: { appInstances: [] },
    headers: { [CONTROL_KEY_HEADER]: controlKeyOfRun() },
  });
  expect(off.ok()).toBe(true);
  await installDoubles(page, { apple: true, google: true, outcome: 'approve' });
  await startCheckout(page);
  await noButton();
  expect(await provider.requests(ProviderPaths.expressPaymentMethods)).toHaveLength(2);
  expect(await walletLog(page)).toEqual([]);
});

for (const wallet of ['Apple Pay', 'Google Pay'] as const) {
  test(`${wallet}: shown, completes APPROVED; onPaymentResult once; the token went to the vault, no card number anywhere`, async ({
    page,
    provider,
  }) => {
    const apple = wallet === 'Apple Pay';
    await installDoubles(page, { apple, google: !apple, outcome: 'approve' });
    const orderId = await startCheckout(page);
    await widget(page)
      .getByRole('button', { name: `Pay with ${wallet}` })
      .click();
    await expect(widget(page).getByText(APPROVED)).toBeVisible();
    const confirmation = page.getByRole('region', { name: 'Order confirmed' });
    await expect(confirmation).toHaveAttribute('data-order-status', 'PAID');
    await expect(logLines(page, 'onPaymentResult')).toHaveCount(1);
    expect(await provider.charges()).toEqual([expect.objectContaining({ orderId, status: 'APPROVED' })]);
    const tokens = await provider.requests(ProviderPaths.walletTokens);
    expect(tokens.map((r) => r.server)).toEqual(['vault']);
    expect(await provider.requests(ProviderPaths.cardTokenization)).toEqual([]);
    const log = JSON.stringify(await walletLog(page));
    expect(log).toContain(apple ? '"apple:complete",0' : '"google:complete","success"');
    if (apple) expect(await provider.requests(ProviderPaths.applePayMerchantValidation)).toHaveLength(1);
    else expect(await provider.requests(ProviderPaths.googlePayStart)).toHaveLength(1);
  });

  test(`${wallet}: cancel charges nothing and says so`, async ({ page, provider }) => {
    const apple = wallet === 'Apple Pay';
    await installDoubles(page, { apple, google: !apple, outcome: 'cancel' });
    await startCheckout(page);
    await widget(page)
      .getByRole('button', { name: `Pay with ${wallet}` })
      .click();
    await expect(widget(page).getByRole('alert')).toHaveText(CANCELLED);
    expect(await provider.charges()).toEqual([]);
    expect(await provider.requests(ProviderPaths.walletTokens)).toEqual([]);
    await expect(logLines(page, 'onPaymentResult')).toHaveCount(0);
  });
}

test('a race with pay(): Place order pays by card while the wallet sheet is open; the wallet is not charged, one charge', async ({
  page,
  provider,
}) => {
  await installDoubles(page, { apple: false, google: true, outcome: 'approve', hold: true });
  const orderId = await startCheckout(page);
  await fillCard(page, APPROVED_CARD);
  await typeBilling(page);
  await widget(page).getByRole('button', { name: 'Pay with Google Pay' }).click();
  await expect.poll(() => walletLog(page).then((l) => JSON.stringify(l))).toContain('google:show');
  await placeOrder(page).click();
  await expect(page.getByRole('region', { name: 'Order confirmed' })).toHaveAttribute('data-order-status', 'PAID');
  await frameOf(page).evaluate(() => (window as unknown as { __walletRelease: () => void }).__walletRelease());
  await expect(widget(page).getByText('This order is already paid, so your wallet was not charged.')).toBeVisible();
  expect(await provider.charges()).toEqual([expect.objectContaining({ orderId, status: 'APPROVED' })]);
  expect(JSON.stringify(await walletLog(page))).toContain('"google:complete","fail"');
});
