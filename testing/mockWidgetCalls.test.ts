import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Charge, PayResult } from '../shared';
import { createProviderClient } from '../shared/providerClient';
import type { SignedWalletAmount, WalletType } from '../shared/wallets';
import { createBundleProviderApi } from '../widget/bundleProviderApi';
import { offeredWallets } from '../widget/wallets/createWallets';
import {
  type ApplePaySessionClass,
  type ApplePaySessionLike,
  createWalletCalls,
  type PaymentRequestClass,
  runApplePay,
  runGooglePay,
  settleWithToken,
  type WalletCalls,
} from '../widget/wallets/walletFlow';
import { WALLET_KIT, type WalletDeps } from '../widget/wallets/walletKit';
import type { WalletWindow } from '../widget/wallets/walletsAvailable';
import { createMockProvider, MOCK_APP_INSTANCE, MOCK_RETURNING_BUYER_CARDS, type MockProviderOptions } from './mockProvider';

// Issue 25 item 5: the widget bundle's own provider calls (its axios client, its buyer info gate,
// its wallet flow) answered by the mock, as a site's test with the real bundle would send them.
// The browsers' wallet APIs are test doubles: no real Apple Pay or Google Pay sheet is exercised.

const HOST = 'http://127.0.0.1:4999';
const VAULT = 'http://127.0.0.1:5000';
const OPTIONS: MockProviderOptions = { host: HOST, vaultOrigin: VAULT, staticsBaseUrl: `${HOST}/statics` };
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A mock whose handlers answer this test's requests, and the frame's provider client to it. */
function mockFor(options: Partial<MockProviderOptions>) {
  const mock = createMockProvider({ ...OPTIONS, ...options });
  server.use(...mock.handlers);
  const client = createProviderClient({ host: HOST, vaultOrigin: VAULT, getAppInstance: () => MOCK_APP_INSTANCE });
  return { mock, client };
}

/** The Payment Request API as a test double: it can pay, and its sheet answers a Google Pay token at once. */
const PaymentRequestDouble = class {
  canMakePayment = async () => true;
  show = async () => ({
    details: { paymentMethodData: { tokenizationData: { token: '{"signature":"simulated"}' } } },
    complete: async () => undefined,
  });
} as unknown as PaymentRequestClass & WalletWindow['PaymentRequest'];

/** The wallet's charge as createPayment's `captureInWidget` would send it (no journal here). */
const capture = (_orderId: string, charge: () => Promise<Charge>): Promise<PayResult> =>
  charge().then((c) => ({ status: c.status, orderId: c.orderId, chargeId: c.id }) as PayResult);
const settle = (calls: WalletCalls, wallet: WalletType, orderId: string, amount?: SignedWalletAmount) => (token: unknown) =>
  settleWithToken(calls, { wallet, orderId, token, ...(amount ? { amount } : {}) }, capture);

describe("mock mode answers the widget bundle's calls", () => {
  it.each([
    {
      name: 'a returning buyer with cards',
      options: { returningBuyer: { savedCards: MOCK_RETURNING_BUYER_CARDS } },
      member: true,
    },
    { name: 'a returning buyer without cards', options: { returningBuyer: {} }, member: true },
    { name: 'a guest', options: {}, member: false },
  ])('buyer info: $name gets the saved-cards chunk only as a MEMBER', async ({ options, member }) => {
    const { client } = mockFor(options);
    const api = createBundleProviderApi(client.request, client.vault.request, VAULT);
    // loadSavedCards.ts's gate: the chunk is imported for a MEMBER only.
    expect(((await api.getBuyerInfo()) as { type?: unknown }).type === 'MEMBER').toBe(member);
  });

  it('wallets offered: the ones given and available in the browser; none without the option', async () => {
    const win: WalletWindow = { PaymentRequest: PaymentRequestDouble, ApplePaySession: { canMakePayments: () => true } };
    for (const [wallets, expected] of [
      [undefined, []],
      [['GOOGLE_PAY'], ['GOOGLE_PAY']],
      [
        ['APPLE_PAY', 'GOOGLE_PAY'],
        ['APPLE_PAY', 'GOOGLE_PAY'],
      ],
    ] as [WalletType[] | undefined, WalletType[]][]) {
      const { mock, client } = mockFor(wallets ? { wallets } : {});
      const deps = { win, current: () => ({ providerClient: client }) } as unknown as WalletDeps;
      expect(await offeredWallets(deps, mock.createOrder()), JSON.stringify(wallets)).toEqual(expected);
    }
  });

  it('Google Pay through the Payment Request API double: the order is charged APPROVED once', async () => {
    const { mock, client } = mockFor({ wallets: ['GOOGLE_PAY'] });
    const orderId = mock.createOrder({ amount: 4200 });
    const calls = createWalletCalls(client, WALLET_KIT);
    const sheet = {
      settings: await calls.settings(),
      total: await calls.total(orderId),
      googlePay: await calls.startGooglePay(orderId),
    };
    const end = await runGooglePay(PaymentRequestDouble, sheet, settle(calls, 'GOOGLE_PAY', orderId, sheet.googlePay));
    expect(end).toMatchObject({ outcome: 'approved', result: { status: 'APPROVED', orderId } });
    expect(mock.charges()).toEqual([
      expect.objectContaining({ orderId, status: 'APPROVED', amount: { amount: 4200, currency: 'EUR' } }),
    ]);
  });

  it('Apple Pay through an ApplePaySession double: merchant validated, the payment token charged APPROVED', async () => {
    const { mock, client } = mockFor({ wallets: ['APPLE_PAY'] });
    const orderId = mock.createOrder();
    const calls = createWalletCalls(client, WALLET_KIT);
    const completed: number[] = [];
    const Session = class implements ApplePaySessionLike {
      static STATUS_SUCCESS = 0;
      static STATUS_FAILURE = 1;
      onvalidatemerchant: ApplePaySessionLike['onvalidatemerchant'] = null;
      onpaymentauthorized: ApplePaySessionLike['onpaymentauthorized'] = null;
      oncancel: ApplePaySessionLike['oncancel'] = null;
      /** As Apple's: the token holds the amount the sheet showed (the mock reads it in clear). */
      readonly paymentData: { data: string; transactionAmount: number; currencyCode: string };
      constructor(_version: number, sheet: unknown) {
        const request = sheet as { currencyCode: string; total: { amount: string } };
        const transactionAmount = Math.round(Number(request.total.amount) * 100);
        this.paymentData = { data: 'simulated', transactionAmount, currencyCode: request.currencyCode };
      }
      begin() {
        this.onvalidatemerchant?.({ validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' });
      }
      abort() {}
      completeMerchantValidation(session: unknown) {
        expect(session).toMatchObject({ merchantIdentifier: expect.any(String) });
        this.onpaymentauthorized?.({ payment: { token: { paymentData: this.paymentData } } });
      }
      completePayment({ status }: { status: number }) {
        completed.push(status);
      }
    } satisfies ApplePaySessionClass;
    const sheet = { settings: await calls.settings(), total: await calls.total(orderId) };
    const end = await runApplePay(
      Session,
      sheet,
      (url) => calls.validateApplePay(url, orderId),
      settle(calls, 'APPLE_PAY', orderId),
    );
    expect(end).toMatchObject({ outcome: 'approved' });
    expect(completed).toEqual([Session.STATUS_SUCCESS]);
    expect(mock.order(orderId)).toMatchObject({ status: 'PAID' });
  });
});
