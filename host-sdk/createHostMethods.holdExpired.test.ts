import { describe, expect, it, vi } from 'vitest';
import { createHostMethods } from './createHostMethods';
import { resolveOptions } from './resolveOptions';
import type { MountCashierOptions } from './types';

function setup(overrides: Partial<MountCashierOptions> = {}) {
  let destroyed = false;
  const onHoldExpired = vi.fn();
  const options = resolveOptions(
    { host: 'https://tickets.example.com', configuration: { appInstance: 'token' }, onHoldExpired, ...overrides },
    'https://shop.example/checkout',
  );
  const bridge = createHostMethods({ options, remote: async () => ({ callApi: vi.fn() }), isDestroyed: () => destroyed });
  return { ...bridge, onHoldExpired, destroy: () => (destroyed = true) };
}

describe('createHostMethods: onHoldExpired (issue 24)', () => {
  it('tells the host once per order, with only the order id', () => {
    const { methods, onHoldExpired, release } = setup();
    methods.onHoldExpired({ orderId: 'order-1', extra: 'dropped' } as never);
    methods.onHoldExpired({ orderId: 'order-1' });
    methods.onHoldExpired({ orderId: 'order-2' });
    expect(onHoldExpired.mock.calls).toEqual([[{ orderId: 'order-1' }], [{ orderId: 'order-2' }]]);
    release();
  });

  it('ignores what is not an order id, and anything after destroy', () => {
    const { methods, onHoldExpired, destroy, release } = setup();
    for (const junk of [undefined, null, 'order-1', { orderId: '' }, { orderId: 7 }]) methods.onHoldExpired(junk as never);
    destroy();
    methods.onHoldExpired({ orderId: 'order-1' });
    expect(onHoldExpired).not.toHaveBeenCalled();
    release();
  });

  it("a host callback's throw stays in the host's console", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { methods, release } = setup({
      onHoldExpired: () => {
        throw new Error('host bug');
      },
    });
    expect(() => methods.onHoldExpired({ orderId: 'order-1' })).not.toThrow();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    release();
  });

  it('without the option, nothing is called', () => {
    const { methods, release } = setup({ onHoldExpired: undefined });
    expect(() => methods.onHoldExpired({ orderId: 'order-1' })).not.toThrow();
    release();
  });
});
