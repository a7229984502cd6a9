import { describe, expect, it, vi } from 'vitest';
import type { FrameBootstrap, ProviderClient, WidgetSettings } from '../../shared';
import type { HostPort } from './createHostPort';
import { widgetProps } from './widgetProps';

const bootstrap: FrameBootstrap = {
  host: 'http://127.0.0.1:1',
  configuration: { appInstance: 'token' },
  theme: 'inline',
  debug: false,
  canRevalidate: false,
};

function setup(given: Partial<FrameBootstrap> = {}) {
  const host = {
    onHoldExtended: vi.fn(),
    onPaymentResult: vi.fn(),
    onChange: vi.fn(),
    onFocus: vi.fn(),
    onBlur: vi.fn(),
    onEscape: vi.fn(),
  } as unknown as HostPort &
    Record<'onHoldExtended' | 'onPaymentResult' | 'onChange' | 'onFocus' | 'onBlur' | 'onEscape', ReturnType<typeof vi.fn>>;
  const tellHost = vi.fn((call: () => unknown) => call());
  const settings = { widgetStaticsBaseUrl: 'http://127.0.0.1:1/s' } as WidgetSettings;
  const props = widgetProps({ ...bootstrap, ...given }, settings, {} as ProviderClient, host, {
    onApiInit: vi.fn(),
    fail: vi.fn(),
    tellHost,
  });
  return { props, host, tellHost };
}

describe('widgetProps: the bundle callbacks relayed to the host', () => {
  it("onHoldExtended (issue 37) goes to the host's onHoldExtended through tellHost (the host narrows it)", () => {
    const { props, host, tellHost } = setup();
    const extension = { orderId: 'order-1', holdExpiresAt: '2026-11-25T12:05:00.000Z' };
    props.onHoldExtended?.(extension);
    expect(tellHost).toHaveBeenCalledTimes(1);
    expect(host.onHoldExtended).toHaveBeenCalledWith(extension);
  });

  it('holdExtensionOffer (issue 37) reaches the bundle only when the site turned the offer off', () => {
    expect(setup({ holdExtensionOffer: false }).props.holdExtensionOffer).toBe(false);
    expect('holdExtensionOffer' in setup().props).toBe(false);
  });

  it("onPaymentResult (issue 25) goes to the host's onPaymentResult through tellHost (the host narrows it)", () => {
    const { props, host, tellHost } = setup();
    const result = { status: 'PENDING', orderId: 'order-1', chargeId: 'charge-1', paymentMethod: 'PAY_AT_VENUE' } as const;
    props.onPaymentResult?.(result);
    expect(tellHost).toHaveBeenCalledTimes(1);
    expect(host.onPaymentResult).toHaveBeenCalledWith(result);
  });

  it("onChange, onFocus, onBlur and onEscape (issue 36) go to the host's, each through tellHost (the host narrows them)", () => {
    const { props, host, tellHost } = setup();
    const change = { complete: false, empty: false, paymentMethod: 'CARD', brand: 'visa' } as const;
    props.onChange?.(change);
    props.onFocus?.({ field: 'cardNumber' });
    props.onBlur?.({ field: 'cardNumber' });
    props.onEscape?.();
    expect(tellHost).toHaveBeenCalledTimes(4);
    expect(host.onChange).toHaveBeenCalledWith(change);
    expect(host.onFocus).toHaveBeenCalledWith({ field: 'cardNumber' });
    expect(host.onBlur).toHaveBeenCalledWith({ field: 'cardNumber' });
    expect(host.onEscape).toHaveBeenCalledWith();
  });
});

describe('widgetProps: the build-time PayPal approval origin (review M3)', () => {
  const hooks = { onApiInit: vi.fn(), fail: vi.fn(), tellHost: vi.fn() };
  const settings = { widgetStaticsBaseUrl: 'http://127.0.0.1:1/s' } as WidgetSettings;
  const host = {} as HostPort;

  it("passes the frame's own, never one derived from the page's `host`", () => {
    const payPalOrigin = 'https://paypal.cashier.example';
    const props = widgetProps(bootstrap, settings, {} as ProviderClient, host, { ...hooks, payPalOrigin });
    expect(props.payPalOrigin).toBe('https://paypal.cashier.example');
  });

  it('a frame without one passes none (the bundle then refuses every approval page)', () => {
    const props = widgetProps(bootstrap, settings, {} as ProviderClient, host, hooks);
    expect(props.payPalOrigin).toBeUndefined();
  });
});

describe('widgetProps: the build-time payments origin (issue 38)', () => {
  const hooks = { onApiInit: vi.fn(), fail: vi.fn(), tellHost: vi.fn() };
  const settings = { widgetStaticsBaseUrl: 'http://127.0.0.1:1/s' } as WidgetSettings;
  const host = {} as HostPort;

  it("passes the frame's own, never one derived from the page's `host`; none without one", () => {
    const paymentsOrigin = 'https://pay.cashier.example';
    expect(widgetProps(bootstrap, settings, {} as ProviderClient, host, { ...hooks, paymentsOrigin }).paymentsOrigin).toBe(
      paymentsOrigin,
    );
    expect(widgetProps(bootstrap, settings, {} as ProviderClient, host, hooks).paymentsOrigin).toBeUndefined();
  });
});
