import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { CashierError, type Charge, ErrorCode } from '../shared';
import { CHARGE_JOURNAL_KEY, createChargeJournal, type JournalStorage } from './createChargeJournal';
import { createPayment, type PaymentDeps } from './createPayment';
import { english } from './testing/english';
import { memoryStorage } from './testing/memoryStorage';
import type { CardFormValues } from './validateCardForm';

const VALUES: CardFormValues = {
  cardholderName: 'Ada Lovelace',
  cardNumber: '4242 4242 4242 4242',
  expirationDate: '12/30',
  securityCode: '123',
  country: '',
  postalCode: '',
  subdivision: '',
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

/** Storage the browser refuses to a cross-site frame (Chromium throws "Access is denied"). */
function refusedStorage(): JournalStorage {
  const refuse = () => {
    throw new DOMException('Access is denied for this document.', 'SecurityError');
  };
  return { getItem: refuse, setItem: refuse, removeItem: refuse };
}

/**
 * One mount's payment flow over a fake provider; `storage` is the tab's sessionStorage (pass the
 * same one to a second setup for the next mount on the page).
 */
function setup(over: Partial<PaymentDeps> = {}, storage: JournalStorage = memoryStorage()) {
  let keys = 0;
  let tokens = 0;
  const journal = createChargeJournal(() => storage);
  const api = {
    tokenizeCard: vi.fn(async () => ({ token: `tok_${tokens++}`, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 })),
    chargeOrder: vi.fn(async (_orderId: string, _body: unknown, _key: string) => charge()),
    getChargesByOrder: vi.fn(async (_orderId: string): Promise<Charge[]> => []),
    cancelCharge: vi.fn(async (chargeId: string) => charge({ id: chargeId, status: 'DECLINED' })),
  };
  const deps: PaymentDeps = {
    api,
    method: () => 'CARD',
    values: () => VALUES,
    validate: vi.fn(() => ({ valid: true, errors: {} })),
    showErrors: vi.fn((errors: Record<string, MessageDescriptor>) =>
      Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, english(error)])),
    ),
    newIdempotencyKey: () => `key-${++keys}`,
    clearCard: vi.fn(),
    journal,
    challenge: vi.fn(async () => charge()),
    ...over,
  };
  return { payment: createPayment(deps), api, deps, journal };
}

/** A provider error as the provider client rejects with it. */
const refusal = (status: number, applicationErrorCode: string) =>
  new CashierError(ErrorCode.HttpClientError, `HTTP ${status}`, { status, applicationErrorCode });

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
    expect(deps.showErrors).toHaveBeenCalledWith({
      expirationDate: expect.objectContaining({ message: 'This card has expired' }),
    });
    expect(api.chargeOrder).not.toHaveBeenCalled();
  });

  // The message is the widget's, in the buyer's language (mount.test.tsx, i18n.test.tsx).
  it.each([{ declineCode: 'card_declined' }, { declineCode: 'insufficient_funds' }])(
    'a decline ($declineCode) resolves DECLINED with its code; the next pay is a new charge with a new key',
    async ({ declineCode }) => {
      const { payment, api } = setup();
      api.chargeOrder.mockResolvedValueOnce(charge({ status: 'DECLINED', declineCode }));
      await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'DECLINED', declineCode });
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

  it("an order already paid (409) resolves with the charge that paid it, read from the order's charges", async () => {
    const { payment, api, journal } = setup();
    api.chargeOrder.mockRejectedValueOnce(refusal(409, 'ORDER_ALREADY_PAID'));
    api.getChargesByOrder.mockResolvedValueOnce([charge({ id: 'ch_declined', status: 'DECLINED' }), charge({ id: 'ch_first' })]);
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toEqual({
      status: 'APPROVED',
      orderId: 'ord_1',
      chargeId: 'ch_first',
    });
    expect(api.getChargesByOrder).toHaveBeenCalledWith('ord_1');
    expect(journal.has('ord_1')).toBe(false);
  });
});

