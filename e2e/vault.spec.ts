import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request as BrowserRequest } from '@playwright/test';
import { RETURNING_BUYER_APP_INSTANCE } from '../provider';
import { ProviderPaths, type SavedCard } from '../shared';
import { startAttackerSite } from './support/attackerSite';
import {
  APPROVED_CARD,
  BILLING_STATE,
  BILLING_ZIP,
  clickBelowTheFold,
  clickPlaceOrder,
  fillCard,
  startCheckout,
  widget,
} from './support/checkout';
import { APP_INSTANCE, ATTACKER_ORIGIN, FRAME_ORIGIN, PROVIDER_ORIGIN, VAULT_ORIGIN } from './support/origins';
import { expect, test } from './support/test';

// DESIGN "Security model", issue 19 finding 1: card number, expiry and security code go to the
// vault origin the frame was built with, and nowhere else, whatever `host` the embedding page names.

const CARD_DIGITS = APPROVED_CARD.replaceAll(' ', '');

/** One request the page's own server saw: what a site that names itself as `host` can read. */
interface ProxiedRequest {
  method: string;
  path: string;
  body: string;
}

/**
 * A third site's `host`: a transparent proxy to the reference provider on loopback that records
 * every request with its body, as a skimming site that put itself between the widget and the
 * provider would. `rewrite` may change a request's body on the way through (recorded as sent on).
 */
async function startRecordingProxy(
  target: string,
  rewrite: (method: string, path: string, body: string) => string = (_m, _p, b) => b,
) {
  const seen: ProxiedRequest[] = [];
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer(async (request, reply) => {
    const body = rewrite(request.method ?? '', request.url ?? '', await read(request));
    seen.push({ method: request.method ?? '', path: request.url ?? '', body });
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
    ) as Record<string, string>;
    const answer = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers,
      ...(body ? { body } : {}),
    });
    const replyHeaders = Object.fromEntries(
      [...answer.headers].filter(([name]) => !['content-encoding', 'content-length', 'connection'].includes(name)),
    );
    reply.writeHead(answer.status, { ...replyHeaders, Connection: 'close' });
    reply.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** True when `body` (a request body as sent) holds card data: the number, or a card's number/cvc/expiry fields. */
function carriesCardData(body: string): boolean {
  if (body.includes(CARD_DIGITS) || body.includes(APPROVED_CARD)) return true;
  try {
    const fields = Object.keys(JSON.parse(body) as Record<string, unknown>);
    return fields.some((field) => ['number', 'cvc', 'expMonth', 'expYear'].includes(field));
  } catch {
    return false;
  }
}

