// @vitest-environment jsdom
import { setupServer } from 'msw/node';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProviderPaths as P } from '../../shared';
import { GOOGLE_PAY_MERCHANT } from '../../shared/googlePayMerchant';
import { GOOGLE_PAY_CARD, GOOGLE_PAY_METHOD } from '../../shared/wallets';
import {
  charge,
  charges,
  GOOGLE_PAY_START,
  type Logged,
  lines,
  mountWallets,
  notice,
  provider,
  type Replies,
} from '../testing/walletMount';

// Google Pay in the widget (issue 25 item 4) through the Payment Request API, a TEST DOUBLE here
// (no real sheet, no Google script): show() in the click with no call before it; the payment
// data's token → the vault → one charge through captureInWidget; complete('success' | 'fail');
// a dismissed sheet (AbortError) charges nothing.

// These flows run over HTTP (msw) and are awaited with vi.waitFor on the DOM, not inside act():
// React is told it is not in an act environment, so it does not warn of every update.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

/** The PaymentRequest double: what happened, in order, in `events`; `sheet` settles the open show(). */
const events: string[] = [];
let sheet: { resolve(details: unknown): void; reject(error: unknown): void } | undefined;
let shown: { methods: Array<{ supportedMethods: string; data: unknown }>; total: unknown } | undefined;
class Request {
  constructor(
    readonly methods: Array<{ supportedMethods: string; data: unknown }>,
    readonly details: { total: unknown },
  ) {}
  canMakePayment = () => Promise.resolve(true);
  show() {
    events.push('show');
    shown = { methods: this.methods, total: this.details.total };
    return new Promise((resolve, reject) => {
      sheet = {
        resolve: (details) => resolve({ details, complete: async (r: string) => void events.push(`complete ${r}`) }),
        reject,
      };
    });
  }
}

let container: HTMLElement;
let log: Logged[];
beforeEach(() => {
  events.length = 0;
  sheet = undefined;
  vi.stubGlobal('PaymentRequest', Request);
  container = document.body.appendChild(document.createElement('div'));
});
afterEach(() => {
  container.remove();
  sessionStorage.clear();
  server.resetHandlers();
});

/** Mounts with `replies`, clicks "Pay with Google Pay": the events and calls the click itself made, synchronously. */
async function click(replies: Replies) {
  log = provider(server, replies);
  const mounted = await mountWallets(container, /Google Pay/);
  const before = mounted.calls.count;
  let inClick: { events: string[]; requests: number } | undefined;
  act(() => {
    mounted.button().click();
    inClick = { events: [...events], requests: mounted.calls.count - before };
  });
  return { ...mounted, inClick };
}

