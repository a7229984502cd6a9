import type { Page } from '@playwright/test';
import { ProviderPaths, SETTINGS_ATTEMPT_TIMEOUT_MS } from '../shared';
import {
  destroyWidget,
  expect,
  hostEvents,
  MIN_BUNDLE_PATH,
  mount,
  SETTINGS_PATH,
  test,
  waitForEvent,
  widgetFrame,
} from './support/test';

// Issue 24, preloadCashier on the test host page (e2e/fixtures/test-host.html): the warm-up fetches
// what the mount needs and shows nothing; the mount after it fetches neither the settings nor any script.

/** Calls `window.Cashier.preloadCashier` with the test host's options (`options` override them); resolves when it did. */
function preload(page: Page, options: Record<string, unknown> = {}, times = 1): Promise<unknown> {
  return page.evaluate(
    ({ o, n }) => {
      const demo = (window as unknown as { CASHIER_DEMO: { host: string; frameUrl: string; appInstance: string } }).CASHIER_DEMO;
      const cashier = (window as unknown as { Cashier: { preloadCashier(o: unknown): Promise<void> } }).Cashier;
      const args = { host: demo.host, frameUrl: demo.frameUrl, configuration: { appInstance: demo.appInstance }, ...o };
      return Promise.all(Array.from({ length: n }, () => cashier.preloadCashier(args)));
    },
    { o: options, n: times },
  );
}

/**
 * Records the scripts and documents whose bodies the page (and its frames) download from now on.
 * Neither an HTTP cache hit (Chromium: no body size; Firefox: no response headers size) nor a
 * revalidation (304) downloads a body. Read it after the page settled.
 */
function recordDownloads(page: Page): string[] {
  const downloads: string[] = [];
  page.on('requestfinished', async (request) => {
    if (!['script', 'document'].includes(request.resourceType())) return;
    const { responseBodySize, responseHeadersSize } = await request.sizes();
    const status = (await request.response())?.status();
    if (status === 200 && responseBodySize > 0 && responseHeadersSize > 0) {
      downloads.push(`${request.resourceType()} ${new URL(request.url()).pathname}`);
    }
  });
  return downloads;
}

/** Counts the iframes the page creates, from now on. */
async function countFrames(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { __framesMade: number };
    w.__framesMade = 0;
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n.nodeName === 'IFRAME') w.__framesMade += 1;
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __framesMade: number }).__framesMade);
}

test('after a preload, the mount makes no settings request and downloads no script nor frame document again; where frames can move, it adopts the warm frame and loads nothing at all', async ({
  page,
  provider,
}) => {
  await page.goto('/test-host.html');
  // Chromium 133+ and Firefox 144+ have it; the engines without it (WebKit here) load a new frame from the caches.
  const canMove = await page.evaluate(() => 'moveBefore' in Element.prototype);
  await preload(page);
  await expect(page.locator('iframe'), 'the warm-up frame waits where it can be adopted, else is gone').toHaveCount(
    canMove ? 1 : 0,
  );
  expect(await provider.requests(SETTINGS_PATH)).toHaveLength(1);
  expect(await provider.requests(MIN_BUNDLE_PATH)).toHaveLength(1);

  const downloads = recordDownloads(page);
  const documents: string[] = [];
  page.on('request', (request) => request.resourceType() === 'document' && documents.push(request.url()));
  await page.evaluate(() => {
    (window as unknown as { __warm: unknown }).__warm = document.querySelector('iframe');
  });
  await mount(page);
  const [init] = await waitForEvent(page, 'apiInit');
  await expect(widgetFrame(page).getByLabel('Card number')).toBeVisible();
  await page.waitForTimeout(500); // the last requestfinished handlers
  expect(await provider.requests(SETTINGS_PATH), 'settings requests in all').toHaveLength(1);
  expect(init?.timings.settingsFromCache).toBe(true);
  // The frame's scripts are content-hashed (immutable); the frame document and the bundle's fixed
  // name are no-cache (provider/deliveryPolicy.ts, docs/deploy.md): revalidated, 304, no body.
  expect(downloads, 'script and document bodies downloaded by the mount').toEqual([]);
  // Adopted: the warm frame moved into the mount's element, no new iframe, not even a revalidation.
  const adopted = await page.evaluate(
    () => document.querySelector('#mount-0 iframe') === (window as unknown as { __warm: unknown }).__warm,
  );
  expect(adopted, "the mount's iframe is the warm frame").toBe(canMove);
  expect(documents, 'frame documents requested by the mount').toHaveLength(canMove ? 0 : 1);
  const iframe = page.locator('#mount-0 iframe');
  await expect(iframe).toHaveCount(1);
  await expect(iframe).not.toHaveAttribute('aria-hidden', /.*/);
  expect(await iframe.evaluate((f) => (f as HTMLIFrameElement).inert || f.tabIndex < 0)).toBe(false);
  expect(await page.locator('iframe').count(), 'no warm frame left behind').toBe(1);
});

