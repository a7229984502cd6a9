import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { cardDigits, isValidCardNumber, TEST_CARD_DECLINES, TEST_CARDS } from '../../shared/card';
import { BUNDLE_FILE_DEBUG, BUNDLE_FILE_MIN } from '../../shared/constants';
import { priceOrderSetup } from '../../shared/orderSetup';
import { ProviderPaths } from '../../shared/paths';
import { checkFaults, checkOptions, type MockFaults, type MockProviderOptions } from './validateMockOptions';

export { MOCK_APP_INSTANCE, type MockFaults, type MockProviderOptions } from './validateMockOptions';

/**
 * The mock provider's test cards, the same numbers as the reference provider's
 * (provider/README "Test cards"): `approved` (and any other number passing Luhn) is charged
 * APPROVED; `declined` and `insufficientFunds` tokenize, then their charge is DECLINED with
 * `declineCode` `card_declined` and `insufficient_funds`.
 */
export const MOCK_TEST_CARDS = TEST_CARDS;
const DECLINE_CODES = TEST_CARD_DECLINES;

/** An order the mock provider holds. */
export interface MockOrder {
  id: string;
  status: 'AWAITING_PAYMENT' | 'PAID';
  total: { amount: number; currency: string };
  /** The lines as priced, for an order made by the order setup call (`createOrder` makes none). */
  lines?: { ticketTypeId?: string; name: string; unitPrice: number; quantity: number }[];
  chargeId?: string;
}

/** A charge the mock provider made (the reference provider's shape). */
export interface MockCharge {
  id: string;
  orderId: string;
  status: 'APPROVED' | 'DECLINED';
  amount: { amount: number; currency: string };
  paymentMethod: 'CARD';
  declineCode?: string;
  createdAt: string;
}

/** What {@link createMockProvider} returns. */
export interface MockProvider {
  /** The provider base URL the handlers answer, as checked (no trailing slash): pass it to `mountCashier` as `host`. */
  readonly host: string;
  /** Where the handlers serve the bundle: the settings' `widgetStaticsBaseUrl`. */
  readonly staticsBaseUrl: string;
  /** The card vault origin the handlers answer card tokenization at, as checked. */
  readonly vaultOrigin: string;
  /**
   * msw request handlers (msw 2.15 or 3) for every request the frame and the bundle make to `host` and
   * `staticsBaseUrl`: widget settings, order setup and read, payment methods by order, card
   * tokenization, charges by order (create, list) and by id, the bundle, and CORS preflights.
   * Give them to `setupServer` (Vitest), or answer the browser context's routed requests with
   * msw's `getResponse` (Playwright: context-level routing also sees the frame's requests).
   */
  readonly handlers: HttpHandler[];
  /**
   * Replaces the fault switches (all of them: `setFaults({})` clears them). Takes effect at the next request.
   * @throws TypeError naming the switch when one is unknown or of the wrong type.
   */
  setFaults(faults: MockFaults): void;
  /**
   * Creates an order awaiting payment, as a site's server would (order setup), and returns its id.
   * @param total the amount in minor units and the ISO 4217 currency; default 2500 EUR.
   * @throws TypeError naming `amount` or `currency` when not a whole number ≥ 0 / three letters.
   */
  createOrder(total?: { amount?: number; currency?: string }): string;
  /** The order by id, or undefined. */
  order(orderId: string): MockOrder | undefined;
  /** Every charge made so far, oldest first, declines included. */
  charges(): MockCharge[];
  /** Forgets every order, card token, charge and idempotency key, and clears the faults. */
  reset(): void;
}

/**
 * The provider's checkout API as msw handlers, in memory (the mock mode), so a
 * site's Vitest or Playwright tests run the real SDK and frame with no provider and no network.
 * Every API request needs `Authorization` set to one of `appInstances` (else 401 UNAUTHORIZED, as
 * the real provider); a charge needs an `Idempotency-Key` and a repeated key gets the first charge
 * back; an order is charged APPROVED at most once. Fault switches ({@link MockFaults}) make the
 * failures a site must handle.
 * @throws TypeError naming the option (`host`, `staticsBaseUrl`, `vaultOrigin`, `frameDir`, `appInstances`,
 * `bundleSource`, `faults.*`), or naming `vaultOrigin` / `staticsBaseUrl` when it is left out and no built
 * frame app records it (no build found, or one older than its record).
 */
