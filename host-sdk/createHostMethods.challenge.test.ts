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