test('where frames can move, the mount that adopts the warm frame asks the provider nothing its warm-up asked: the billing countries, the buyer’s country, buyer info (issue 36 item 4)', async ({
  page,
  provider,
}) => {
  await page.goto('/test-host.html');
  const canMove = await page.evaluate(() => 'moveBefore' in Element.prototype);
  const orderless = [ProviderPaths.localeCountries, ProviderPaths.buyerCountry, ProviderPaths.buyerInfo];
  const asked = () => Promise.all(orderless.map(async (path) => (await provider.requests(path)).length));
  await preload(page);
  // The bundle's preload asks them in a frame that can be adopted only; the frame says done without waiting for them.
  await expect.poll(asked, 'asked by the warm-up').toEqual(orderless.map(() => (canMove ? 1 : 0)));
  await mount(page);
  await waitForEvent(page, 'apiInit');
  const frame = widgetFrame(page);
  await expect(frame.getByLabel('Card number')).toBeVisible();
  await expect(frame.locator('[autocomplete="country"]'), 'the billing fields, from the warm replies').toBeVisible();
  await page.waitForTimeout(300); // a request the mount would make late
  expect(await asked(), 'asked in all: the warm-up’s where the frame is adopted, else the mount’s').toEqual(
    orderless.map(() => 1),
  );
});

test('a mount while the warm-up is still under way adopts the warming frame where frames can move: one frame in the page, the card form, one settings request', async ({
  page,
  provider,
}) => {
  // Slow settings (answered normally, 1.15 s late) keep the warm-up under way when the mount comes.
  // Half an attempt's timeout (2 300 ms): at 2 s, a busy machine delivered the reply after the
  // attempt timed out, and the retry was a second request (the stress run, Firefox).
  await provider.fault({ path: SETTINGS_PATH, delayMs: SETTINGS_ATTEMPT_TIMEOUT_MS / 2, times: 1 });
  await page.goto('/test-host.html');
  const canMove = await page.evaluate(() => 'moveBefore' in Element.prototype);
  const done = preload(page);
  await expect(page.locator('iframe')).toHaveCount(1);
  await page.evaluate(() => {
    (window as unknown as { __warm: unknown }).__warm = document.querySelector('iframe');
  });
  await mount(page);
  const [init] = await waitForEvent(page, 'apiInit');
  await expect(widgetFrame(page).getByLabel('Card number')).toBeVisible();
  await done;
  const adopted = await page.evaluate(
    () => document.querySelector('#mount-0 iframe') === (window as unknown as { __warm: unknown }).__warm,
  );
  expect(adopted, "the mount's iframe is the warming frame").toBe(canMove);
  // Where frames cannot move, the warm-up's frame goes once done, and the mount's stays.
  await expect(page.locator('iframe')).toHaveCount(1);
  // Soft, so that a second request also says whose it was: the mount's own (not from the cache), or
  // a retry of the warm-up's (the mount's from the cache); the times say how far apart they went out.
  expect.soft(init?.timings.settingsFromCache, 'the mount took the warm-up’s settings from the page’s cache').toBe(true);
  const settings = await provider.requests(SETTINGS_PATH);
  expect(
    settings.map((r) => r.at - (settings[0]?.at ?? r.at)),
    'one settings request: the mount waited for the warm-up’s (ms after the first)',
  ).toHaveLength(1);
  expect((await hostEvents(page)).filter((e) => e.type === 'crash')).toEqual([]);
});

test('a mount destroyed while its adopted frame is still warming up: the frame goes with it, no callback after, and the next mount works', async ({
  page,
  provider,
}) => {
  await provider.fault({ path: SETTINGS_PATH, delayMs: 2_000, times: 1 });
  await page.goto('/test-host.html');
  const done = preload(page);
  await expect(page.locator('iframe')).toHaveCount(1);
  await mount(page);
  const destroyed = await destroyWidget(page);
  expect(destroyed.thrown).toEqual([]);
  await expect(page.locator('iframe'), 'destroy() removes the frame it adopted, warming or not').toHaveCount(0);
  // The warm-up ends (its frame gone: nothing kept in standby) and calls no callback of the destroyed mount.
  await done;
  await expect(page.locator('iframe')).toHaveCount(0);
  expect((await hostEvents(page)).slice(destroyed.eventsBefore), 'host events after the destroy').toEqual([]);

  // Nothing stale is adopted: the next mount loads a frame that works.
  await mount(page);
  await waitForEvent(page, 'apiInit');
  await expect(widgetFrame(page).getByLabel('Card number')).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(1);
  expect((await hostEvents(page)).filter((e) => e.type === 'crash')).toEqual([]);
});

test('without a preload, the same counters see the mount download the settings, the bundle and the frame', async ({
  page,
  provider,
}) => {
  await page.goto('/test-host.html');
  const downloads = recordDownloads(page);
  await mount(page);
  await waitForEvent(page, 'apiInit');
  await page.waitForTimeout(500);
  expect(await provider.requests(SETTINGS_PATH)).toHaveLength(1);
  expect(downloads).toContain('document /');
  expect(downloads).toContain(`script ${MIN_BUNDLE_PATH}`);
});

