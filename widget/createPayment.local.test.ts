import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { CashierError, type Charge, ErrorCode, type PaymentMethodType } from '../shared';
import { createChargeJournal } from './createChargeJournal';
import { createPayment, type PaymentDeps } from './createPayment';
import { english } from './testing/english';
import { memoryStorage } from './testing/memoryStorage';

// The payment flow's side of the local methods (issue 38): a charge made from a redirect method's
// button exactly once (chargeInWidget), a PENDING that is `pay`'s outcome and watched (never a new
// charge, also after a reload), and BLIK's body charged by `pay` like a card.

const PAGE = 'https://payments.example/local-payments/ch_l';
const local = (over: Partial<Charge> = {}): Charge => ({
  id: 'ch_l',
  orderId: 'ord_1',
  status: 'REQUIRES_ACTION',
  amount: { amount: 5000, currency: 'EUR' },
  paymentMethod: 'IDEAL',
  nextAction: { type: 'REDIRECT', url: PAGE },
  createdAt: '2026-11-29T00:00:00Z',
  ...over,
});
const { nextAction: _, ...settledBase } = local();
const pending = { ...settledBase, status: 'PENDING' } as Charge;
const approved = { ...settledBase, status: 'APPROVED' } as Charge;
const lost = () => new CashierError(ErrorCode.NetworkError, 'Network Error');

function setup(over: Partial<PaymentDeps> = {}, method: PaymentMethodType = 'IDEAL', storage = memoryStorage()) {
  let keys = 0;
  const api = {
    tokenizeCard: vi.fn(async () => ({ token: 'tok', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 })),
    chargeOrder: vi.fn(async (_orderId: string, _body: unknown, _key: string): Promise<Charge> => local()),
    getChargesByOrder: vi.fn(async (_orderId: string): Promise<Charge[]> => []),
    cancelCharge: vi.fn(async (chargeId: string) =>
      local({ id: chargeId, status: 'DECLINED', declineCode: 'authentication_abandoned' }),
    ),
  };
  const onPending = vi.fn();
  const deps: PaymentDeps = {
    api,
    method: () => method,
    values: () => ({}) as never,
    validate: vi.fn(() => ({ valid: true, errors: {} })),
    showErrors: vi.fn((errors: Record<string, MessageDescriptor>) =>
      Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, english(error)])),
    ),
    newIdempotencyKey: () => `key-${++keys}`,
    journal: createChargeJournal(() => storage),
    challenge: vi.fn(async () => approved),
    onPending,
    ...over,
  };
  return { payment: createPayment(deps), api, onPending, storage };
}

describe('chargeInWidget: a redirect method’s charge, exactly once', () => {
  it('one POST with one Idempotency-Key and the method’s body; the order journalled until kept', async () => {
    const { payment, api } = setup();
    await expect(payment.chargeInWidget('ord_1', { paymentMethod: 'IDEAL' })).resolves.toEqual(local());
    expect(api.chargeOrder).toHaveBeenCalledTimes(1);
    expect(api.chargeOrder).toHaveBeenCalledWith('ord_1', { paymentMethod: 'IDEAL' }, 'key-1');
  });

  it('a lost reply: the order’s charges show the charge made, which is returned; nothing sent again', async () => {
    const { payment, api } = setup();
    api.chargeOrder.mockRejectedValueOnce(lost());
    api.getChargesByOrder.mockResolvedValueOnce([local()]);
    await expect(payment.chargeInWidget('ord_1', { paymentMethod: 'IDEAL' })).resolves.toEqual(local());
    expect(api.chargeOrder).toHaveBeenCalledTimes(1);
  });

  it('a lost reply and no charge listed: the very same request (same key) once more', async () => {
    const { payment, api } = setup();
    api.chargeOrder.mockRejectedValueOnce(lost());
    await expect(payment.chargeInWidget('ord_1', { paymentMethod: 'IDEAL' })).resolves.toEqual(local());
    expect(api.chargeOrder.mock.calls.map((c) => c[2])).toEqual(['key-1', 'key-1']);
  });

  it('lost twice: PAYMENT_OUTCOME_UNKNOWN; the next pay reads the charges and cancels the redirect left open (nothing charged)', async () => {
    const { payment, api } = setup({}, 'CARD');
    api.chargeOrder.mockRejectedValue(lost());
    await expect(payment.chargeInWidget('ord_1', { paymentMethod: 'IDEAL' })).rejects.toMatchObject({
      code: ErrorCode.PaymentOutcomeUnknown,
      details: { orderId: 'ord_1' },
    });
    api.getChargesByOrder.mockResolvedValue([local()]);
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({
      status: 'DECLINED',
      declineCode: 'authentication_abandoned',
    });
    expect(api.cancelCharge).toHaveBeenCalledWith('ch_l');
  });

  it('409 CHARGE_IN_PROGRESS: the order’s open charge (a click before, or an earlier mount) is the one', async () => {
    const { payment, api } = setup();
    api.chargeOrder.mockRejectedValueOnce(
      new CashierError(ErrorCode.HttpClientError, 'HTTP 409', { status: 409, applicationErrorCode: 'CHARGE_IN_PROGRESS' }),
    );
    api.getChargesByOrder.mockResolvedValueOnce([local()]);
    await expect(payment.chargeInWidget('ord_1', { paymentMethod: 'IDEAL' })).resolves.toEqual(local());
  });
});

