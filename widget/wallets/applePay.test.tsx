// @vitest-environment jsdom
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProviderPaths as P } from '../../shared';
import { charge, charges, HOST, type Logged, lines, mountWallets, notice, provider, type Replies } from '../testing/walletMount';

// Apple Pay in the widget (issue 25 item 4), with ApplePaySession a TEST DOUBLE (no real sheet):
// the session is created and begun in the click, with no request before; merchant validation
// through the provider; the authorized payment's token → the vault → one charge (Idempotency-Key)
// through createPayment's captureInWidget, its lost reply settled from the order's charges.

// These flows run over HTTP (msw) and are awaited with vi.waitFor on the DOM, not inside act():
// React is told it is not in an act environment, so it does not warn of every update.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

/** The ApplePaySession double: what happened to it, in order, in `events`. */
const events: string[] = [];
let session: Session | undefined;
class Session {
  static STATUS_SUCCESS = 0;
  static STATUS_FAILURE = 1;
  static canMakePayments = () => true;
  onvalidatemerchant: ((e: { validationURL: string }) => void) | null = null;
  onpaymentauthorized: ((e: { payment: { token: unknown } }) => void) | null = null;
  oncancel: ((e: unknown) => void) | null = null;
  constructor(
    readonly version: number,
    readonly request: { total: { label: string; amount: string } },
  ) {
    events.push('new');
    session = this;
  }
  begin = () => void events.push('begin');
  abort = () => void events.push('abort');
  completeMerchantValidation = (s: unknown) => void events.push(`validated ${JSON.stringify(s)}`);
  completePayment = (r: { status: number }) => void events.push(`complete ${r.status}`);
}

let container: HTMLElement;
let log: Logged[];
beforeEach(() => {
  events.length = 0;
  session = undefined;
  vi.stubGlobal('ApplePaySession', Session);
  container = document.body.appendChild(document.createElement('div'));
});
afterEach(() => {
  container.remove();
  sessionStorage.clear();
  server.resetHandlers();
});

const TOKEN = { paymentData: { data: 'simulated' } };

/** Mounts with `replies`, clicks "Pay with Apple Pay": the events and requests the click itself made, synchronously. */
async function click(replies: Replies) {
  log = provider(server, replies);
  const mounted = await mountWallets(container, /Apple Pay/);
  const before = mounted.calls.count;
  let inClick: { events: string[]; requests: number } | undefined;
  act(() => {
    mounted.button().click();
    inClick = { events: [...events], requests: mounted.calls.count - before };
  });
  return { ...mounted, inClick };
}

/** The sheet validates the merchant, then the buyer authorizes the payment. */
async function authorize() {
  await act(async () => session?.onvalidatemerchant?.({ validationURL: 'https://apple-pay-gateway.apple.com/x' }));
  await vi.waitFor(() => expect(events).toContain('validated {"merchantSession":"ms_1"}'));
  await act(async () => session?.onpaymentauthorized?.({ payment: { token: TOKEN } }));
}

