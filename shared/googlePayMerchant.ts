/**
 * The Google Pay merchant and gateway the widget is built for (security review L4): the widget's
 * wallets chunk writes them into Google Pay's payment data request itself, so neither the page nor
 * the page-chosen `host` decides where Google encrypts the buyer's card or whom the sheet names
 * (the host contributes only the order's signed amount). These are the reference provider's
 * simulated ones, which its Google Pay start also answers; a deployment with a real Google Pay
 * merchant builds its own values here. Kept apart from `wallets.ts` so that only the wallets chunk
 * carries them.
 */
export const GOOGLE_PAY_MERCHANT = {
  /** Google Pay's `merchantInfo`: the merchant id Google issued and the name the sheet shows. */
  merchantInfo: { merchantId: 'merchant.example.cashier-reference', merchantName: 'Cashier reference tickets' },
  /** Google Pay's `tokenizationSpecification`: the payment gateway the token is encrypted for (the vault's). */
  tokenizationSpecification: {
    type: 'PAYMENT_GATEWAY',
    parameters: { gateway: 'cashierreference', gatewayMerchantId: 'merchant.example.cashier-reference' },
  },
} as const;
