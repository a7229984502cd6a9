import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { SiteDelivery } from '../demo/server/createSiteServer';
import { SITE_WEBHOOK_PATH, type SiteConfirmation, siteConfirmationPath } from '../demo/siteConfirmation';
import { CONTROL_KEY_HEADER } from '../provider';
import { ProviderPaths } from '../shared';
import { APPROVED_CARD, clickPlaceOrder, fillCard, startCheckout } from './support/checkout';
import { FRAME_ORIGIN, HOST_ORIGIN } from './support/origins';
import { controlKeyOfRun } from './support/provider';
import { expect, test } from './support/test';

// The demo site fulfils on its own server's word (demo/server/), never on the browser's: tickets
// are issued from a signed webhook (or the server's own read of the order), a forged APPROVED in
// the page issues none, and a forged or replayed webhook changes nothing.

/** What the site's server knows of `orderId` (its confirmation API, as the page asks it). */
async function siteRecord(request: APIRequestContext, orderId: string): Promise<SiteConfirmation> {
  const response = await request.get(`${HOST_ORIGIN}${siteConfirmationPath(orderId)}`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** The deliveries the site's webhook endpoint received, oldest first (its control route, the run's key). */
async function siteDeliveries(request: APIRequestContext): Promise<SiteDelivery[]> {
  const response = await request.get(`${HOST_ORIGIN}/__control/webhooks`, {
    headers: { [CONTROL_KEY_HEADER]: controlKeyOfRun() },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

/** POSTs `body` to the site's webhook endpoint as anyone on the internet could. */
function postWebhook(request: APIRequestContext, body: string, signature: string) {
  return request.post(`${HOST_ORIGIN}${SITE_WEBHOOK_PATH}`, {
    data: body,
    headers: { 'Content-Type': 'application/json', 'Cashier-Signature': signature },
  });
}

const confirmation = (page: Page) => page.getByRole('region', { name: 'Order confirmed' });

test("a card purchase: the site's server issues the tickets once, from the signed order.paid webhook, and the page says so", async ({
  page,
}) => {
  const orderId = await startCheckout(page);
  await fillCard(page, APPROVED_CARD);
  await clickPlaceOrder(page);
  await expect(confirmation(page)).toBeVisible();
  await expect(confirmation(page)).toHaveAttribute('data-source', 'webhook');
  await expect(confirmation(page)).toContainText(
    `Order ${orderId}, charge ${await confirmation(page).getAttribute('data-charge-id')}. Confirmed by the site's server (signed webhook): tickets issued.`,
  );
  const record = await siteRecord(page.request, orderId);
  expect(record).toMatchObject({
    orderId,
    status: 'PAID',
    fulfilled: true,
    source: 'webhook',
    tickets: 'issued',
    fulfilments: 1,
  });
  const paid = (await siteDeliveries(page.request)).filter((d) => JSON.parse(d.body).data?.order?.id === orderId);
  expect(paid.map((d) => [JSON.parse(d.body).type, d.outcome])).toEqual([['order.paid', 'fulfilled']]);
  expect(record.eventId).toBe(JSON.parse(paid[0]?.body ?? '{}').id);
  // The server's credentials stay on the server: not in the page's config, not in the page.
  const pageText = (await (await page.request.get(`${HOST_ORIGIN}/demo-config.js`)).text()) + (await page.content());
  expect(pageText).not.toMatch(/sk_test_|whsec_/);
});

test('a forged APPROVED in the page (the charge reply rewritten in the browser): no ticket, and the page says not confirmed', async ({
  page,
  provider,
}) => {
  test.setTimeout(60_000); // the page asks its server for 10 s before it says "not confirmed"
  const orderId = await startCheckout(page);
  // As a buyer with devtools (or an extension) would: the charge never reaches the provider, and
  // the widget is told it was approved.
  const cors = {
    'Access-Control-Allow-Origin': FRAME_ORIGIN,
    'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key',
    'Access-Control-Allow-Methods': 'POST',
  };
  await page.route(`**${ProviderPaths.chargesByOrder(orderId)}`, (route) => {
    const method = route.request().method();
    if (method === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    if (method !== 'POST') return route.continue();
    return route.fulfill({
      status: 201,
      headers: cors,
      json: {
        id: 'ch_forged',
        orderId,
        status: 'APPROVED',
        amount: { amount: 2500, currency: 'EUR' },
        paymentMethod: 'CARD',
        createdAt: new Date().toISOString(),
      },
    });
  });
  await fillCard(page, APPROVED_CARD);
  await clickPlaceOrder(page);
  // The page asks its server for up to 10 s before it gives its answer.
  await expect(page.locator('#order-result')).toHaveText(
    `Not confirmed: no tickets issued. The site's server sees order ${orderId} as AWAITING_PAYMENT.`,
    { timeout: 20_000 },
  );
  await expect(confirmation(page)).toBeHidden();
  expect(await provider.charges()).toEqual([]);
  expect(await siteRecord(page.request, orderId)).toMatchObject({ fulfilled: false, tickets: 'none', fulfilments: 0 });
});

test('a forged webhook (wrong signature) is refused 400 and issues nothing; a replay of a real delivery issues nothing more', async ({
  page,
  provider,
}) => {
  const unpaid = await provider.setupOrder();
  const forgedBody = JSON.stringify({
    id: 'evt_forged',
    type: 'order.paid',
    created: Math.floor(Date.now() / 1000),
    data: { order: { id: unpaid, status: 'PAID', total: { amount: 2500, currency: 'EUR' }, chargeId: 'ch_forged', charges: [] } },
  });
  const t = Math.floor(Date.now() / 1000);
  const forgedSignature = `t=${t},v1=${createHmac('sha256', 'whsec_guessed').update(`${t}.${forgedBody}`).digest('hex')}`;
  const forged = await postWebhook(page.request, forgedBody, forgedSignature);
  expect(forged.status()).toBe(400);
  expect(await forged.json()).toMatchObject({ code: 'SIGNATURE_MISMATCH' });
  expect(await siteRecord(page.request, unpaid)).toMatchObject({ status: 'AWAITING_PAYMENT', fulfilled: false, fulfilments: 0 });

  // A real purchase, then its order.paid delivery sent again byte for byte (inside the 5 minutes a signature is good for).
  const orderId = await startCheckout(page);
  await fillCard(page, APPROVED_CARD);
  await clickPlaceOrder(page);
  await expect(confirmation(page)).toHaveAttribute('data-source', 'webhook');
  const delivery = (await siteDeliveries(page.request)).find(
    (d) => d.outcome === 'fulfilled' && JSON.parse(d.body).data.order.id === orderId,
  );
  const replay = await postWebhook(page.request, delivery?.body ?? '', delivery?.signature ?? '');
  expect(replay.status()).toBe(200);
  expect(await replay.json()).toEqual({ received: true, duplicate: true });
  expect(await siteRecord(page.request, orderId)).toMatchObject({ fulfilled: true, source: 'webhook', fulfilments: 1 });
});
