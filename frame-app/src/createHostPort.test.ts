import { CallOptions, type RemoteProxy } from 'penpal';
import { describe, expect, it, vi } from 'vitest';
import { type HostMethods, REVALIDATE_TIMEOUT_MS, SETTINGS_CLAIM_TIMEOUT_MS } from '../../shared';
import { createHostPort } from './createHostPort';

function fakeProxy() {
  return {
    onApiInit: vi.fn(async () => undefined),
    onCrash: vi.fn(async () => undefined),
    revalidateAppInstance: vi.fn(async () => 'fresh'),
    claimWidgetSettings: vi.fn(async () => ({ kind: 'fetch' as const })),
    publishWidgetSettings: vi.fn(async () => undefined),
    onHoldExpired: vi.fn(async () => undefined),
    onHoldExtended: vi.fn(async () => undefined),
    onPaymentResult: vi.fn(async () => undefined),
    onChange: vi.fn(async () => undefined),
    onFocus: vi.fn(async () => undefined),
    onBlur: vi.fn(async () => undefined),
    onEscape: vi.fn(async () => undefined),
  };
}

describe('createHostPort: every call the loader waits for has a timeout (penpal has none by default)', () => {
  it.each([
    { method: 'revalidateAppInstance' as const, timeout: REVALIDATE_TIMEOUT_MS + 1_000 },
    { method: 'claimWidgetSettings' as const, timeout: SETTINGS_CLAIM_TIMEOUT_MS },
  ])('$method waits at most $timeout ms', async ({ method, timeout }) => {
    const proxy = fakeProxy();
    const port = createHostPort(proxy as unknown as RemoteProxy<HostMethods>);
    await port[method]();
    const options: unknown = (proxy[method].mock.calls[0] as unknown[] | undefined)?.at(-1);
    expect(options).toBeInstanceOf(CallOptions);
    expect((options as CallOptions).timeout).toBe(timeout);
  });

  it('passes the fire-and-forget calls through unchanged', async () => {
    const proxy = fakeProxy();
    const port = createHostPort(proxy as unknown as RemoteProxy<HostMethods>);
    await port.onApiInit(['pay'], { frameLoaded: 1, mounted: 2 });
    await port.publishWidgetSettings({ ok: true, settings: { widgetStaticsBaseUrl: 'http://127.0.0.1:1/s' } });
    await port.onHoldExpired?.({ orderId: 'order-1' });
    expect(proxy.onHoldExpired).toHaveBeenCalledWith({ orderId: 'order-1' });
    await port.onHoldExtended?.({ orderId: 'order-1', holdExpiresAt: '2026-11-25T12:05:00.000Z' });
    expect(proxy.onHoldExtended).toHaveBeenCalledWith({ orderId: 'order-1', holdExpiresAt: '2026-11-25T12:05:00.000Z' });
    const result = { status: 'APPROVED', orderId: 'order-1', chargeId: 'charge-1' } as const;
    await port.onPaymentResult?.(result);
    expect(proxy.onPaymentResult).toHaveBeenCalledWith(result);
    await port.onChange?.({ complete: true, empty: false, paymentMethod: 'CARD' });
    await port.onFocus?.({ field: 'email' });
    await port.onBlur?.({ field: 'email' });
    await port.onEscape?.();
    expect(proxy.onChange).toHaveBeenCalledWith({ complete: true, empty: false, paymentMethod: 'CARD' });
    expect(proxy.onFocus).toHaveBeenCalledWith({ field: 'email' });
    expect(proxy.onBlur).toHaveBeenCalledWith({ field: 'email' });
    expect(proxy.onEscape).toHaveBeenCalledWith();
    expect(proxy.onApiInit).toHaveBeenCalledWith(['pay'], { frameLoaded: 1, mounted: 2 });
    expect(proxy.publishWidgetSettings).toHaveBeenCalledWith({
      ok: true,
      settings: { widgetStaticsBaseUrl: 'http://127.0.0.1:1/s' },
    });
  });
});
