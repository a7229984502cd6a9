// The example host test of issue 13 item 5: a site's own checkout test, written as a site would
// write it, against the package's mock mode. The real host SDK and the real frame app run in the
// browser; the provider, the bundle and the frame's files come from `cashier-widget/testing`'s
// msw handlers, routed at the browser context (which, unlike a service worker on the host page,
// sees the cross-origin iframe's requests) by @msw/playwright. Nothing listens on these origins:
// a request no handler answers is aborted and fails the test, so none reaches the network.
// The example names the package as a site does: at run time `cashier-widget` and
// `cashier-widget/testing` resolve through package.json `exports` to the built files (esbuild below
// ignores this repository's tsconfig for that); for the typecheck, which runs before the build,
// tsconfig.json `paths` maps the same names to the entries' sources.
import { defineNetworkFixture, type NetworkFixture } from '@msw/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import {
  createMockProvider,
  developmentVaultOrigin,
  frameAppHandlers,
  MOCK_APP_INSTANCE,
  MOCK_TEST_CARDS,
  type MockProvider,
  startMockServer,
} from 'cashier-widget/testing';
import { build } from 'esbuild';
import { HttpResponse, http, type RequestHandler } from 'msw';

// Loopback origins (the development frame build allows http statics only there); the host page
// and the frame are different sites, as in production. The provider's host is a loopback server
// of the same handlers (startMockServer), for the requests whose body Firefox's routing hides.
const SITE = 'http://localhost:47391';
const FRAME_URL = 'http://127.0.0.1:47392/';

interface Fixtures {
  mock: MockProvider;
  network: NetworkFixture;
}

const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies destructured.
  mock: async ({}, use) => {
    const handlers: RequestHandler[] = [];
    // Card data goes to the vault the frame was built with (a development frame: its host name,
    // two ports up), so the vault is a loopback server of the same handlers too.
    const vaultOrigin = developmentVaultOrigin(FRAME_URL);
    const server = await startMockServer({ handlers });
    const vault = await startMockServer({ handlers, port: Number(new URL(vaultOrigin).port) });
    const mock = createMockProvider({ host: server.url, vaultOrigin });
    handlers.push(...mock.handlers);
    await use(mock);
    await Promise.all([server.close(), vault.close()]);
  },
  network: [
    async ({ context, mock }, use) => {
      const escaped: string[] = [];
      // Registered first, so it runs last: whatever the handlers do not answer.
      await context.route('**/*', (route) => {
        escaped.push(route.request().url());
        return route.abort('blockedbyclient');
      });
      const network = defineNetworkFixture({
        context,
        handlers: [...frameAppHandlers({ frameUrl: FRAME_URL }), ...mock.handlers],
        // The frame document, its scripts and the bundle are "assets" too: route them all.
        skipAssetRequests: false,
      });
      await network.enable();
      // Firefox over WebDriver BiDi hides a routed request's body (Playwright 1.64: postData() is
      // null): such a request goes on to the provider's (or the vault's) loopback server, the same handlers.
      for (const origin of [mock.host, mock.vaultOrigin]) {
        await context.route(`${origin}/**`, (route) => {
          const request = route.request();
          const hidden = request.postDataBuffer() === null && Number(request.headers()['content-length'] ?? 0) > 0;
          return hidden ? route.continue() : route.fallback();
        });
      }
      await use(network);
      await network.disable();
      expect(escaped, 'requests no handler answered').toEqual([]);
    },
    { auto: true },
  ],
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

/** Opens the site's checkout page for a new order of the mock provider; returns the order id. */
async function openCheckout(page: Page, network: NetworkFixture, mock: MockProvider): Promise<string> {
  const orderId = mock.createOrder({ amount: 4200, currency: 'EUR' });
  const config = { host: mock.host, frameUrl: FRAME_URL, appInstance: MOCK_APP_INSTANCE, orderId };
  network.use(
    http.get(`${SITE}/checkout`, () =>
      HttpResponse.html(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title>` +
          `<script>window.CHECKOUT = ${JSON.stringify(config)};</script></head><body>` +
          `<div id="payment"></div><button id="place-order" disabled>Place order</button>` +
          `<p id="outcome" role="status"></p><script type="module" src="/checkout.js"></script></body></html>`,
      ),
    ),
    http.get(`${SITE}/checkout.js`, () => new HttpResponse(checkoutScript, { headers: { 'Content-Type': 'text/javascript' } })),
  );
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
  test('an approved purchase: the order is paid once', async ({ page, network, mock }) => {
    const orderId = await openCheckout(page, network, mock);
    await payWith(page, MOCK_TEST_CARDS.approved);
    await expect(page.getByRole('status')).toHaveText('Thank you! Your order is paid.');
    expect(mock.order(orderId)?.status).toBe('PAID');
    expect(mock.charges()).toMatchObject([{ orderId, status: 'APPROVED', amount: { amount: 4200, currency: 'EUR' } }]);
  });

  test('a declined card: the buyer is told, the order stays payable', async ({ page, network, mock }) => {
    const orderId = await openCheckout(page, network, mock);
    await payWith(page, MOCK_TEST_CARDS.declined);
    await expect(page.getByRole('status')).toHaveText('Your card was declined (card_declined).');
    expect(mock.order(orderId)?.status).toBe('AWAITING_PAYMENT');
  });

  test('the widget settings fail (HTTP 500): onCrash gets SETTINGS_LOAD_FAILED', async ({ page, network, mock }) => {
    mock.setFaults({ settingsStatus: 500 });
    await openCheckout(page, network, mock);
    await expect(page.getByRole('status')).toHaveText('Payment is unavailable (SETTINGS_LOAD_FAILED). Please try again later.');
    await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  test('the provider asks for a captcha: pay fails with CAPTCHA_ERROR, nothing is charged', async ({ page, network, mock }) => {
    await openCheckout(page, network, mock);
    mock.setFaults({ captcha: true });
    await payWith(page, MOCK_TEST_CARDS.approved);
    await expect(page.getByRole('status')).toHaveText('Payment failed (CAPTCHA_ERROR).');
    expect(mock.charges()).toEqual([]);
  });
});
