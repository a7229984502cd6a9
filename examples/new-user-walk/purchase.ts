/**
 * The walk's last step: one purchase on the site's built checkout, in Debian's Chromium, against
 * the packed package's mock mode. The site is served on loopback by `vite preview`; the provider,
 * the bundle, the card vault and the frame's own files come from the package's `cashier-widget/testing`
 * handlers, answering the browser context's routed requests through msw's `getResponse` (as
 * examples/site-checkout does), both as the site's installed copies: the mock is the package a site gets. A request that
 * neither the site nor a handler answers is aborted and fails the walk.
 */
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../e2e/support/chromium';

type Testing = typeof import('cashier-widget/testing');
type Msw = typeof import('msw');

/** Where the packed build puts the frame, the statics it allows and the card vault (its deployment variables). */
export interface Deployment {
  frameUrl: string;
  staticsOrigin: string;
  vaultOrigin: string;
}

/** `specifier` as the site at `siteDir` resolves it: its own installed copy (one msw for the mock and the routing). */
async function importFromSite<T>(siteDir: string, specifier: string): Promise<T> {
  const path = createRequire(join(siteDir, 'package.json')).resolve(specifier);
  return (await import(pathToFileURL(path).href)) as T;
}

/** A free TCP port on localhost. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, 'localhost', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Serves the site built in `siteDir` (its `dist/`) on `http://localhost:<free port>`, opens its
 * checkout for a new 42.00 EUR order of the mock provider, types the approved test card into the
 * frame and places the order.
 * @throws Error when the page does not say APPROVED, the mock did not charge the order exactly once,
 * or a request escaped the site and the mock.
 */
export async function buyOnce(siteDir: string, deployment: Deployment): Promise<void> {
  const { createMockProvider, frameAppHandlers, startMockServer, MOCK_APP_INSTANCE, MOCK_TEST_CARDS } =
    await importFromSite<Testing>(siteDir, 'cashier-widget/testing');
  const { getResponse } = await importFromSite<Msw>(siteDir, 'msw');

  const port = await freePort();
  const site = `http://localhost:${port}`;
  const server = await preview({
    root: siteDir,
    configFile: false,
    logLevel: 'warn',
    preview: { host: 'localhost', port, strictPort: true },
  });
  // The provider's host is a loopback server of the same handlers; Chromium's routing answers first.
  const handlers: ReturnType<Testing['createMockProvider']>['handlers'] = [];
  const provider = await startMockServer({ handlers });
  const mock = createMockProvider({
    host: provider.url,
    staticsBaseUrl: `${deployment.staticsOrigin}/statics`,
    vaultOrigin: deployment.vaultOrigin,
  });
  handlers.push(...mock.handlers);
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: [...CHROMIUM_ARGS] });
  try {
    const context = await browser.newContext();
    context.setDefaultTimeout(20_000);
    const escaped: string[] = [];
    // Registered first, so it runs last: the site's own files go to the server, anything else is a leak.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${site}/`)) return route.continue();
      escaped.push(url);
      return route.abort('blockedbyclient');
    });
    // The frame app served from the package at the compiled frame URL, and the provider.
    const routed = [...frameAppHandlers({ frameUrl: deployment.frameUrl }), ...mock.handlers];
    await context.route('**/*', async (route) => {
      const request = route.request();
      const body = request.postDataBuffer();
      const init = { method: request.method(), headers: request.headers(), body: body && new Uint8Array(body) };
      const response = await getResponse(routed, new Request(request.url(), init));
      if (!response) return route.fallback();
      const reply = Buffer.from(await response.arrayBuffer());
      return route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body: reply });
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && pageErrors.push(message.text()));
    const status = page.getByRole('status');

    const orderId = mock.createOrder({ amount: 4200, currency: 'EUR' });
    try {
      await page.goto(`${site}/?${new URLSearchParams({ host: mock.host, app: MOCK_APP_INSTANCE, order: orderId })}`);
      const widget = page.frameLocator('iframe');
      await widget.getByLabel('Card number').pressSequentially(MOCK_TEST_CARDS.approved);
      await widget.getByLabel('Expiry (MM/YY)').pressSequentially('12/40');
      await widget.getByLabel('Security code').pressSequentially('123');
      await page.getByRole('button', { name: 'Place order' }).click();
      await status.filter({ hasText: /^APPROVED: / }).waitFor();
    } catch (error) {
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}\nthe checkout says ${JSON.stringify(await status.textContent())}` +
          `; page errors: ${JSON.stringify(pageErrors)}; requests nothing answered: ${JSON.stringify(escaped)}`,
      );
    }
    const charges = mock.charges();
    const charged = charges.length === 1 && charges[0]?.status === 'APPROVED' && charges[0].orderId === orderId;
    if (!charged || mock.order(orderId)?.status !== 'PAID') {
      throw new Error(`expected one APPROVED charge of ${orderId}, the order PAID; charges: ${JSON.stringify(charges)}`);
    }
    if (escaped.length > 0) throw new Error(`requests neither the site nor the mock answered: ${escaped.join(', ')}`);
    console.log(`  ${await status.textContent()}`);
  } finally {
    await browser.close();
    await provider.close();
    await server.close();
  }
}
