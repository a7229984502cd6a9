import { APP_INSTANCE } from './support/origins';
import { expect, mount, mountMany, test, waitForEvent, waitForEvents } from './support/test';

// Issue 10: the script-tag SDK runs a small entry up front and fetches its bridge (penpal, the
// host methods, the settings cache) beside itself once the page has loaded (or at the first
// mount), pinned by its SRI hash.

/** The bridge's URL, with or without the `retry` parameter of a second try. */
const BRIDGE = /\/host-sdk\/cashier-bridge-[\w-]+\.js(\?|$)/;

test('three widgets on a page: the bridge fetched once, after the page loaded; one settings request; three ready widgets', async ({
  page,
  provider,
}) => {
  const bridgeRequests: string[] = [];
  page.on('request', (request) => {
    if (BRIDGE.test(request.url())) bridgeRequests.push(request.url());
  });
  await page.goto('/test-host.html'); // resolves at the page's load
  await expect.poll(() => bridgeRequests.length).toBe(1);
  await mountMany(page, 2);
  await waitForEvents(page, 'apiInit', 2);
  await mount(page);
  await waitForEvents(page, 'apiInit', 3);
  expect(bridgeRequests).toHaveLength(1);
  expect(await provider.requests('/_serverless/payments-checkout-server/widget-settings')).toHaveLength(1);
  // An api error is made in the bridge file, yet it is the page's CashierError (one class across both
  // files), and it keeps its code: a numeric orderId is INVALID_ARGUMENT, not any failure.
  const rejection = await page.evaluate(async () => {
    const w = window as unknown as {
      __apis: { pay(o: unknown): Promise<unknown> }[];
      Cashier: { CashierError: new () => unknown };
    };
    return w.__apis[0]?.pay({ orderId: 42 }).then(
      () => 'resolved',
      (e: unknown) => ({
        name: (e as { name: string }).name,
        code: (e as { code: string }).code,
        isCashierError: e instanceof w.Cashier.CashierError,
      }),
    );
  });
  expect(rejection).toEqual({ name: 'CashierError', code: 'INVALID_ARGUMENT', isCashierError: true });
});

test('a bridge whose bytes do not match its SRI hash is refused: CONNECTION_FAILED naming it, the alert, and the next mount tries again', async ({
  page,
}) => {
  let tamper = true;
  await page.route(BRIDGE, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    await route.fulfill({ response, body: tamper ? `${body}\nwindow.__tampered = true;` : body });
  });
  await page.goto('/test-host.html');
  await mount(page);
  const [crash] = await waitForEvent(page, 'crash');
  expect(crash).toMatchObject({ code: 'CONNECTION_FAILED', isCashierError: true });
  expect(crash?.message).toMatch(/cashier-bridge-[\w-]+\.js/);
  await expect(page.locator('#mount-0 [role="alert"]')).toBeVisible();
  await expect(page.locator('#mount-0 iframe')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __tampered?: boolean }).__tampered)).toBeUndefined();

  tamper = false;
  await mount(page, { configuration: { appInstance: APP_INSTANCE } });
  const [init] = await waitForEvent(page, 'apiInit');
  expect(init?.index).toBe(1);
});
