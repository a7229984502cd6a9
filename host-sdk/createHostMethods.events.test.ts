import { describe, expect, it, vi } from 'vitest';
import { createHostMethods } from './createHostMethods';
import { resolveOptions } from './resolveOptions';
import type { MountCashierOptions } from './types';

// Issue 36: the frame's word on the form is untrusted; the page's callbacks get copies of known
// values only, `onChange` not again for an equal value, and nothing after destroy.

function setup(overrides: Partial<MountCashierOptions> = {}) {
  let destroyed = false;
  const callbacks = { onChange: vi.fn(), onFocus: vi.fn(), onBlur: vi.fn(), onEscape: vi.fn() };
  const options = resolveOptions(
    { host: 'https://tickets.example.com', configuration: { appInstance: 'token' }, ...callbacks, ...overrides },
    'https://shop.example/checkout',
  );
  const bridge = createHostMethods({ options, remote: async () => ({ callApi: vi.fn() }), isDestroyed: () => destroyed });
  return { ...bridge, ...callbacks, destroy: () => (destroyed = true) };
}

describe('createHostMethods: onChange, onFocus, onBlur, onEscape (issue 36)', () => {
  it('onChange: a copy of the known fields only, and not again for an equal value', () => {
    const { methods, onChange, release } = setup();
    const sent = { complete: false, empty: false, paymentMethod: 'CARD', brand: 'visa' as const, country: 'US' };
    methods.onChange({ ...sent, number: '4242424242424242', last4: '4242' } as never);
    methods.onChange({ ...sent });
    methods.onChange({ ...sent, complete: true });
    expect(onChange.mock.calls).toEqual([[sent], [{ ...sent, complete: true }]]);
    release();
  });

  it('onChange: a brand not in the list and a country that is not a code are dropped; a value without the required fields is ignored', () => {
    const { methods, onChange, release } = setup();
    methods.onChange({
      complete: true,
      empty: false,
      paymentMethod: 'CARD',
      brand: '4242 4242',
      country: 'United States 4242',
    } as never);
    for (const junk of [
      undefined,
      null,
      'CARD',
      { complete: 'yes', empty: false, paymentMethod: 'CARD' },
      { complete: true, empty: 0, paymentMethod: 'CARD' },
      { complete: true, empty: false, paymentMethod: '4242424242424242' },
      { complete: true, empty: false },
    ]) {
      methods.onChange(junk as never);
    }
    expect(onChange.mock.calls).toEqual([[{ complete: true, empty: false, paymentMethod: 'CARD' }]]);
    release();
  });

  it('onFocus and onBlur: a field of the list, copied; any other value is ignored', () => {
    const { methods, onFocus, onBlur, release } = setup();
    methods.onFocus({ field: 'cardNumber', value: '4242' } as never);
    methods.onBlur({ field: 'region' });
    for (const junk of [undefined, 'cardNumber', { field: 'password' }, { field: '4242' }]) {
      methods.onFocus(junk as never);
      methods.onBlur(junk as never);
    }
    expect(onFocus.mock.calls).toEqual([[{ field: 'cardNumber' }]]);
    expect(onBlur.mock.calls).toEqual([[{ field: 'region' }]]);
    release();
  });

  it('onEscape: called with nothing, whatever the frame sent', () => {
    const { methods, onEscape, release } = setup();
    (methods.onEscape as (v: unknown) => void)({ key: 'Escape', number: '4242' });
    expect(onEscape.mock.calls).toEqual([[]]);
    release();
  });

  it('nothing after destroy, and a callback that throws stays in the console', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { methods, onChange, onFocus, onBlur, onEscape, destroy, release } = setup();
    destroy();
    methods.onChange({ complete: true, empty: true, paymentMethod: 'CARD' });
    methods.onFocus({ field: 'email' });
    methods.onBlur({ field: 'email' });
    methods.onEscape();
    expect([onChange, onFocus, onBlur, onEscape].map((f) => f.mock.calls.length)).toEqual([0, 0, 0, 0]);
    release();
    const throwing = setup({
      onEscape: () => {
        throw new Error('host bug');
      },
    });
    expect(() => throwing.methods.onEscape()).not.toThrow();
    expect(error).toHaveBeenCalledWith('mountCashier: opts.onEscape threw', expect.any(Error));
    error.mockRestore();
    throwing.release();
  });
});
