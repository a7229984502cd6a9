import { getResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ProviderPaths } from '../shared/paths';
import { createMockProvider, MOCK_APP_INSTANCE, MOCK_TEST_CARDS, type MockProvider } from './mockProvider';

const HOST = 'http://127.0.0.1:4999';
const ORIGIN = 'http://127.0.0.1:4998';
/** The card vault: card tokenization is answered there and only there. */
const VAULT = 'http://127.0.0.1:5000';
/** The statics base URL, given: these tests never depend on a built frame app (frameBuild.test.ts covers the defaults). */
const STATICS = `${HOST}/statics`;

/** Sends one request through the mock's handlers, as the frame would (CORS mode, the token). */
function send(
  mock: MockProvider,
  method: string,
  path: string,
  { body, headers = {}, to }: { body?: unknown; headers?: Record<string, string>; to?: string } = {},
) {
  const origin = to ?? (path === ProviderPaths.cardTokenization ? VAULT : HOST);
  const request = new Request(`${origin}${path}`, {
    method,
    headers: { Authorization: MOCK_APP_INSTANCE, Origin: ORIGIN, 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return getResponse(mock.handlers, request) as Promise<Response>;
}

const card = (number: string) => ({ holderName: 'Ada Buyer', number, expMonth: 12, expYear: 2040, cvc: '123' });

/** Tokenizes `number` and charges `orderId` with it under `key`; the charge reply. */
async function chargeWith(mock: MockProvider, orderId: string, number: string, key: string = crypto.randomUUID()) {
  const token = (await (await send(mock, 'POST', ProviderPaths.cardTokenization, { body: card(number) })).json()) as {
    token: string;
  };
  return send(mock, 'POST', ProviderPaths.chargesByOrder(orderId), {
    body: { paymentMethod: 'CARD', cardToken: token.token },
    headers: { 'Idempotency-Key': key },
  });
}

describe('createMockProvider: widget settings (issue 13 item 5)', () => {
  it('answers the settings with the statics base URL, to the frame origin (CORS)', async () => {
    const mock = createMockProvider({ host: `${HOST}/`, vaultOrigin: VAULT, staticsBaseUrl: STATICS });
    const response = await send(mock, 'GET', ProviderPaths.widgetSettings);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(await response.json()).toEqual({ widgetStaticsBaseUrl: `${HOST}/statics` });
  });

  it('refuses a request without an accepted app instance token: 401 UNAUTHORIZED', async () => {
    const mock = createMockProvider({ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS, appInstances: ['site-token'] });
    const response = await send(mock, 'GET', ProviderPaths.widgetSettings);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ details: { applicationError: { code: 'UNAUTHORIZED' } } });
    const accepted = await send(mock, 'GET', ProviderPaths.widgetSettings, { headers: { Authorization: 'site-token' } });
    expect(accepted.status).toBe(200);
  });

  it('answers a CORS preflight with the headers the frame sends', async () => {
    const mock = createMockProvider({ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS });
    const response = await send(mock, 'OPTIONS', ProviderPaths.cardTokenization);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toContain('Idempotency-Key');
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('serves the bundle (both file names) under the statics base URL, to any origin', async () => {
    const mock = createMockProvider({
      vaultOrigin: VAULT,
      host: HOST,
      staticsBaseUrl: 'http://localhost:4997/cdn/',
      bundleSource: 'export const mount = 1;',
    });
    for (const file of ['cashier-widget-lazy-component.bundle.min.js', 'cashier-widget-lazy-component.bundle.js']) {
      const response = (await getResponse(mock.handlers, new Request(`http://localhost:4997/cdn/${file}`))) as Response;
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.text()).toBe('export const mount = 1;');
    }
  });
});

describe('createMockProvider: payments and the test cards', () => {
  it('charges an order once with the approved card; a repeated key replays the charge; another is refused', async () => {
    const mock = createMockProvider({ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS });
    const orderId = mock.createOrder({ amount: 1200, currency: 'usd' });
    const first = await chargeWith(mock, orderId, MOCK_TEST_CARDS.approved, 'key-1');
    expect(first.status).toBe(201);
    const charge = await first.json();
    expect(charge).toMatchObject({ orderId, status: 'APPROVED', amount: { amount: 1200, currency: 'USD' } });
    expect(mock.order(orderId)).toMatchObject({ status: 'PAID', chargeId: charge.id });

    const replay = await send(mock, 'POST', ProviderPaths.chargesByOrder(orderId), {
      body: { paymentMethod: 'CARD', cardToken: 'whatever' },
      headers: { 'Idempotency-Key': 'key-1' },
    });
    expect(await replay.json()).toEqual(charge);
    const again = await chargeWith(mock, orderId, MOCK_TEST_CARDS.approved);
    expect(again.status).toBe(409);
    expect(mock.charges()).toHaveLength(1);
    expect(await (await send(mock, 'GET', ProviderPaths.chargesByOrder(orderId))).json()).toEqual([charge]);
    expect(await (await send(mock, 'GET', ProviderPaths.charge(charge.id))).json()).toEqual(charge);
  });

  it('declines the test decline cards with their codes; the order stays payable', async () => {
    const mock = createMockProvider({ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS });
    const orderId = mock.createOrder();
    const declined = await (await chargeWith(mock, orderId, MOCK_TEST_CARDS.declined)).json();
    expect(declined).toMatchObject({ status: 'DECLINED', declineCode: 'card_declined' });
    const funds = await (await chargeWith(mock, orderId, MOCK_TEST_CARDS.insufficientFunds)).json();
    expect(funds).toMatchObject({ status: 'DECLINED', declineCode: 'insufficient_funds' });
    expect(mock.order(orderId)?.status).toBe('AWAITING_PAYMENT');
  });

  it("sets up an order from the order setup call as the reference provider does: priced from the event's ticket types", async () => {
    const mock = createMockProvider({ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS });
    const response = await send(mock, 'POST', ProviderPaths.orderSetup, {
      body: { eventId: 'modern-jazz-masterclass', lines: [{ ticketTypeId: 'vip-table-seat', quantity: 3 }] },
    });
    expect(response.status).toBe(201);
    const order = await response.json();
    expect(order.total).toEqual({ amount: 18000, currency: 'EUR' });
    expect(order.lines).toEqual([{ ticketTypeId: 'vip-table-seat', name: 'VIP table seat', unitPrice: 6000, quantity: 3 }]);
    expect(await (await send(mock, 'GET', ProviderPaths.paymentMethodsByOrder(order.id))).json()).toEqual([
      { type: 'CARD', label: 'Card' },
    ]);
    expect((await send(mock, 'GET', ProviderPaths.order('nope'))).status).toBe(404);
  });

  it.each([
    {
      name: 'a price',
      body: { eventId: 'riverside-jazz-night', lines: [{ ticketTypeId: 'general-admission', quantity: 1, unitPrice: 1 }] },
      says: 'lines[0].unitPrice',
    },
    {
      name: 'an unknown ticket type',
      body: { eventId: 'riverside-jazz-night', lines: [{ ticketTypeId: 'free', quantity: 1 }] },
      says: 'lines[0].ticketTypeId',
    },
    {
      name: 'a quantity over the limit',
      body: { eventId: 'riverside-jazz-night', lines: [{ ticketTypeId: 'general-admission', quantity: 11 }] },
      says: 'lines[0].quantity',
    },
    {
      name: 'the old shape (lines with prices, a currency)',
      body: { lines: [{ name: 'Ticket', unitPrice: 1, quantity: 1 }], currency: 'EUR' },
      says: 'currency',
    },
  ])('refuses an order setup with $name (400 INVALID_ORDER naming it), as the reference provider', async ({ body, says }) => {
    const mock = createMockProvider({ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS });
    const response = await send(mock, 'POST', ProviderPaths.orderSetup, { body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      details: { applicationError: { code: 'INVALID_ORDER', description: expect.stringContaining(says) } },
    });
  });

  it('refuses a card number that fails Luhn, and a charge without an Idempotency-Key', async () => {
    const mock = createMockProvider({ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS });
    const bad = await send(mock, 'POST', ProviderPaths.cardTokenization, { body: card('4242424242424241') });
    expect(bad.status).toBe(400);
    const orderId = mock.createOrder();
    const noKey = await send(mock, 'POST', ProviderPaths.chargesByOrder(orderId), { body: { paymentMethod: 'CARD' } });
    expect(noKey.status).toBe(400);
  });
});

describe('createMockProvider: fault switches', () => {
  it('settingsStatus: the settings call answers that status; setFaults({}) clears it', async () => {
    const mock = createMockProvider({ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS, faults: { settingsStatus: 500 } });
    expect((await send(mock, 'GET', ProviderPaths.widgetSettings)).status).toBe(500);
    mock.setFaults({});
    expect((await send(mock, 'GET', ProviderPaths.widgetSettings)).status).toBe(200);
  });

  it('unauthorized: every API call answers 401, the accepted token too', async () => {
    const mock = createMockProvider({ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS });
    mock.setFaults({ unauthorized: true });
    expect((await send(mock, 'GET', ProviderPaths.widgetSettings)).status).toBe(401);
    expect((await send(mock, 'GET', ProviderPaths.chargesByOrder(mock.createOrder()))).status).toBe(401);
  });

  it('captcha: tokenization and charges answer 403 CAPTCHA_REQUIRED', async () => {
    const mock = createMockProvider({ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS, faults: { captcha: true } });
    const response = await send(mock, 'POST', ProviderPaths.cardTokenization, { body: card(MOCK_TEST_CARDS.approved) });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ details: { applicationError: { code: 'CAPTCHA_REQUIRED' } } });
  });

  it('decline: the approved card is declined with the given code', async () => {
    const mock = createMockProvider({
      host: HOST,
      vaultOrigin: VAULT,
      staticsBaseUrl: STATICS,
      faults: { decline: 'do_not_honor' },
    });
    const charge = await (await chargeWith(mock, mock.createOrder(), MOCK_TEST_CARDS.approved)).json();
    expect(charge).toMatchObject({ status: 'DECLINED', declineCode: 'do_not_honor' });
  });

  it('delayMs: the reply waits that long', async () => {
    vi.useFakeTimers();
    try {
      const mock = createMockProvider({ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS, faults: { delayMs: 5_000 } });
      let settled = false;
      const pending = send(mock, 'GET', ProviderPaths.widgetSettings).then((r) => {
        settled = true;
        return r;
      });
      await vi.advanceTimersByTimeAsync(4_999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reset() forgets orders and charges and clears the faults', async () => {
    const mock = createMockProvider({ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS, faults: { settingsStatus: 503 } });
    const orderId = mock.createOrder();
    await chargeWith(mock, orderId, MOCK_TEST_CARDS.approved);
    mock.reset();
    expect(mock.order(orderId)).toBeUndefined();
    expect(mock.charges()).toEqual([]);
    expect((await send(mock, 'GET', ProviderPaths.widgetSettings)).status).toBe(200);
  });
});

describe('createMockProvider: card data at the vault only (DESIGN "Security model")', () => {
  it('answers card tokenization at vaultOrigin, and not at host', async () => {
    const mock = createMockProvider({ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS });
    const atHost = await send(mock, 'POST', ProviderPaths.cardTokenization, { body: card(MOCK_TEST_CARDS.approved), to: HOST });
    expect(atHost).toBeUndefined();
    const atVault = await send(mock, 'POST', ProviderPaths.cardTokenization, { body: card(MOCK_TEST_CARDS.approved) });
    expect(atVault.status).toBe(201);
    expect(mock.vaultOrigin).toBe(VAULT);
  });
});

describe('createMockProvider: bad input (TypeError naming the option)', () => {
  it.each([
    [{ host: 'ftp://x', vaultOrigin: VAULT, staticsBaseUrl: STATICS }, /host/],
    [{ host: 'http://127.0.0.1:1/?q=1', vaultOrigin: VAULT, staticsBaseUrl: STATICS }, /host/],
    [{ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: 'statics' }, /staticsBaseUrl/],
    [{ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS, appInstances: [] }, /appInstances/],
    [{ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS, bundleSource: '' }, /bundleSource/],
    [{ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS, faults: { slow: true } }, /faults\.slow/],
    [{ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS, faults: { settingsStatus: 200 } }, /faults\.settingsStatus/],
    [{ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS, faults: { delayMs: -1 } }, /faults\.delayMs/],
    [{ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS, faults: { decline: '' } }, /faults\.decline/],
    [{ host: HOST, vaultOrigin: `${VAULT}/tokens` }, /vaultOrigin/],
    [undefined, /options/],
  ])('%j', (options, name) => {
    expect(() => createMockProvider(options as never)).toThrow(TypeError);
    expect(() => createMockProvider(options as never)).toThrow(name);
  });

  it('setFaults and createOrder name what was wrong and change nothing', async () => {
    const mock = createMockProvider({ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: STATICS });
    expect(() => mock.setFaults({ captcha: 'yes' } as never)).toThrow(/setFaults: faults\.captcha/);
    expect(() => mock.setFaults(null as never)).toThrow(TypeError);
    expect((await send(mock, 'GET', ProviderPaths.widgetSettings)).status).toBe(200);
    expect(() => mock.createOrder({ amount: 1.5 })).toThrow(/amount/);
    expect(() => mock.createOrder({ currency: 'EURO' })).toThrow(/currency/);
  });
});
