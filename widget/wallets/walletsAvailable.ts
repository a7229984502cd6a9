import { GOOGLE_PAY_CARD, GOOGLE_PAY_METHOD, type WalletType } from '../../shared/wallets';

/** What {@link walletsAvailable} reads of the frame's window: Apple's session class and the Payment Request API, where present. */
export interface WalletWindow {
  ApplePaySession?: { canMakePayments(): boolean };
  PaymentRequest?: new (
    methods: { supportedMethods: string; data?: unknown }[],
    details: { total: { label: string; amount: { currency: string; value: string } } },
  ) => { canMakePayment(): Promise<boolean> };
}

/**
 * Which of the `offered` wallets the browser says it can pay with (issue 25 item 4), asked without
 * loading anything, and only for those offered: Apple Pay when `ApplePaySession.canMakePayments()`
 * is true (Safari; in an iframe Safari 17+, with `allow="payment"`), Google Pay when the Payment
 * Request API's `canMakePayment()` resolves true for Google Pay's method (no Google script; Chromium
 * fetches that method's manifest from google.com then, so it is not asked for an order without
 * Google Pay). A missing API, a throw (a frame without the payment permission) or a rejection
 * counts as cannot. Resolves to the list, Apple Pay first; never rejects.
 */
export async function walletsAvailable(win: WalletWindow, offered: readonly WalletType[]): Promise<WalletType[]> {
  const found: WalletType[] = [];
  try {
    if (offered.includes('APPLE_PAY') && win.ApplePaySession?.canMakePayments()) found.push('APPLE_PAY');
  } catch {}
  if (!offered.includes('GOOGLE_PAY')) return found;
  try {
    const data = { apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: [{ type: 'CARD', parameters: GOOGLE_PAY_CARD }] };
    const total = { label: 'Total', amount: { currency: 'EUR', value: '0.00' } };
    if (
      win.PaymentRequest &&
      (await new win.PaymentRequest([{ supportedMethods: GOOGLE_PAY_METHOD, data }], { total }).canMakePayment())
    )
      found.push('GOOGLE_PAY');
  } catch {}
  return found;
}
