import { describe, expect, it } from 'vitest';
import { type Charge, type Order, type PaymentMethod, ProviderPaths } from '../shared';
import { BLIK_TEST_CODES, LOCAL_PAYMENT_RESULT_MESSAGE } from '../shared/localMethods';
import { CONTROL_KEY_HEADER } from './controlRoutes';
import { createProviderApp, DEMO_APP_INSTANCE } from './createProviderApp';

// The local methods on the reference provider over HTTP, in process (app.request): methods by
// order, the charge's next action, the simulated page on the payments origin (here the API's own,
// as PayPal's) and its answers, the cancel route, and the control route for the timings (issue 38).

const FRAME = 'http://127.0.0.1:4174';
const HOST_PAGE = 'http://localhost:4173';
const API = 'http://127.0.0.1:4175';
const KEY = 'a-random-control-key-0123456789abcdef';
const fixtures = new URL('../e2e/fixtures/statics', import.meta.url).pathname;

function setup(over: { paymentsOrigin?: string } = {}) {
  const provider = createProviderApp({
    publicUrl: API,
    frameOrigins: [FRAME, HOST_PAGE],
    staticsDir: fixtures,
    controlKey: KEY,
    ...over,
  });
  const api = async <T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const reply = await provider.app.request(`${API}${path}`, {
      method,
      headers: { Authorization: DEMO_APP_INSTANCE, 'Content-Type': 'application/json', Origin: FRAME, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: reply.status, body: (await reply.json()) as T };
  };
  const order = async (country?: string) =>
    (
      await api<Order>('POST', ProviderPaths.orderSetup, {
        eventId: 'riverside-jazz-night',
        lines: [{ ticketTypeId: 'general-admission', quantity: 1 }],
        ...(country ? { country } : {}),
      })
    ).body;
  const charge = (orderId: string, body: object, key: string = crypto.randomUUID()) =>
    api<Charge>('POST', ProviderPaths.chargesByOrder(orderId), body, { 'Idempotency-Key': key });
  const read = async (chargeId: string) => (await api<Charge>('GET', ProviderPaths.charge(chargeId))).body;
  /** An open iDEAL (or `method`) charge of a new order for a buyer from `country`. */
  const open = async (method = 'IDEAL', country = 'NL') =>
    (await charge((await order(country)).id, { paymentMethod: method })).body;
  /** The page's path for `chargeId`, as `nextAction.url` names it on the payments origin. */
  const pageOf = (c: Charge) => new URL(c.nextAction?.url ?? '').pathname;
  /** The buyer presses `answer` on the page: the form's POST from `origin`, with its fields. */
  const press = (chargeId: string, answer: string, fields: Record<string, string> = {}, origin: string | null = API) =>
    provider.app.request(`${API}/local-payments/${chargeId}/${answer}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(origin === null ? {} : { Origin: origin }) },
      body: new URLSearchParams(fields).toString(),
    });
  const control = (path: string, body: unknown, key = KEY) =>
    provider.app.request(path, {
      method: 'POST',
      headers: { Host: 'localhost', 'Content-Type': 'application/json', [CONTROL_KEY_HEADER]: key },
      body: JSON.stringify(body),
    });
  return { provider, api, order, charge, read, open, pageOf, press, control };
}

describe('payment methods by order, by the buyer’s country', () => {
  it.each([
    { country: undefined, local: [] },
    { country: 'NL', local: ['IDEAL', 'KLARNA'] },
    { country: 'BE', local: ['BANCONTACT', 'KLARNA'] },
    { country: 'PL', local: ['BLIK', 'KLARNA'] },
    { country: 'DE', local: ['KLARNA'] },
  ])('$country → $local', async ({ country, local }) => {
    const s = setup();
    const { id } = await s.order(country);
    const { body } = await s.api<PaymentMethod[]>('GET', ProviderPaths.paymentMethodsByOrder(id));
    expect(body.map((m) => m.type)).toEqual(['CARD', 'PAY_AT_VENUE', ...local]);
  });
});

describe('a redirect method’s charge and its page on the payments origin', () => {
  it('answers 201 REQUIRES_ACTION with a REDIRECT to <paymentsOrigin>/local-payments/<chargeId>', async () => {
    const s = setup();
    const charge = await s.open('IDEAL');
    expect(charge).toMatchObject({ status: 'REQUIRES_ACTION', paymentMethod: 'IDEAL' });
    expect(charge.nextAction).toEqual({ type: 'REDIRECT', url: `${API}/local-payments/${charge.id}` });
    const elsewhere = setup({ paymentsOrigin: 'https://pay.example.com/' });
    expect((await elsewhere.open('IDEAL')).nextAction?.url).toMatch(/^https:\/\/pay\.example\.com\/local-payments\/ch_/);
  });

  it.each([
    { method: 'IDEAL', country: 'NL', name: 'iDEAL', klarna: false },
    { method: 'BANCONTACT', country: 'BE', name: 'Bancontact', klarna: false },
    { method: 'KLARNA', country: 'DE', name: 'Klarna', klarna: true },
  ])(
    '$method: the page names the method, the event and the amount, with the four buttons',
    async ({ method, country, name, klarna }) => {
      const s = setup();
      const charge = await s.open(method, country);
      const reply = await s.provider.app.request(`${API}${s.pageOf(charge)}`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(reply.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(reply.headers.get('cache-control')).toBe('no-store');
      const html = await reply.text();
      expect(html).toContain(`<h1>Pay with ${name}</h1>`);
      expect(html).toContain('Riverside Jazz Night');
      expect(html).toContain('€25.00');
      for (const words of [
        'Approve payment',
        'Decline payment',
        'Approve later (pending)',
        'Cancel and return',
        'Settles approved',
        'Settles declined',
      ]) {
        expect(html).toContain(words);
      }
      expect(html.includes('Pay later in 30 days') && html.includes('Pay in 3 parts')).toBe(klarna);
      expect(html).not.toMatch(/<script>|style=/);
    },
  );

  it('a BLIK charge has no page (404) and answers BLIK_CONFIRM', async () => {
    const s = setup();
    const { id } = await s.order('PL');
    const charge = (await s.charge(id, { paymentMethod: 'BLIK', blikCode: BLIK_TEST_CODES.approved })).body;
    expect(charge.nextAction).toMatchObject({ type: 'BLIK_CONFIRM', expiresAt: expect.any(String) });
    expect((await s.provider.app.request(`${API}/local-payments/${charge.id}`)).status).toBe(404);
    expect((await s.press(charge.id, 'approve')).status).toBe(404);
  });

  it.each([
    { answer: 'approve', fields: {}, status: 'APPROVED', outcome: 'approved' },
    { answer: 'decline', fields: {}, status: 'DECLINED', declineCode: 'customer_declined', outcome: 'declined' },
    { answer: 'cancel', fields: {}, status: 'DECLINED', declineCode: 'authentication_abandoned', outcome: 'cancelled' },
    { answer: 'pending', fields: { settleAs: 'decline' }, status: 'PENDING', outcome: 'pending' },
  ])(
    '$answer: recorded once, the done page tells the frame origins ($outcome)',
    async ({ answer, fields, status, declineCode, outcome }) => {
      const s = setup();
      const charge = await s.open();
      const reply = await s.press(charge.id, answer, fields as Record<string, string>);
      expect(reply.status).toBe(200);
      const html = await reply.text();
      expect(html).toContain('data-state="done"');
      expect(html).toContain(`data-outcome="${outcome}"`);
      expect(html).toContain(`data-charge-id="${charge.id}"`);
      expect(html).toContain(`data-frame-origins="${JSON.stringify([FRAME, HOST_PAGE]).replace(/"/g, '&#34;')}"`);
      expect(await s.read(charge.id)).toMatchObject({ status, ...(declineCode ? { declineCode } : {}) });
      const twice = await s.press(charge.id, 'approve');
      expect(twice.status).toBe(409);
      expect(await twice.text()).toContain('Already answered');
      expect((await s.provider.app.request(`${API}${s.pageOf(charge)}`)).status).toBe(404);
    },
  );

  it('pending settles as the page chose, read by GET charges/{id} (the widget polls it)', async () => {
    const s = setup();
    expect((await s.control('/__control/local-payments', { pendingSettleMs: 0 })).status).toBe(200);
    const approving = await s.open();
    await s.press(approving.id, 'pending', { settleAs: 'approve' });
    expect((await s.read(approving.id)).status).toBe('APPROVED');
    const declining = await s.open();
    await s.press(declining.id, 'pending', { settleAs: 'decline' });
    expect(await s.read(declining.id)).toMatchObject({ status: 'DECLINED', declineCode: 'customer_declined' });
  });

  it('Klarna records the option posted with the answer', async () => {
    const s = setup();
    const charge = await s.open('KLARNA', 'DE');
    await s.press(charge.id, 'approve', { klarnaOption: 'PAY_IN_3_PARTS' });
    expect(await s.read(charge.id)).toMatchObject({ status: 'APPROVED', klarnaOption: 'PAY_IN_3_PARTS' });
  });

  it.each([
    { name: 'another site’s form', origin: 'https://evil.example' },
    { name: 'the frame', origin: FRAME },
    { name: 'no Origin', origin: null },
  ])('403 for $name, and nothing is recorded', async ({ origin }) => {
    const s = setup();
    const charge = await s.open();
    const reply = await s.press(charge.id, 'approve', {}, origin);
    expect(reply.status).toBe(403);
    expect((await s.read(charge.id)).status).toBe('REQUIRES_ACTION');
  });

  it('403 from the provider’s own origin when the payments origin is another', async () => {
    const s = setup({ paymentsOrigin: 'https://pay.example.com' });
    const charge = await s.open();
    expect((await s.press(charge.id, 'approve', {}, API)).status).toBe(403);
    expect((await s.press(charge.id, 'approve', {}, 'https://pay.example.com')).status).toBe(200);
  });

  it.each([
    { name: 'an unknown charge', path: '/local-payments/ch_unknown/approve' },
    { name: 'an unknown answer', path: null },
  ])('404 for $name', async ({ path }) => {
    const s = setup();
    const charge = await s.open();
    const reply = await s.provider.app.request(`${API}${path ?? `/local-payments/${charge.id}/refund`}`, {
      method: 'POST',
      headers: { Origin: API },
    });
    expect(reply.status).toBe(404);
    expect((await s.provider.app.request(`${API}/local-payments/ch_unknown`)).status).toBe(404);
  });

  it('the cancel route abandons the open charge; its page is then closed (409)', async () => {
    const s = setup();
    const charge = await s.open();
    const cancelled = await s.api<Charge>('POST', ProviderPaths.cancelCharge(charge.id), {});
    expect(cancelled.body).toMatchObject({ status: 'DECLINED', declineCode: 'authentication_abandoned' });
    expect((await s.press(charge.id, 'approve')).status).toBe(409);
  });

  it('a second charge while one is open is 409 CHARGE_IN_PROGRESS naming it', async () => {
    const s = setup();
    const charge = await s.open();
    const again = await s.charge(charge.orderId, { paymentMethod: 'KLARNA' });
    expect(again).toMatchObject({
      status: 409,
      body: { details: { applicationError: { code: 'CHARGE_IN_PROGRESS' }, chargeId: charge.id } },
    });
  });

  it('the script and style sheet are served with their types; the script posts to each frame origin, never *', async () => {
    const s = setup();
    const script = await s.provider.app.request(`${API}/local-payments.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const text = await script.text();
    expect(text).toContain(JSON.stringify(LOCAL_PAYMENT_RESULT_MESSAGE));
    expect(text).toContain('opener.postMessage(message, origins[i])');
    expect(text).not.toContain("'*'");
    expect((await s.provider.app.request(`${API}/local-payments.css`)).headers.get('content-type')).toMatch(/^text\/css/);
  });
});

describe('POST /__control/local-payments', () => {
  it('changes the timings until a reset, and refuses a bad one naming the field', async () => {
    const s = setup();
    const changed = await s.control('/__control/local-payments', { blikExpiryMs: 1_000 });
    expect(await changed.json()).toEqual({ pendingSettleMs: 5_000, blikApproveMs: 2_000, blikExpiryMs: 1_000 });
    const { id } = await s.order('PL');
    const blik = (await s.charge(id, { paymentMethod: 'BLIK', blikCode: BLIK_TEST_CODES.neverConfirmed })).body;
    expect(Date.parse((blik.nextAction as { expiresAt: string }).expiresAt) - Date.parse(blik.createdAt)).toBe(1_000);
    const bad = await s.control('/__control/local-payments', { pendingSettleMs: 60_000 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ details: { applicationError: { code: 'BAD_LOCAL_PAYMENT_TIMINGS' } } });
    await s.control('/__control/reset', {});
    expect(s.provider.store.localPayments.timings()).toEqual({
      pendingSettleMs: 5_000,
      blikApproveMs: 2_000,
      blikExpiryMs: 120_000,
    });
  });

  it('POST /__control/local-payments/{chargeId} answers a page as its buttons would: once, 404 unknown, 400 bad answer', async () => {
    const s = setup();
    const charge = await s.open('KLARNA', 'DE');
    const bad = await s.control(`/__control/local-payments/${charge.id}`, { answer: 'refund' });
    expect(bad.status).toBe(400);
    const answered = await s.control(`/__control/local-payments/${charge.id}`, {
      answer: 'pending',
      settleAs: 'decline',
      klarnaOption: 'PAY_IN_3_PARTS',
    });
    expect(await answered.json()).toMatchObject({ id: charge.id, status: 'PENDING', klarnaOption: 'PAY_IN_3_PARTS' });
    expect((await s.control(`/__control/local-payments/${charge.id}`, { answer: 'approve' })).status).toBe(409);
    expect((await s.control('/__control/local-payments/ch_unknown', { answer: 'approve' })).status).toBe(404);
  });

  it('needs the control key', async () => {
    const s = setup();
    expect((await s.control('/__control/local-payments', { pendingSettleMs: 0 }, KEY.replace('a', 'b'))).status).toBe(403);
    expect(s.provider.store.localPayments.timings().pendingSettleMs).toBe(5_000);
  });

  it('the provider refuses starting timings out of range, naming the field', () => {
    expect(() =>
      createProviderApp({
        publicUrl: API,
        frameOrigins: [FRAME],
        staticsDir: fixtures,
        localPaymentTimings: { pendingSettleMs: 11_000 },
      }),
    ).toThrow(/localPaymentTimings: pendingSettleMs must be/);
  });
});
