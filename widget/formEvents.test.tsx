// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ProviderPaths } from '../shared';
import { createFormStore, type FormStore } from './createFormStore';
import { typeInto } from './testing/httpWidget';
import { fakeProviderClient, mountWidget } from './testing/mountWidget';

// Issue 36: the events a page builds on. The widget tells the page what the buyer did, when it
// changed, by the DESIGN names, and never what they typed.

vi.mock('./createFormStore', async (original) => {
  const real = await original<typeof import('./createFormStore')>();
  return { ...real, createFormStore: vi.fn(real.createFormStore) };
});
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const METHODS = [
  { type: 'CARD', label: 'Card' },
  { type: 'PAY_AT_VENUE', label: 'Pay at the venue' },
];

/** Mounts for ord_1 (card and pay at the venue); every other request fails, so no billing field is asked. */
async function setup() {
  const callbacks = { onChange: vi.fn(), onFocus: vi.fn(), onBlur: vi.fn(), onEscape: vi.fn() };
  const widget = await mountWidget({
    ...callbacks,
    providerClient: fakeProviderClient(async ({ method, path }) => {
      if (path === ProviderPaths.paymentMethodsByOrder('ord_1')) return METHODS;
      throw new Error(`unexpected ${method} ${path}`);
    }),
  });
  const { container } = widget;
  const byLabel = (name: string) => {
    const label = [...container.querySelectorAll('label')].find((l) => l.textContent?.startsWith(name));
    return container.ownerDocument.getElementById(label?.htmlFor ?? '') as HTMLInputElement;
  };
  /** Types `value` one character at a time, as a buyer does. */
  const typeSlowly = (name: string, value: string) => {
    for (let i = 1; i <= value.length; i += 1) act(() => typeInto(byLabel(name), value.slice(0, i)));
  };
  const store = vi.mocked(createFormStore).mock.results.at(-1)?.value as FormStore;
  return { ...widget, ...callbacks, byLabel, typeSlowly, store };
}

describe('the widget tells the page what the buyer does (issue 36)', () => {
  it('onChange: once the form shows, then only when complete, empty, method or brand change; never a digit', async () => {
    const { onChange, typeSlowly, container } = await setup();
    await vi.waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls.at(-1)).toEqual([{ complete: false, empty: true, paymentMethod: 'CARD' }]);
    onChange.mockClear();
    typeSlowly('Cardholder name', 'Ada Lovelace');
    expect(onChange).not.toHaveBeenCalled(); // a name is no card data, and the form is not complete
    typeSlowly('Card number', '4242424242424242');
    typeSlowly('Expiration date', '12/30');
    typeSlowly('Security code', '123');
    typeSlowly('Email', 'ada@example.com');
    // 16 + 5 + 3 + 15 keystrokes, two changes: the first digit (a Visa, not empty), the last one (complete).
    expect(onChange.mock.calls).toEqual([
      [{ complete: false, empty: false, paymentMethod: 'CARD', brand: 'visa' }],
      [{ complete: true, empty: false, paymentMethod: 'CARD', brand: 'visa' }],
    ]);
    const venue = container.querySelector<HTMLInputElement>('input[type=radio][value="PAY_AT_VENUE"]');
    act(() => venue?.click());
    expect(onChange.mock.calls.at(-1)).toEqual([{ complete: true, empty: false, paymentMethod: 'PAY_AT_VENUE' }]);
    expect(JSON.stringify(onChange.mock.calls)).not.toMatch(/\d/);
  });

  it('a number of another brand, then emptied: the brand follows, and empty comes back', async () => {
    const { onChange, typeSlowly, byLabel } = await setup();
    await vi.waitFor(() => expect(onChange).toHaveBeenCalled());
    onChange.mockClear();
    typeSlowly('Card number', '3782');
    act(() => typeInto(byLabel('Card number'), ''));
    expect(onChange.mock.calls).toEqual([
      [{ complete: false, empty: false, paymentMethod: 'CARD', brand: 'unknown' }],
      [{ complete: false, empty: false, paymentMethod: 'CARD', brand: 'amex' }],
      [{ complete: false, empty: true, paymentMethod: 'CARD' }],
    ]);
  });

  it('onFocus and onBlur name the field as DESIGN does (expiry, not expirationDate), in order, one task later', async () => {
    const { onFocus, onBlur, byLabel } = await setup();
    const told: string[] = [];
    onFocus.mockImplementation(({ field }) => told.push(`focus ${field}`));
    onBlur.mockImplementation(({ field }) => told.push(`blur ${field}`));
    act(() => byLabel('Card number').focus());
    act(() => byLabel('Expiration date').focus());
    act(() => byLabel('Email').focus());
    act(() => byLabel('Email').blur());
    expect(told).toEqual([]); // not in the focus event's own task
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(told).toEqual(['focus cardNumber', 'blur cardNumber', 'focus expiry', 'blur expiry', 'focus email', 'blur email']);
  });

  it('a blur as the widget unmounts in the same task (the page going into the back/forward cache) is never told', async () => {
    const { onFocus, onBlur, byLabel, instance } = await setup();
    act(() => byLabel('Card number').focus());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onFocus).toHaveBeenCalledOnce();
    act(() => {
      byLabel('Card number').blur();
      instance.unmount();
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onBlur).not.toHaveBeenCalled();
  });

  it('onEscape for Escape in the form, not while the 3-D Secure challenge is open, nor after unmount', async () => {
    const { onEscape, byLabel, store, instance } = await setup();
    const pressEscape = () =>
      act(() => byLabel('Card number').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    pressEscape();
    act(() => byLabel('Card number').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    expect(onEscape).toHaveBeenCalledOnce();
    act(() => store.setChallenge({ url: 'https://vault.example/challenge', cancel: () => undefined }));
    pressEscape();
    expect(onEscape).toHaveBeenCalledOnce();
    act(() => store.setChallenge(undefined));
    act(() => instance.unmount());
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(onEscape).toHaveBeenCalledOnce();
  });
});
