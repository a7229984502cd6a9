import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { cardDigits, isValidCardNumber, TEST_CARD_CHALLENGES, TEST_CARD_DECLINES, TEST_CARDS } from '../../shared/card';
import { BUNDLE_FILE_DEBUG, BUNDLE_FILE_MIN } from '../../shared/constants';
import { priceOrderSetup } from '../../shared/orderSetup';
import { ProviderPaths } from '../../shared/paths';
import type { MockCharge, MockOrder, MockProvider } from './mockProviderTypes';
import { createMockThreeDs } from './mockThreeDs';
import { checkFaults, checkOptions, type MockFaults, type MockProviderOptions } from './validateMockOptions';

export type { MockCharge, MockOrder, MockProvider } from './mockProviderTypes';
export { MOCK_APP_INSTANCE, type MockFaults, type MockProviderOptions } from './validateMockOptions';

/**
 * The mock provider's test cards, the same numbers as the reference provider's
 * (provider/README "Test cards"): `approved` (and any other number passing Luhn) is charged
 * APPROVED; `declined` and `insufficientFunds` tokenize, then their charge is DECLINED with
 * `declineCode` `card_declined` and `insufficient_funds`. 3-D Secure: `threeDsChallenge` and
 * `threeDsChallengeDeclined` are charged REQUIRES_ACTION with a challenge page at `vaultOrigin`
 * (complete → APPROVED, or DECLINED `card_declined` for the latter; fail → DECLINED
 * `authentication_failed`); `threeDsFrictionless` is APPROVED at once.
 */
export const MOCK_TEST_CARDS = TEST_CARDS;
const DECLINE_CODES = TEST_CARD_DECLINES;

/**
 * The provider's checkout API as msw handlers, in memory (the mock mode), so a
 * site's Vitest or Playwright tests run the real SDK and frame with no provider and no network.
 * Every API request needs `Authorization` set to one of `appInstances` (else 401 UNAUTHORIZED, as
 * the real provider); a charge needs an `Idempotency-Key` and a repeated key gets the first charge
 * back; an order is charged APPROVED at most once, and while it has an open 3-D Secure charge
 * (`REQUIRES_ACTION`) a new charge is 409 CHARGE_IN_PROGRESS (`details.chargeId`) until the
 * challenge page's buttons, `completeChallenge`, a cancel or the 10-minute expiry settle it. Fault
 * switches ({@link MockFaults}) make the failures a site must handle.
 * @throws TypeError naming the option (`host`, `staticsBaseUrl`, `vaultOrigin`, `frameOrigin`, `pageOrigins`, `frameDir`, `appInstances`,
 * `bundleSource`, `faults.*`), or naming `vaultOrigin` / `staticsBaseUrl` when it is left out and no built
 * frame app records it (no build found, or one older than its record).
 */
export function createMockProvider(options: MockProviderOptions): MockProvider {
  const checked = checkOptions(options);
  const { host, staticsBaseUrl, vaultOrigin, appInstances, bundleSource, faults: initialFaults } = checked;
  let faults: MockFaults = initialFaults;
  const orders = new Map<string, MockOrder>();
  /** Order id → the event name the challenge page shows as the merchant (order setup's). */
  const merchants = new Map<string, string>();
  const tokens = new Map<
    string,
    { used: boolean; last4: string; declineCode?: string; challenge?: { completeDeclineCode?: string } }
  >();
  const threeDs = createMockThreeDs(checked);
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
      merchants.set(id, priced.event.name);
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
      const challenge = TEST_CARD_CHALLENGES[number];
      tokens.set(token, {
        used: false,
        last4: number.slice(-4),
        ...(DECLINE_CODES[number] ? { declineCode: DECLINE_CODES[number] } : {}),
        ...(challenge ? { challenge: { ...challenge } } : {}),
      });
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
      const open = threeDs.challenges.openChargeOf(orderId);
      if (open) {
        const description = `Order ${orderId} has charge ${open.id} awaiting 3-D Secure.`;
        const details = { applicationError: { code: 'CHARGE_IN_PROGRESS', description }, chargeId: open.id };
        return reply(request, { message: description, details }, 409);
      }
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
      if (!declineCode && token.challenge) {
        const merchant = merchants.get(orderId) ?? 'Mock merchant';
        threeDs.challenges.open(charge, order, { merchant, last4: token.last4, ...token.challenge });
      }
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
      threeDs.challenges.sweep();
      const charge = charges.find((c) => c.id === params.chargeId);
      return charge ? reply(request, charge) : fail(request, 404, 'CHARGE_NOT_FOUND', `No charge ${String(params.chargeId)}.`);
    }),
    // Cancel: an open 3-D Secure charge settles DECLINED authentication_abandoned; a settled one is answered as it is.
    http.post(param(ProviderPaths.cancelCharge, 'chargeId'), async ({ request, params }) => {
      const stop = await gate(request);
      if (stop) return stop;
      const charge = charges.find((c) => c.id === params.chargeId);
      if (!charge) return fail(request, 404, 'CHARGE_NOT_FOUND', `No charge ${String(params.chargeId)}.`);
      threeDs.challenges.cancel(charge.id);
      return reply(request, charge);
    }),
    ...threeDs.handlers,
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
    charges: () => {
      threeDs.challenges.sweep();
      return charges.map((c) => ({ ...c }));
    },
    completeChallenge(chargeId, outcome) {
      if (outcome !== 'complete' && outcome !== 'fail') {
        throw new TypeError(`completeChallenge: outcome must be 'complete' or 'fail', got ${String(outcome)}.`);
      }
      threeDs.challenges.sweep();
      const charge = charges.find((c) => c.id === chargeId);
      const url = charge?.status === 'REQUIRES_ACTION' ? charge.nextAction?.url : undefined;
      if (!charge || url === undefined) {
        throw new Error(`completeChallenge: charge ${String(chargeId)} has no open 3-D Secure challenge.`);
      }
      threeDs.challenges.record(decodeURIComponent(url.slice(url.lastIndexOf('/') + 1)), outcome);
      return { ...charge };
    },
    reset() {
      orders.clear();
      tokens.clear();
      charges.length = 0;
      idempotency.clear();
      merchants.clear();
      threeDs.challenges.clear();
      faults = {};
    },
  };
}
