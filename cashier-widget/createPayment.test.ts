import { describe, expect, it, vi } from 'vitest';
import { CashierError, type Charge, ErrorCode, type Order } from '../shared';
import { createPayment, type PaymentDeps } from './createPayment';
import type { CardFormValues } from './validateCardForm';

const VALUES: CardFormValues = {
  cardholderName: 'Ada Lovelace',
  cardNumber: '4242 4242 4242 4242',
  expirationDate: '12/30',
  securityCode: '123',
  email: 'ada@example.com',
};

const charge = (over: Partial<Charge> = {}): Charge => ({
  id: 'ch_1',
  orderId: 'ord_1',
  status: 'APPROVED',
  amount: { amount: 5000, currency: 'EUR' },
  paymentMethod: 'CARD',
  createdAt: '2026-11-22T00:00:00Z',
  ...over,
});

function setup(over: Partial<PaymentDeps> = {}) {
  let keys = 0;
  const api = {
    tokenizeCard: vi.fn(async () => ({ token: `tok_${keys}`, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 })),
    chargeOrder: vi.fn(async (_orderId: string, _body: unknown, _key: string) => charge()),
    getOrder: vi.fn(async () => ({ id: 'ord_1', status: 'PAID', chargeId: 'ch_first' }) as Order),
  };
  const deps: PaymentDeps = {
    api,
    method: () => 'CARD',
    values: () => VALUES,
    validate: vi.fn(() => ({ valid: true, errors: {} })),
    showErrors: vi.fn(),
    newIdempotencyKey: () => `key-${++keys}`,
    ...over,
  };
  return { payment: createPayment(deps), api, deps };
}

describe('createPayment: validate → tokenize → charge', () => {
  it('a charge reply for another order is not believed: the outcome is unknown (INVALID_RESPONSE cause)', async () => {
    const { payment, api } = setup();
    api.chargeOrder.mockResolvedValueOnce(charge({ orderId: 'ord_other' }));
    await expect(payment.pay({ orderId: 'ord_1' })).rejects.toMatchObject({
      code: ErrorCode.PaymentOutcomeUnknown,
      details: { causeCode: ErrorCode.InvalidResponse },
    });
  });

  it('an approved card: tokenizes the form, charges with a key, resolves APPROVED with the charge id', async () => {
    const { payment, api } = setup();
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toEqual({ status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_1' });
    expect(api.tokenizeCard).toHaveBeenCalledWith({
      holderName: 'Ada Lovelace',
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    expect(api.chargeOrder).toHaveBeenCalledWith(
      'ord_1',
      { paymentMethod: 'CARD', cardToken: 'tok_0', email: 'ada@example.com' },
      'key-1',
    );
  });

  it('an invalid form: INVALID with the errors, nothing tokenized or charged', async () => {
    const errors = { cardNumber: 'Enter a valid card number' };
    const { payment, api } = setup({ validate: () => ({ valid: false, errors }) });
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toEqual({ status: 'INVALID', errors });
    expect(api.tokenizeCard).not.toHaveBeenCalled();
    expect(api.chargeOrder).not.toHaveBeenCalled();
  });

  it('a card the provider rejects at tokenization (expired): INVALID on its field, shown, no charge', async () => {
    const { payment, api, deps } = setup();
    api.tokenizeCard.mockRejectedValueOnce(
      new CashierError(ErrorCode.HttpClientError, 'HTTP 400', { status: 400, applicationErrorCode: 'CARD_EXPIRED' }),
    );
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toEqual({
      status: 'INVALID',
      errors: { expirationDate: 'This card has expired' },
    });
    expect(deps.showErrors).toHaveBeenCalledWith({ expirationDate: 'This card has expired' });
    expect(api.chargeOrder).not.toHaveBeenCalled();
  });

  it.each([
    { declineCode: 'card_declined', message: 'Your card was declined. Try another card.' },
    { declineCode: 'insufficient_funds', message: 'Your card has insufficient funds. Try another card.' },
  ])(
    'a decline ($declineCode) resolves DECLINED with a message; the next pay is a new charge with a new key',
    async ({ declineCode, message }) => {
      const { payment, api } = setup();
      api.chargeOrder.mockResolvedValueOnce(charge({ status: 'DECLINED', declineCode }));
      await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'DECLINED', declineCode, message });
      await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED' });
      expect(api.chargeOrder.mock.calls.map((c) => c[2])).toEqual(['key-1', 'key-2']);
      expect(api.tokenizeCard).toHaveBeenCalledTimes(2);
    },
  );

  it('pay at the venue: no card needed, PENDING', async () => {
    const { payment, api, deps } = setup({ method: () => 'PAY_AT_VENUE' });
    api.chargeOrder.mockResolvedValueOnce(charge({ status: 'PENDING', paymentMethod: 'PAY_AT_VENUE' }));
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'PENDING' });
    expect(deps.validate).not.toHaveBeenCalled();
    expect(api.tokenizeCard).not.toHaveBeenCalled();
    expect(api.chargeOrder.mock.calls[0]?.[1]).toEqual({ paymentMethod: 'PAY_AT_VENUE' });
  });
});