describe("createPayment: errors of the frame's provider client (another copy of CashierError)", () => {
  /** What the frame's client throws: a CashierError of the frame's own bundle, not this bundle's class. */
  const foreign = (code: string, details: Record<string, unknown>) =>
    Object.assign(new Error(`HTTP ${String(details.status)}`), { name: 'CashierError', code, details });

  it('a first charge refused (400) is that refusal, not a lost reply: nothing is open afterwards', async () => {
    const { payment, api, journal } = setup();
    api.chargeOrder.mockRejectedValueOnce(
      foreign('HTTP_CLIENT_ERROR', { status: 400, applicationErrorCode: 'INVALID_CARD_TOKEN' }),
    );
    await expect(payment.pay({ orderId: 'ord_1' })).rejects.toMatchObject({
      code: ErrorCode.HttpClientError,
      details: { status: 400, applicationErrorCode: 'INVALID_CARD_TOKEN' },
    });
    expect(journal.has('ord_1')).toBe(false);
    api.chargeOrder.mockResolvedValueOnce(charge({ orderId: 'ord_2' }));
    await expect(payment.pay({ orderId: 'ord_2' })).resolves.toMatchObject({ status: 'APPROVED' });
  });

  it("409 ORDER_ALREADY_PAID is recognised: pay resolves with the order's settling charge", async () => {
    const { payment, api } = setup();
    api.chargeOrder.mockRejectedValueOnce(
      foreign('HTTP_CLIENT_ERROR', { status: 409, applicationErrorCode: 'ORDER_ALREADY_PAID' }),
    );
    api.getChargesByOrder.mockResolvedValueOnce([charge({ id: 'ch_first' })]);
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED', chargeId: 'ch_first' });
  });

  it('a card refused at tokenization (CARD_EXPIRED) shows on its field', async () => {
    const { payment, api } = setup();
    api.tokenizeCard.mockRejectedValueOnce(foreign('HTTP_CLIENT_ERROR', { status: 400, applicationErrorCode: 'CARD_EXPIRED' }));
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toEqual({
      status: 'INVALID',
      errors: { expirationDate: 'This card has expired' },
    });
  });
});

