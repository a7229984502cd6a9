import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CashierError } from './CashierError';
import { PAYMENTS_CHECKOUT_BASE_PATH } from './paths';
import { createProviderApi, type OrderSetupRequest, type ProviderApi } from './providerApi';
import { createProviderClient } from './providerClient';

/** The typed operations over the frame's client, as a bundle builds them. */
const apiFor = (appInstance: string): ProviderApi => {
  const client = createProviderClient({ host, vaultOrigin: vault, getAppInstance: () => appInstance });
  return createProviderApi(client.request, client.vault.request);
};

const host = 'https://tickets.example.com';
/** The card vault: another origin than the host, as a production frame has it (shared/vault.ts). */
const vault = 'https://vault.example.net';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const base = PAYMENTS_CHECKOUT_BASE_PATH;
const card = { holderName: 'A B', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
const order: OrderSetupRequest = { eventId: 'riverside-jazz-night', lines: [{ ticketTypeId: 'general-admission', quantity: 2 }] };

// Replies that fit the guards of the operations the flow reads (providerBodies.ts).
const tokenReply = { token: 'tok_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
const orderReply = { id: 'o1', status: 'AWAITING_PAYMENT' };
const chargeReply = { id: 'ch1', orderId: 'o1', status: 'APPROVED' };
const methodsReply = [{ type: 'CARD', label: 'Card' }, { type: 'SOMETHING_NEW' }];
const countriesReply = { countries: ['DE', 'US'] };
const statesReply = { states: [{ code: 'CA', name: 'California', type: 'ADMINISTRATIVE_AREA_LEVEL_1' }] };
const languagesReply = { languages: ['en', 'de'] };
const savedCardReply = {
  id: 'card_1',
  brand: 'visa',
  last4: '4242',
  expiryMonth: 12,
  expiryYear: 2034,
  primary: true,
  expired: false,
};
const addressReply = { country: 'DE', postalCode: { pattern: '^(?:\\d{5})$', label: 'postal', example: '26133' } };

// Every operation of spec section 7: the call, the request it must make, and a reply it takes
// (default `{ ok: true }`, for the operations whose payloads stay `unknown`).
const operations: {
  name: keyof ProviderApi;
  call: (api: ProviderApi) => Promise<unknown>;
  method: string;
  path: string;
  body?: unknown;
  reply?: unknown;
}[] = [
  { name: 'getPaymentDetails', call: (a) => a.getPaymentDetails(), method: 'GET', path: 'payment-details' },
  { name: 'listCreditCards', call: (a) => a.listCreditCards(), method: 'GET', path: 'credit-cards', reply: [savedCardReply] },
  {
    name: 'getCreditCard',
    call: (a) => a.getCreditCard('c/1'),
    method: 'GET',
    path: 'credit-cards/c%2F1',
    reply: savedCardReply,
  },
  {
    name: 'getPrimaryCreditCard',
    call: (a) => a.getPrimaryCreditCard(),
    method: 'GET',
    path: 'credit-cards/primary',
    reply: savedCardReply,
  },
  {
    name: 'deleteCreditCard',
    call: (a) => a.deleteCreditCard('card_1'),
    method: 'DELETE',
    path: 'credit-cards/card_1',
    reply: savedCardReply,
  },
  {
    name: 'tokenizeCard',
    call: (a) => a.tokenizeCard(card),
    method: 'POST',
    path: 'card-tokenization',
    body: card,
    reply: tokenReply,
  },
  {
    name: 'createSavedCardToken',
    call: (a) => a.createSavedCardToken({ cardId: 'card_1', cvc: '123' }),
    method: 'POST',
    path: 'saved-card-tokens',
    body: { cardId: 'card_1', cvc: '123' },
    reply: tokenReply,
  },
  {
    name: 'tokenizeWallet',
    call: (a) => a.tokenizeWallet({ wallet: 'GOOGLE_PAY', orderId: 'ord_1', token: 'gp-token' }),
    method: 'POST',
    path: 'wallet-tokens',
    body: { wallet: 'GOOGLE_PAY', orderId: 'ord_1', token: 'gp-token' },
    reply: tokenReply,
  },
  { name: 'setupOrder', call: (a) => a.setupOrder(order), method: 'POST', path: 'orders/setup', body: order, reply: orderReply },
  { name: 'getOrder', call: (a) => a.getOrder('o1'), method: 'GET', path: 'orders/o1', reply: orderReply },
  { name: 'getOrderAgreement', call: (a) => a.getOrderAgreement('o1'), method: 'GET', path: 'orders/o1/agreement' },
  {
    name: 'getMandatoryFieldsByOrder',
    call: (a) => a.getMandatoryFieldsByOrder('o1'),
    method: 'GET',
    path: 'orders/o1/mandatory-fields',
  },
  { name: 'getMandatoryFields', call: (a) => a.getMandatoryFields(), method: 'GET', path: 'mandatory-fields' },
  { name: 'getSubscription', call: (a) => a.getSubscription('s1'), method: 'GET', path: 'subscriptions/s1' },
  {
    name: 'getBuyerInfo',
    call: (a) => a.getBuyerInfo(),
    method: 'GET',
    path: 'buyer-info',
    reply: { type: 'MEMBER', memberId: 'm1' },
  },
  {
    name: 'createContactAndUpdateOrder',
    call: (a) => a.createContactAndUpdateOrder('o1', { email: 'a@b.com' }),
    method: 'POST',
    path: 'orders/o1/contact',
    body: { email: 'a@b.com' },
  },
  { name: 'getChargesByAccount', call: (a) => a.getChargesByAccount('acc'), method: 'GET', path: 'accounts/acc/charges' },
  {
    name: 'getChargesByOrder',
    call: (a) => a.getChargesByOrder('o1'),
    method: 'GET',
    path: 'orders/o1/charges',
    reply: [chargeReply],
  },
  {
    name: 'chargeOrder',
    call: (a) => a.chargeOrder('o1', { paymentMethod: 'CARD', cardToken: 't' }, 'key-1'),
    method: 'POST',
    path: 'orders/o1/charges',
    body: { paymentMethod: 'CARD', cardToken: 't' },
    reply: chargeReply,
  },
  { name: 'getCharge', call: (a) => a.getCharge('ch1'), method: 'GET', path: 'charges/ch1', reply: chargeReply },
  {
    name: 'cancelCharge',
    call: (a) => a.cancelCharge('ch1'),
    method: 'POST',
    path: 'charges/ch1/cancel',
    body: {},
    reply: chargeReply,
  },
  { name: 'getAccount', call: (a) => a.getAccount(), method: 'GET', path: 'account' },
  { name: 'getPaymentMethods', call: (a) => a.getPaymentMethods(), method: 'GET', path: 'payment-methods' },
  {
    name: 'getPaymentMethodsByAccount',
    call: (a) => a.getPaymentMethodsByAccount('acc'),
    method: 'GET',
    path: 'accounts/acc/payment-methods',
  },
  {
    name: 'getPaymentMethodsByOrder',
    call: (a) => a.getPaymentMethodsByOrder('o1'),
    method: 'GET',
    path: 'orders/o1/payment-methods',
    reply: methodsReply,
  },
  {
    name: 'getBuyNowPayLaterPaymentMethods',
    call: (a) => a.getBuyNowPayLaterPaymentMethods(),
    method: 'GET',
    path: 'payment-methods/buy-now-pay-later',
  },
  {
    name: 'getExpressCheckoutWidgetSettings',
    call: (a) => a.getExpressCheckoutWidgetSettings(),
    method: 'GET',
    path: 'express-checkout/widget-settings',
  },
  {
    name: 'getPaymentMethodsBannerSettings',
    call: (a) => a.getPaymentMethodsBannerSettings(),
    method: 'GET',
    path: 'payment-methods-banner/settings',
  },
  { name: 'getExpressPaymentMethods', call: (a) => a.getExpressPaymentMethods(), method: 'GET', path: 'express-payment-methods' },
  {
    name: 'validateApplePayMerchant',
    call: (a) => a.validateApplePayMerchant({ validationURL: 'x' }),
    method: 'POST',
    path: 'apple-pay/merchant-validation',
    body: { validationURL: 'x' },
  },
  { name: 'startGooglePay', call: (a) => a.startGooglePay({}), method: 'POST', path: 'google-pay/start', body: {} },
  { name: 'createPayPalCheckout', call: (a) => a.createPayPalCheckout({}), method: 'POST', path: 'paypal/checkout', body: {} },
  {
    name: 'updatePayPalCheckout',
    call: (a) => a.updatePayPalCheckout('p1', { amount: 1 }),
    method: 'PATCH',
    path: 'paypal/checkout/p1',
    body: { amount: 1 },
  },
  {
    name: 'getPayPalPaymentDetails',
    call: (a) => a.getPayPalPaymentDetails('p1'),
    method: 'GET',
    path: 'paypal/checkout/p1/payment-details',
  },
  {
    name: 'capturePayPalPayment',
    call: (a) => a.capturePayPalPayment('p1'),
    method: 'POST',
    path: 'paypal/checkout/p1/payment-details',
    body: {},
    reply: chargeReply,
  },
  { name: 'getCountries', call: (a) => a.getCountries(), method: 'GET', path: 'locale/countries', reply: countriesReply },
  { name: 'getStates', call: (a) => a.getStates('US'), method: 'GET', path: 'locale/countries/US/states', reply: statesReply },
  { name: 'getLanguages', call: (a) => a.getLanguages(), method: 'GET', path: 'locale/languages', reply: languagesReply },
  {
    name: 'getAddressFormat',
    call: (a) => a.getAddressFormat('DE'),
    method: 'GET',
    path: 'locale/countries/DE/address',
    reply: addressReply,
  },
  {
    name: 'getMultilingualLanguages',
    call: (a) => a.getMultilingualLanguages(),
    method: 'GET',
    path: 'locale/multilingual-languages',
    reply: languagesReply,
  },
  {
    name: 'resolveBuyerCountry',
    call: (a) => a.resolveBuyerCountry(),
    method: 'GET',
    path: 'buyer-country',
    reply: { country: 'DE' },
  },
];

describe('ProviderApi: one typed function per spec section 7 operation', () => {
  it('covers every operation of the interface exactly once', () => {
    const functions = Object.keys(apiFor('t'));
    expect(operations.map((o) => o.name).sort()).toEqual(functions.sort());
  });

  it.each(operations)('$name → $method $path', async ({ call, method, path, body, name, reply = { ok: true } }) => {
    let seen:
      | { origin: string; method: string; path: string; body: unknown; auth: string | null; key: string | null }
      | undefined;
    const answer = async ({ request }: { request: Request }) => {
      const text = await request.text();
      seen = {
        origin: new URL(request.url).origin,
        method: request.method,
        path: new URL(request.url).pathname,
        body: text ? JSON.parse(text) : undefined,
        auth: request.headers.get('authorization'),
        key: request.headers.get('idempotency-key'),
      };
      return HttpResponse.json(reply as Parameters<typeof HttpResponse.json>[0]);
    };
    server.use(http.all(`${host}${base}/*`, answer), http.all(`${vault}${base}/*`, answer));
    await expect(call(apiFor('app-token'))).resolves.toEqual(reply);
    expect(seen).toEqual({
      // Card data to the vault and nowhere else; everything else to the host.
      origin: ['tokenizeCard', 'createSavedCardToken', 'tokenizeWallet'].includes(name) ? vault : host,
      method,
      path: `${base}/${path}`,
      body,
      auth: 'app-token',
      key: name === 'chargeOrder' ? 'key-1' : null,
    });
  });
});

describe('replies the flow reads are narrowed by a guard (STYLE: HTTP bodies enter as unknown)', () => {
  const charge = { paymentMethod: 'CARD' as const, cardToken: 't' };
  const rows: { name: string; call: (api: ProviderApi) => Promise<unknown>; reply: unknown; message: RegExp }[] = [
    { name: 'tokenizeCard', call: (a) => a.tokenizeCard(card), reply: {}, message: /without a string token/ },
    { name: 'tokenizeCard', call: (a) => a.tokenizeCard(card), reply: { token: 42 }, message: /token/ },
    { name: 'tokenizeCard', call: (a) => a.tokenizeCard(card), reply: 'tok_1', message: /instead of a card token/ },
    {
      name: 'createSavedCardToken',
      call: (a) => a.createSavedCardToken({ cardId: 'card_1', cvc: '123' }),
      reply: {},
      message: /without a string token/,
    },
    { name: 'listCreditCards', call: (a) => a.listCreditCards(), reply: savedCardReply, message: /list of saved cards/ },
    {
      name: 'listCreditCards',
      call: (a) => a.listCreditCards(),
      reply: [{ ...savedCardReply, last4: '4242424242424242' }],
      message: /saved card without/,
    },
    {
      name: 'getCreditCard',
      call: (a) => a.getCreditCard('card_1'),
      reply: { ...savedCardReply, expired: 'no' },
      message: /saved card without/,
    },
    { name: 'deleteCreditCard', call: (a) => a.deleteCreditCard('card_1'), reply: null, message: /not a saved card/ },
    { name: 'setupOrder', call: (a) => a.setupOrder(order), reply: { status: 'AWAITING_PAYMENT' }, message: /string id/ },
    { name: 'getOrder', call: (a) => a.getOrder('o1'), reply: { id: 'o1', status: 'LOST' }, message: /unknown status "LOST"/ },
    { name: 'getOrder', call: (a) => a.getOrder('o1'), reply: { ...orderReply, chargeId: 7 }, message: /chargeId/ },
    { name: 'getOrder', call: (a) => a.getOrder('o1'), reply: null, message: /null instead of an order/ },
    {
      name: 'chargeOrder',
      call: (a) => a.chargeOrder('o1', charge, 'k'),
      reply: { ...chargeReply, id: 1 },
      message: /string id/,
    },
    {
      name: 'chargeOrder',
      call: (a) => a.chargeOrder('o1', charge, 'k'),
      reply: { id: 'ch1', status: 'APPROVED' },
      message: /string orderId/,
    },
    {
      name: 'chargeOrder',
      call: (a) => a.chargeOrder('o1', charge, 'k'),
      reply: { ...chargeReply, status: 'MAYBE' },
      message: /unknown status "MAYBE"/,
    },
    {
      name: 'chargeOrder',
      call: (a) => a.chargeOrder('o1', charge, 'k'),
      reply: { ...chargeReply, status: 'DECLINED', declineCode: {} },
      message: /declineCode/,
    },
    { name: 'getCharge', call: (a) => a.getCharge('ch1'), reply: [chargeReply], message: /an array instead of a charge/ },
    { name: 'getChargesByOrder', call: (a) => a.getChargesByOrder('o1'), reply: chargeReply, message: /list of charges/ },
    {
      name: 'getChargesByOrder',
      call: (a) => a.getChargesByOrder('o1'),
      reply: [chargeReply, { id: 'ch2' }],
      message: /charge \[1\] without a string orderId/,
    },
    {
      name: 'getPaymentMethodsByOrder',
      call: (a) => a.getPaymentMethodsByOrder('o1'),
      reply: { type: 'CARD' },
      message: /list of payment methods/,
    },
    {
      name: 'getPaymentMethodsByOrder',
      call: (a) => a.getPaymentMethodsByOrder('o1'),
      reply: [{ type: 'CARD' }, { label: 'Card' }],
      message: /payment method \[1\] without a string type/,
    },
    { name: 'getBuyerInfo', call: (a) => a.getBuyerInfo(), reply: { type: 'MEMBER' }, message: /no buyer info/ },
    { name: 'getBuyerInfo', call: (a) => a.getBuyerInfo(), reply: { type: 'member', memberId: 'm1' }, message: /no buyer info/ },
  ];
  it.each(rows)('$name replying $reply → INVALID_RESPONSE naming $name', async ({ name, call, reply, message }) => {
    const answer = () => HttpResponse.json(reply as Parameters<typeof HttpResponse.json>[0]);
    server.use(http.all(`${host}${base}/*`, answer), http.all(`${vault}${base}/*`, answer));
    const error = await call(apiFor('t')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CashierError);
    expect((error as CashierError).code).toBe('INVALID_RESPONSE');
    expect((error as CashierError).message).toMatch(new RegExp(`^${name}: `));
    expect((error as CashierError).message).toMatch(message);
  });
});

describe('card data goes to the vault and nowhere else (DESIGN "Security model", issue 19 finding 1)', () => {
  it('tokenizeCard without a vault transport rejects INVALID_ARGUMENT and sends nothing, to the host least of all', async () => {
    const sent: string[] = [];
    server.use(
      http.all('*', ({ request }) => {
        sent.push(request.url);
        return HttpResponse.json(tokenReply);
      }),
    );
    const api = createProviderApi(createProviderClient({ host, getAppInstance: () => 't' }).request);
    const error = await api.tokenizeCard(card).catch((e: unknown) => e);
    expect((error as CashierError).code).toBe('INVALID_ARGUMENT');
    // A saved card's security code too (issue 25).
    const saved = await api.createSavedCardToken({ cardId: 'card_1', cvc: '123' }).catch((e: unknown) => e);
    expect((saved as CashierError).code).toBe('INVALID_ARGUMENT');
    expect(sent).toEqual([]);
  });

  it("the host transport refuses the card-tokenization path: a bundle cannot send a card to the page's host by path", async () => {
    const sent: string[] = [];
    server.use(
      http.all('*', ({ request }) => {
        sent.push(request.url);
        return HttpResponse.json(tokenReply);
      }),
    );
    const client = createProviderClient({ host, vaultOrigin: vault, getAppInstance: () => 't' });
    const error = await client
      .request({ method: 'post', path: `${base}/card-tokenization`, data: card })
      .catch((e: unknown) => e);
    expect((error as CashierError).code).toBe('INVALID_ARGUMENT');
    expect((error as CashierError).message).toMatch(/vault/);
    const saved = await client
      .request({ method: 'post', path: `${base}/saved-card-tokens`, data: { cardId: 'card_1', cvc: '123' } })
      .catch((e: unknown) => e);
    expect((saved as CashierError).code).toBe('INVALID_ARGUMENT');
    // …and the vault answers only its own paths: no app instance token or order call goes there.
    const other = await client.vault.request({ method: 'get', path: `${base}/orders/o1` }).catch((e: unknown) => e);
    expect((other as CashierError).code).toBe('INVALID_ARGUMENT');
    expect(sent).toEqual([]);
  });
});
