/**
 * The walk's purchases: on the site's built checkout and on the README's snippets' pages
 * (docSnippets.ts), one each, in Debian's Chromium, against the packed package's mock mode. The
 * site is served on loopback by `vite preview`. The provider, the bundle, the card vault and the
 * frame's own files come from the package's `cashier-widget/testing` handlers, answering the
 * browser context's routed requests through msw's `getResponse` (as examples/site-checkout does),
 * both as the site's installed copies: the mock is the package a site gets. A request that
 * neither the site nor a handler answers is aborted and fails the walk.
 */
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page, type Route } from '@playwright/test';
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

/** A checkout page of the site that the walk buys through. */
export interface CheckoutPage {
  /** What the walk prints for it. */
  name: string;
  /** The page's path and query for an order of the mock provider at `host`. */
  path: (host: string, appInstance: string, orderId: string) => string;
  /**
   * Resolves with what the page says once it shows `orderId` paid; rejects (or times out) when it
   * does not.
   */
  paid: (page: Page, orderId: string) => Promise<string>;
}

/** A request the site's own server would answer, or a CDN would (the script tag's files): answered first. */
export interface SiteRoute {
  /** Playwright's URL match: a glob, a RegExp, or a predicate. */
  url: string | RegExp | ((url: URL) => boolean);
  handle: (route: Route) => Promise<void>;
}

/** The provider API the README's snippets name: the mock answers for it, through the routing. */
export const README_HOST = 'https://api.cashier.example';

/**
 * Serves the site built in `siteDir` (its `dist/`) on `http://localhost:<free port>`, and on each
 * of `pages` opens the checkout for a new 42.00 EUR order of the mock provider, types the approved
 * test card (and the cardholder name, where the page does not prefill it) into the frame and
 * places the order.
 * `routes` answer before the mock (the site's server endpoints, a CDN's files).
 * @throws Error when a page does not show its order paid, the mock did not charge that order
 * exactly once, or a request escaped the site and the mock.
 */
export async function buyOnce(
  siteDir: string,
  deployment: Deployment,
  pages: readonly CheckoutPage[],
  routes: readonly SiteRoute[] = [],
): Promise<void> {
  const { createMockProvider, frameAppHandlers, MOCK_APP_INSTANCE, MOCK_TEST_CARDS } = await importFromSite<Testing>(
    siteDir,
    'cashier-widget/testing',
  );
  const { getResponse } = await importFromSite<Msw>(siteDir, 'msw');

  const port = await freePort();
  const site = `http://localhost:${port}`;
  const server = await preview({
    root: siteDir,
    configFile: false,
    logLevel: 'warn',
    preview: { host: 'localhost', port, strictPort: true },
  });
  // The provider answers at the README's host; every request for it goes through Chromium's routing.
  const mock = createMockProvider({
    host: README_HOST,
    staticsBaseUrl: `${deployment.staticsOrigin}/statics`,
    vaultOrigin: deployment.vaultOrigin,
  });
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
    for (const { url, handle } of routes) await context.route(url, handle);
    for (const checkout of pages) {
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && pageErrors.push(message.text()));
      page.on('response', (response) => {
        if (response.status() >= 400) pageErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
      });
      const orderId = mock.createOrder({ amount: 4200, currency: 'EUR' });
      let said: string;
      try {
        await page.goto(`${site}${checkout.path(mock.host, MOCK_APP_INSTANCE, orderId)}`);
        const widget = page.frameLocator('iframe');
        await widget.getByLabel('Card number').pressSequentially(MOCK_TEST_CARDS.approved);
        await widget.getByLabel('Expiry (MM/YY)').pressSequentially('12/40');
        await widget.getByLabel('Security code').pressSequentially('123');
        // The README's snippets pass no `buyer`: the buyer types the name the site's checkout prefills.
        const holder = widget.getByLabel('Cardholder name');
        if ((await holder.inputValue()) === '') await holder.pressSequentially('Ada Lovelace');
        await page.getByRole('button', { name: 'Place order' }).click();
        said = await checkout.paid(page, orderId);
      } catch (error) {
        throw new Error(
          `${checkout.name}: ${error instanceof Error ? error.message : String(error)}\nthe page says ${JSON.stringify(await page.locator('body').innerText())}` +
            `; the widget says ${JSON.stringify(
              await page
                .frameLocator('iframe')
                .locator('body')
                .innerText({ timeout: 1000 })
                .catch(() => 'nothing'),
            )}` +
            `; page errors: ${JSON.stringify(pageErrors)}; requests nothing answered: ${JSON.stringify(escaped)}`,
        );
      }
      const charges = mock.charges().filter((charge) => charge.orderId === orderId);
      const charged = charges.length === 1 && charges[0]?.status === 'APPROVED';
      if (!charged || mock.order(orderId)?.status !== 'PAID') {
        throw new Error(
          `${checkout.name}: expected one APPROVED charge of ${orderId}, the order PAID; charges: ${JSON.stringify(charges)}`,
        );
      }
      console.log(`  ${checkout.name}: ${said}`);
      await page.close();
    }
    if (escaped.length > 0) throw new Error(`requests neither the site nor the mock answered: ${escaped.join(', ')}`);
  } finally {
    await browser.close();
    await server.close();
  }
}
