// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProviderPaths as P } from '../../shared';
import { HOLD_EXPIRED } from '../HoldNotice';
import { english } from '../testing/english';
import { setupHttpServer, WAIT } from '../testing/httpWidget';
import { applePay, clickWallet, completions, googlePay, TEST_TIMEOUT } from '../testing/walletDrivers';
import { charge, charges, lines, notice, type Replies } from '../testing/walletMount';

// What Apple Pay and Google Pay both do in the widget (issue 25 item 4), written once and run for
// each wallet, its browser API a TEST DOUBLE (no real sheet; testing/walletDrivers.ts): the sheet
// opens in the click with no request before it; the paid sheet's token → the vault → exactly one
// charge (Idempotency-Key) through createPayment's captureInWidget, its lost reply settled from
// the order's charges; the sheet completed with success or failure. What only one wallet does is
// in applePay.test.tsx and googlePay.test.tsx.

// These flows run over HTTP (msw): the tests call the doubles' callbacks directly and wait on the
// DOM with vi.waitFor, outside React's act environment, so React warns of no update.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const server = setupHttpServer();

const APPROVED = { status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_w' };
/** The wallet buttons' messages (English). */
const SAYS = {
  approved: 'Your wallet payment was approved.',
  declined: "Your wallet's card was declined, so nothing was charged. Try another card or another way to pay.",
  cancelled: 'You closed your wallet before paying, so nothing was charged. Choose how you want to pay.',
  paidElsewhere: 'This order is already paid, so your wallet was not charged.',
  unknown: 'We could not confirm your payment. Try again to check it: you will not be charged twice.',
};

describe.each([applePay, googlePay])('$name', { timeout: TEST_TIMEOUT }, (wallet) => {
  beforeEach(() => wallet.install());
  const click = (replies: Replies) => clickWallet(server, wallet, replies);

  it('approved: the sheet opened in the click with no request before; its token to the vault, one charge (Idempotency-Key), the sheet completed with success, onPaymentResult once; a later pay() charges nothing more', async () => {
    const { inClick, onPaymentResult, api, container, log } = await click({ charge: [charge()], charges: [[]] });
    expect(inClick).toEqual({ events: wallet.openedInClick, requests: 0 });
    await wallet.pay();
    await vi.waitFor(() => expect(completions(wallet)).toEqual(['success']), WAIT);
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(APPROVED), WAIT);
    await vi.waitFor(() => expect(notice(container)).toBe(SAYS.approved), WAIT);
    expect(log.find((l) => l.line === `POST vault ${P.walletTokens}`)?.body).toEqual(wallet.tokenRequest);
    expect(lines(log).filter((l) => l.includes(P.walletTokens))).toEqual([`POST vault ${P.walletTokens}`]);
    const sent = charges(log);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]?.body).toEqual({ paymentMethod: 'CARD', cardToken: 'tok_w' });
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(APPROVED);
    expect(charges(log)).toHaveLength(1);
    expect(onPaymentResult).toHaveBeenCalledTimes(1);
  });

  it('declined: the sheet completed with failure, onPaymentResult DECLINED with the message, the message shown, the button enabled again', async () => {
    const { onPaymentResult, button, container } = await click({ charge: [charge('DECLINED')], charges: [[]] });
    await wallet.pay();
    await vi.waitFor(() => expect(completions(wallet)).toEqual(['failure']), WAIT);
    await vi.waitFor(
      () => expect(onPaymentResult).toHaveBeenCalledWith(expect.objectContaining({ status: 'DECLINED', message: SAYS.declined })),
      WAIT,
    );
    await vi.waitFor(() => expect(notice(container)).toBe(SAYS.declined), WAIT);
    expect(button().disabled).toBe(false);
  });

  it('approved after the seat hold ended for good, so refunded (issue 37): the sheet completed with failure, onPaymentResult REFUNDED_HOLD_EXPIRED once with the card path’s message, no wallet message', async () => {
    const { onPaymentResult, container } = await click({ charge: [charge('REFUNDED_HOLD_EXPIRED')], charges: [[]] });
    await wallet.pay();
    await vi.waitFor(() => expect(completions(wallet)).toEqual(['failure']), WAIT);
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledTimes(1), WAIT);
    expect(onPaymentResult).toHaveBeenCalledWith({
      status: 'REFUNDED_HOLD_EXPIRED',
      orderId: 'ord_1',
      chargeId: 'ch_w',
      message: english(HOLD_EXPIRED),
    });
    expect(notice(container)).toBeUndefined();
  });

  it('cancelled (the sheet closed): the message, nothing tokenized or charged, no onPaymentResult, the button enabled again', async () => {
    const { onPaymentResult, button, container, log } = await click({ charge: [charge()], charges: [[]] });
    wallet.cancel();
    await vi.waitFor(() => expect(notice(container)).toBe(SAYS.cancelled), WAIT);
    expect(lines(log).filter((l) => l.startsWith('POST'))).toEqual(wallet.postsOnShow);
    expect(lines(log).filter((l) => l.includes(P.walletTokens) || l.includes(P.chargesByOrder('ord_1')))).toEqual([]);
    expect(onPaymentResult).not.toHaveBeenCalled();
    expect(button().disabled).toBe(false);
  });

  it('409 ORDER_ALREADY_PAID: the sheet completed with failure, "already paid", no onPaymentResult from the wallet', async () => {
    const { onPaymentResult, container } = await click({ charge: ['alreadyPaid'], charges: [[]] });
    await wallet.pay();
    await vi.waitFor(() => expect(notice(container)).toBe(SAYS.paidElsewhere), WAIT);
    expect(completions(wallet)).toEqual(['failure']);
    expect(onPaymentResult).not.toHaveBeenCalled();
  });

  it('lost reply, the order’s charges show the charge: APPROVED once, the sheet completed with success, no second charge', async () => {
    const { onPaymentResult, api, log } = await click({ charge: ['lost'], charges: [[charge()]] });
    await wallet.pay();
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(APPROVED), WAIT);
    expect(completions(wallet)).toEqual(['success']);
    expect(charges(log)).toHaveLength(1);
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(APPROVED);
    expect(charges(log)).toHaveLength(1);
    expect(onPaymentResult).toHaveBeenCalledTimes(1);
  });

  it('lost reply, the charges list none: resent once with the SAME Idempotency-Key and body, APPROVED, the sheet completed with success', async () => {
    const { onPaymentResult, log } = await click({ charge: ['lost', charge()], charges: [[]] });
    await wallet.pay();
    await vi.waitFor(() => expect(onPaymentResult).toHaveBeenCalledWith(APPROVED), WAIT);
    const sent = charges(log);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[1]?.body).toEqual(sent[0]?.body);
    expect(completions(wallet)).toEqual(['success']);
  });

  it('lost reply, charges unreadable: the unknown message, the sheet completed with failure; pay() rejects PAYMENT_OUTCOME_UNKNOWN with the orderId, then reads them and resolves with no second charge', async () => {
    const replies: Replies = { charge: ['lost'], charges: ['down'] };
    const { onPaymentResult, api, container, log } = await click(replies);
    await wallet.pay();
    await vi.waitFor(() => expect(notice(container)).toBe(SAYS.unknown), WAIT);
    expect(completions(wallet)).toEqual(['failure']);
    await expect(api.pay({ orderId: 'ord_1' })).rejects.toMatchObject({
      code: 'PAYMENT_OUTCOME_UNKNOWN',
      details: { orderId: 'ord_1' },
    });
    expect(onPaymentResult).not.toHaveBeenCalled();
    expect(charges(log)).toHaveLength(1);
    replies.charges = [[charge()]];
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual(APPROVED);
    expect(charges(log)).toHaveLength(1);
  });
});
