import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderPaths } from '../shared/paths';
import { THREE_DS_SCRIPT } from '../shared/threeDsChallengeAssets';
import { createMockProvider, MOCK_APP_INSTANCE, MOCK_TEST_CARDS, type MockCharge, type MockProvider } from './mockProvider';

// The mock mode's 3-D Secure (issue 22): the same three cards, the same REQUIRES_ACTION flow and
// challenge page as the reference provider, cancel, expiry, and completeChallenge for a site's tests.

const HOST = 'http://127.0.0.1:4999';
const FRAME = 'http://127.0.0.1:4998';
const VAULT = 'http://127.0.0.1:5000';
const OPTIONS = { host: HOST, vaultOrigin: VAULT, staticsBaseUrl: `${HOST}/statics`, frameOrigin: FRAME };

/** One request through the mock's handlers: to the API and the vault as the frame sends them (token, CORS). */
function send(
  mock: MockProvider,
  method: string,
  url: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const request = new Request(url, {
    method,
    headers: { Authorization: MOCK_APP_INSTANCE, Origin: FRAME, 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return getResponse(mock.handlers, request) as Promise<Response>;
}

/** Tokenizes `number` at the vault and charges `orderId` with it → the charge reply. */
async function chargeWith(mock: MockProvider, orderId: string, number: string, key: string = crypto.randomUUID()) {
  const card = { holderName: 'Ada Buyer', number, expMonth: 12, expYear: 2040, cvc: '123' };
  const { token } = (await (await send(mock, 'POST', `${VAULT}${ProviderPaths.cardTokenization}`, { body: card })).json()) as {
    token: string;
  };
  return send(mock, 'POST', `${HOST}${ProviderPaths.chargesByOrder(orderId)}`, {
    body: { paymentMethod: 'CARD', cardToken: token },
    headers: { 'Idempotency-Key': key },
  });
}
const open = async (mock: MockProvider, number: string = MOCK_TEST_CARDS.threeDsChallenge) => {
  const orderId = mock.createOrder({ amount: 4200, currency: 'EUR' });
  return { orderId, charge: (await (await chargeWith(mock, orderId, number)).json()) as MockCharge };
};
/** Presses a button of the challenge page: the form's POST from the vault origin (the browser's Origin). */
const press = (mock: MockProvider, charge: MockCharge, outcome: string, origin = VAULT) =>
  getResponse(
    mock.handlers,
    new Request(`${charge.nextAction?.url}/${outcome}`, { method: 'POST', headers: { Origin: origin } }),
  ) as Promise<Response>;
const read = async (mock: MockProvider, id: string) =>
  (await (await send(mock, 'GET', `${HOST}${ProviderPaths.charge(id)}`)).json()) as MockCharge;

afterEach(() => {
  vi.useRealTimers();
});

describe('mock mode: a challenge card is REQUIRES_ACTION with a challenge page at vaultOrigin', () => {
  it('nextAction on the vault origin; the order stays unpaid; listed and read by id', async () => {
    const mock = createMockProvider(OPTIONS);
    const { orderId, charge } = await open(mock);
    expect(charge).toMatchObject({ orderId, status: 'REQUIRES_ACTION', nextAction: { type: 'THREE_DS_CHALLENGE' } });
    expect(charge.nextAction?.url).toMatch(/^http:\/\/127\.0\.0\.1:5000\/three-ds\/challenges\/tds_[A-Za-z0-9_-]{43}$/);
    expect(mock.order(orderId)?.status).toBe('AWAITING_PAYMENT');
    expect(await read(mock, charge.id)).toEqual(charge);
    const listed = await send(mock, 'GET', `${HOST}${ProviderPaths.chargesByOrder(orderId)}`);
    expect(await listed.json()).toEqual([charge]);
  });

  it("serves the provider's challenge page, script and style sheet, with its headers", async () => {
    const mock = createMockProvider({ ...OPTIONS, pageOrigins: ['http://localhost:5173'] });
    const { charge } = await open(mock);
    const page = (await getResponse(mock.handlers, new Request(charge.nextAction?.url as string))) as Response;
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(
      /frame-ancestors http:\/\/127\.0\.0\.1:4998 http:\/\/localhost:5173$/,
    );
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await page.text();
    for (const text of [
      'Confirm your payment',
      'Mock merchant',
      '€42.00',
      '•••• 3184',
      'Complete authentication',
      'Fail authentication',
    ])
      expect(html).toContain(text);
    const script = (await getResponse(mock.handlers, new Request(`${VAULT}/three-ds/challenge.js`))) as Response;
    expect(await script.text()).toBe(THREE_DS_SCRIPT);
    const style = (await getResponse(mock.handlers, new Request(`${VAULT}/three-ds/challenge.css`))) as Response;
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('an order from order setup shows its event name as the merchant; frame-ancestors defaults to any page', async () => {
    const mock = createMockProvider(OPTIONS);
    const setup = await send(mock, 'POST', `${HOST}${ProviderPaths.orderSetup}`, {
      body: { eventId: 'riverside-jazz-night', lines: [{ ticketTypeId: 'general-admission', quantity: 1 }] },
    });
    const { id } = (await setup.json()) as { id: string };
    const charge = (await (await chargeWith(mock, id, MOCK_TEST_CARDS.threeDsChallenge)).json()) as MockCharge;
    const page = (await getResponse(mock.handlers, new Request(charge.nextAction?.url as string))) as Response;
    expect(await page.text()).toContain('Riverside Jazz Night');
    expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors http:\/\/127\.0\.0\.1:4998 \*$/);
  });

  it('while open: a new charge is 409 CHARGE_IN_PROGRESS naming it; a repeated key answers the open charge', async () => {
    const mock = createMockProvider(OPTIONS);
    const orderId = mock.createOrder();
    const first = (await (await chargeWith(mock, orderId, MOCK_TEST_CARDS.threeDsChallenge, 'key-1')).json()) as MockCharge;
    const second = await chargeWith(mock, orderId, MOCK_TEST_CARDS.approved, 'key-2');
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({
      details: { applicationError: { code: 'CHARGE_IN_PROGRESS' }, chargeId: first.id },
    });
    const replay = await send(mock, 'POST', `${HOST}${ProviderPaths.chargesByOrder(orderId)}`, {
      body: {},
      headers: { 'Idempotency-Key': 'key-1' },
    });
    expect(await replay.json()).toEqual(first);
    expect(mock.charges()).toHaveLength(1);
  });

  it('frictionless 4000 0000 0000 3055 is APPROVED at once', async () => {
    const mock = createMockProvider(OPTIONS);
    const { orderId, charge } = await open(mock, MOCK_TEST_CARDS.threeDsFrictionless);
    expect(charge.status).toBe('APPROVED');
    expect(charge.nextAction).toBeUndefined();
    expect(mock.order(orderId)?.status).toBe('PAID');
  });
});

describe('mock mode: the result, once', () => {
  it.each([
    { card: MOCK_TEST_CARDS.threeDsChallenge, outcome: 'complete', status: 'APPROVED', declineCode: undefined, order: 'PAID' },
    {
      card: MOCK_TEST_CARDS.threeDsChallenge,
      outcome: 'fail',
      status: 'DECLINED',
      declineCode: 'authentication_failed',
      order: 'AWAITING_PAYMENT',
    },
    {
      card: MOCK_TEST_CARDS.threeDsChallengeDeclined,
      outcome: 'complete',
      status: 'DECLINED',
      declineCode: 'card_declined',
      order: 'AWAITING_PAYMENT',
    },
  ] as const)("card $card: the page's $outcome and completeChallenge both settle $status $declineCode", async (row) => {
    for (const how of ['page', 'helper'] as const) {
      const mock = createMockProvider(OPTIONS);
      const { orderId, charge } = await open(mock, row.card);
      if (how === 'page') {
        const answer = await press(mock, charge, row.outcome);
        expect(answer.status).toBe(200);
        expect(await answer.text()).toContain('data-state="done"');
      } else {
        expect(mock.completeChallenge(charge.id, row.outcome)).toMatchObject({ id: charge.id, status: row.status });
      }
      const settled = await read(mock, charge.id);
      expect(settled.status).toBe(row.status);
      expect(settled.declineCode).toBe(row.declineCode);
      expect(settled.nextAction).toBeUndefined();
      expect(mock.order(orderId)?.status).toBe(row.order);
      // Once: the page answers 409 now, the helper throws.
      expect((await press(mock, charge, 'complete')).status).toBe(409);
      expect(() => mock.completeChallenge(charge.id, 'complete')).toThrow(/no open 3-D Secure challenge/);
    }
  });

  it("refuses another site's POST (403) and an unknown challenge (404); completeChallenge names what is wrong", async () => {
    const mock = createMockProvider(OPTIONS);
    const { charge } = await open(mock);
    expect((await press(mock, charge, 'complete', 'http://localhost:5173')).status).toBe(403);
    expect((await press(mock, charge, 'complete', 'null')).status).toBe(403);
    expect(
      (
        await press(
          mock,
          { ...charge, nextAction: { type: 'THREE_DS_CHALLENGE', url: `${VAULT}/three-ds/challenges/tds_x` } },
          'complete',
        )
      ).status,
    ).toBe(404);
    expect(() => mock.completeChallenge(charge.id, 'maybe' as never)).toThrow(TypeError);
    expect(() => mock.completeChallenge('ch_unknown', 'complete')).toThrow(/ch_unknown/);
    expect((await read(mock, charge.id)).status).toBe('REQUIRES_ACTION');
  });
});

describe('mock mode: cancel and expiry → DECLINED authentication_abandoned', () => {
  it('POST cancel settles the open charge, the page can no longer answer, and the order can be paid again', async () => {
    const mock = createMockProvider(OPTIONS);
    const { orderId, charge } = await open(mock);
    const cancelled = await send(mock, 'POST', `${HOST}${ProviderPaths.cancelCharge(charge.id)}`);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'DECLINED', declineCode: 'authentication_abandoned' });
    expect((await press(mock, charge, 'complete')).status).toBe(409);
    expect((await send(mock, 'POST', `${HOST}${ProviderPaths.cancelCharge('ch_x')}`)).status).toBe(404);
    expect((await chargeWith(mock, orderId, MOCK_TEST_CARDS.approved)).status).toBe(201);
    expect(mock.order(orderId)?.status).toBe('PAID');
  });

  it('an open challenge expires 10 minutes after its charge', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const mock = createMockProvider(OPTIONS);
    const { charge } = await open(mock);
    vi.advanceTimersByTime(10 * 60_000 - 1);
    expect((await read(mock, charge.id)).status).toBe('REQUIRES_ACTION');
    vi.advanceTimersByTime(1);
    expect(await read(mock, charge.id)).toMatchObject({ status: 'DECLINED', declineCode: 'authentication_abandoned' });
    expect((await getResponse(mock.handlers, new Request(charge.nextAction?.url as string)))?.status).toBe(404);
  });

  it('reset forgets the challenges', async () => {
    const mock = createMockProvider(OPTIONS);
    const { charge } = await open(mock);
    mock.reset();
    expect((await press(mock, charge, 'complete')).status).toBe(404);
  });
});

describe('mock mode: frameOrigin and pageOrigins', () => {
  it.each([
    [{ ...OPTIONS, frameOrigin: 'nope' }, /frameOrigin/],
    [{ ...OPTIONS, frameOrigin: `${FRAME}/frame/` }, /frameOrigin/],
    [{ ...OPTIONS, pageOrigins: [] }, /pageOrigins/],
    [{ ...OPTIONS, pageOrigins: ['localhost'] }, /pageOrigins/],
  ])('%j → TypeError', (options, name) => {
    expect(() => createMockProvider(options as never)).toThrow(name);
  });

  it('with no frameOrigin and no frame build record, the challenge page answers 500 naming frameOrigin', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cashier-frame-'));
    try {
      writeFileSync(join(dir, 'index.html'), '<!doctype html>');
      const { frameOrigin: _frameOrigin, ...rest } = OPTIONS;
      const mock = createMockProvider({ ...rest, frameDir: dir });
      const { charge } = await open(mock);
      const page = (await getResponse(mock.handlers, new Request(charge.nextAction?.url as string))) as Response;
      expect(page.status).toBe(500);
      expect(await page.text()).toContain('frameOrigin is required');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
