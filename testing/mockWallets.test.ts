import { describe, expect, it } from 'vitest';
import { ProviderPaths } from '../shared/paths';
import { parseCardToken, parseCharge } from '../shared/providerBodies';
import type { WalletType } from '../shared/wallets';
import { createMockProvider, MOCK_DECLINING_WALLET_TOKEN, type MockProvider, type MockProviderOptions } from './mockProvider';
import { type Body, HOST, MOCK_OPTIONS, send, VAULT } from './mockRequests';

// Issue 25 item 5: Apple Pay and Google Pay in the mock mode, answered as the reference provider's
// (provider/store/wallets.ts, walletTokens.ts), for the wallets the `wallets` option gives.

const OPTIONS = MOCK_OPTIONS;
const BOTH: MockProviderOptions = { ...OPTIONS, wallets: ['APPLE_PAY', 'GOOGLE_PAY'] };
const APPLE_URL = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';

const code = (reply: { body: Body }) =>
  (reply.body.details as { applicationError?: { code?: string } } | undefined)?.applicationError?.code;
const settings = (mock: MockProvider) => send(mock, 'GET', `${HOST}${ProviderPaths.expressCheckoutWidgetSettings}`);
const methods = (mock: MockProvider, orderId?: string) =>
  send(mock, 'GET', `${HOST}${ProviderPaths.expressPaymentMethods}${orderId === undefined ? '' : `?orderId=${orderId}`}`);
const validateApple = (mock: MockProvider, validationURL: string) =>
  send(mock, 'POST', `${HOST}${ProviderPaths.applePayMerchantValidation}`, { validationURL });
const startGoogle = (mock: MockProvider, orderId: string) =>
  send(mock, 'POST', `${HOST}${ProviderPaths.googlePayStart}`, { orderId });
const walletToken = (mock: MockProvider, body: unknown, origin = VAULT) =>
  send(mock, 'POST', `${origin}${ProviderPaths.walletTokens}`, body);
const charge = (mock: MockProvider, orderId: string, cardToken: unknown) =>
  send(
    mock,
    'POST',
    `${HOST}${ProviderPaths.chargesByOrder(orderId)}`,
    { paymentMethod: 'CARD', cardToken },
    {
      'Idempotency-Key': crypto.randomUUID(),
    },
  );
/** Apple Pay's token for `orderId` as a sheet showing `amount` EUR answers it (the mock reads the amount in clear). */
const appleToken = (orderId: string, amount = 2500) => ({
  wallet: 'APPLE_PAY',
  orderId,
  token: { paymentData: { data: 'simulated', transactionAmount: amount, currencyCode: 'EUR' } },
});
/** Google Pay's token for `orderId`, with the signed amount of Google Pay start's reply `start`. */
const googleToken = (orderId: string, start: { body: Body }, text = 'simulated') => ({
  wallet: 'GOOGLE_PAY',
  orderId,
  token: `{"signature":"${text}"}`,
  amount: start.body.signedAmount,
});

describe('mock mode: which wallets are offered (the wallets option)', () => {
  it.each([
    { name: 'default: none', wallets: undefined, listed: [] },
    { name: 'both', wallets: ['APPLE_PAY', 'GOOGLE_PAY'], listed: ['APPLE_PAY', 'GOOGLE_PAY'] },
    { name: 'Google Pay only', wallets: ['GOOGLE_PAY'], listed: ['GOOGLE_PAY'] },
    { name: 'Apple Pay only', wallets: ['APPLE_PAY'], listed: ['APPLE_PAY'] },
  ] satisfies { name: string; wallets: WalletType[] | undefined; listed: WalletType[] }[])(
    '$name: settings and express payment methods list them; the others are refused',
    async ({ wallets, listed }) => {
      const mock = createMockProvider({ ...OPTIONS, ...(wallets ? { wallets } : {}) });
      const orderId = mock.createOrder({ amount: 4200 });
      const read = await settings(mock);
      expect(read).toMatchObject({ status: 200, body: { wallets: listed, merchantName: expect.any(String), countryCode: 'DE' } });
      const express = await methods(mock, orderId);
      expect(express.status).toBe(200);
      expect((express.body as { type: string }[]).map((m) => m.type)).toEqual(listed);
      const apple = await validateApple(mock, APPLE_URL);
      const google = await startGoogle(mock, orderId);
      const tokens = [await walletToken(mock, appleToken(orderId, 4200)), await walletToken(mock, googleToken(orderId, google))];
      for (const [wallet, reply] of [
        ['APPLE_PAY', apple],
        ['GOOGLE_PAY', google],
        ['APPLE_PAY', tokens[0]],
        ['GOOGLE_PAY', tokens[1]],
      ] as const) {
        if ((listed as WalletType[]).includes(wallet)) expect(reply?.status, wallet).toBeLessThan(300);
        else expect([reply?.status, code(reply as { body: Body })], wallet).toEqual([400, 'PAYMENT_METHOD_NOT_AVAILABLE']);
      }
    },
  );

  it('express payment methods need an order: 400 INVALID_ORDER_ID without one, 404 for an unknown one; 401 without the token', async () => {
    const mock = createMockProvider(BOTH);
    const none = await methods(mock);
    expect([none.status, code(none)]).toEqual([400, 'INVALID_ORDER_ID']);
    const unknown = await methods(mock, 'ord_nope');
    expect([unknown.status, code(unknown)]).toEqual([404, 'ORDER_NOT_FOUND']);
    const stranger = await send(mock, 'GET', `${HOST}${ProviderPaths.expressCheckoutWidgetSettings}`, undefined, {
      Authorization: 'other',
    });
    expect(stranger.status).toBe(401);
  });
});