export function createMockProvider(options: MockProviderOptions): MockProvider {
  const { host, staticsBaseUrl, vaultOrigin, appInstances, bundleSource, faults: initialFaults } = checkOptions(options);
  let faults: MockFaults = initialFaults;
  const orders = new Map<string, MockOrder>();
  const tokens = new Map<string, { used: boolean; declineCode?: string }>();
  const charges: MockCharge[] = [];
  const idempotency = new Map<string, MockCharge>();
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}_mock_${++sequence}`;

  const cors = (request: Request): Record<string, string> => ({
    'Access-Control-Allow-Origin': request.headers.get('origin') ?? '*',
    'Access-Control-Expose-Headers': 'Retry-After',
    Vary: 'Origin',
  });
  const reply = (request: Request, body: unknown, status = 200) =>
    HttpResponse.json(body as Record<string, unknown>, { status, headers: { ...cors(request), 'Cache-Control': 'no-store' } });
  const fail = (request: Request, status: number, code: string, description: string) =>
    reply(request, { message: description, details: { applicationError: { code, description } } }, status);

  /** Applies the faults and the Authorization check; a Response ends the request, undefined goes on. */
  const gate = async (request: Request): Promise<Response | undefined> => {
    if (faults.delayMs) await delay(faults.delayMs);
    const token = request.headers.get('authorization');
    if (faults.unauthorized || token === null || !appInstances.includes(token)) {
      return fail(request, 401, 'UNAUTHORIZED', 'Unknown or missing app instance.');
    }
    return undefined;
  };
  const url = (path: string) => `${host}${path}`;
  const param = (path: (id: string) => string, name: string) => url(path('__id__').replace('__id__', `:${name}`));
  const orderNotFound = (request: Request, id: string) => fail(request, 404, 'ORDER_NOT_FOUND', `No order ${id}.`);
  const body = async (request: Request): Promise<Record<string, unknown>> => {
    const value: unknown = await request.json().catch(() => undefined);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  };

  const createOrder = (total: { amount?: number; currency?: string } = {}): string => {
    const amount = total.amount ?? 2500;
    const currency = total.currency ?? 'EUR';
    if (!Number.isInteger(amount) || amount < 0)
      throw new TypeError(`createOrder: amount must be a whole number ≥ 0 (minor units), got ${String(amount)}.`);
    if (typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency))
      throw new TypeError(`createOrder: currency must be an ISO 4217 code, got ${String(currency)}.`);
    const id = nextId('ord');
    orders.set(id, { id, status: 'AWAITING_PAYMENT', total: { amount, currency: currency.toUpperCase() } });
    return id;
  };

  // Module scripts are fetched in CORS mode: the statics are public.
  const bundle = () =>
    new HttpResponse(bundleSource, {
      headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Access-Control-Allow-Origin': '*' },
    });

  const preflight = (request: Request) =>
    new HttpResponse(null, {
      status: 204,
      headers: {
        ...cors(request),
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key',
        'Access-Control-Allow-Methods': 'GET, POST, PATCH, OPTIONS',
        'Access-Control-Max-Age': '600',
      },
    });

  const handlers: HttpHandler[] = [
    ...[host, vaultOrigin].map((origin) => http.options(`${origin}/*`, ({ request }) => preflight(request))),
    http.get(url(ProviderPaths.widgetSettings), async ({ request }) => {
      const stop = await gate(request);
      if (stop) return stop;
      if (faults.settingsStatus) {
        return fail(
          request,
          faults.settingsStatus,
          `HTTP_${faults.settingsStatus}`,
          `Mock fault: HTTP ${faults.settingsStatus}.`,
        );
      }
      return reply(request, { widgetStaticsBaseUrl: staticsBaseUrl });
    }),
    // As the reference provider: ids and quantities in, priced from the event's ticket types (shared/orderSetup.ts).
    http.post(url(ProviderPaths.orderSetup), async ({ request }) => {
      const stop = await gate(request);
      if (stop) return stop;
      const priced = priceOrderSetup(await request.json().catch(() => undefined));
      if ('problem' in priced) return fail(request, 400, 'INVALID_ORDER', priced.problem);
      const id = createOrder(priced.total);
      const order = orders.get(id) as MockOrder;
      order.lines = priced.lines;
      return reply(request, order, 201);
    }),
    http.get(param(ProviderPaths.order, 'orderId'), async ({ request, params }) => {
      const stop = await gate(request);
      if (stop) return stop;
      const order = orders.get(String(params.orderId));
      return order ? reply(request, order) : orderNotFound(request, String(params.orderId));
    }),
    http.get(param(ProviderPaths.paymentMethodsByOrder, 'orderId'), async ({ request, params }) => {
      const stop = await gate(request);
      if (stop) return stop;
      if (!orders.has(String(params.orderId))) return orderNotFound(request, String(params.orderId));
      return reply(request, [{ type: 'CARD', label: 'Card' }]);
    }),
    // Card data goes to the vault and nowhere else: `host` has no tokenization route (404).
    http.post(`${vaultOrigin}${ProviderPaths.cardTokenization}`, async ({ request }) => {
      const stop = await gate(request);
      if (stop) return stop;
      if (faults.captcha) return fail(request, 403, 'CAPTCHA_REQUIRED', 'Mock fault: a captcha is required.');
      const card = await body(request);
      const number = typeof card.number === 'string' ? cardDigits(card.number) : '';
      if (typeof card.holderName !== 'string' || card.holderName.trim() === '') {
        return fail(request, 400, 'INVALID_CARD', 'holderName is required.');
      }
      if (!isValidCardNumber(number))
        return fail(request, 400, 'INVALID_CARD_NUMBER', 'number must be 13–19 digits passing Luhn.');
      const token = nextId('tok');
      tokens.set(token, { used: false, ...(DECLINE_CODES[number] ? { declineCode: DECLINE_CODES[number] } : {}) });
      return reply(
        request,
        { token, brand: 'card', last4: number.slice(-4), expMonth: card.expMonth, expYear: card.expYear },
        201,
      );
    }),
    http.post(param(ProviderPaths.chargesByOrder, 'orderId'), async ({ request, params }) => {
      const stop = await gate(request);
      if (stop) return stop;
      if (faults.captcha) return fail(request, 403, 'CAPTCHA_REQUIRED', 'Mock fault: a captcha is required.');
      const key = request.headers.get('idempotency-key');
      if (!key) return fail(request, 400, 'IDEMPOTENCY_KEY_REQUIRED', 'A charge needs an Idempotency-Key header.');
      const replayed = idempotency.get(key);
      if (replayed) return reply(request, replayed, 201);
      const orderId = String(params.orderId);
      const order = orders.get(orderId);
      if (!order) return orderNotFound(request, orderId);
      if (order.status !== 'AWAITING_PAYMENT')
        return fail(request, 409, 'ORDER_ALREADY_PAID', `Order ${orderId} is already paid.`);
      const { cardToken } = await body(request);
      const token = typeof cardToken === 'string' ? tokens.get(cardToken) : undefined;
      if (!token || token.used) return fail(request, 400, 'INVALID_CARD_TOKEN', 'cardToken is unknown or was used already.');
      token.used = true;
      const declineCode = faults.decline || token.declineCode;
      const charge: MockCharge = {
        id: nextId('ch'),
        orderId,
        status: declineCode ? 'DECLINED' : 'APPROVED',
        amount: order.total,
        paymentMethod: 'CARD',
        ...(declineCode ? { declineCode } : {}),
        createdAt: new Date().toISOString(),
      };
      charges.push(charge);
      idempotency.set(key, charge);
      if (charge.status === 'APPROVED') Object.assign(order, { status: 'PAID', chargeId: charge.id });
      return reply(request, charge, 201);
    }),
    http.get(param(ProviderPaths.chargesByOrder, 'orderId'), async ({ request, params }) => {
      const stop = await gate(request);
      if (stop) return stop;
      const orderId = String(params.orderId);
      if (!orders.has(orderId)) return orderNotFound(request, orderId);
      return reply(
        request,
        charges.filter((c) => c.orderId === orderId),
      );
    }),
    http.get(param(ProviderPaths.charge, 'chargeId'), async ({ request, params }) => {
      const stop = await gate(request);
      if (stop) return stop;
      const charge = charges.find((c) => c.id === params.chargeId);
      return charge ? reply(request, charge) : fail(request, 404, 'CHARGE_NOT_FOUND', `No charge ${String(params.chargeId)}.`);
    }),
    http.get(`${staticsBaseUrl}/${BUNDLE_FILE_MIN}`, () => bundle()),
    http.get(`${staticsBaseUrl}/${BUNDLE_FILE_DEBUG}`, () => bundle()),
  ];

  return {
    host,
    staticsBaseUrl,
    vaultOrigin,
    handlers,
    setFaults(next) {
      faults = checkFaults(next, 'setFaults');
    },
    createOrder,
    order: (orderId) => {
      const order = orders.get(orderId);
      return order && { ...order };
    },
    charges: () => charges.map((c) => ({ ...c })),
    reset() {
      orders.clear();
      tokens.clear();
      charges.length = 0;
      idempotency.clear();
      faults = {};
    },
  };
}
