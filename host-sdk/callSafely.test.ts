import { describe, expect, it, vi } from 'vitest';
import { callSafely } from './callSafely';

describe('callSafely', () => {
  it('passes the arguments and does nothing without a callback', () => {
    const callback = vi.fn();
    callSafely('onSlow', callback, 10_000);
    expect(callback).toHaveBeenCalledWith(10_000);
    expect(() => callSafely('onSlow', undefined, 1)).not.toThrow();
  });

  it('reports a throw with console.error instead of passing it on', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const boom = new Error('host bug');
    expect(() =>
      callSafely('onCrash', () => {
        throw boom;
      }),
    ).not.toThrow();
    expect(log).toHaveBeenCalledWith('mountCashier: opts.onCrash threw', boom);
  });

  it('reports the rejection of an async callback', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const boom = new Error('async host bug');
    callSafely('onApiInit', async () => {
      throw boom;
    });
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('mountCashier: opts.onApiInit threw', boom));
  });
});
