import { describe, expect, it, vi } from 'vitest';
import { createHostMethods } from './createHostMethods';
import { resolveOptions } from './resolveOptions';
import type { MountCashierOptions } from './types';

function setup(overrides: Partial<MountCashierOptions> = {}) {
  let destroyed = false;
  const onPaymentResult = vi.fn();
  const options = resolveOptions(
    { host: 'https://tickets.example.com', configuration: { appInstance: 'token' }, onPaymentResult, ...overrides },
    'https://shop.example/checkout',
  );
  const bridge = createHostMethods({ options, remote: async () => ({ callApi: vi.fn() }), isDestroyed: () => destroyed });
  return { ...bridge, onPaymentResult, destroy: () => (destroyed = true) };
}

const approved = { status: 'APPROVED', orderId: 'order-1', chargeId: 'charge-1' } as const;
const declined = { status: 'DECLINED', orderId: 'order-1', chargeId: 'charge-0', message: 'Declined.' } as const;

describe('createHostMethods: onPaymentResult (issue 25)', () => {
  it('tells the host once per order and charge, with the known keys only', () => {
    const { methods, onPaymentResult, release } = setup();
    methods.onPaymentResult({ ...declined, card: '4242' } as never);
    methods.onPaymentResult(approved);
    methods.onPaymentResult({ ...approved });
    methods.onPaymentResult({ ...declined, status: 'APPROVED' } as never);
    methods.onPaymentResult({ ...approved, orderId: 'order-2' });
    expect(onPaymentResult.mock.calls).toEqual([[declined], [approved], [{ ...approved, orderId: 'order-2' }]]);
    release();
  });

  it('ignores what is not a settled payment, and anything after destroy', () => {
    const { methods, onPaymentResult, destroy, release } = setup();
    const junk = [undefined, null, 'APPROVED', { status: 'INVALID', errors: {} }, { ...approved, chargeId: '' }];
    for (const value of junk) methods.onPaymentResult(value as never);
    destroy();
    methods.onPaymentResult(approved);
    expect(onPaymentResult).not.toHaveBeenCalled();
    release();
  });

  it("a host callback's throw stays in the host's console", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { methods, release } = setup({
      onPaymentResult: () => {
        throw new Error('host bug');
      },
    });
    expect(() => methods.onPaymentResult(approved)).not.toThrow();
    expect(error).toHaveBeenCalledWith('mountCashier: opts.onPaymentResult threw', expect.any(Error));
    error.mockRestore();
    release();
  });

  it('without the option, nothing is called', () => {
    const { methods, release } = setup({ onPaymentResult: undefined });
    expect(() => methods.onPaymentResult(approved)).not.toThrow();
    release();
  });
});