const PAID = { paymentMethodData: { tokenizationData: { token: '{"signature":"simulated"}' } } };
const pays = async () => act(async () => sheet?.resolve(PAID));
const APPROVED = { status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_w' };

describe('Google Pay', () => {
  it('approved: show() in the click, the start reply on the sheet, token to the vault, one charge, success, onPaymentResult once', async () => {
    const { inClick, onPaymentResult, api } = await click({ charge: [charge()], charges: [[]] });
    expect(inClick).toEqual({ events: ['show'], requests: 0 });
    expect(lines(log)).toContain(`POST ${P.googlePayStart}`);
    expect(shown?.methods[0]?.supportedMethods).toBe(GOOGLE_PAY_METHOD);
    expect(shown?.methods[0]?.data).toMatchObject({ transactionInfo: { totalPrice: '25.00', currencyCode: 'EUR' } });
    expect(shown?.total).toEqual({
      label: GOOGLE_PAY_MERCHANT.merchantInfo.merchantName,
      amount: { currency: 'EUR', value: '25.00' },
    });
    await pays();
    await vi.waitFor(() => expect(events).toContain('complete success'));
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(APPROVED));
    expect(log.find((l) => l.line === `POST vault ${P.walletTokens}`)?.body).toEqual({
      wallet: 'GOOGLE_PAY',
      orderId: 'ord_1',
      token: '{"signature":"simulated"}',
      amount: GOOGLE_PAY_START.signedAmount,
    });
    const sent = charges(log);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(APPROVED);
    expect(charges(log)).toHaveLength(1);
    expect(onPaymentResult).toHaveBeenCalledTimes(1);
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
    await click({ charge: [charge()], charges: [[]], googlePayStart: foreign });
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

  it('declined: complete("fail"), onPaymentResult DECLINED', async () => {
    const { onPaymentResult } = await click({ charge: [charge('DECLINED')], charges: [[]] });
    await pays();
    await vi.waitFor(() => expect(events).toContain('complete fail'));
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(expect.objectContaining({ status: 'DECLINED' })));
  });

  it('AbortError (the sheet closed): cancelled, nothing tokenized or charged', async () => {
    const { onPaymentResult, button } = await click({ charge: [charge()], charges: [[]] });
    await act(async () => sheet?.reject(new DOMException('The sheet was closed.', 'AbortError')));
    expect(notice(container)).toBe('You closed your wallet before paying, so nothing was charged. Choose how you want to pay.');
    expect(lines(log).filter((l) => l.includes(P.walletTokens) || l.includes(P.chargesByOrder('ord_1')))).toEqual([]);
    expect(onPaymentResult).not.toHaveBeenCalled();
    expect(button().disabled).toBe(false);
  });

  it('another error, or no token in the payment data: failed, complete("fail") when shown, nothing charged', async () => {
    const failed = 'The wallet payment could not be completed, so nothing was charged. Try again, or choose another way to pay.';
    await click({ charge: [charge()], charges: [[]] });
    await act(async () => sheet?.reject(new DOMException('Not supported.', 'NotSupportedError')));
    expect(notice(container)).toBe(failed);
    container.remove();
    container = document.body.appendChild(document.createElement('div'));
    await click({ charge: [charge()], charges: [[]] });
    await act(async () => sheet?.resolve({ paymentMethodData: { tokenizationData: {} } }));
    await vi.waitFor(() => expect(events).toContain('complete fail'));
    expect(notice(container)).toBe(failed);
    expect(charges(log)).toEqual([]);
  });

  it('409 ORDER_ALREADY_PAID: complete("fail"), "already paid", no onPaymentResult', async () => {
    const { onPaymentResult } = await click({ charge: ['alreadyPaid'], charges: [[]] });
    await pays();
    await vi.waitFor(() => expect(notice(container)).toBe('This order is already paid, so your wallet was not charged.'));
    expect(events).toContain('complete fail');
    expect(onPaymentResult).not.toHaveBeenCalled();
  });

  it('lost reply, the charges show it: APPROVED once; none: resent with the same key', async () => {
    const first = await click({ charge: ['lost'], charges: [[charge()]] });
    await pays();
    await vi.waitFor(() => expect(first.onPaymentResult).toHaveBeenCalledWith(APPROVED));
    expect(charges(log)).toHaveLength(1);
    container.remove();
    sessionStorage.clear();
    server.resetHandlers();
    container = document.body.appendChild(document.createElement('div'));
    const second = await click({ charge: ['lost', charge()], charges: [[]] });
    await pays();
    await vi.waitFor(() => expect(second.onPaymentResult).toHaveBeenCalledWith(APPROVED));
    const [a, b] = charges(log);
    expect(b?.key).toBe(a?.key);
    expect(events.filter((e) => e.startsWith('complete'))).toEqual(['complete success', 'complete success']);
  });

  it('lost reply, charges unreadable: the unknown message; pay() rejects PAYMENT_OUTCOME_UNKNOWN with the orderId', async () => {
    const { api, onPaymentResult } = await click({ charge: ['lost'], charges: ['down'] });
    await pays();
    await vi.waitFor(
      () =>
        expect(notice(container)).toBe(
          'We could not confirm your payment. Try again to check it: you will not be charged twice.',
        ),
      { timeout: 4000 },
    );
    expect(events).toContain('complete fail');
    await expect(api.pay({ orderId: 'ord_1' })).rejects.toMatchObject({
      code: 'PAYMENT_OUTCOME_UNKNOWN',
      details: { orderId: 'ord_1' },
    });
    expect(onPaymentResult).not.toHaveBeenCalled();
    expect(charges(log)).toHaveLength(1);
  });
});