test('a preload with no mount: the warm-up frame is outside the accessibility tree and the tab order, then waits there (or is gone), with no callback, no error and no order or payment request', async ({
  page,
  provider,
}) => {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  // Slow settings keep the warm-up frame in the page while it is looked at.
  await provider.fault({ path: SETTINGS_PATH, delayMs: 3_000, status: 200, times: 1 });
  await page.goto('/test-host.html');
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.textContent = 'Before';
    document.body.prepend(button);
    const after = document.createElement('button');
    after.textContent = 'After';
    document.body.append(after);
  });
  const done = preload(page);
  const iframe = page.locator('iframe');
  await expect(iframe).toHaveCount(1);
  await expect(iframe).toHaveAttribute('aria-hidden', 'true');
  await expect(iframe).toHaveAttribute('tabindex', '-1');
  expect(await iframe.evaluate((f) => (f as HTMLIFrameElement).inert)).toBe(true);
  expect(await iframe.boundingBox()).toMatchObject({ width: 0, height: 0 });
  expect(await page.locator('body').ariaSnapshot()).not.toContain('iframe');
  // Keyboard only: Tab goes from one page button to the other and round, never into the frame.
  await page.getByRole('button', { name: 'Before' }).focus();
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.nodeName)).not.toBe('IFRAME');
  }
  await done;
  // Where frames can move, it waits for a mount, as hidden as it was; elsewhere it is gone.
  if (await page.evaluate(() => 'moveBefore' in Element.prototype)) {
    await expect(iframe).toHaveCount(1);
    await expect(iframe).toHaveAttribute('aria-hidden', 'true');
    expect(await iframe.evaluate((f) => (f as HTMLIFrameElement).inert)).toBe(true);
    expect(await iframe.boundingBox()).toMatchObject({ width: 0, height: 0 });
    expect(await page.locator('body').ariaSnapshot()).not.toContain('iframe');
  } else await expect(iframe).toHaveCount(0);
  const canMove = await page.evaluate(() => 'moveBefore' in Element.prototype);
  const others = (await provider.requestsAfter(0)).filter((r) => r.path !== SETTINGS_PATH && !r.path.startsWith('/statics/'));
  // Where a mount can adopt the frame, the bundle's preload asks what no order decides (issue 36
  // item 4): the locale metadata and buyer info, GETs (and their preflights). No order, no payment.
  const P = ProviderPaths;
  const orderless = (path: string) =>
    [P.localeCountries, P.buyerCountry, P.buyerInfo].includes(path) || path.startsWith(`${P.localeCountries}/`);
  expect(
    others
      .filter((r) => !(canMove && ['GET', 'OPTIONS'].includes(r.method) && orderless(r.path)))
      .map((r) => `${r.method} ${r.path}`),
    'provider requests besides settings, statics and (where the frame can be adopted) the orderless GETs',
  ).toEqual([]);
  if (canMove) expect(others.map((r) => r.path)).toContain(P.buyerInfo);
  expect(await hostEvents(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test('preloadCashier twice (at once, then again) is one warm-up: one frame, one settings request, one bundle', async ({
  page,
  provider,
}) => {
  await page.goto('/test-host.html');
  const framesMade = await countFrames(page);
  await preload(page, {}, 2);
  await preload(page);
  expect(await framesMade()).toBe(1);
  expect(await provider.requests(SETTINGS_PATH)).toHaveLength(1);
  expect(await provider.requests(MIN_BUNDLE_PATH)).toHaveLength(1);
});

test('preloadCashier checks its options like mountCashier: a TypeError naming the option', async ({ page }) => {
  await page.goto('/test-host.html');
  const thrown = await page.evaluate(() => {
    const cashier = (window as unknown as { Cashier: { preloadCashier(o: unknown): Promise<void> } }).Cashier;
    try {
      void cashier.preloadCashier({ host: 'ftp://example.com', configuration: { appInstance: 'x' } });
      return 'nothing';
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`;
    }
  });
  expect(thrown).toMatch(/^TypeError: preloadCashier: options\.host must be an https URL/);
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('the widget mounts before the order exists: the card form without orderId, then update({ orderId }) loads that order’s payment methods', async ({
  page,
  provider,
}) => {
  await page.goto('/test-host.html');
  await mount(page);
  await waitForEvent(page, 'apiInit');
  await expect(widgetFrame(page).getByLabel('Card number')).toBeVisible();
  const orderId = await provider.setupOrder();
  expect(await provider.requests(ProviderPaths.paymentMethodsByOrder(orderId))).toHaveLength(0);
  await page.evaluate(
    (id) => (window as unknown as { __handles: { update(c: unknown): Promise<void> }[] }).__handles[0]?.update({ orderId: id }),
    orderId,
  );
  expect(await provider.requests(ProviderPaths.paymentMethodsByOrder(orderId))).toHaveLength(1);
  await expect(widgetFrame(page).getByLabel('Card number')).toBeVisible();
  expect((await hostEvents(page)).filter((e) => e.type === 'crash')).toEqual([]);
});
