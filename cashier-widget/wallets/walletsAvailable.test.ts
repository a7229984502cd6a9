import { describe, expect, it, vi } from 'vitest';
import { type CashierWidgetProps, ProviderPaths as P } from '../../shared';
import { GOOGLE_PAY_METHOD } from '../../shared/wallets';
import { offeredWallets, type WalletDeps } from './createWallets';
import { type WalletWindow, walletsAvailable } from './walletsAvailable';

// Which wallets show (issue 25 item 4): the browser is asked first, with no request; the order's
// express payment methods are read only when the browser can pay with one, and a failed read is none.

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
      canMakePayment = () => (google === 'rejects' ? Promise.reject(new Error('no')) : Promise.resolve(google === true));
    };
  return w;
}

describe('walletsAvailable', () => {
  it('no ApplePaySession and no PaymentRequest: none', async () => {
    await expect(walletsAvailable(win())).resolves.toEqual([]);
  });

  it('canMakePayments false and canMakePayment false: none', async () => {
    await expect(walletsAvailable(win(false, false))).resolves.toEqual([]);
  });

  it('a throw or a rejection counts as cannot', async () => {
    await expect(walletsAvailable(win('throws', 'throws'))).resolves.toEqual([]);
    await expect(walletsAvailable(win('throws', 'rejects'))).resolves.toEqual([]);
    await expect(walletsAvailable(win('throws', true))).resolves.toEqual(['GOOGLE_PAY']);
    await expect(walletsAvailable(win(true, 'throws'))).resolves.toEqual(['APPLE_PAY']);
  });

  it('both can pay: Apple Pay first; Google Pay asked for its own method', async () => {
    const w = win(true, true);
    await expect(walletsAvailable(w)).resolves.toEqual(['APPLE_PAY', 'GOOGLE_PAY']);
    expect(w.methods).toEqual([[expect.objectContaining({ supportedMethods: GOOGLE_PAY_METHOD })]]);
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

  it('the browser cannot pay: none, and no request', async () => {
    for (const w of [win(), win(false, false), win('throws', 'throws')]) {
      const { request, deps: d } = deps(w, BOTH);
      await expect(offeredWallets(d, 'ord_1')).resolves.toEqual([]);
      expect(request).not.toHaveBeenCalled();
    }
  });

  it('available: reads the order’s express payment methods once, and shows those both listed and available', async () => {
    const { request, deps: d } = deps(win(false, true), BOTH);
    await expect(offeredWallets(d, 'ord_1')).resolves.toEqual(['GOOGLE_PAY']);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'get', path: P.expressPaymentMethods, params: { orderId: 'ord_1' } }),
    );
  });

  it('available but not listed for the order: none', async () => {
    const { deps: d } = deps(win(true, true), [{ type: 'GOOGLE_PAY', label: 'Google Pay' }]);
    await expect(offeredWallets(d, 'ord_1')).resolves.toEqual(['GOOGLE_PAY']);
    const { deps: e } = deps(win(true, false), []);
    await expect(offeredWallets(e, 'ord_1')).resolves.toEqual([]);
  });

  it('a failed read, or a reply that is not a list: none (never rejects)', async () => {
    for (const listed of [new Error('503'), { type: 'APPLE_PAY' }, null, [null]]) {
      const { deps: d } = deps(win(true, true), listed);
      await expect(offeredWallets(d, 'ord_1')).resolves.toEqual([]);
    }
  });
});
