import { describe, expect, it } from 'vitest';
import { type CardToken, type Charge, type Order, ProviderPaths } from '../shared';
import type { ExpressCheckoutSettings, SignedWalletAmount } from '../shared/wallets';
import { createProviderApp, DEMO_APP_INSTANCE } from './createProviderApp';
import { DECLINING_WALLET_TOKEN, RETURNING_BUYER_APP_INSTANCE } from './store';

// Apple Pay and Google Pay on the reference provider over HTTP, in process (app.request): settings,
// express methods, merchant validation, Google Pay start, the vault's wallet tokens and the charge
// made with them through the normal charge path, exactly once across wallet and card (issue 25 item 4).

const FRAME = 'http://127.0.0.1:4174';
const API = 'http://127.0.0.1:4175';
const KEY = 'test-control-key-0123456789abcdef';
const fixtures = new URL('../e2e/fixtures/statics', import.meta.url).pathname;
const P = ProviderPaths;
/** An Apple Pay token as the sheet answers it for `total` (the simulated decryption reads its amount in clear). */
const appleToken = (total: { amount: number; currency: string }, data = 'simulated') => ({
  paymentData: { version: 'EC_v1', data, transactionAmount: total.amount, currencyCode: total.currency },
  paymentMethod: { network: 'Visa' },
});

