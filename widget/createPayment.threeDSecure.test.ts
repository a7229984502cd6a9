import { afterEach, describe, expect, it, vi } from 'vitest';
import { CashierError, type Charge, ErrorCode } from '../shared';
import { createChargeJournal, type JournalStorage } from './createChargeJournal';
import { createPayment, type PaymentDeps } from './createPayment';
import { memoryStorage } from './testing/memoryStorage';
import { awaitChallenge, CHALLENGE_POLL_INTERVAL_MS } from './threeDSecure/awaitChallenge';
import type { CardFormValues } from './validateCardForm';

const VAULT = 'https://vault.example.net';
const VALUES: CardFormValues = {
  cardholderName: 'Ada Lovelace',
  cardNumber: '4000 0027 6000 3184',
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
/** The provider's reply to a charge whose bank asks the buyer (issue 22). */
const requiresAction = charge({
  status: 'REQUIRES_ACTION',
  nextAction: { type: 'THREE_DS_CHALLENGE', url: `${VAULT}/three-ds/challenges/c1` },
});
const declined = (declineCode: string) => charge({ status: 'DECLINED', declineCode });

/** A challenge the test ends: `settle` with the charge the provider would give, or `cut` it short. */
function manualChallenge() {
  const shown: Charge[] = [];
  let settle: (c: Charge) => void = () => undefined;
  let cut: (e: unknown) => void = () => undefined;
  const challenge = vi.fn(
    (c: Charge) =>
      new Promise<Charge>((resolve, reject) => {
        shown.push(c);
        settle = resolve;
        cut = reject;
      }),
  );
  return { challenge, shown, settle: (c: Charge) => settle(c), cut: (e: unknown) => cut(e) };
}

/** One mount's payment flow; pass the same `storage` to a second setup for the next mount on the page. */
function setup(over: Partial<PaymentDeps> = {}, storage: JournalStorage = memoryStorage()) {
  let keys = 0;
  let tokens = 0;
  const journal = createChargeJournal(() => storage);
  const api = {
    tokenizeCard: vi.fn(async () => ({ token: `tok_${tokens++}`, brand: 'visa', last4: '3184', expMonth: 12, expYear: 2030 })),
    chargeOrder: vi.fn(async (_orderId: string, _body: unknown, _key: string) => requiresAction),
    getChargesByOrder: vi.fn(async (_orderId: string): Promise<Charge[]> => []),
    cancelCharge: vi.fn(async (_chargeId: string) => declined('authentication_abandoned')),
  };
  const manual = manualChallenge();
  const deps: PaymentDeps = {
    api,
    method: () => 'CARD',
    values: () => VALUES,
    validate: () => ({ valid: true, errors: {} }),
    showErrors: vi.fn(),
    newIdempotencyKey: () => `key-${++keys}`,
    clearCard: vi.fn(),
    onLockedChange: vi.fn(),
    journal,
    challenge: manual.challenge,
    ...over,
  };
  return { payment: createPayment(deps), api, deps, journal, storage, ...manual };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('createPayment: a charge that requires 3-D Secure (issue 22)', () => {
  it('pay stays pending while the challenge is open, the order journalled and the form locked; it resolves with what the charge settles as', async () => {
    const { payment, api, journal, deps, shown, settle } = setup();
    const settled = vi.fn();
    const paying = payment.pay({ orderId: 'ord_1' }).then(settled);
    await tick();
    expect(shown).toEqual([requiresAction]);
    expect(settled).not.toHaveBeenCalled();
    expect(journal.has('ord_1')).toBe(true);
    expect(deps.onLockedChange).toHaveBeenLastCalledWith(true);
    settle(charge());
    await paying;
    expect(settled).toHaveBeenCalledWith({ status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_1' });
    expect(journal.has('ord_1')).toBe(false);
    expect(deps.clearCard).toHaveBeenCalled();
    expect(api.chargeOrder).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a failed challenge', 'authentication_failed'],
    ['a challenge the buyer closed, or left open 10 minutes', 'authentication_abandoned'],
  ])('%s: DECLINED %s; the buyer pays again with a new token and key', async (_name, code) => {
    const { payment, api, shown, settle } = setup();
    const first = payment.pay({ orderId: 'ord_1' });
    await tick();
    settle(declined(code));
    await expect(first).resolves.toMatchObject({
      status: 'DECLINED',
      declineCode: code,
    });
    expect(payment.openOrder()).toBeUndefined();
    api.chargeOrder.mockResolvedValueOnce(charge({ id: 'ch_2' }));
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED', chargeId: 'ch_2' });
    expect(api.tokenizeCard).toHaveBeenCalledTimes(2);
    expect(api.chargeOrder.mock.calls.map((c) => c[2])).toEqual(['key-1', 'key-2']);
    expect(shown).toHaveLength(1);
  });

  it('a challenge the bank approved after the seat hold ended for good (issue 37): REFUNDED_HOLD_EXPIRED, nothing open', async () => {
    const { payment, journal, settle } = setup();
    const paying = payment.pay({ orderId: 'ord_1' });
    await tick();
    settle(charge({ status: 'REFUNDED_HOLD_EXPIRED', refundedAt: '2026-11-22T00:30:00Z' }));
    await expect(paying).resolves.toEqual({ status: 'REFUNDED_HOLD_EXPIRED', orderId: 'ord_1', chargeId: 'ch_1', message: '' });
    expect(payment.openOrder()).toBeUndefined();
    expect(journal.has('ord_1')).toBe(false);
  });

  it('a challenge cut short (destroy, a lost frame): PAYMENT_OUTCOME_UNKNOWN naming the order, still journalled', async () => {
    const { payment, journal, cut } = setup();
    const paying = payment.pay({ orderId: 'ord_1' });
    await tick();
    cut(new CashierError(ErrorCode.Destroyed, 'unmounted'));
    await expect(paying).rejects.toMatchObject({
      code: ErrorCode.PaymentOutcomeUnknown,
      details: { orderId: 'ord_1', causeCode: ErrorCode.Destroyed },
    });
    expect(journal.has('ord_1')).toBe(true);
    expect(payment.openOrder()).toBe('ord_1');
  });

  it("the next mount's pay reads the order's charges and shows the same challenge again: no second token or charge", async () => {
    const first = setup();
    const cutShort = first.payment.pay({ orderId: 'ord_1' });
    await tick();
    first.cut(new CashierError(ErrorCode.Destroyed, 'unmounted'));
    await cutShort.catch(() => undefined);

    const next = setup({}, first.storage);
    next.api.getChargesByOrder.mockResolvedValue([declined('card_declined'), requiresAction]);
    const paying = next.payment.pay({ orderId: 'ord_1' });
    await tick();
    expect(next.shown).toEqual([requiresAction]);
    expect(next.journal.has('ord_1')).toBe(true);
    next.settle(charge());
    await expect(paying).resolves.toEqual({ status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_1' });
    expect(next.api.tokenizeCard).not.toHaveBeenCalled();
    expect(next.api.chargeOrder).not.toHaveBeenCalled();
    expect(next.journal.has('ord_1')).toBe(false);
  });

  it('the next mount finds the challenge settled meanwhile: it resolves with that outcome, nothing shown or charged', async () => {
    const first = setup();
    const cutShort = first.payment.pay({ orderId: 'ord_1' });
    await tick();
    first.cut(new CashierError(ErrorCode.Destroyed, 'unmounted'));
    await cutShort.catch(() => undefined);
    const next = setup({}, first.storage);
    next.api.getChargesByOrder.mockResolvedValue([charge()]);
    await expect(next.payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED' });
    expect(next.shown).toEqual([]);
    expect(next.api.chargeOrder).not.toHaveBeenCalled();
  });

  it.each([
    ['failed', 'authentication_failed'],
    ['abandoned (cancelled, or expired after 10 minutes)', 'authentication_abandoned'],
  ])(
    'the challenge %s while the frame was gone: the next mount resolves DECLINED %s, nothing tokenized, charged or shown',
    async (_name, code) => {
      const first = setup();
      const cutShort = first.payment.pay({ orderId: 'ord_1' });
      await tick();
      first.cut(new CashierError(ErrorCode.Destroyed, 'unmounted'));
      await cutShort.catch(() => undefined);
      const next = setup({ validate: () => ({ valid: false, errors: { cardNumber: 'Enter a card number' } }) }, first.storage);
      next.api.getChargesByOrder.mockResolvedValue([declined(code)]);
      await expect(next.payment.pay({ orderId: 'ord_1' })).resolves.toEqual({
        status: 'DECLINED',
        orderId: 'ord_1',
        chargeId: 'ch_1',
        declineCode: code,
        message: expect.any(String),
      });
      expect(next.shown).toEqual([]);
      expect(next.api.tokenizeCard).not.toHaveBeenCalled();
      expect(next.api.chargeOrder).not.toHaveBeenCalled();
      expect(next.journal.has('ord_1')).toBe(false);
      expect(next.payment.openOrder()).toBeUndefined();
      // The buyer then pays again, with the same card or another (here in a later mount): a new charge at once.
      const later = setup({}, first.storage);
      later.api.chargeOrder.mockResolvedValueOnce(charge({ id: 'ch_2' }));
      await expect(later.payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED', chargeId: 'ch_2' });
      expect(later.api.getChargesByOrder).not.toHaveBeenCalled();
    },
  );

  it('…the same in the mount that lost it (a cancel whose reply was lost): the next pay resolves with how the challenge ended', async () => {
    const { payment, api, cut } = setup();
    const cutShort = payment.pay({ orderId: 'ord_1' });
    await tick();
    cut(new CashierError(ErrorCode.NetworkError, 'the cancel reply was lost'));
    await expect(cutShort).rejects.toMatchObject({ code: ErrorCode.PaymentOutcomeUnknown });
    api.getChargesByOrder.mockResolvedValue([declined('authentication_abandoned')]);
    api.chargeOrder.mockResolvedValueOnce(charge({ id: 'ch_2' })); // what a new charge would be
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({
      status: 'DECLINED',
      declineCode: 'authentication_abandoned',
    });
    expect(api.chargeOrder).toHaveBeenCalledTimes(1);
    expect(api.tokenizeCard).toHaveBeenCalledTimes(1);
  });

  it("only the order's newest charge counts, and only a challenge's decline: an older one, or a plain decline, is charged anew as before", async () => {
    for (const charges of [
      [declined('authentication_failed'), charge({ id: 'ch_2', status: 'DECLINED', declineCode: 'card_declined' })],
      [declined('card_declined')],
    ]) {
      const first = setup();
      const cutShort = first.payment.pay({ orderId: 'ord_1' });
      await tick();
      first.cut(new CashierError(ErrorCode.Destroyed, 'unmounted'));
      await cutShort.catch(() => undefined);
      const next = setup({}, first.storage);
      next.api.getChargesByOrder.mockResolvedValue(charges);
      next.api.chargeOrder.mockResolvedValueOnce(charge({ id: 'ch_new' }));
      await expect(next.payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED', chargeId: 'ch_new' });
      expect(next.api.tokenizeCard).toHaveBeenCalledTimes(1);
    }
  });

  it('a challenge page off the vault origin is never shown: the charge is cancelled, pay rejects INVALID_RESPONSE, the next pay charges anew', async () => {
    const { payment, api, journal, shown } = setup();
    const refused = new CashierError(ErrorCode.InvalidResponse, 'chargeOrder: the provider replied with a phishing page.', {
      chargeId: 'ch_1',
    });
    api.chargeOrder.mockRejectedValueOnce(refused);
    await expect(payment.pay({ orderId: 'ord_1' })).rejects.toMatchObject({
      code: ErrorCode.InvalidResponse,
      details: { orderId: 'ord_1' },
    });
    expect(api.cancelCharge).toHaveBeenCalledWith('ch_1');
    expect(shown).toEqual([]);
    expect(journal.has('ord_1')).toBe(false);
    expect(payment.openOrder()).toBeUndefined();
    api.chargeOrder.mockResolvedValueOnce(charge({ id: 'ch_2' }));
    await expect(payment.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED', chargeId: 'ch_2' });
    expect(api.chargeOrder).toHaveBeenCalledTimes(2);
  });

  it('…and when that cancel fails the order stays journalled: the next pay reads its charges and cancels it then', async () => {
    const { payment, api, journal } = setup();
    const refused = () => new CashierError(ErrorCode.InvalidResponse, 'off the vault', { chargeId: 'ch_1' });
    api.chargeOrder.mockRejectedValueOnce(refused());
    api.cancelCharge.mockRejectedValueOnce(new CashierError(ErrorCode.NetworkError, 'down'));
    await expect(payment.pay({ orderId: 'ord_1' })).rejects.toMatchObject({ code: ErrorCode.InvalidResponse });
    expect(journal.has('ord_1')).toBe(true);
    api.getChargesByOrder.mockRejectedValueOnce(refused());
    await expect(payment.pay({ orderId: 'ord_1' })).rejects.toMatchObject({ code: ErrorCode.InvalidResponse });
    expect(api.cancelCharge).toHaveBeenCalledTimes(2);
    expect(api.chargeOrder).toHaveBeenCalledTimes(1);
    expect(journal.has('ord_1')).toBe(false);
  });
});

describe('createPayment with awaitChallenge: the outcome comes from the provider', () => {
  it('a lost completion message: polling finds the outcome within 2 s and pay resolves', async () => {
    vi.useFakeTimers();
    const getCharge = vi.fn(async (): Promise<Charge> => requiresAction);
    const win = Object.assign(new EventTarget(), { document: new EventTarget() }) as unknown as Window;
    const close = vi.fn();
    const { payment } = setup({
      challenge: (c) =>
        awaitChallenge(c, {
          api: { getCharge, cancelCharge: vi.fn() },
          vaultOrigin: VAULT,
          show: () => ({ source: () => null, close }),
          win,
        }),
    });
    const settled = vi.fn();
    payment.pay({ orderId: 'ord_1' }).then(settled);
    await vi.advanceTimersByTimeAsync(CHALLENGE_POLL_INTERVAL_MS);
    expect(settled).not.toHaveBeenCalled();
    getCharge.mockResolvedValue(declined('authentication_failed')); // recorded; its message lost
    await vi.advanceTimersByTimeAsync(CHALLENGE_POLL_INTERVAL_MS);
    expect(settled).toHaveBeenCalledWith(expect.objectContaining({ status: 'DECLINED', declineCode: 'authentication_failed' }));
    expect(close).toHaveBeenCalled();
  });
});