describe('mock mode: a wallet payment', () => {
  it('Apple Pay: merchant validation only for an apple.com URL, then a session; the token for the order total is charged APPROVED once, another amount refused', async () => {
    const mock = createMockProvider(BOTH);
    const refused = await validateApple(mock, 'https://evil.example/startSession');
    expect([refused.status, code(refused)]).toEqual([400, 'INVALID_VALIDATION_URL']);
    const session = await validateApple(mock, APPLE_URL);
    expect(session).toMatchObject({
      status: 200,
      body: { merchantIdentifier: expect.any(String), epochTimestamp: expect.any(Number) },
    });
    const orderId = mock.createOrder({ amount: 4200 });
    const changed = await walletToken(mock, appleToken(orderId, 100));
    expect([changed.status, code(changed)]).toEqual([400, 'WALLET_AMOUNT_MISMATCH']);
    const token = await walletToken(mock, appleToken(orderId, 4200));
    expect(token.status).toBe(201);
    const { token: cardToken, last4 } = parseCardToken(token.body, 'tokenizeWallet');
    expect(last4).toBe('4242');
    const paid = await charge(mock, orderId, cardToken);
    expect(parseCharge(paid.body, 'chargeOrder')).toMatchObject({ status: 'APPROVED', orderId, paymentMethod: 'CARD' });
    expect(mock.order(orderId)).toMatchObject({ status: 'PAID' });
    const again = await charge(mock, mock.createOrder(), cardToken);
    expect(code(again)).toBe('INVALID_CARD_TOKEN');
  });

  it("Google Pay: start answers the order's payment data request and signed amount; without it refused; a declining token is charged DECLINED card_declined", async () => {
    const mock = createMockProvider(BOTH);
    const orderId = mock.createOrder({ amount: 4200, currency: 'EUR' });
    const start = await startGoogle(mock, orderId);
    expect(start).toMatchObject({
      status: 200,
      body: { apiVersion: 2, transactionInfo: { totalPrice: '42.00', currencyCode: 'EUR', totalPriceStatus: 'FINAL' } },
    });
    const unsigned = await walletToken(mock, { ...googleToken(orderId, start), amount: undefined });
    expect([unsigned.status, code(unsigned)]).toEqual([400, 'WALLET_AMOUNT_MISMATCH']);
    const token = await walletToken(mock, googleToken(orderId, start, MOCK_DECLINING_WALLET_TOKEN));
    const declined = await charge(mock, orderId, token.body.token);
    expect(declined.body).toMatchObject({ status: 'DECLINED', declineCode: 'card_declined' });
    expect(mock.order(orderId)).toMatchObject({ status: 'AWAITING_PAYMENT' });
    const paid = await charge(mock, orderId, (await walletToken(mock, googleToken(orderId, start))).body.token);
    expect(paid.body).toMatchObject({ status: 'APPROVED' });
    const after = await startGoogle(mock, orderId);
    expect([after.status, code(after)]).toEqual([409, 'ORDER_ALREADY_PAID']);
  });

  it('Google Pay start after the seat hold: 409 ORDER_HOLD_EXPIRED', async () => {
    let clock = new Date('2030-01-01T00:00:00Z');
    const mock = createMockProvider({ ...BOTH, now: () => clock });
    const orderId = mock.createOrder({ holdSeconds: 60 });
    clock = new Date('2030-01-01T00:01:00Z');
    const late = await startGoogle(mock, orderId);
    expect([late.status, code(late)]).toEqual([409, 'ORDER_HOLD_EXPIRED']);
  });

  it('wallet tokens: the vault only, a malformed token 400 INVALID_WALLET_TOKEN, the captcha fault 403', async () => {
    const mock = createMockProvider(BOTH);
    const orderId = mock.createOrder();
    expect((await walletToken(mock, appleToken(orderId), HOST)).status).not.toBe(201);
    for (const body of [
      { wallet: 'APPLE_PAY', token: 'text' },
      { wallet: 'GOOGLE_PAY', token: '' },
      { wallet: 'OTHER', token: 'x' },
    ]) {
      const reply = await walletToken(mock, body);
      expect([reply.status, code(reply)], JSON.stringify(body)).toEqual([400, 'INVALID_WALLET_TOKEN']);
    }
    mock.setFaults({ captcha: true });
    const blocked = await walletToken(mock, googleToken(orderId, await startGoogle(mock, orderId)));
    expect([blocked.status, code(blocked)]).toEqual([403, 'CAPTCHA_REQUIRED']);
  });
});