describe('createPayment: exactly once', () => {
  it('two pay calls at once (a double click) share one payment', async () => {
    const { payment, api } = setup();
    const [a, b] = await Promise.all([payment.pay({ orderId: 'ord_1' }), payment.pay({ orderId: 'ord_1' })]);
    expect(a).toEqual(b);
    expect(api.tokenizeCard).toHaveBeenCalledTimes(1);
    expect(api.chargeOrder).toHaveBeenCalledTimes(1);
  });

  it.each([ErrorCode.NetworkError, ErrorCode.Timeout, ErrorCode.HttpServerError, ErrorCode.InvalidResponse])(
    'a charge reply lost to %s: PAYMENT_OUTCOME_UNKNOWN, then pay resends the same body with the same key',
    async (code) => {
      const { payment, api } = setup();
      api.chargeOrder.mockRejectedValueOnce(new CashierError(code, 'lost'));
      await expect(payment.pay({ orderId: 'ord_1' })).rejects.toMatchObject({
        code: 'PAYMENT_OUTCOME_UNKNOWN',
        details: { causeCode: code },
      });
      await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED', chargeId: 'ch_1' });
      const [first, second] = api.chargeOrder.mock.calls;
      expect(second).toEqual(first);
      expect(api.tokenizeCard).toHaveBeenCalledTimes(1);
    },
  );

  it.each([
    { name: 'an empty body', reply: {} },
    { name: 'no id', reply: { orderId: 'ord_1', status: 'APPROVED' } },
    { name: 'an unknown status', reply: { id: 'ch_1', orderId: 'ord_1', status: 'MAYBE' } },
    { name: 'another order', reply: { id: 'ch_1', orderId: 'ord_other', status: 'APPROVED' } },
  ])('a 2xx charge reply we cannot read ($name) keeps the key: the next pay resends the same request', async ({ reply }) => {
    const { payment, api } = setup();
    api.chargeOrder.mockResolvedValueOnce(reply as Charge);
    await expect(payment.pay({ orderId: 'ord_1' })).rejects.toMatchObject({
      code: ErrorCode.PaymentOutcomeUnknown,
      details: { causeCode: ErrorCode.InvalidResponse },
    });
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED', chargeId: 'ch_1' });
    const [first, second] = api.chargeOrder.mock.calls;
    expect(second).toEqual(first);
    expect(api.tokenizeCard).toHaveBeenCalledTimes(1);
  });

  it('a refusal that proves nothing was charged (4xx) forgets the key: the next pay starts afresh', async () => {
    const { payment, api } = setup();
    api.chargeOrder.mockRejectedValueOnce(
      new CashierError(ErrorCode.HttpClientError, 'HTTP 400', { status: 400, applicationErrorCode: 'INVALID_CARD_TOKEN' }),
    );
    await expect(payment.pay({ orderId: 'ord_1' })).rejects.toMatchObject({ code: 'HTTP_CLIENT_ERROR' });
    await payment.pay({ orderId: 'ord_1' });
    expect(api.chargeOrder.mock.calls.map((c) => c[2])).toEqual(['key-1', 'key-2']);
  });

  it.each([
    { name: 'UNAUTHORIZED', error: new CashierError(ErrorCode.Unauthorized, 'HTTP 401', { status: 401 }) },
    { name: '429', error: new CashierError(ErrorCode.HttpClientError, 'HTTP 429', { status: 429 }) },
  ])(
    'a resend after a lost reply that is refused ($name) keeps the key: the first send may have been applied',
    async ({ error }) => {
      const locks: boolean[] = [];
      const { payment, api } = setup({ onLockedChange: (locked) => locks.push(locked) });
      api.chargeOrder.mockRejectedValueOnce(new CashierError(ErrorCode.NetworkError, 'socket hang up'));
      api.chargeOrder.mockRejectedValueOnce(error);
      await expect(payment.pay({ orderId: 'ord_1' })).rejects.toMatchObject({ code: ErrorCode.PaymentOutcomeUnknown });
      await expect(payment.pay({ orderId: 'ord_1' })).rejects.toMatchObject({
        code: ErrorCode.PaymentOutcomeUnknown,
        details: { causeCode: error.code },
      });
      expect(locks).toEqual([true]);
      await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED' });
      expect(api.chargeOrder.mock.calls.map((c) => c[2])).toEqual(['key-1', 'key-1', 'key-1']);
      expect(api.tokenizeCard).toHaveBeenCalledTimes(1);
      expect(locks).toEqual([true, false]);
    },
  );

  it.each([
    { name: 'approved', method: 'CARD' as const, status: 'APPROVED' as const },
    { name: 'reserved at the venue', method: 'PAY_AT_VENUE' as const, status: 'PENDING' as const },
  ])('an order this widget saw $name is never charged again: a later pay gives the same result', async ({ method, status }) => {
    const { payment, api } = setup({ method: () => method });
    api.chargeOrder.mockResolvedValue(charge({ status, paymentMethod: method }));
    const first = await payment.pay({ orderId: 'ord_1' });
    expect(first).toMatchObject({ status, chargeId: 'ch_1' });
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toEqual(first);
    expect(api.chargeOrder).toHaveBeenCalledTimes(1);
    expect(api.tokenizeCard).toHaveBeenCalledTimes(method === 'CARD' ? 1 : 0);
  });

  it('a declined order can be paid again with another card: a new key', async () => {
    const { payment, api } = setup();
    api.chargeOrder.mockResolvedValueOnce(charge({ status: 'DECLINED', declineCode: 'card_declined' }));
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'DECLINED' });
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED' });
    expect(api.chargeOrder.mock.calls.map((c) => c[2])).toEqual(['key-1', 'key-2']);
  });

  it('an order already paid (409) resolves with the charge that paid it, not an error', async () => {
    const { payment, api } = setup();
    api.chargeOrder.mockRejectedValueOnce(
      new CashierError(ErrorCode.HttpClientError, 'HTTP 409', { status: 409, applicationErrorCode: 'ORDER_ALREADY_PAID' }),
    );
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toEqual({
      status: 'APPROVED',
      orderId: 'ord_1',
      chargeId: 'ch_first',
    });
  });
});