describe('createPayment: the write-ahead journal (issue 12 findings 3, 4)', () => {
  it('the order is written before its charge goes out, holds only order ids, and is forgotten once the reply is read', async () => {
    const storage = memoryStorage();
    const { payment, api, journal } = setup({}, storage);
    const atCharge: (string | undefined)[] = [];
    api.chargeOrder.mockImplementationOnce(async () => {
      atCharge.push(storage.items.get(CHARGE_JOURNAL_KEY));
      return charge();
    });
    await payment.pay({ orderId: 'ord_1' });
    expect(atCharge).toEqual([JSON.stringify(['ord_1'])]);
    expect(journal.has('ord_1')).toBe(false);
    expect(storage.items.has(CHARGE_JOURNAL_KEY)).toBe(false);
  });

  it("a charge the frame's own teardown aborted (DESTROYED) is a lost reply: it may have reached the provider, so the order stays in the journal", async () => {
    const { payment, api, journal } = setup();
    api.chargeOrder.mockRejectedValueOnce(new CashierError(ErrorCode.Destroyed, 'the widget was destroyed'));
    await expect(payment.pay({ orderId: 'ord_1' })).rejects.toMatchObject({
      code: ErrorCode.PaymentOutcomeUnknown,
      details: { orderId: 'ord_1', causeCode: ErrorCode.Destroyed },
    });
    expect(journal.has('ord_1')).toBe(true);
  });

  it('a lost reply leaves the order in the journal', async () => {
    const { payment, api, journal } = setup();
    api.chargeOrder.mockRejectedValueOnce(new CashierError(ErrorCode.NetworkError, 'lost'));
    await expect(payment.pay({ orderId: 'ord_1' })).rejects.toMatchObject({
      code: ErrorCode.PaymentOutcomeUnknown,
      details: { orderId: 'ord_1', causeCode: ErrorCode.NetworkError },
    });
    expect(journal.has('ord_1')).toBe(true);
  });

  it('an order that was never charged is not read first: with a working journal, no extra request', async () => {
    const { payment, api } = setup();
    await payment.pay({ orderId: 'ord_1' });
    expect(api.getChargesByOrder).not.toHaveBeenCalled();
  });

  /** The first mount sends a charge and is destroyed before its reply (the promise is left behind). */
  function destroyedMidCharge(storage: JournalStorage) {
    const first = setup({}, storage);
    first.api.chargeOrder.mockImplementationOnce(() => new Promise<Charge>(() => undefined));
    void first.payment.pay({ orderId: 'ord_1' });
    return first;
  }

  it.each([
    {
      name: 'an APPROVED charge',
      charges: [charge({ id: 'ch_original' })],
      result: { status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_original' },
      charged: false,
    },
    {
      name: 'a PENDING charge (pay at the venue)',
      charges: [charge({ id: 'ch_venue', status: 'PENDING', paymentMethod: 'PAY_AT_VENUE' })],
      result: { status: 'PENDING', orderId: 'ord_1', chargeId: 'ch_venue' },
      charged: false,
    },
    { name: 'no charge', charges: [], result: { status: 'APPROVED', chargeId: 'ch_1' }, charged: true },
    {
      name: 'only a DECLINED charge',
      charges: [charge({ id: 'ch_d', status: 'DECLINED' })],
      result: { status: 'APPROVED', chargeId: 'ch_1' },
      charged: true,
    },
  ])('the next mount after a destroy mid-charge reads the charges first: $name', async ({ charges, result, charged }) => {
    const storage = memoryStorage();
    const first = destroyedMidCharge(storage);
    await vi.waitFor(() => expect(first.api.chargeOrder).toHaveBeenCalled());
    const next = setup({}, storage);
    next.api.getChargesByOrder.mockResolvedValueOnce(charges);
    await expect(next.payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject(result);
    expect(next.api.getChargesByOrder).toHaveBeenCalledTimes(1);
    expect(next.api.tokenizeCard).toHaveBeenCalledTimes(charged ? 1 : 0);
    expect(next.api.chargeOrder).toHaveBeenCalledTimes(charged ? 1 : 0);
    expect(next.journal.has('ord_1')).toBe(false);
    expect(next.deps.clearCard).toHaveBeenCalledTimes(1);
  });

  it('the next mount cannot read the charges (5xx): PAYMENT_OUTCOME_UNKNOWN, nothing tokenized or charged, still journalled', async () => {
    const storage = memoryStorage();
    const first = destroyedMidCharge(storage);
    await vi.waitFor(() => expect(first.api.chargeOrder).toHaveBeenCalled());
    const next = setup({}, storage);
    next.api.getChargesByOrder.mockRejectedValueOnce(new CashierError(ErrorCode.HttpServerError, 'HTTP 503', { status: 503 }));
    await expect(next.payment.pay({ orderId: 'ord_1' })).rejects.toMatchObject({
      code: ErrorCode.PaymentOutcomeUnknown,
      details: { orderId: 'ord_1', causeCode: ErrorCode.HttpServerError, status: 503 },
    });
    expect(next.api.tokenizeCard).not.toHaveBeenCalled();
    expect(next.api.chargeOrder).not.toHaveBeenCalled();
    expect(next.journal.has('ord_1')).toBe(true);
    next.api.getChargesByOrder.mockResolvedValueOnce([charge({ id: 'ch_original' })]);
    await expect(next.payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ chargeId: 'ch_original' });
  });

  it('the next mount is refused the order for good (404): that error, the journal forgets the order', async () => {
    const storage = memoryStorage();
    const first = destroyedMidCharge(storage);
    await vi.waitFor(() => expect(first.api.chargeOrder).toHaveBeenCalled());
    const next = setup({}, storage);
    next.api.getChargesByOrder.mockRejectedValueOnce(refusal(404, 'ORDER_NOT_FOUND'));
    await expect(next.payment.pay({ orderId: 'ord_1' })).rejects.toMatchObject({
      code: ErrorCode.HttpClientError,
      details: { applicationErrorCode: 'ORDER_NOT_FOUND' },
    });
    expect(next.api.chargeOrder).not.toHaveBeenCalled();
    expect(next.journal.has('ord_1')).toBe(false);
  });

  it.each([
    { name: '404 ORDER_NOT_FOUND', error: refusal(404, 'ORDER_NOT_FOUND') },
    { name: '400 INVALID_CARD_TOKEN', error: refusal(400, 'INVALID_CARD_TOKEN') },
    { name: '422 IDEMPOTENCY_KEY_REUSED', error: refusal(422, 'IDEMPOTENCY_KEY_REUSED') },
  ])(
    "a resend after a lost reply refused for good ($name): the order's charges settle it, not PAYMENT_OUTCOME_UNKNOWN forever",
    async ({ error }) => {
      const { payment, api, journal } = setup();
      api.chargeOrder.mockRejectedValueOnce(new CashierError(ErrorCode.NetworkError, 'lost'));
      api.chargeOrder.mockRejectedValueOnce(error);
      await expect(payment.pay({ orderId: 'ord_1' })).rejects.toMatchObject({ code: ErrorCode.PaymentOutcomeUnknown });
      api.getChargesByOrder.mockResolvedValueOnce([charge({ id: 'ch_original' })]);
      await expect(payment.pay({ orderId: 'ord_1' })).resolves.toEqual({
        status: 'APPROVED',
        orderId: 'ord_1',
        chargeId: 'ch_original',
      });
      expect(api.chargeOrder.mock.calls.map((c) => c[2])).toEqual(['key-1', 'key-1']);
      expect(api.tokenizeCard).toHaveBeenCalledTimes(1);
      expect(journal.has('ord_1')).toBe(false);
    },
  );

  it('a resend refused for good, and no charge paid the order: it is charged anew with a new token and key', async () => {
    const { payment, api } = setup();
    api.chargeOrder.mockRejectedValueOnce(new CashierError(ErrorCode.Timeout, 'lost'));
    api.chargeOrder.mockRejectedValueOnce(refusal(400, 'INVALID_CARD_TOKEN'));
    await expect(payment.pay({ orderId: 'ord_1' })).rejects.toMatchObject({ code: ErrorCode.PaymentOutcomeUnknown });
    api.getChargesByOrder.mockResolvedValueOnce([charge({ id: 'ch_d', status: 'DECLINED' })]);
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED', chargeId: 'ch_1' });
    expect(api.chargeOrder.mock.calls.map((c) => [c[2], (c[1] as { cardToken: string }).cardToken])).toEqual([
      ['key-1', 'tok_0'],
      ['key-1', 'tok_0'],
      ['key-2', 'tok_1'],
    ]);
  });
});

describe('createPayment: a stored journal that cannot be read (issue 19)', () => {
  /** The tab's sessionStorage with a corrupt journal under the key. */
  const corrupt = () => {
    const storage = memoryStorage();
    storage.items.set(CHARGE_JOURNAL_KEY, '["ord_1"'); // cut short
    return storage;
  };

  it.each([
    { name: 'an APPROVED charge: that is the outcome, nothing charged', charges: [charge({ id: 'ch_original' })], charged: 0 },
    { name: 'no charge: charged anew after the read', charges: [], charged: 1 },
  ])('any order is read before it is charged: $name', async ({ charges, charged }) => {
    for (const orderId of ['ord_1', 'ord_other']) {
      const { payment, api } = setup({}, corrupt());
      api.getChargesByOrder.mockResolvedValueOnce(charges.map((c) => ({ ...c, orderId })));
      api.chargeOrder.mockResolvedValueOnce(charge({ orderId }));
      await expect(payment.pay({ orderId })).resolves.toMatchObject({ status: 'APPROVED', orderId });
      expect(api.getChargesByOrder).toHaveBeenCalledWith(orderId);
      expect(api.chargeOrder).toHaveBeenCalledTimes(charged);
      if (charged) {
        expect(api.getChargesByOrder.mock.invocationCallOrder[0]).toBeLessThan(api.tokenizeCard.mock.invocationCallOrder[0] ?? 0);
      }
    }
  });

  it('the read fails (5xx): PAYMENT_OUTCOME_UNKNOWN, nothing tokenized or charged', async () => {
    const { payment, api } = setup({}, corrupt());
    api.getChargesByOrder.mockRejectedValueOnce(new CashierError(ErrorCode.HttpServerError, 'HTTP 503', { status: 503 }));
    await expect(payment.pay({ orderId: 'ord_9' })).rejects.toMatchObject({
      code: ErrorCode.PaymentOutcomeUnknown,
      details: { orderId: 'ord_9' },
    });
    expect(api.tokenizeCard).not.toHaveBeenCalled();
    expect(api.chargeOrder).not.toHaveBeenCalled();
  });
});

describe('createPayment: storage refused (Chromium blocks a cross-site frame storage)', () => {
  it('the journal is memory only, so the first pay for an order reads its charges: an earlier mount may have paid it', async () => {
    const { payment, api, journal } = setup({}, refusedStorage());
    expect(journal.durable).toBe(false);
    api.getChargesByOrder.mockResolvedValueOnce([charge({ id: 'ch_original' })]);
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ chargeId: 'ch_original' });
    expect(api.tokenizeCard).not.toHaveBeenCalled();
    expect(api.chargeOrder).not.toHaveBeenCalled();
  });

  it('an order this mount knows is not read again: after a decline the next pay charges at once', async () => {
    const { payment, api } = setup({}, refusedStorage());
    api.chargeOrder.mockResolvedValueOnce(charge({ status: 'DECLINED', declineCode: 'card_declined' }));
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'DECLINED' });
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED' });
    expect(api.getChargesByOrder).toHaveBeenCalledTimes(1);
    expect(api.chargeOrder).toHaveBeenCalledTimes(2);
  });

  it('the precautionary read fails: its own code (no charge of ours is pending), nothing charged, read again next time', async () => {
    const { payment, api } = setup({}, refusedStorage());
    api.getChargesByOrder.mockRejectedValueOnce(new CashierError(ErrorCode.NetworkError, 'offline'));
    await expect(payment.pay({ orderId: 'ord_1' })).rejects.toMatchObject({ code: ErrorCode.NetworkError });
    expect(api.chargeOrder).not.toHaveBeenCalled();
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED' });
    expect(api.getChargesByOrder).toHaveBeenCalledTimes(2);
  });
});