function setup(appInstance = RETURNING_BUYER_APP_INSTANCE) {
  const provider = createProviderApp({ publicUrl: API, frameOrigins: [FRAME], staticsDir: fixtures, controlKey: KEY });
  const call = async <T = unknown>(server: 'api' | 'vault', method: string, path: string, body?: unknown, extra = {}) => {
    const app = server === 'api' ? provider.app : provider.vaultApp;
    const reply = await app.request(`${API}${path}`, {
      method,
      headers: { Authorization: appInstance, 'Content-Type': 'application/json', Origin: FRAME, ...extra },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: reply.status, body: (await reply.json()) as T };
  };
  const api = <T = unknown>(method: string, path: string, body?: unknown) => call<T>('api', method, path, body);
  const order = async () =>
    (
      await api<Order>('POST', P.orderSetup, {
        eventId: 'riverside-jazz-night',
        lines: [{ ticketTypeId: 'general-admission', quantity: 2 }],
      })
    ).body;
  const tokenFor = (body: unknown) => call<CardToken>('vault', 'POST', P.walletTokens, body);
  /** Google Pay start's signed amount for the order `orderId`. */
  const signed = async (orderId: string) =>
    (await api<{ signedAmount: SignedWalletAmount }>('POST', P.googlePayStart, { orderId })).body.signedAmount;
  /** The order's wallet token as the widget asks for it: Apple Pay's for the order's total, Google Pay's with the start's signed amount. */
  const walletToken = async (wallet: string, order: Pick<Order, 'id' | 'total'>, text = 'simulated') =>
    tokenFor(
      wallet === 'APPLE_PAY'
        ? { wallet, orderId: order.id, token: appleToken(order.total, text) }
        : { wallet, orderId: order.id, token: `{"signature":"${text}"}`, amount: await signed(order.id) },
    );
  const charge = (orderId: string, cardToken: string, key = crypto.randomUUID()) =>
    call<Charge>('api', 'POST', P.chargesByOrder(orderId), { paymentMethod: 'CARD', cardToken }, { 'Idempotency-Key': key });
  const control = (path: string, body: unknown) =>
    provider.app.request(`/__control/${path}`, {
      method: 'POST',
      headers: { Host: 'localhost', 'X-Cashier-Control-Key': KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  return { provider, api, order, walletToken, tokenFor, signed, charge, control };
}

const code = (body: unknown) => (body as { details: { applicationError: { code: string } } }).details.applicationError.code;

describe('express checkout widget settings and express payment methods', () => {
  it('name both wallets and the merchant for an app instance that takes them, none for one that does not', async () => {
    const { api } = setup();
    const on = await api<ExpressCheckoutSettings>('GET', P.expressCheckoutWidgetSettings);
    expect(on).toMatchObject({
      status: 200,
      body: { wallets: ['APPLE_PAY', 'GOOGLE_PAY'], countryCode: 'DE', currencyCode: 'EUR' },
    });
    expect(on.body.merchantName).toBeTruthy();
    const off = await setup(DEMO_APP_INSTANCE).api<ExpressCheckoutSettings>('GET', P.expressCheckoutWidgetSettings);
    expect(off.body.wallets).toEqual([]);
  });

  it('list APPLE_PAY and GOOGLE_PAY for an order of such an app instance; [] otherwise; 400 without an order, 404 for another one', async () => {
    const returning = setup();
    const { id } = await returning.order();
    const methods = await returning.api('GET', `${P.expressPaymentMethods}?orderId=${id}`);
    expect(methods.body).toEqual([
      { type: 'APPLE_PAY', label: 'Apple Pay' },
      { type: 'GOOGLE_PAY', label: 'Google Pay' },
    ]);
    expect(code((await returning.api('GET', P.expressPaymentMethods)).body)).toBe('INVALID_ORDER_ID');
    const guest = setup(DEMO_APP_INSTANCE);
    const guestOrder = await guest.order();
    expect((await guest.api('GET', `${P.expressPaymentMethods}?orderId=${guestOrder.id}`)).body).toEqual([]);
    const other = await returning.api('GET', `${P.expressPaymentMethods}?orderId=ord_unknown`);
    expect(other.status).toBe(404);
  });

  it('POST /__control/wallets turns the wallets on for the app instances it names, until a reset', async () => {
    const { provider, control } = setup();
    const wallets = async (appInstance: string) =>
      (
        (await (
          await provider.app.request(`${API}${P.expressCheckoutWidgetSettings}`, { headers: { Authorization: appInstance } })
        ).json()) as ExpressCheckoutSettings
      ).wallets;
    expect(await wallets(DEMO_APP_INSTANCE)).toEqual([]);
    expect((await control('wallets', { appInstances: 'x' })).status).toBe(400);
    expect((await control('wallets', { appInstances: [DEMO_APP_INSTANCE] })).status).toBe(200);
    expect(await wallets(DEMO_APP_INSTANCE)).toHaveLength(2);
    expect(await wallets(RETURNING_BUYER_APP_INSTANCE)).toEqual([]);
    expect((await control('reset', {})).status).toBe(200);
    expect(await wallets(DEMO_APP_INSTANCE)).toEqual([]);
    expect(await wallets(RETURNING_BUYER_APP_INSTANCE)).toHaveLength(2);
  });
});

describe('Apple Pay merchant validation', () => {
  it('answers a merchant session for an https validation URL on apple.com', async () => {
    const { api } = setup();
    const url = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';
    const { status, body } = await api('POST', P.applePayMerchantValidation, { validationURL: url });
    expect(status).toBe(200);
    expect(body).toMatchObject({ merchantIdentifier: expect.any(String), displayName: expect.any(String) });
  });

  it.each([
    'http://apple-pay-gateway.apple.com/x',
    'https://apple.com.evil.example/x',
    'https://evilapple.com/x',
    'not a url',
    undefined,
  ])('refuses %s: 400 INVALID_VALIDATION_URL', async (validationURL) => {
    const { status, body } = await setup().api('POST', P.applePayMerchantValidation, { validationURL });
    expect(status).toBe(400);
    expect(code(body)).toBe('INVALID_VALIDATION_URL');
  });

  it('refuses an app instance that takes no wallet: 400 PAYMENT_METHOD_NOT_AVAILABLE', async () => {
    const reply = await setup(DEMO_APP_INSTANCE).api('POST', P.applePayMerchantValidation, {
      validationURL: 'https://apple-pay-gateway.apple.com/x',
    });
    expect([reply.status, code(reply.body)]).toEqual([400, 'PAYMENT_METHOD_NOT_AVAILABLE']);
  });
});

describe('Google Pay start', () => {
  it("answers the payment data request with the order's total, FINAL, in its currency", async () => {
    const { api, order } = setup();
    const { id, total } = await order();
    const { status, body } = await api('POST', P.googlePayStart, { orderId: id });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      signedAmount: { totalPrice: (total.amount / 100).toFixed(2), currencyCode: total.currency, signature: expect.any(String) },
      apiVersion: 2,
      allowedPaymentMethods: [{ type: 'CARD', tokenizationSpecification: { type: 'PAYMENT_GATEWAY' } }],
      transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: (total.amount / 100).toFixed(2), currencyCode: total.currency },
    });
  });

  it('refuses no order (400), another app instance (400 not available), a paid order (409)', async () => {
    const { api, order, walletToken, charge } = setup();
    expect(code((await api('POST', P.googlePayStart, {})).body)).toBe('INVALID_ORDER_ID');
    const guest = setup(DEMO_APP_INSTANCE);
    const guestOrder = await guest.order();
    expect(code((await guest.api('POST', P.googlePayStart, { orderId: guestOrder.id })).body)).toBe(
      'PAYMENT_METHOD_NOT_AVAILABLE',
    );
    const paid = await order();
    await charge(paid.id, (await walletToken('GOOGLE_PAY', paid)).body.token);
    expect(code((await api('POST', P.googlePayStart, { orderId: paid.id })).body)).toBe('ORDER_ALREADY_PAID');
  });
});

describe("the vault's wallet tokens, charged through the normal charge path", () => {
  it.each(['APPLE_PAY', 'GOOGLE_PAY'])(
    '%s: the token becomes a card token; the charge is APPROVED and settles the order once',
    async (wallet) => {
      const { order, walletToken, charge, provider } = setup();
      const theOrder = await order();
      const { id } = theOrder;
      const card = await walletToken(wallet, theOrder);
      expect(card.status).toBe(201);
      const paid = await charge(id, card.body.token);
      expect(paid).toMatchObject({ status: 201, body: { status: 'APPROVED', orderId: id } });
      expect(provider.store.getOrder(id, RETURNING_BUYER_APP_INSTANCE).body).toMatchObject({ status: 'PAID' });
      // A card after the wallet: 409, nothing charged.
      const second = await charge(id, (await walletToken(wallet, theOrder)).body.token);
      expect([second.status, code(second.body)]).toEqual([409, 'ORDER_ALREADY_PAID']);
      expect(provider.store.allCharges()).toHaveLength(1);
    },
  );

  it('a declining token declines and leaves the order payable', async () => {
    const { order, walletToken, charge } = setup();
    const theOrder = await order();
    const declined = await charge(theOrder.id, (await walletToken('GOOGLE_PAY', theOrder, DECLINING_WALLET_TOKEN)).body.token);
    expect(declined.body).toMatchObject({ status: 'DECLINED', declineCode: 'card_declined' });
  });

  it('an app instance that takes no wallet: 400 PAYMENT_METHOD_NOT_AVAILABLE for either wallet, nothing tokenized', async () => {
    const guest = setup(DEMO_APP_INSTANCE);
    const theOrder = await guest.order();
    const sent = [
      { wallet: 'APPLE_PAY', orderId: theOrder.id, token: appleToken(theOrder.total) },
      { wallet: 'GOOGLE_PAY', orderId: theOrder.id, token: '{"signature":"simulated"}' },
    ];
    for (const body of sent) {
      const reply = await guest.tokenFor(body);
      expect([reply.status, code(reply.body)], body.wallet).toEqual([400, 'PAYMENT_METHOD_NOT_AVAILABLE']);
    }
  });

  it.each([
    {
      name: "for less than the order's total",
      token: (t: { amount: number; currency: string }) => appleToken({ ...t, amount: 100 }),
    },
    {
      name: "in another currency than the order's",
      token: (t: { amount: number; currency: string }) => appleToken({ ...t, currency: 'USD' }),
    },
    { name: 'without an amount', token: () => ({ paymentData: { version: 'EC_v1', data: 'simulated' } }) },
  ])('an Apple Pay token $name: 400 WALLET_AMOUNT_MISMATCH, nothing charged', async ({ token }) => {
    const { order, tokenFor, provider } = setup();
    const { id, total } = await order();
    const reply = await tokenFor({ wallet: 'APPLE_PAY', orderId: id, token: token(total) });
    expect([reply.status, code(reply.body)]).toEqual([400, 'WALLET_AMOUNT_MISMATCH']);
    expect(provider.store.allCharges()).toEqual([]);
  });

  it("Google Pay: without the signed amount, with its price changed, a forged signature or another order's: 400 WALLET_AMOUNT_MISMATCH", async () => {
    const { order, tokenFor, signed } = setup();
    const { id } = await order();
    const genuine = await signed(id);
    const other = await signed((await order()).id);
    const tampered: (SignedWalletAmount | undefined)[] = [
      undefined,
      { ...genuine, totalPrice: '1.00' },
      { ...genuine, signature: 'forged' },
      other.totalPrice === genuine.totalPrice ? other : { ...other, totalPrice: genuine.totalPrice },
    ];
    for (const amount of tampered) {
      const reply = await tokenFor({ wallet: 'GOOGLE_PAY', orderId: id, token: '{"signature":"simulated"}', amount });
      expect([reply.status, code(reply.body)], JSON.stringify(amount)).toEqual([400, 'WALLET_AMOUNT_MISMATCH']);
    }
    const fits = await tokenFor({ wallet: 'GOOGLE_PAY', orderId: id, token: '{"signature":"simulated"}', amount: genuine });
    expect(fits.status).toBe(201);
  });

  it("an order that is not given (400 INVALID_ORDER_ID) or another app instance's (404 ORDER_NOT_FOUND)", async () => {
    const { order, tokenFor, control, provider } = setup();
    const theOrder = await order();
    const none = await tokenFor({ wallet: 'APPLE_PAY', token: appleToken(theOrder.total) });
    expect([none.status, code(none.body)]).toEqual([400, 'INVALID_ORDER_ID']);
    expect((await control('wallets', { appInstances: [DEMO_APP_INSTANCE, RETURNING_BUYER_APP_INSTANCE] })).status).toBe(200);
    const stranger = await provider.vaultApp.request(`${API}${P.walletTokens}`, {
      method: 'POST',
      headers: { Authorization: DEMO_APP_INSTANCE, 'Content-Type': 'application/json' },
      body: JSON.stringify({ wallet: 'APPLE_PAY', orderId: theOrder.id, token: appleToken(theOrder.total) }),
    });
    expect([stranger.status, code(await stranger.json())]).toEqual([404, 'ORDER_NOT_FOUND']);
  });

  it.each([
    [{ wallet: 'APPLE_PAY', token: 'a string' }],
    [{ wallet: 'APPLE_PAY', token: { paymentData: null } }],
    [{ wallet: 'GOOGLE_PAY', token: '' }],
    [{ wallet: 'SAMSUNG_PAY', token: 'x' }],
    [undefined],
  ])('refuses %j: 400 INVALID_WALLET_TOKEN', async (body) => {
    const { provider } = setup();
    const reply = await provider.vaultApp.request(`${API}${P.walletTokens}`, {
      method: 'POST',
      headers: { Authorization: RETURNING_BUYER_APP_INSTANCE, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect([reply.status, code(await reply.json())]).toEqual([400, 'INVALID_WALLET_TOKEN']);
  });

  it('the API host takes no wallet token: 404 there', async () => {
    const reply = await setup().api('POST', P.walletTokens, { wallet: 'GOOGLE_PAY', token: 'x' });
    expect(reply.status).toBe(404);
  });
});