describe('createPayment: the form lock', () => {
  it.each([
    { name: 'an approval', replies: [charge()], lockedAfter: [false] },
    { name: 'a decline', replies: [charge({ status: 'DECLINED' })], lockedAfter: [false] },
    { name: 'a pending charge', replies: [charge({ status: 'PENDING' })], lockedAfter: [false] },
    {
      name: 'a lost reply, then its approval',
      replies: [new CashierError(ErrorCode.NetworkError, 'lost'), charge()],
      lockedAfter: [true, false],
    },
    {
      name: 'a refusal before any charge (4xx)',
      replies: [new CashierError(ErrorCode.HttpClientError, 'HTTP 400', { status: 400 })],
      lockedAfter: [false],
    },
  ])('locks while pay runs; after $name: $lockedAfter', async ({ replies, lockedAfter }) => {
    const changes: boolean[] = [];
    const { payment, api } = setup({ onLockedChange: (locked) => changes.push(locked) });
    const states: boolean[] = [];
    for (const reply of replies) {
      if (reply instanceof Error) api.chargeOrder.mockRejectedValueOnce(reply);
      else api.chargeOrder.mockResolvedValueOnce(reply);
      const running = payment.pay({ orderId: 'ord_1' });
      expect(changes.at(-1)).toBe(true);
      await running.catch(() => undefined);
      states.push(changes.at(-1) ?? false);
    }
    expect(states).toEqual(lockedAfter);
  });

  it('an invalid form unlocks at once; nothing was sent', async () => {
    const changes: boolean[] = [];
    const { payment } = setup({
      onLockedChange: (locked) => changes.push(locked),
      validate: () => ({ valid: false, errors: {} }),
    });
    await payment.pay({ orderId: 'ord_1' });
    expect(changes).toEqual([true, false]);
  });
});

describe('createPayment: arguments', () => {
  it.each([undefined, {}, { orderId: '' }, { orderId: 42 }, 'ord_1'])('pay(%j) rejects INVALID_ARGUMENT', async (input) => {
    const { payment, api } = setup();
    await expect(payment.pay(input)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(api.chargeOrder).not.toHaveBeenCalled();
  });

  it('pay for another order than the widget was mounted for rejects INVALID_ARGUMENT naming both', async () => {
    const { payment } = setup({ mountedOrderId: 'ord_1' });
    await expect(payment.pay({ orderId: 'ord_2' })).rejects.toThrow(/ord_2.*ord_1/);
  });
});
