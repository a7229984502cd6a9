import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, type FrameMethods, PAY_CALL_TIMEOUT_MS } from '../shared';
import { createHostMethods } from './createHostMethods';
import { resolveOptions } from './resolveOptions';

/** A mount whose frame never answers `pay` (the buyer is in the bank's challenge, or the frame hangs). */
function setup({ challengeOpenFirst = false } = {}) {
  const onApiInit = vi.fn();
  const options = resolveOptions(
    { host: 'https://tickets.example.com', configuration: { appInstance: 'token' }, onApiInit },
    'https://shop.example/checkout',
  );
  const callApi: FrameMethods['callApi'] = vi.fn(() => new Promise<never>(() => undefined));
  const overlay = vi.fn();
  const bridge = createHostMethods({ options, remote: async () => ({ callApi }), isDestroyed: () => false, overlay });
  bridge.methods.onApiInit(['pay']);
  if (challengeOpenFirst) bridge.methods.onChallenge({ open: true });
  const api = onApiInit.mock.calls[0]?.[0] as { pay(input: unknown): Promise<unknown> };
  const outcome = vi.fn();
  api.pay({ orderId: 'o-1' }).catch(outcome);
  return { ...bridge, overlay, outcome };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createHostMethods: the pay timeout counts network time, not the buyer in a 3-D Secure challenge (issue 22)', () => {
  it('without a challenge, pay rejects PAYMENT_OUTCOME_UNKNOWN naming the order at 60 000 ms', async () => {
    const { outcome } = setup();
    await vi.advanceTimersByTimeAsync(PAY_CALL_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(
      expect.objectContaining({ code: ErrorCode.PaymentOutcomeUnknown, details: { method: 'pay', orderId: 'o-1' } }),
    );
  });

  it('the time a challenge is open does not count: 10 s, 9 minutes in the challenge, then 60 s afresh to read its outcome', async () => {
    const { methods, outcome } = setup();
    await vi.advanceTimersByTimeAsync(10_000);
    methods.onChallenge({ open: true });
    await vi.advanceTimersByTimeAsync(9 * 60_000);
    expect(outcome).not.toHaveBeenCalled();
    methods.onChallenge({ open: false });
    await vi.advanceTimersByTimeAsync(PAY_CALL_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.objectContaining({ code: ErrorCode.PaymentOutcomeUnknown }));
  });

  it('a pay that starts while a challenge is open (a resumed one) waits for it to close before counting', async () => {
    const { methods, outcome } = setup({ challengeOpenFirst: true });
    await vi.advanceTimersByTimeAsync(2 * PAY_CALL_TIMEOUT_MS);
    expect(outcome).not.toHaveBeenCalled();
    methods.onChallenge({ open: false });
    await vi.advanceTimersByTimeAsync(PAY_CALL_TIMEOUT_MS);
    expect(outcome).toHaveBeenCalledWith(expect.objectContaining({ code: ErrorCode.PaymentOutcomeUnknown }));
  });

  it('the overlay is lent only while a challenge that asked for it is open; untrusted input is narrowed', () => {
    const { methods, overlay } = setup();
    methods.onChallenge({ open: true, overlay: true });
    methods.onChallenge({ open: false, overlay: true });
    methods.onChallenge({ open: true });
    methods.onChallenge({ open: 'yes', overlay: true } as never);
    expect(overlay.mock.calls).toEqual([[true], [false], [false], [false]]);
  });
});

describe('createHostMethods: a frame lost during a 3-D Secure challenge (issue 22)', () => {
  /** A mount whose `pay` the test ends by losing the connection (penpal's CONNECTION_DESTROYED, or the frame's DESTROYED). */
  function losable() {
    const onApiInit = vi.fn();
    const options = resolveOptions(
      { host: 'https://tickets.example.com', configuration: { appInstance: 'token' }, onApiInit },
      'https://shop.example/checkout',
    );
    let lose: (thrown: unknown) => void = () => undefined;
    let answer: (result: unknown) => void = () => undefined;
    const callApi = vi.fn(
      () =>
        new Promise((resolve, reject) => {
          lose = reject;
          answer = resolve;
        }),
    ) as unknown as FrameMethods['callApi'];
    const bridge = createHostMethods({ options, remote: async () => ({ callApi }), isDestroyed: () => false });
    bridge.methods.onApiInit(['pay', 'validate']);
    const api = onApiInit.mock.calls[0]?.[0] as Record<string, (input?: unknown) => Promise<unknown>>;
    const call = (method: string, input?: unknown) => {
      const outcome = api[method]?.(input).catch((error: unknown) => error);
      return { outcome, lose: (thrown: unknown) => lose(thrown), answer: (result: unknown) => answer(result) };
    };
    return { ...bridge, call };
  }
  const connectionDestroyed = Object.assign(new Error('Connection destroyed'), { code: 'CONNECTION_DESTROYED' });

  it.each([
    { name: 'the connection ends (iframe removed, frame crashed)', thrown: connectionDestroyed },
    { name: "the frame's own DESTROYED answer (its page went away)", answer: { error: { code: ErrorCode.Destroyed } } },
  ])(
    'while the challenge is open, $name: PAYMENT_OUTCOME_UNKNOWN naming the order, not CONNECTION_LOST',
    async ({ thrown, answer }) => {
      const { methods, call } = losable();
      const paying = call('pay', { orderId: 'o-1' });
      await vi.advanceTimersByTimeAsync(0);
      methods.onChallenge({ open: true });
      await vi.advanceTimersByTimeAsync(0);
      if (answer) paying.answer(answer);
      else paying.lose(thrown);
      expect(await paying.outcome).toMatchObject({
        code: ErrorCode.PaymentOutcomeUnknown,
        details: { method: 'pay', orderId: 'o-1' },
      });
    },
  );

  it('the challenge closed but its outcome not read yet: still PAYMENT_OUTCOME_UNKNOWN (the charge may have settled)', async () => {
    const { methods, call } = losable();
    const paying = call('pay', { orderId: 'o-1' });
    await vi.advanceTimersByTimeAsync(0);
    methods.onChallenge({ open: true });
    methods.onChallenge({ open: false }); // the frame's teardown closes its dialog before the connection goes
    paying.lose(connectionDestroyed);
    expect(await paying.outcome).toMatchObject({ code: ErrorCode.PaymentOutcomeUnknown, details: { orderId: 'o-1' } });
  });

  it('elsewhere what exists stays: a pay that saw no challenge, and other methods, are CONNECTION_LOST', async () => {
    const { methods, call } = losable();
    const first = call('pay', { orderId: 'o-1' });
    await vi.advanceTimersByTimeAsync(0);
    methods.onChallenge({ open: true });
    first.lose(connectionDestroyed);
    await first.outcome;
    methods.onChallenge({ open: false });
    for (const [method, input] of [
      ['pay', { orderId: 'o-2' }],
      ['validate', undefined],
    ] as const) {
      const next = call(method, input);
      await vi.advanceTimersByTimeAsync(0);
      next.lose(connectionDestroyed);
      expect(await next.outcome).toMatchObject({ code: ErrorCode.ConnectionLost });
    }
  });
});
