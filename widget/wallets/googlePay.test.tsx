// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProviderPaths as P } from '../../shared';
import { GOOGLE_PAY_MERCHANT } from '../../shared/googlePayMerchant';
import { GOOGLE_PAY_CARD, GOOGLE_PAY_METHOD } from '../../shared/wallets';
import { setupHttpServer, WAIT } from '../testing/httpWidget';
import { clickWallet, completions, googlePay, TEST_TIMEOUT } from '../testing/walletDrivers';
import { charge, charges, GOOGLE_PAY_START, lines, notice, type Replies } from '../testing/walletMount';

// Google Pay in the widget (issue 25 item 4) through the Payment Request API, a TEST DOUBLE here
// (no real sheet, no Google script): what only Google Pay does, the sheet's request built in the
// frame from Google Pay start's signed amount, and a sheet that fails or answers without a token.
// What both wallets do (show() in the click with no call before it, the payment data's token → the
// vault with the signed amount → one charge, complete('success' | 'fail'), a dismissed sheet
// (AbortError) charging nothing, lost replies, already paid) is in wallets.test.tsx, run for each.

// These flows run over HTTP (msw): the tests call the double's callbacks directly and wait on the
// DOM with vi.waitFor, outside React's act environment, so React warns of no update.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const server = setupHttpServer();
beforeEach(() => googlePay.install());

/** Mounts for an approved charge (Google Pay start answering `googlePayStart`) and clicks "Pay with Google Pay". */
const click = (googlePayStart?: Replies['googlePayStart']) =>
  clickWallet(server, googlePay, { charge: [charge()], charges: [[]], googlePayStart });

const FAILED = 'The wallet payment could not be completed, so nothing was charged. Try again, or choose another way to pay.';

describe('Google Pay', { timeout: TEST_TIMEOUT }, () => {
  it("the sheet shown in the click: Google Pay start asked as the buttons showed, Google Pay's method with the start reply's amount, the frame's merchant on the total", async () => {
    const { log } = await click();
    expect(lines(log)).toContain(`POST ${P.googlePayStart}`);
    const shown = googlePay.shown();
    expect(shown?.methods[0]?.supportedMethods).toBe(GOOGLE_PAY_METHOD);
    expect(shown?.methods[0]?.data).toMatchObject({ transactionInfo: { totalPrice: '25.00', currencyCode: 'EUR' } });
    expect(shown?.total).toEqual({
      label: GOOGLE_PAY_MERCHANT.merchantInfo.merchantName,
      amount: { currency: 'EUR', value: '25.00' },
    });
  });

  it("a host reply naming another gateway, merchant and price: the sheet gets the frame's own, with the host's signed amount only", async () => {
    const foreign = {
      ...GOOGLE_PAY_START,
      transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: '1.00', currencyCode: 'EUR' }, // not what the vault checks
      allowedPaymentMethods: [
        {
          type: 'CARD',
          parameters: GOOGLE_PAY_CARD,
          tokenizationSpecification: { type: 'DIRECT', parameters: { protocolVersion: 'ECv2', publicKey: 'attacker-key' } },
        },
      ],
      merchantInfo: { merchantId: 'attacker', merchantName: 'Attacker' },
    };
    await click(foreign);
    const shown = googlePay.shown();
    expect(shown?.methods).toEqual([
      {
        supportedMethods: GOOGLE_PAY_METHOD,
        data: {
          apiVersion: 2,
          apiVersionMinor: 0,
          allowedPaymentMethods: [
            {
              type: 'CARD',
              parameters: GOOGLE_PAY_CARD,
              tokenizationSpecification: GOOGLE_PAY_MERCHANT.tokenizationSpecification,
            },
          ],
          merchantInfo: GOOGLE_PAY_MERCHANT.merchantInfo,
          transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: '25.00', currencyCode: 'EUR' },
        },
      },
    ]);
    expect(JSON.stringify(shown)).not.toMatch(/attacker/i);
  });

  it('another error than AbortError from the sheet: failed, no complete() (nothing shown to complete), nothing tokenized or charged', async () => {
    const { container, log } = await click();
    googlePay.sheet().reject(new DOMException('Not supported.', 'NotSupportedError'));
    await vi.waitFor(() => expect(notice(container)).toBe(FAILED), WAIT);
    expect(completions(googlePay)).toEqual([]);
    expect(lines(log).filter((l) => l.includes(P.walletTokens))).toEqual([]);
    expect(charges(log)).toEqual([]);
  });

  it('no token in the payment data: complete("fail"), failed, nothing tokenized or charged', async () => {
    const { container, log } = await click();
    googlePay.sheet().resolve({ paymentMethodData: { tokenizationData: {} } });
    await vi.waitFor(() => expect(completions(googlePay)).toEqual(['failure']), WAIT);
    await vi.waitFor(() => expect(notice(container)).toBe(FAILED), WAIT);
    expect(lines(log).filter((l) => l.includes(P.walletTokens))).toEqual([]);
    expect(charges(log)).toEqual([]);
  });
});