describe('createPayment: one order at a time (issue 12 finding 5)', () => {
  it("pay for B while A's outcome is unknown: PAYMENT_OPEN_FOR_ANOTHER_ORDER naming A; the kept card is not tokenized for B", async () => {
    const { payment, api } = setup();
    api.chargeOrder.mockRejectedValueOnce(new CashierError(ErrorCode.NetworkError, 'lost'));
    await expect(payment.pay({ orderId: 'ord_A' })).rejects.toMatchObject({ code: ErrorCode.PaymentOutcomeUnknown });
    const refused = await payment.pay({ orderId: 'ord_B' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CashierError);
    expect(refused).toMatchObject({ code: 'PAYMENT_OPEN_FOR_ANOTHER_ORDER', details: { orderId: 'ord_A' } });
    expect(api.tokenizeCard).toHaveBeenCalledTimes(1);
    expect(api.chargeOrder.mock.calls.map((c) => c[0])).toEqual(['ord_A']);

    // Once A is settled (its resend answered), B may be paid.
    api.chargeOrder.mockResolvedValueOnce(charge({ orderId: 'ord_A' }));
    await expect(payment.pay({ orderId: 'ord_A' })).resolves.toMatchObject({ status: 'APPROVED', orderId: 'ord_A' });
    api.chargeOrder.mockResolvedValueOnce(charge({ id: 'ch_B', orderId: 'ord_B' }));
    await expect(payment.pay({ orderId: 'ord_B' })).resolves.toMatchObject({ status: 'APPROVED', orderId: 'ord_B' });
  });

  it("pay for B while A's pay runs: PAYMENT_OPEN_FOR_ANOTHER_ORDER, nothing tokenized or charged for B", async () => {
    const { payment, api } = setup();
    let release: (c: Charge) => void = () => undefined;
    api.chargeOrder.mockImplementationOnce(() => new Promise<Charge>((resolve) => (release = resolve)));
    const a = payment.pay({ orderId: 'ord_A' });
    await vi.waitFor(() => expect(api.chargeOrder).toHaveBeenCalled());
    await expect(payment.pay({ orderId: 'ord_B' })).rejects.toMatchObject({
      code: ErrorCode.PaymentOpenForAnotherOrder,
      details: { orderId: 'ord_A' },
    });
    release(charge({ orderId: 'ord_A' }));
    await expect(a).resolves.toMatchObject({ orderId: 'ord_A' });
    expect(api.tokenizeCard).toHaveBeenCalledTimes(1);
    expect(api.chargeOrder).toHaveBeenCalledTimes(1);
  });

  it('a payment that ended with a known outcome (a decline, a refusal before any charge) leaves no order open', async () => {
    const { payment, api } = setup();
    api.chargeOrder.mockResolvedValueOnce(charge({ orderId: 'ord_A', status: 'DECLINED' }));
    await payment.pay({ orderId: 'ord_A' });
    api.chargeOrder.mockRejectedValueOnce(refusal(400, 'INVALID_PAYMENT_METHOD'));
    await expect(payment.pay({ orderId: 'ord_B' })).rejects.toMatchObject({ code: ErrorCode.HttpClientError });
    api.chargeOrder.mockResolvedValueOnce(charge({ orderId: 'ord_C' }));
    await expect(payment.pay({ orderId: 'ord_C' })).resolves.toMatchObject({ status: 'APPROVED' });
  });
});

describe('createPayment: a paid order empties the card (issue 12 finding 5)', () => {
  it.each([
    { name: 'APPROVED', reply: charge(), cleared: 1 },
    { name: 'PENDING at the venue', reply: charge({ status: 'PENDING', paymentMethod: 'PAY_AT_VENUE' }), cleared: 1 },
    { name: 'DECLINED', reply: charge({ status: 'DECLINED' }), cleared: 0 },
    { name: 'a lost reply', reply: new CashierError(ErrorCode.NetworkError, 'lost'), cleared: 0 },
  ])('$name: clearCard called $cleared time(s), before pay settles', async ({ reply, cleared }) => {
    const events: string[] = [];
    const { payment, api } = setup({ clearCard: () => events.push('cleared') });
    if (reply instanceof Error) api.chargeOrder.mockRejectedValueOnce(reply);
    else api.chargeOrder.mockResolvedValueOnce(reply);
    await payment.pay({ orderId: 'ord_1' }).then(
      () => events.push('settled'),
      () => events.push('settled'),
    );
    expect(events).toEqual([...Array(cleared).fill('cleared'), 'settled']);
  });
});

describe('createPayment: the form lock', () => {
  it.each([
    { name: 'an approval', replies: [charge()], lockedAfter: [false] },
    { name: 'a decline', replies: [charge({ status: 'DECLINED' })], lockedAfter: [false] },
    { name: 'a pending charge', replies: [charge({ status: 'PENDING', paymentMethod: 'PAY_AT_VENUE' })], lockedAfter: [false] },
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
    const { payment } = setup({ mountedOrderId: () => 'ord_1' });
    await expect(payment.pay({ orderId: 'ord_2' })).rejects.toThrow(/ord_2.*ord_1/);
  });
});
