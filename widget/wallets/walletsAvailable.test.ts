import { describe, expect, it, vi } from 'vitest';
import { type CashierWidgetProps, ProviderPaths as P } from '../../shared';
import { GOOGLE_PAY_METHOD } from '../../shared/wallets';
import { offeredWallets } from './createWallets';
import type { WalletDeps } from './walletKit';
import { type WalletWindow, walletsAvailable } from './walletsAvailable';

// Which wallets show (issue 25 item 4): the order's express payment methods are read only where the
// browser has a wallet API, a failed read is none, and the browser is asked only about the wallets
// the order offers (Chromium fetches Google Pay's manifest from google.com when asked).

/** A window whose Apple Pay says `apple` and whose Payment Request API's canMakePayment resolves `google`. */
function win(apple?: boolean | 'throws', google?: boolean | 'throws' | 'rejects'): WalletWindow & { methods: unknown[] } {
  const methods: unknown[] = [];
  const w: WalletWindow & { methods: unknown[] } = { methods };
  if (apple !== undefined)
    w.ApplePaySession = {
      canMakePayments: () => {
        if (apple === 'throws') throw new DOMException('Not allowed in this frame.', 'InvalidAccessError');
        return apple;
      },
    };
  if (google !== undefined)
    w.PaymentRequest = class {
      constructor(m: unknown) {
        methods.push(m);
        if (google === 'throws') throw new DOMException('No payment permission.', 'SecurityError');
      }
      canMakePayment = () => {
        methods.push('canMakePayment');
        return google === 'rejects' ? Promise.reject(new Error('no')) : Promise.resolve(google === true);
      };
    };
  return w;
}

const ALL = ['APPLE_PAY', 'GOOGLE_PAY'] as const;

describe('walletsAvailable', () => {
  it('no ApplePaySession and no PaymentRequest: none', async () => {
    await expect(walletsAvailable(win(), ALL)).resolves.toEqual([]);
  });

  it('canMakePayments false and canMakePayment false: none', async () => {
    await expect(walletsAvailable(win(false, false), ALL)).resolves.toEqual([]);
  });

  it('a throw or a rejection counts as cannot', async () => {
    await expect(walletsAvailable(win('throws', 'throws'), ALL)).resolves.toEqual([]);
    await expect(walletsAvailable(win('throws', 'rejects'), ALL)).resolves.toEqual([]);
    await expect(walletsAvailable(win('throws', true), ALL)).resolves.toEqual(['GOOGLE_PAY']);
    await expect(walletsAvailable(win(true, 'throws'), ALL)).resolves.toEqual(['APPLE_PAY']);
  });

  it('both can pay: Apple Pay first; Google Pay asked for its own method', async () => {
    const w = win(true, true);
    await expect(walletsAvailable(w, ALL)).resolves.toEqual(['APPLE_PAY', 'GOOGLE_PAY']);
    expect(w.methods).toEqual([[expect.objectContaining({ supportedMethods: GOOGLE_PAY_METHOD })], 'canMakePayment']);
  });

  it('asks only about the wallets offered: no PaymentRequest made without Google Pay', async () => {
    const w = win(true, true);
    await expect(walletsAvailable(w, ['APPLE_PAY'])).resolves.toEqual(['APPLE_PAY']);
    expect(w.methods).toEqual([]);
    await expect(walletsAvailable(w, ['GOOGLE_PAY'])).resolves.toEqual(['GOOGLE_PAY']);
    await expect(walletsAvailable(w, [])).resolves.toEqual([]);
  });
});

/** Wallet deps whose provider client answers express payment methods with `listed` (or rejects with it). */
function deps(w: WalletWindow, listed: unknown) {
  const request = vi.fn(async () => {
    if (listed instanceof Error) throw listed;
    return listed;
  });
  const props = { providerClient: { request } } as unknown as CashierWidgetProps;
  return { request, deps: { win: w, current: () => props } as unknown as WalletDeps };
}

describe('offeredWallets', () => {
  const BOTH = [
    { type: 'APPLE_PAY', label: 'Apple Pay' },
    { type: 'GOOGLE_PAY', label: 'Google Pay' },
  ];

  it('no wallet API at all: none, and no request', async () => {
    const { request, deps: d } = deps(win(), BOTH);
    await expect(offeredWallets(d, 'ord_1')).resolves.toEqual([]);
    expect(request).not.toHaveBeenCalled();
  });

  it('a wallet API: reads the order’s express payment methods once, and shows those both listed and available', async () => {
    const { request, deps: d } = deps(win(false, true), BOTH);
    await expect(offeredWallets(d, 'ord_1')).resolves.toEqual(['GOOGLE_PAY']);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'get', path: P.expressPaymentMethods, params: { orderId: 'ord_1' } }),
    );
    for (const w of [win(false, false), win('throws', 'throws')]) {
      const { deps: e } = deps(w, BOTH);
      await expect(offeredWallets(e, 'ord_1')).resolves.toEqual([]);
    }
  });

  it('the browser is asked only about what the order lists', async () => {
    const w = win(true, true);
    const { deps: d } = deps(w, [{ type: 'APPLE_PAY', label: 'Apple Pay' }]);
    await expect(offeredWallets(d, 'ord_1')).resolves.toEqual(['APPLE_PAY']);
    expect(w.methods, 'no Google Pay PaymentRequest for an order without Google Pay').toEqual([]);
    const { deps: e } = deps(win(true, false), []);
    await expect(offeredWallets(e, 'ord_1')).resolves.toEqual([]);
  });

  it('a failed read, or a reply that is not a list: none (never rejects), and the browser not asked', async () => {
    for (const listed of [new Error('503'), { type: 'APPLE_PAY' }, null, [null]]) {
      const w = win(true, true);
      const { deps: d } = deps(w, listed);
      await expect(offeredWallets(d, 'ord_1')).resolves.toEqual([]);
      expect(w.methods).toEqual([]);
    }
  });
});
