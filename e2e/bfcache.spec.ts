import type { Page } from '@playwright/test';
import { HEARTBEAT_TIMEOUT_MS } from '../shared';
import { APPROVED_CARD, BILLING_STATE, BILLING_ZIP, typeBilling } from './support/checkout';
import type { ProviderControl } from './support/provider';
import { test as base, expect, hostEvents, mount, waitForEvents, widgetFrame } from './support/test';

// Issue 19, finding 2: the back/forward cache. A cross-site frame follows its top page into the
// cache; when the buyer goes Back, the page and the frame come back as they were, timers and
// connection included. The frame must not keep the typed card there, and the widget must work:
// it is mounted again, empty, and the host hears onApiInit again.
//
// Playwright starts Chromium with --disable-back-forward-cache; this file's browser is started
// without it. Firefox (Playwright's moz-firefox channel) keeps its cache on. In both engines
// Playwright loses the frame once the page comes back from the cache (its frame tree keeps only
// the top document, so a frame locator finds nothing; Firefox's locators hang even in the top
// document), so from then on the test sees the frame as a host does: through the api (`pay` says
// which fields are empty) and the keyboard (typing from the field the widget focused after the
// empty pay, its first invalid one). Firefox also drops a MessagePort message posted as the page goes
// into the cache; without the frame's own setImmediate (installSetImmediate.ts) its React would
// never render again, and this test would see no second onApiInit there.

const test = base.extend({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({ ...launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] });
    },
    { scope: 'worker' },
  ],
});

const BUYER = { name: 'Ada Lovelace', email: 'ada@example.com' };
/** What `pay` answered, as the host page saw it. */
type PayOutcome = { status?: string; errors?: Record<string, string>; chargeId?: string; code?: string; message?: string };

/** Calls the widget's `pay({ orderId })` through the api of its latest onApiInit; resolves with what it became. */
function pay(page: Page, orderId: string): Promise<PayOutcome> {
  return page.evaluate(async (id) => {
    const w = window as unknown as { __apis: { pay(input: unknown): Promise<PayOutcome> }[] };
    return (w.__apis[0] as { pay(input: unknown): Promise<PayOutcome> })
      .pay({ orderId: id })
      .catch((error: { code: string; message: string }) => ({ code: error.code, message: error.message }));
  }, orderId);
}

/**
 * Types an approved card with the keyboard alone, from the Card number field, which has the focus:
 * Tab to the expiration date, the security code and the billing fields (the default country, the
 * state, the ZIP code: typeBilling). Every Tab stays inside the frame: a scripted focus on the host
 * page followed by Tab into the cross-site frame lost a Tab now and then in Chromium.
 */
async function typeCard(page: Page): Promise<void> {
  await page.keyboard.type(APPROVED_CARD);
  await page.keyboard.press('Tab');
  await page.keyboard.type('12/30');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await typeBilling(page);
}

/** Tabs from the host's button until the Card number field has the focus; resolves with the count (at most 10, else throws). */
async function tabsToCardNumber(page: Page): Promise<number> {
  const cardNumber = widgetFrame(page).getByLabel('Card number', { exact: true });
  await page.locator('#before-widget').focus();
  for (let tabs = 1; tabs <= 10; tabs += 1) {
    await page.keyboard.press('Tab');
    if (await cardNumber.evaluate((el) => el === document.activeElement)) return tabs;
  }
  throw new Error('Card number was not reached by Tab from the host page');
}

/** Opens the test host with a button before the widget, records each `pageshow`'s `persisted`, mounts the widget for a new order. */
async function mountForOrder(page: Page, provider: ProviderControl): Promise<string> {
  await page.addInitScript(() => {
    const w = window as unknown as { __pageshows: boolean[] };
    w.__pageshows = [];
    addEventListener('pageshow', (event) => w.__pageshows.push(event.persisted));
  });
  await page.goto('/test-host.html');
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'before-widget';
    button.textContent = 'Before the widget';
    document.body.prepend(button);
  });
  const orderId = await provider.setupOrder();
  await mount(page, { orderId, buyer: BUYER });
  await waitForEvents(page, 'apiInit', 1);
  return orderId;
}

test('Back to a checkout from the back/forward cache: the typed card is gone, onApiInit again, a new card pays', async ({
  page,
  provider,
}) => {
  const orderId = await mountForOrder(page, provider);
  const frame = widgetFrame(page);
  // Tab from the host's button reaches the Card number field (checked while Playwright sees the frame).
  await tabsToCardNumber(page);
  await typeCard(page);
  // The keyboard path types where it should (checked while Playwright still sees the frame).
  await expect(frame.getByLabel('Card number', { exact: true })).toHaveValue(APPROVED_CARD);
  await expect(frame.getByLabel('Expiration date', { exact: true })).toHaveValue('12/30');
  await expect(frame.getByLabel('Security code', { exact: true })).toHaveValue('123');
  await expect(frame.locator('[autocomplete="address-level1"]')).toHaveValue(BILLING_STATE.code);
  await expect(frame.locator('[autocomplete="postal-code"]')).toHaveValue(BILLING_ZIP);

  await page.goto('/test-host.html?elsewhere');
  await page.waitForTimeout(HEARTBEAT_TIMEOUT_MS + 1_000); // longer in the cache than the host's heartbeat limit
  // history.back() rather than page.goBack(): a page restored from the cache fires no `load`,
  // and Firefox over BiDi reports no navigation Playwright would wait for.
  await page.evaluate(() => void setTimeout(() => history.back(), 0));
  await expect.poll(() => page.evaluate(() => location.search).catch(() => 'navigating')).toBe('');
  // Restored from the cache, not loaded again: the page's own pageshow record goes on.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __pageshows: boolean[] }).__pageshows))
    .toEqual([false, true]);

  // The widget was mounted again and the host told: a second onApiInit.
  const inits = await waitForEvents(page, 'apiInit', 2);
  expect(inits.map((e) => e.index)).toEqual([0, 0]);
  // The typed card is gone: pay finds the card and billing fields empty (the prefilled buyer is
  // there again, and the default country), and charges nothing.
  const empty = await pay(page, orderId);
  expect(empty.status).toBe('INVALID');
  expect(Object.keys(empty.errors ?? {}).sort()).toEqual([
    'cardNumber',
    'expirationDate',
    'postalCode',
    'securityCode',
    'subdivision',
  ]);
  expect(await provider.chargeAttempts(orderId)).toEqual([]);

  // A card typed now pays. The empty pay put the focus on the first invalid field, the Card
  // number (as after any failed validation): the buyer types from there. (Focusing the host's
  // button from a script and pressing Tab again lost a Tab now and then in Chromium: the focus
  // leaving the cross-site frame raced the key, and the card landed a field early.)
  await typeCard(page);
  const paid = await pay(page, orderId);
  expect(paid, `pay() answered ${JSON.stringify(paid)}`).toMatchObject({ status: 'APPROVED', orderId });
  expect(await provider.charges()).toEqual([expect.objectContaining({ id: paid.chargeId, orderId, status: 'APPROVED' })]);
  // The host's heartbeat counted none of the time in the cache against the frame: no crash.
  expect((await hostEvents(page)).filter((e) => e.type === 'crash')).toEqual([]);
});