const APPROVED = { status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_w' };

describe('Apple Pay', () => {
  it('approved: session begun in the click, merchant validated, token to the vault, one charge, SUCCESS, onPaymentResult once', async () => {
    const { inClick, onPaymentResult, api } = await click({ charge: [charge()], charges: [[]] });
    expect(inClick).toEqual({ events: ['new', 'begin'], requests: 0 });
    expect(session?.request.total).toEqual({ label: 'Tickets', amount: '25.00', type: 'final' });
    await authorize();
    await vi.waitFor(() => expect(events).toContain('complete 0'));
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(APPROVED));
    expect(notice(container)).toBe('Your wallet payment was approved.');
    const validation = log.find((l) => l.line === `POST ${P.applePayMerchantValidation}`);
    expect(validation?.body).toEqual({ validationURL: 'https://apple-pay-gateway.apple.com/x', orderId: 'ord_1' });
    expect(log.find((l) => l.line === `POST vault ${P.walletTokens}`)?.body).toEqual({
      wallet: 'APPLE_PAY',
      orderId: 'ord_1',
      token: TOKEN,
    });
    expect(lines(log).filter((l) => l.includes(P.walletTokens))).toEqual([`POST vault ${P.walletTokens}`]);
    const sent = charges(log);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]?.body).toEqual({ paymentMethod: 'CARD', cardToken: 'tok_w' });
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(APPROVED);
    expect(charges(log)).toHaveLength(1);
    expect(onPaymentResult).toHaveBeenCalledTimes(1);
  });

  it('declined: FAILURE, onPaymentResult DECLINED with the message, the buttons stay', async () => {
    const { onPaymentResult, button } = await click({ charge: [charge('DECLINED')], charges: [[]] });
    await authorize();
    await vi.waitFor(() => expect(events).toContain('complete 1'));
    const declined = "Your wallet's card was declined, so nothing was charged. Try another card or another way to pay.";
    await vi.waitFor(() =>
      expect(onPaymentResult).toHaveBeenCalledWith(expect.objectContaining({ status: 'DECLINED', message: declined })),
    );
    expect(notice(container)).toBe(declined);
    expect(button().disabled).toBe(false);
  });

  it('cancelled: nothing tokenized or charged, a message, no onPaymentResult', async () => {
    const { onPaymentResult } = await click({ charge: [charge()], charges: [[]] });
    await act(async () => session?.oncancel?.({}));
    expect(notice(container)).toBe('You closed your wallet before paying, so nothing was charged. Choose how you want to pay.');
    expect(lines(log).filter((l) => l.startsWith('POST'))).toEqual([]);
    expect(onPaymentResult).not.toHaveBeenCalled();
  });

  it('merchant validation fails: the sheet is aborted, nothing charged', async () => {
    const { onPaymentResult } = await click({ charge: [charge()], charges: [[]] });
    const headers = { 'Access-Control-Allow-Origin': '*' };
    server.use(http.post(`${HOST}${P.applePayMerchantValidation}`, () => HttpResponse.json({}, { status: 400, headers })));
    await act(async () => session?.onvalidatemerchant?.({ validationURL: 'https://apple-pay-gateway.apple.com/x' }));
    await vi.waitFor(() => expect(events).toContain('abort'));
    expect(charges(log)).toEqual([]);
    expect(onPaymentResult).not.toHaveBeenCalled();
  });

  it('409 ORDER_ALREADY_PAID: FAILURE, "already paid", no onPaymentResult from the wallet', async () => {
    const { onPaymentResult } = await click({ charge: ['alreadyPaid'], charges: [[]] });
    await authorize();
    await vi.waitFor(() => expect(events).toContain('complete 1'));
    await vi.waitFor(() => expect(notice(container)).toBe('This order is already paid, so your wallet was not charged.'));
    expect(onPaymentResult).not.toHaveBeenCalled();
  });

  it('lost reply, the order’s charges show the charge: APPROVED once, no second charge', async () => {
    const { onPaymentResult, api } = await click({ charge: ['lost'], charges: [[charge()]] });
    await authorize();
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(APPROVED));
    expect(events).toContain('complete 0');
    expect(charges(log)).toHaveLength(1);
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(APPROVED);
    expect(onPaymentResult).toHaveBeenCalledTimes(1);
  });

  it('lost reply, the charges list none: resent once with the SAME Idempotency-Key', async () => {
    const { onPaymentResult } = await click({ charge: ['lost', charge()], charges: [[]] });
    await authorize();
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(APPROVED));
    const sent = charges(log);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[1]?.body).toEqual(sent[0]?.body);
  });

  it('lost reply, charges unreadable: the unknown message, FAILURE; pay() rejects PAYMENT_OUTCOME_UNKNOWN, then reads them', async () => {
    const replies: Replies = { charge: ['lost'], charges: ['down'] };
    const { onPaymentResult, api } = await click(replies);
    await authorize();
    await vi.waitFor(
      () =>
        expect(notice(container)).toBe(
          'We could not confirm your payment. Try again to check it: you will not be charged twice.',
        ),
      { timeout: 4000 },
    );
    expect(events).toContain('complete 1');
    await expect(api.pay({ orderId: 'ord_1' })).rejects.toMatchObject({
      code: 'PAYMENT_OUTCOME_UNKNOWN',
      details: { orderId: 'ord_1' },
    });
    expect(onPaymentResult).not.toHaveBeenCalled();
    replies.charges = [[charge()]];
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(APPROVED);
    expect(charges(log)).toHaveLength(1);
  });
});
