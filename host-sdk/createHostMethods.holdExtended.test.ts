import { describe, expect, it, vi } from 'vitest';
import { createHostMethods } from './createHostMethods';
import { resolveOptions } from './resolveOptions';
import type { MountCashierOptions } from './types';

function setup(overrides: Partial<MountCashierOptions> = {}) {
  let destroyed = false;
  const onHoldExtended = vi.fn();
  const options = resolveOptions(
    { host: 'https://tickets.example.com', configuration: { appInstance: 'token' }, onHoldExtended, ...overrides },
    'https://shop.example/checkout',
  );
  const bridge = createHostMethods({ options, remote: async () => ({ callApi: vi.fn() }), isDestroyed: () => destroyed });
  return { ...bridge, onHoldExtended, destroy: () => (destroyed = true) };
}

const AT = '2026-11-25T12:05:00.000Z';

describe('createHostMethods: onHoldExtended (issue 37)', () => {
  it('tells the host at each extension, with only the order id and the new holdExpiresAt as given', () => {
    const { methods, onHoldExtended, release } = setup();
    methods.onHoldExtended({ orderId: 'order-1', holdExpiresAt: AT, remaining: 1 } as never);
    methods.onHoldExtended({ orderId: 'order-1', holdExpiresAt: '2026-11-25T12:10:00.000Z' });
    expect(onHoldExtended.mock.calls).toEqual([
      [{ orderId: 'order-1', holdExpiresAt: AT }],
      [{ orderId: 'order-1', holdExpiresAt: '2026-11-25T12:10:00.000Z' }],
    ]);
    release();
  });

  it('ignores what is not an order id with a date, and anything after destroy', () => {
    const { methods, onHoldExtended, destroy, release } = setup();
    const junk = [
      undefined,
      null,
      'order-1',
      { orderId: 'order-1' },
      { orderId: '', holdExpiresAt: AT },
      { orderId: 7, holdExpiresAt: AT },
      { orderId: 'order-1', holdExpiresAt: 'soon' },
      { orderId: 'order-1', holdExpiresAt: Date.parse(AT) },
    ];
    for (const value of junk) methods.onHoldExtended(value as never);
    destroy();
    methods.onHoldExtended({ orderId: 'order-1', holdExpiresAt: AT });
    expect(onHoldExtended).not.toHaveBeenCalled();
    release();
  });

  it("a host callback's throw stays in the host's console", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { methods, release } = setup({
      onHoldExtended: () => {
        throw new Error('host bug');
      },
    });
    expect(() => methods.onHoldExtended({ orderId: 'order-1', holdExpiresAt: AT })).not.toThrow();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    release();
  });

  it('without the option, nothing is called', () => {
    const { methods, release } = setup({ onHoldExtended: undefined });
    expect(() => methods.onHoldExtended({ orderId: 'order-1', holdExpiresAt: AT })).not.toThrow();
    release();
  });

  it.each([
    [undefined, undefined],
    [true, true],
    [false, false],
  ])('getBootstrap carries holdExtensionOffer %s to the frame', (given, sent) => {
    const { methods, release } = setup({ holdExtensionOffer: given });
    expect(methods.getBootstrap().holdExtensionOffer).toBe(sent);
    release();
  });
});
