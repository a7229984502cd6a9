// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashierHandle, CashierUpdate, MountCashierOptions } from '../index';
import { CashierWidget, type CashierWidgetProps } from './index';

/** mountCashier replaced by one that appends an iframe and records the mount (the real one is covered in e2e). */
const sdk = vi.hoisted(() => ({
  mounts: [] as { el: HTMLElement; opts: MountCashierOptions; handle: CashierHandle & { update: ReturnType<typeof vi.fn> } }[],
  updateResult: (_changes: CashierUpdate): Promise<void> => Promise.resolve(),
}));
vi.mock('../mountCashier', () => ({
  mountCashier: vi.fn((el: HTMLElement, opts: MountCashierOptions) => {
    const iframe = el.ownerDocument.createElement('iframe');
    el.appendChild(iframe);
    const handle = {
      iframe,
      update: vi.fn((changes: CashierUpdate) => sdk.updateResult(changes)),
      destroy: vi.fn(() => iframe.remove()),
    };
    sdk.mounts.push({ el, opts, handle });
    return handle;
  }),
}));

const base: CashierWidgetProps = {
  host: 'https://tickets.example.com',
  configuration: { appInstance: 'token-1' },
  frameUrl: 'https://cdn.example.com/cashier/',
};
/** Lets the microtask-deferred destroy of an unmount run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  sdk.mounts = [];
  sdk.updateResult = () => Promise.resolve();
});
afterEach(cleanup);

describe('<CashierWidget>', () => {
  it('mounts once into its container under StrictMode: one iframe, never destroyed until unmount', async () => {
    const { container, unmount } = render(
      <StrictMode>
        <CashierWidget {...base} className="checkout-widget" style={{ minHeight: 200 }} />
      </StrictMode>,
    );
    await settle();
    expect(sdk.mounts).toHaveLength(1);
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
    const div = container.firstElementChild as HTMLElement;
    expect(div.className).toBe('checkout-widget');
    expect(div.style.minHeight).toBe('200px');
    expect(sdk.mounts[0]?.el).toBe(div);
    expect(sdk.mounts[0]?.handle.destroy).not.toHaveBeenCalled();

    unmount();
    await settle();
    expect(sdk.mounts[0]?.handle.destroy).toHaveBeenCalledTimes(1);
    expect(container.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('passes the options to mountCashier, without className, style or onUpdateError', () => {
    render(<CashierWidget {...base} theme="modal" orderId="ord_1" buyer={{ email: 'a@b.co' }} locale="sv" className="x" />);
    const { opts } = sdk.mounts[0] ?? {};
    expect(opts).toMatchObject({ ...base, theme: 'modal', orderId: 'ord_1', buyer: { email: 'a@b.co' }, locale: 'sv' });
    expect(opts).not.toHaveProperty('className');
    expect(opts).not.toHaveProperty('onUpdateError');
    expect(opts?.revalidateAppInstance).toBeUndefined(); // not given: a 401 fails at once
  });

  it.each([
    { name: 'theme', from: { theme: 'inline' }, to: { theme: 'modal' }, changes: { theme: 'modal' } },
    { name: 'theme taken away', from: { theme: 'modal' }, to: {}, changes: { theme: 'inline' } },
    { name: 'orderId', from: { orderId: 'ord_1' }, to: { orderId: 'ord_2' }, changes: { orderId: 'ord_2' } },
    { name: 'orderId given later', from: {}, to: { orderId: 'ord_2' }, changes: { orderId: 'ord_2' } },
    {
      name: 'buyer email',
      from: { buyer: { email: 'a@b.co', name: 'Ann' } },
      to: { buyer: { email: 'c@d.co', name: 'Ann' } },
      changes: { buyer: { email: 'c@d.co' } },
    },
    { name: 'buyer taken away', from: { buyer: { name: 'Ann' } }, to: {}, changes: { buyer: { name: '' } } },
    { name: 'locale', from: { locale: 'en' }, to: { locale: 'he' }, changes: { locale: 'he' } },
    { name: 'locale given later', from: {}, to: { locale: 'de-AT' }, changes: { locale: 'de-AT' } },
    // jsdom's page has no <html lang>: the default is its navigator.languages[0]
    { name: 'locale taken away', from: { locale: 'ja' }, to: {}, changes: { locale: 'en-US' } },
    // issue 35: compared by value; taken away, the default look and no fonts
    {
      name: 'appearance',
      from: { appearance: { theme: 'default' } },
      to: { appearance: { theme: 'night', variables: { borderRadius: '10px' } } },
      changes: { appearance: { theme: 'night', variables: { borderRadius: '10px' } } },
    },
    { name: 'appearance taken away', from: { appearance: { theme: 'night' } }, to: {}, changes: { appearance: {} } },
    {
      name: 'fonts',
      from: {},
      to: { fonts: [{ family: 'A', src: 'https://f.example/a.woff2' }] },
      changes: { fonts: [{ family: 'A', src: 'https://f.example/a.woff2' }] },
    },
    {
      name: 'fonts taken away',
      from: { fonts: [{ family: 'A', src: 'https://f.example/a.woff2' }] },
      to: {},
      changes: { fonts: [] },
    },
  ] as { name: string; from: Partial<CashierWidgetProps>; to: Partial<CashierWidgetProps>; changes: CashierUpdate }[])(
    'a change of $name calls handle.update($changes), with no new mount',
    async ({ from, to, changes }) => {
      const { rerender } = render(
        <StrictMode>
          <CashierWidget {...base} {...from} />
        </StrictMode>,
      );
      rerender(
        <StrictMode>
          <CashierWidget {...base} {...to} />
        </StrictMode>,
      );
      await settle();
      expect(sdk.mounts).toHaveLength(1);
      expect(sdk.mounts[0]?.handle.update.mock.calls).toEqual([[changes]]);
      expect(sdk.mounts[0]?.handle.destroy).not.toHaveBeenCalled();
    },
  );

  it('a new buyer or appearance object with the same values, the same locale, or removing orderId, changes nothing', async () => {
    const look = () => ({ theme: 'night', rules: { '.Input': { color: '#eee' } } }) as const;
    const { rerender } = render(
      <CashierWidget {...base} orderId="ord_1" buyer={{ email: 'a@b.co' }} locale="he" appearance={look()} />,
    );
    rerender(<CashierWidget {...base} buyer={{ email: 'a@b.co' }} locale="he" appearance={look()} />);
    await settle();
    expect(sdk.mounts[0]?.handle.update).not.toHaveBeenCalled();
  });

  it.each([
    { name: 'host', to: { host: 'https://other.example.com' } },
    { name: 'configuration.msid', to: { configuration: { appInstance: 'token-2', msid: 'site-2' } } },
    { name: 'frameUrl', to: { frameUrl: 'https://cdn2.example.com/cashier/' } },
    { name: 'debug', to: { debug: true } },
    { name: 'revalidateAppInstance given', to: { revalidateAppInstance: async () => 'fresh' } },
  ])('a change of $name destroys the widget and mounts anew with the latest props', async ({ to }) => {
    const { container, rerender } = render(<CashierWidget {...base} theme="modal" />);
    rerender(<CashierWidget {...base} theme="modal" {...to} />);
    await settle();
    expect(sdk.mounts).toHaveLength(2);
    expect(sdk.mounts[0]?.handle.destroy).toHaveBeenCalledTimes(1);
    const { revalidateAppInstance, ...values } = to as Partial<MountCashierOptions>;
    expect(sdk.mounts[1]?.opts).toMatchObject({ ...values, theme: 'modal' });
    expect(typeof sdk.mounts[1]?.opts.revalidateAppInstance).toBe(typeof revalidateAppInstance);
    expect(sdk.mounts[1]?.handle.update).not.toHaveBeenCalled();
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('a refreshed appInstance alone keeps the mount; the frame gets it when it next asks, then the prop is asked', async () => {
    const revalidateAppInstance = vi.fn(async () => 'token-3');
    const { container, rerender } = render(
      <StrictMode>
        <CashierWidget {...base} revalidateAppInstance={revalidateAppInstance} />
      </StrictMode>,
    );
    rerender(
      <StrictMode>
        <CashierWidget {...base} configuration={{ appInstance: 'token-2' }} revalidateAppInstance={revalidateAppInstance} />
      </StrictMode>,
    );
    await settle();
    expect(sdk.mounts).toHaveLength(1);
    expect(sdk.mounts[0]?.handle.destroy).not.toHaveBeenCalled();
    expect(sdk.mounts[0]?.handle.update).not.toHaveBeenCalled();
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
    const opts = sdk.mounts[0]?.opts as MountCashierOptions;
    // The frame's token (token-1) was refused: the one the props gave since is the answer.
    await expect(opts.revalidateAppInstance?.()).resolves.toBe('token-2');
    expect(revalidateAppInstance).not.toHaveBeenCalled();
    // token-2 refused too: the prop is asked, and its token is the frame's from then on.
    await expect(opts.revalidateAppInstance?.()).resolves.toBe('token-3');
    await expect(opts.revalidateAppInstance?.()).resolves.toBe('token-3');
    expect(revalidateAppInstance).toHaveBeenCalledTimes(2);
  });

  it('once unmounted, no callback is called: the frame removed with it is not a crash', async () => {
    const onCrash = vi.fn();
    const onChange = vi.fn();
    const { unmount } = render(
      <StrictMode>
        <CashierWidget {...base} onCrash={onCrash} onChange={onChange} />
      </StrictMode>,
    );
    await settle();
    const opts = sdk.mounts[0]?.opts as MountCashierOptions;
    opts.onChange?.({ complete: false, empty: true, paymentMethod: 'CARD' });
    expect(onChange).toHaveBeenCalledOnce(); // StrictMode's second effect run left it alive
    unmount(); // the container is gone now; the SDK's watch reports it before the deferred destroy
    opts.onCrash?.({ code: 'CONNECTION_LOST', message: 'The payment frame was removed from the page' } as never);
    opts.onChange?.({ complete: false, empty: true, paymentMethod: 'CARD' });
    await settle();
    expect(onCrash).not.toHaveBeenCalled();
    expect(onChange).toHaveBeenCalledOnce();
    expect(sdk.mounts[0]?.handle.destroy).toHaveBeenCalledTimes(1);
  });

  it('callbacks call the prop of the latest render, without a remount', async () => {
    const callbacks = () => ({
      onApiInit: vi.fn(),
      onCrash: vi.fn(),
      onSlow: vi.fn(),
      onHoldExpired: vi.fn(),
      onHoldExtended: vi.fn(),
      onPaymentResult: vi.fn(),
      onChange: vi.fn(),
      onFocus: vi.fn(),
      onBlur: vi.fn(),
      onEscape: vi.fn(),
    });
    const first = { ...callbacks(), revalidateAppInstance: vi.fn(async () => 'a') };
    const second = { ...callbacks(), revalidateAppInstance: vi.fn(async () => 'b') };
    const { rerender } = render(<CashierWidget {...base} {...first} />);
    rerender(<CashierWidget {...base} {...second} />);
    await settle();
    const opts = sdk.mounts[0]?.opts as MountCashierOptions;
    const timings = { connected: 1, ready: 2 };
    opts.onApiInit?.({} as never, timings); // stand-ins: only their passing on is checked
    opts.onCrash?.({ code: 'X', message: 'm' } as never);
    opts.onSlow?.(10_000);
    opts.onHoldExpired?.({ orderId: 'order-1' });
    opts.onHoldExtended?.({ orderId: 'order-1', holdExpiresAt: '2026-11-25T12:05:00.000Z' });
    opts.onPaymentResult?.({ status: 'APPROVED', orderId: 'order-1', chargeId: 'charge-1' });
    opts.onChange?.({ complete: true, empty: false, paymentMethod: 'CARD', brand: 'visa' });
    opts.onFocus?.({ field: 'cardNumber' });
    opts.onBlur?.({ field: 'expiry' });
    opts.onEscape?.();
    await expect(opts.revalidateAppInstance?.()).resolves.toBe('b');
    expect(second.onChange).toHaveBeenCalledWith({ complete: true, empty: false, paymentMethod: 'CARD', brand: 'visa' });
    expect(second.onFocus).toHaveBeenCalledWith({ field: 'cardNumber' });
    expect(second.onBlur).toHaveBeenCalledWith({ field: 'expiry' });
    expect(second.onEscape).toHaveBeenCalledOnce();
    expect([first.onChange, first.onFocus, first.onBlur, first.onEscape].flatMap((f) => f.mock.calls)).toEqual([]);
    expect(second.onApiInit).toHaveBeenCalledWith({}, timings);
    expect(second.onCrash).toHaveBeenCalledWith({ code: 'X', message: 'm' });
    expect(second.onSlow).toHaveBeenCalledWith(10_000);
    expect(second.onHoldExpired).toHaveBeenCalledWith({ orderId: 'order-1' });
    expect(second.onHoldExtended).toHaveBeenCalledWith({ orderId: 'order-1', holdExpiresAt: '2026-11-25T12:05:00.000Z' });
    expect(second.onPaymentResult).toHaveBeenCalledWith({ status: 'APPROVED', orderId: 'order-1', chargeId: 'charge-1' });
    expect(first.onApiInit).not.toHaveBeenCalled();
    expect(first.onHoldExpired).not.toHaveBeenCalled();
    expect(first.onHoldExtended).not.toHaveBeenCalled();
    expect(first.onPaymentResult).not.toHaveBeenCalled();
    expect(sdk.mounts).toHaveLength(1);
  });

  it('a refused update goes to onUpdateError, and the widget counts as keeping what it had', async () => {
    const refusal = Object.assign(new Error('open'), { code: 'PAYMENT_OPEN' });
    sdk.updateResult = () => Promise.reject(refusal);
    const onUpdateError = vi.fn();
    const { rerender } = render(<CashierWidget {...base} orderId="ord_1" onUpdateError={onUpdateError} />);
    rerender(<CashierWidget {...base} orderId="ord_2" onUpdateError={onUpdateError} />);
    await settle();
    expect(onUpdateError).toHaveBeenCalledWith(refusal);
    // The widget kept ord_1: going back to it is no change.
    rerender(<CashierWidget {...base} orderId="ord_1" onUpdateError={onUpdateError} />);
    await settle();
    expect(sdk.mounts[0]?.handle.update.mock.calls).toEqual([[{ orderId: 'ord_2' }]]);
  });

  it('a callback that is not a function reaches mountCashier as it is, for its TypeError naming it', () => {
    render(<CashierWidget {...base} onCrash={42 as never} />);
    expect(sdk.mounts[0]?.opts.onCrash).toBe(42);
  });
});
