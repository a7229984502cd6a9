import { describe, expect, it } from 'vitest';
import { type Charge, type Order, ProviderPaths } from '../shared';
import { THREE_DS_SCRIPT } from '../shared/threeDsChallengeAssets';
import { CONTROL_KEY_HEADER } from './controlRoutes';
import { createProviderApp, DEMO_APP_INSTANCE } from './createProviderApp';
import { startProvider } from './startProvider';
import { TEST_CARDS } from './store';

// The 3-D Secure routes over HTTP, in process (app.request): the challenge page on the vault
// origin with its headers, recording a result once, cancel and read on the API, the control route,
// the request log and the fault switches (issue 22).

const FRAME = 'http://127.0.0.1:4174';
const HOST_PAGE = 'http://localhost:4173';
const VAULT = 'http://127.0.0.1:4176';
const API = 'http://127.0.0.1:4175';
const KEY = 'test-control-key-0123456789abcdef';
const fixtures = new URL('../e2e/fixtures/statics', import.meta.url).pathname;
const AUTH = { Authorization: DEMO_APP_INSTANCE, 'Content-Type': 'application/json' };

/** The provider (the frame and the demo host page call the API; only the frame calls the vault) and helpers. */
function setup() {
  const provider = createProviderApp({
    publicUrl: API,
    frameOrigins: [FRAME, HOST_PAGE],
    vaultFrameOrigins: [FRAME],
    vaultOrigin: VAULT,
    staticsDir: fixtures,
    controlKey: KEY,
  });
  const { app, vaultApp } = provider;
  const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(`${API}${path}`, {
      method,
      headers: { ...AUTH, Origin: FRAME, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const vault = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    vaultApp.request(`${VAULT}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  /** An order paid with `number` → the charge reply's body. */
  const charge = async (number: string, key: string = crypto.randomUUID()) => {
    const order = (await (
      await api('POST', ProviderPaths.orderSetup, {
        eventId: 'riverside-jazz-night',
        lines: [{ ticketTypeId: 'general-admission', quantity: 1 }],
      })
    ).json()) as Order;
    const card = { holderName: 'Ada', number, expMonth: 12, expYear: 2040, cvc: '123' };
    const tokenReply = await vault('POST', ProviderPaths.cardTokenization, { ...AUTH, Origin: FRAME }, JSON.stringify(card));
    const { token } = (await tokenReply.json()) as { token: string };
    const reply = await api(
      'POST',
      ProviderPaths.chargesByOrder(order.id),
      { paymentMethod: 'CARD', cardToken: token },
      {
        'Idempotency-Key': key,
      },
    );
    return { order, charge: (await reply.json()) as Charge, status: reply.status };
  };
  /** The path of a charge's challenge page. */
  const pagePath = (c: Charge) => new URL(c.nextAction?.url ?? 'http://x/').pathname;
  /** Presses a button of the page, as the browser sends it (form POST from the vault origin). */
  const press = (c: Charge, outcome: string, origin = VAULT) =>
    vault(
      'POST',
      `${pagePath(c)}/${outcome}`,
      {
        Origin: origin,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      `outcome=${outcome}`,
    );
  const read = async (c: Charge) => (await (await api('GET', ProviderPaths.charge(c.id))).json()) as Charge;
  return { provider, api, vault, charge, pagePath, press, read };
}

describe('the challenge page (GET on the vault origin)', () => {
  it('is HTML with the merchant, the amount, the last four digits and the two buttons; own script, no inline one', async () => {
    const { vault, charge, pagePath } = setup();
    const { charge: open } = await charge(TEST_CARDS.threeDsChallenge);
    expect(open.nextAction?.url?.startsWith(`${VAULT}/three-ds/challenges/`)).toBe(true);
    const page = await vault('GET', pagePath(open));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<h1>Confirm your payment</h1>');
    expect(html).toContain('Riverside Jazz Night');
    expect(html).toContain('€25.00');
    expect(html).toContain('•••• 3184');
    expect(html).toMatch(/<button type="submit"[^>]*>Complete authentication<\/button>/);
    expect(html).toMatch(/<button type="submit"[^>]*>Fail authentication<\/button>/);
    expect(html).toContain('<script src="/three-ds/challenge.js" defer></script>');
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).not.toMatch(/\sstyle=|\son[a-z]+=/);
    expect(html).toContain(`data-frame-origins="[&#34;${FRAME}&#34;]"`);
  });

  it('is sent with a strict CSP (frame-ancestors: the frame, a loopback http host page, any https site), nosniff, no-store', async () => {
    const { vault, charge, pagePath } = setup();
    const page = await vault('GET', pagePath((await charge(TEST_CARDS.threeDsChallenge)).charge));
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(
      `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors ${FRAME} ${HOST_PAGE} https:`,
    );
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('serves its script and style sheet on the vault origin', async () => {
    const { vault } = setup();
    const script = await vault('GET', '/three-ds/challenge.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe(THREE_DS_SCRIPT);
    const style = await vault('GET', '/three-ds/challenge.css');
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await style.text()).toContain('button');
  });

  it('an unknown challenge id is a 404 page (with the same headers)', async () => {
    const { vault } = setup();
    const page = await vault('GET', '/three-ds/challenges/tds_unknown');
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors');
    expect(await page.text()).toContain('<h1>Authentication not found</h1>');
  });
});

describe('recording the result (the buttons: POST …/complete or …/fail from the vault origin)', () => {
  it.each([
    { card: TEST_CARDS.threeDsChallenge, outcome: 'complete', status: 'APPROVED', declineCode: undefined, order: 'PAID' },
    {
      card: TEST_CARDS.threeDsChallenge,
      outcome: 'fail',
      status: 'DECLINED',
      declineCode: 'authentication_failed',
      order: 'AWAITING_PAYMENT',
    },
    {
      card: TEST_CARDS.threeDsChallengeDeclined,
      outcome: 'complete',
      status: 'DECLINED',
      declineCode: 'card_declined',
      order: 'AWAITING_PAYMENT',
    },
  ])('card $card, $outcome → $status $declineCode (GET charge), and the answer page tells the frame', async (row) => {
    const { api, charge, press, read } = setup();
    const { charge: open, order } = await charge(row.card);
    const answer = await press(open, row.outcome);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('data-state="done"');
    expect(html).toContain(`data-challenge-id="${open.nextAction?.url?.split('/').pop()}"`);
    expect(html).toContain('<script src="/three-ds/challenge.js" defer></script>');
    const settled = await read(open);
    expect(settled).toMatchObject({ id: open.id, status: row.status });
    expect(settled.declineCode).toBe(row.declineCode);
    expect(settled.nextAction).toBeUndefined();
    expect(((await (await api('GET', ProviderPaths.order(order.id))).json()) as Order).status).toBe(row.order);
  });

  it('only once: a second press is a 409 page and changes nothing; the page is then 404', async () => {
    const { vault, charge, pagePath, press, read } = setup();
    const { charge: open } = await charge(TEST_CARDS.threeDsChallenge);
    await press(open, 'fail');
    const again = await press(open, 'complete');
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('Already answered');
    expect(await read(open)).toMatchObject({ status: 'DECLINED', declineCode: 'authentication_failed' });
    expect((await vault('GET', pagePath(open))).status).toBe(404);
  });

  it('a POST from another origin (or with none) is a 403 page and records nothing', async () => {
    const { vault, charge, pagePath, press, read } = setup();
    const { charge: open } = await charge(TEST_CARDS.threeDsChallenge);
    expect((await press(open, 'complete', HOST_PAGE)).status).toBe(403);
    expect((await vault('POST', `${pagePath(open)}/complete`)).status).toBe(403);
    expect(await read(open)).toMatchObject({ status: 'REQUIRES_ACTION' });
  });

  it('an unknown id or outcome is a 404 page', async () => {
    const { vault, charge, pagePath, press } = setup();
    expect((await vault('POST', '/three-ds/challenges/tds_unknown/complete', { Origin: VAULT })).status).toBe(404);
    const { charge: open } = await charge(TEST_CARDS.threeDsChallenge);
    expect((await vault('POST', `${pagePath(open)}/approve`, { Origin: VAULT })).status).toBe(404);
    expect((await press(open, 'complete')).status).toBe(200);
  });
});

describe('the charge on the API while the challenge is open', () => {
  it('a new charge on the order is 409 CHARGE_IN_PROGRESS with details.chargeId; a repeated key answers the open charge', async () => {
    const { api, vault, charge } = setup();
    const { charge: open, order } = await charge(TEST_CARDS.threeDsChallenge, 'key-1');
    const card = { holderName: 'Ada', number: TEST_CARDS.approved, expMonth: 12, expYear: 2040, cvc: '123' };
    const { token } = (await (
      await vault('POST', ProviderPaths.cardTokenization, { ...AUTH, Origin: FRAME }, JSON.stringify(card))
    ).json()) as { token: string };
    const second = await api(
      'POST',
      ProviderPaths.chargesByOrder(order.id),
      { paymentMethod: 'CARD', cardToken: token },
      {
        'Idempotency-Key': 'key-2',
      },
    );
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({
      details: { applicationError: { code: 'CHARGE_IN_PROGRESS' }, chargeId: open.id },
    });
    const listed = (await (await api('GET', ProviderPaths.chargesByOrder(order.id))).json()) as Charge[];
    expect(listed).toEqual([open]);
  });

  it('POST cancel: DECLINED authentication_abandoned, the page can no longer record; owner only', async () => {
    const { api, charge, press, read } = setup();
    const { charge: open } = await charge(TEST_CARDS.threeDsChallenge);
    const stranger = await api('POST', ProviderPaths.cancelCharge(open.id), undefined, { Authorization: 'someone-else' });
    expect(stranger.status).toBe(401);
    const cancelled = await api('POST', ProviderPaths.cancelCharge(open.id));
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ id: open.id, status: 'DECLINED', declineCode: 'authentication_abandoned' });
    expect((await press(open, 'complete')).status).toBe(409);
    expect(await read(open)).toMatchObject({ status: 'DECLINED', declineCode: 'authentication_abandoned' });
    // Cancelling a settled charge answers it as it is.
    expect(await (await api('POST', ProviderPaths.cancelCharge(open.id))).json()).toMatchObject({ status: 'DECLINED' });
    expect((await api('POST', ProviderPaths.cancelCharge('ch_unknown'))).status).toBe(404);
  });
});

describe('the control route, the request log and the fault switches', () => {
  const control = (app: ReturnType<typeof setup>['provider']['app'], path: string, body: unknown, key = KEY) =>
    app.request(`http://localhost${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', Host: 'localhost', [CONTROL_KEY_HEADER]: key },
    });

  it('POST /__control/three-ds/<challengeId> {outcome} records a result without the page, once', async () => {
    const { provider, charge, read } = setup();
    const { charge: open } = await charge(TEST_CARDS.threeDsChallenge);
    const id = open.nextAction?.url?.split('/').pop() as string;
    expect((await control(provider.app, `/__control/three-ds/${id}`, { outcome: 'complete' }, 'x'.repeat(40))).status).toBe(403);
    expect((await control(provider.app, `/__control/three-ds/${id}`, { outcome: 'maybe' })).status).toBe(400);
    const recorded = await control(provider.app, `/__control/three-ds/${id}`, { outcome: 'fail' });
    expect(recorded.status).toBe(200);
    expect(await recorded.json()).toMatchObject({ id: open.id, status: 'DECLINED', declineCode: 'authentication_failed' });
    expect((await control(provider.app, `/__control/three-ds/${id}`, { outcome: 'complete' })).status).toBe(409);
    expect((await control(provider.app, '/__control/three-ds/tds_unknown', { outcome: 'complete' })).status).toBe(404);
    expect(await read(open)).toMatchObject({ status: 'DECLINED' });
  });

  it("the page's requests are logged with server 'vault', the cancel with server 'api', and faults play on them", async () => {
    const { provider, api, vault, charge, pagePath, read } = setup();
    const { charge: open } = await charge(TEST_CARDS.threeDsChallenge);
    provider.state.addFault({ path: pagePath(open), method: 'GET', status: 503 });
    expect((await vault('GET', pagePath(open))).status).toBe(503);
    expect((await vault('GET', pagePath(open))).status).toBe(200);
    provider.state.addFault({ path: `${pagePath(open)}/complete`, status: 500 });
    expect((await vault('POST', `${pagePath(open)}/complete`, { Origin: VAULT })).status).toBe(500);
    expect(await read(open)).toMatchObject({ status: 'REQUIRES_ACTION' });
    await api('POST', ProviderPaths.cancelCharge(open.id));
    const log = provider.state.requests.map((r) => [r.method, r.path, r.server]);
    expect(log).toContainEqual(['GET', pagePath(open), 'vault']);
    expect(log).toContainEqual(['POST', `${pagePath(open)}/complete`, 'vault']);
    expect(log).toContainEqual(['POST', ProviderPaths.cancelCharge(open.id), 'api']);
  });
});

it('startProvider: the challenge URL is on the vault it listens on', async () => {
  const running = await startProvider({ port: 0, publicUrl: API, frameOrigins: [FRAME], staticsDir: fixtures, vaultPort: 0 });
  try {
    const call = (url: string, init: RequestInit) => fetch(url, { ...init, headers: { ...AUTH, ...init.headers } });
    const order = (await (
      await call(`${running.url}${ProviderPaths.orderSetup}`, {
        method: 'POST',
        body: JSON.stringify({ eventId: 'riverside-jazz-night', lines: [{ ticketTypeId: 'general-admission', quantity: 1 }] }),
      })
    ).json()) as Order;
    const card = { holderName: 'Ada', number: TEST_CARDS.threeDsChallenge, expMonth: 12, expYear: 2040, cvc: '123' };
    const { token } = (await (
      await call(`${running.vaultUrl}${ProviderPaths.cardTokenization}`, { method: 'POST', body: JSON.stringify(card) })
    ).json()) as { token: string };
    const open = (await (
      await call(`${running.url}${ProviderPaths.chargesByOrder(order.id)}`, {
        method: 'POST',
        headers: { 'Idempotency-Key': 'k' },
        body: JSON.stringify({ paymentMethod: 'CARD', cardToken: token }),
      })
    ).json()) as Charge;
    expect(open.nextAction?.url?.startsWith(`${running.vaultUrl}/three-ds/challenges/tds_`)).toBe(true);
    const page = await fetch(open.nextAction?.url as string);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('•••• 3184');
  } finally {
    await running.close();
  }
});
