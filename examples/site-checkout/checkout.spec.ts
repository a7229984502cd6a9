// The example host test of issue 13 item 5: a site's own checkout test, written as a site would
// write it, against the package's mock mode. The real host SDK and the real frame app run in the
// browser; the provider, the bundle and the frame's files come from `cashier-widget/testing`'s
// msw handlers, routed at the browser context (which, unlike a service worker on the host page,
// sees the cross-origin iframe's requests) with msw's getResponse (the fixture in mockMode.ts). The
// page under test passes no test-only options: the frame handlers serve at the frame URL the
// package was built with, which the SDK uses by default.
// The example names the package as a site does: at run time `cashier-widget` and
// `cashier-widget/testing` resolve through package.json `exports` to the built files (esbuild below
// ignores this repository's tsconfig for that); for the typecheck, which runs before the build,
// tsconfig.json `paths` maps the same names to the entries' sources.
import { expect, type Page } from '@playwright/test';
import { MOCK_APP_INSTANCE, MOCK_TEST_CARDS, type MockProvider } from 'cashier-widget/testing';
import { build } from 'esbuild';
import { test as mockTest } from './mockMode';

// The site's page is on loopback, another site than the frame's host name (as in production).
const SITE = 'http://localhost:47391';

// The mock mode's fixture exactly as docs/integration.md "Mock mode" prints it (mockMode.ts), and
// one guard of this repository's own: a request nothing answers is aborted and fails the test,
// so none reaches the network. Registered on the context before the mock's routes, it runs last.
const test = mockTest.extend({
  context: async ({ context }, use) => {
    const escaped: string[] = [];
    await context.route('**/*', (route) => {
      escaped.push(route.request().url());
      return route.abort('blockedbyclient');
    });
    await use(context);
    expect(escaped, 'requests no handler answered').toEqual([]);
  },
});

let checkoutScript = '';

test.beforeAll(async () => {
  // The site's page script, bundled as the site's own build would (the package's `.` entry inside).
  const result = await build({
    entryPoints: [new URL('./checkout.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    // Resolve `cashier-widget` as a site's build does, through the package's `exports` (the built
    // dist/ files), not through this repository's tsconfig `paths` to the sources.
    tsconfigRaw: '{}',
    external: ['node:*'],
    logLevel: 'warning',
  });
  checkoutScript = result.outputFiles[0]?.text ?? '';
});

/** The orders the site's server was asked to confirm (`POST /orders/<id>/confirm`), by test. */
let confirmations: string[] = [];
test.beforeEach(() => {
  confirmations = [];
});

/**
 * Opens the site's checkout page for a new order of the mock provider; returns the order id. The
 * page gets what a site's server renders, nothing test-only: the SDK's default frame URL is the
 * one the mock's frame handlers serve. The site's server confirms an order as a real one would,
 * from the provider's own record (here the mock's), never from what the page says.
 */
async function openCheckout(page: Page, mock: MockProvider): Promise<string> {
  const orderId = mock.createOrder({ amount: 4200, currency: 'EUR' });
  // The order is in the path: Firefox's routed requests may not show a body.
  await page.route(`${SITE}/orders/*/confirm`, (route) => {
    const asked = decodeURIComponent(new URL(route.request().url()).pathname.split('/')[2] ?? '');
    confirmations.push(asked);
    return route.fulfill({ status: mock.order(asked)?.status === 'PAID' ? 200 : 409, body: '' });
  });
  const config = { host: mock.host, appInstance: MOCK_APP_INSTANCE, orderId };
  await page.route(`${SITE}/checkout`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body:
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title>` +
        `<script>window.CHECKOUT = ${JSON.stringify(config)};</script></head><body>` +
        `<div id="payment"></div><button id="place-order" disabled>Place order</button>` +
        `<p id="outcome" role="status"></p><script type="module" src="/checkout.js"></script></body></html>`,
    }),
  );
  await page.route(`${SITE}/checkout.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: checkoutScript }));
  await page.goto(`${SITE}/checkout`);
  return orderId;
}

/** Types a card into the widget (its frame) and places the order. */
async function payWith(page: Page, cardNumber: string) {
  const widget = page.frameLocator('#payment iframe');
  await widget.getByLabel('Card number').fill(cardNumber);
  await widget.getByLabel('Expiry (MM/YY)').fill('12/40');
  await widget.getByLabel('Security code').fill('123');
  await expect(widget.getByLabel('Cardholder name')).toHaveValue('Ada Lovelace');
  await page.getByRole('button', { name: 'Place order' }).click();
}

test.describe('a site checkout against the mock mode (issue 13 item 5)', () => {
  test('an approved purchase: the order is paid once', async ({ page, mock }) => {
    const orderId = await openCheckout(page, mock);
    await payWith(page, MOCK_TEST_CARDS.approved);
    await expect(page.getByRole('status')).toHaveText('Thank you! Your order is paid.');
    expect(mock.order(orderId)?.status).toBe('PAID');
    expect(mock.charges()).toMatchObject([{ orderId, status: 'APPROVED', amount: { amount: 4200, currency: 'EUR' } }]);
    expect(confirmations, "the site's server was asked to confirm the order").toEqual([orderId]);
  });

  test('a declined card: the buyer is told, the order stays payable', async ({ page, mock }) => {
    const orderId = await openCheckout(page, mock);
    await payWith(page, MOCK_TEST_CARDS.declined);
    await expect(page.getByRole('status')).toHaveText('Your card was declined (card_declined).');
    expect(mock.order(orderId)?.status).toBe('AWAITING_PAYMENT');
    expect(confirmations, 'nothing to confirm').toEqual([]);
  });

  test('a 3-D Secure card: the bank asks, "Complete authentication" in its page, the order is paid once', async ({
    page,
    mock,
  }) => {
    const orderId = await openCheckout(page, mock);
    await payWith(page, MOCK_TEST_CARDS.threeDsChallenge);
    const widget = page.frameLocator('#payment iframe');
    await expect(widget.getByRole('dialog', { name: 'Confirm your payment' })).toBeVisible();
    const bank = widget.frameLocator('iframe[title="Your bank\'s payment confirmation"]');
    await bank.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page.getByRole('status')).toHaveText('Thank you! Your order is paid.');
    expect(mock.order(orderId)?.status).toBe('PAID');
    expect(mock.charges()).toMatchObject([{ orderId, status: 'APPROVED' }]);
  });

  test('the widget settings fail (HTTP 500): onCrash gets SETTINGS_LOAD_FAILED', async ({ page, mock }) => {
    mock.setFaults({ settingsStatus: 500 });
    await openCheckout(page, mock);
    await expect(page.getByRole('status')).toHaveText('Payment is unavailable (SETTINGS_LOAD_FAILED). Please try again later.');
    await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  test('the provider asks for a captcha: pay fails with CAPTCHA_ERROR, nothing is charged', async ({ page, mock }) => {
    await openCheckout(page, mock);
    mock.setFaults({ captcha: true });
    await payWith(page, MOCK_TEST_CARDS.approved);
    await expect(page.getByRole('status')).toHaveText('Payment failed (CAPTCHA_ERROR).');
    expect(mock.charges()).toEqual([]);
  });
});