describe('pay with a redirect method chosen', () => {
  it('no payment started: INVALID {} and nothing charged (the button pays, as PayPal’s)', async () => {
    const { payment, api } = setup();
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toEqual({ status: 'INVALID', errors: {} });
    expect(api.chargeOrder).not.toHaveBeenCalled();
  });

  it('a payment started: pay waits for its outcome and reads nothing (the window open is never cancelled)', async () => {
    let resolve!: (r: { status: 'APPROVED'; orderId: string; chargeId: string }) => void;
    const started = new Promise<{ status: 'APPROVED'; orderId: string; chargeId: string }>((r) => {
      resolve = r;
    });
    const { payment, api } = setup({ localMethod: (orderId) => (orderId === 'ord_1' ? started : undefined) });
    await payment.chargeInWidget('ord_1', { paymentMethod: 'IDEAL' });
    const paying = payment.pay({ orderId: 'ord_1' });
    resolve({ status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_l' });
    await expect(paying).resolves.toEqual({ status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_l' });
    expect(api.cancelCharge).not.toHaveBeenCalled();
    expect(api.chargeOrder).toHaveBeenCalledTimes(1);
  });
});

describe('a local PENDING', () => {
  const PENDING = { status: 'PENDING', orderId: 'ord_1', chargeId: 'ch_l', paymentMethod: 'IDEAL' };

  it('a reload (a new mount, the card chosen): pay resolves the PENDING charge, watched; no token, no new charge', async () => {
    const { payment, api, onPending } = setup({ mayBePaidInWidget: () => true }, 'CARD');
    api.getChargesByOrder.mockResolvedValue([pending]);
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toEqual(PENDING);
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toEqual(PENDING);
    expect(onPending).toHaveBeenCalledTimes(1);
    expect(onPending).toHaveBeenCalledWith(PENDING);
    expect(api.tokenizeCard).not.toHaveBeenCalled();
    expect(api.chargeOrder).not.toHaveBeenCalled();
    expect(api.getChargesByOrder).toHaveBeenCalledTimes(1);
  });

  it('resume (the mount’s read at start, no pay): the PENDING charge is watched and the form locked', async () => {
    const onLockedChange = vi.fn();
    const { payment, api, onPending } = setup({ onLockedChange }, 'CARD');
    api.getChargesByOrder.mockResolvedValue([local({ status: 'DECLINED' }), pending]);
    await payment.resume('ord_1');
    expect(onPending).toHaveBeenCalledWith(PENDING);
    expect(onLockedChange).toHaveBeenLastCalledWith(true);
    // Settled (the watch): pay resolves with it, the form unlocked, never charged again.
    payment.keep('ord_1', { status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_l' });
    expect(onLockedChange).toHaveBeenLastCalledWith(false);
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toEqual({ status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_l' });
    expect(api.chargeOrder).not.toHaveBeenCalled();
  });

  it('an older PENDING followed by a newer charge is not the outcome (only the newest counts)', async () => {
    const { payment, api, onPending } = setup({}, 'CARD');
    api.getChargesByOrder.mockResolvedValue([pending, local({ id: 'ch_2', status: 'DECLINED' })]);
    await payment.resume('ord_1');
    expect(onPending).not.toHaveBeenCalled();
  });
});

describe('BLIK: pay charges the code typed, like a card', () => {
  it('the body { paymentMethod: BLIK, blikCode } with a fresh key; nothing tokenized', async () => {
    const { payment, api } = setup({ blikBody: () => ({ paymentMethod: 'BLIK', blikCode: '777123' }) }, 'BLIK');
    api.chargeOrder.mockResolvedValueOnce({ ...approved, paymentMethod: 'BLIK' });
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED' });
    expect(api.chargeOrder).toHaveBeenCalledWith('ord_1', { paymentMethod: 'BLIK', blikCode: '777123' }, 'key-1');
    expect(api.tokenizeCard).not.toHaveBeenCalled();
  });

  it('a code the field refuses: INVALID, nothing charged', async () => {
    const { payment, api } = setup({ blikBody: () => ({ status: 'INVALID', errors: {} }) }, 'BLIK');
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toEqual({ status: 'INVALID', errors: {} });
    expect(api.chargeOrder).not.toHaveBeenCalled();
  });
});