test('a third site embeds the genuine frame with its own host (a recording proxy): the proxy never sees the card, the vault sees it once', async ({
  page,
  provider,
}) => {
  const site = await startAttackerSite();
  const proxy = await startRecordingProxy(PROVIDER_ORIGIN);
  try {
    const orderId = await provider.setupOrder();
    const query = new URLSearchParams({ host: proxy.url, frameUrl: `${FRAME_ORIGIN}/`, appInstance: APP_INSTANCE, orderId });
    await page.goto(`${ATTACKER_ORIGIN}/skimmer.html?${query}`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    await fillCard(page, APPROVED_CARD);
    await page.locator('#pay').click();
    await expect(page.locator('#result')).toHaveText('APPROVED');

    // The proxy was in the path (settings, order, charge went through it)…
    const paths = proxy.seen.filter((r) => r.method !== 'OPTIONS').map((r) => `${r.method} ${r.path.split('?')[0]}`);
    expect(paths).toEqual(
      expect.arrayContaining([`GET ${ProviderPaths.widgetSettings}`, `POST ${ProviderPaths.chargesByOrder(orderId)}`]),
    );
    // …and saw no card number, expiry or security code: the charge carried a token only.
    expect(proxy.seen.filter((r) => carriesCardData(r.body))).toEqual([]);
    const charge = proxy.seen.find((r) => r.method === 'POST' && r.path === ProviderPaths.chargesByOrder(orderId));
    expect(JSON.parse(charge?.body ?? '{}')).toEqual({
      paymentMethod: 'CARD',
      cardToken: expect.stringMatching(/^tok_/),
      email: 'ada@example.com',
      // The billing address the provider checks at charge time (issue 23, AVS-like): no card data.
      billingAddress: { country: 'US', postalCode: BILLING_ZIP, subdivision: BILLING_STATE.code },
    });

    // The vault took the card once, on its own origin; the API host never did.
    const tokenizations = (await provider.requests(ProviderPaths.cardTokenization)).filter((r) => r.method === 'POST');
    expect(tokenizations.map((r) => r.server)).toEqual(['vault']);
    expect(await provider.charges()).toEqual([expect.objectContaining({ orderId, status: 'APPROVED' })]);
    console.log(
      `vault proof: the proxy (host ${proxy.url}) saw ${JSON.stringify(paths)}, ${proxy.seen.filter((r) => carriesCardData(r.body)).length} with card data; ` +
        `the vault (${VAULT_ORIGIN}) saw ${tokenizations.length} card tokenization(s)`,
    );
  } finally {
    await proxy.close();
    await site.close();
  }
});

test('a proxy host that adds saveCard to a returning buyer’s charge saves no card: consent comes with the card, to the vault (security review M1)', async ({
  page,
  provider,
}) => {
  const site = await startAttackerSite();
  const consent = { consentText: 'Save this card for next time', consentedAt: new Date().toISOString() };
  // The skimming site's host adds the consent the buyer never gave to every charge it passes on.
  const proxy = await startRecordingProxy(PROVIDER_ORIGIN, (method, path, body) =>
    method === 'POST' && /\/orders\/[^/]+\/charges$/.test(path)
      ? JSON.stringify({ ...JSON.parse(body), saveCard: consent })
      : body,
  );
  const cardsOfMember = async () => {
    const response = await page.request.get(`${PROVIDER_ORIGIN}${ProviderPaths.creditCards}`, {
      headers: { Authorization: RETURNING_BUYER_APP_INSTANCE },
    });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as SavedCard[]).map((c) => c.id);
  };
  try {
    const before = await cardsOfMember();
    expect(before).toHaveLength(2);
    const orderId = await provider.setupOrder(undefined, RETURNING_BUYER_APP_INSTANCE);
    const query = new URLSearchParams({
      host: proxy.url,
      frameUrl: `${FRAME_ORIGIN}/`,
      appInstance: RETURNING_BUYER_APP_INSTANCE,
      orderId,
    });
    await page.goto(`${ATTACKER_ORIGIN}/skimmer.html?${query}`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    const frame = widget(page);
    await frame.getByRole('radio', { name: 'Use a new card' }).check();
    await expect(frame.getByRole('checkbox', { name: 'Save this card for next time' })).not.toBeChecked();
    await fillCard(page, APPROVED_CARD);
    // The saved cards and the new card's form push the page's Pay below the fold (CI: Chromium sent
    // the click into the frame and nothing paid).
    await clickBelowTheFold(page.locator('#pay'));
    await expect(page.locator('#result')).toHaveText('APPROVED');

    // The charge reached the provider with the injected consent…
    const charge = proxy.seen.find((r) => r.method === 'POST' && r.path === ProviderPaths.chargesByOrder(orderId));
    expect(JSON.parse(charge?.body ?? '{}')).toMatchObject({ cardToken: expect.stringMatching(/^tok_/), saveCard: consent });
    expect(await provider.charges()).toEqual([expect.objectContaining({ orderId, status: 'APPROVED' })]);
    // …and the member's cards did not grow: the token was minted without consent.
    expect(await cardsOfMember()).toEqual(before);
  } finally {
    await proxy.close();
    await site.close();
  }
});

test('the demo checkout: every request that carries the card number goes to the vault origin, once', async ({
  page,
  provider,
  browserName,
}) => {
  const sent: { url: string; body: string | null }[] = [];
  const record = (request: BrowserRequest) => sent.push({ url: request.url(), body: request.postData() });
  page.context().on('request', record);
  const orderId = await startCheckout(page);
  await fillCard(page, APPROVED_CARD, widget(page));
  await clickPlaceOrder(page);
  await expect(page.getByRole('region', { name: 'Order confirmed' })).toHaveAttribute('data-order-status', 'PAID');
  page.context().off('request', record);

  const withCard = sent.filter((r) => r.body !== null && carriesCardData(r.body)).map((r) => new URL(r.url).origin);
  const tokenization = sent.filter((r) => new URL(r.url).pathname === ProviderPaths.cardTokenization && r.body !== null);
  if (tokenization.length > 0) {
    // Chromium hands Playwright every request body, the frame's included: exactly one carries the card, to the vault.
    expect(withCard).toEqual([VAULT_ORIGIN]);
  } else {
    // Firefox over WebDriver BiDi hands Playwright no request bodies (Playwright 1.64: postData() is
    // null), so the provider's own log stands in: the card reached the vault, never the API host.
    expect(browserName).toBe('firefox');
  }
  const tokenizations = (await provider.requests(ProviderPaths.cardTokenization)).filter((r) => r.method === 'POST');
  expect(tokenizations.map((r) => r.server)).toEqual(['vault']);
  expect(await provider.charges()).toEqual([expect.objectContaining({ orderId, status: 'APPROVED' })]);
});
