/**
 * Every request path of spec section 7, relative to the provider `host`. All live under
 * `/_serverless/payments-checkout-server/` (DESIGN "Widget settings call"). Paths with an
 * identifier are functions; the identifier is URL-encoded.
 */

/** The prefix every provider request path starts with (DESIGN "Widget settings call"). */
export const PAYMENTS_CHECKOUT_BASE_PATH = '/_serverless/payments-checkout-server';

const p = (rest: string): string => `${PAYMENTS_CHECKOUT_BASE_PATH}/${rest}`;
const id = (value: string): string => encodeURIComponent(value);

/** The provider's request paths (spec section 7). */
export const ProviderPaths = {
  /** GET: the widget settings; the one call whose use the spec shows. */
  widgetSettings: p('widget-settings'),
  paymentDetails: p('payment-details'),
  creditCards: p('credit-cards'),
  creditCard: (cardId: string) => p(`credit-cards/${id(cardId)}`),
  primaryCreditCard: p('credit-cards/primary'),
  cardTokenization: p('card-tokenization'),
  savedCardTokens: p('saved-card-tokens'),
  orderSetup: p('orders/setup'),
  order: (orderId: string) => p(`orders/${id(orderId)}`),
  orderAgreement: (orderId: string) => p(`orders/${id(orderId)}/agreement`),
  mandatoryFieldsByOrder: (orderId: string) => p(`orders/${id(orderId)}/mandatory-fields`),
  mandatoryFields: p('mandatory-fields'),
  subscription: (subscriptionId: string) => p(`subscriptions/${id(subscriptionId)}`),
  buyerInfo: p('buyer-info'),
  createContactAndUpdateOrder: (orderId: string) => p(`orders/${id(orderId)}/contact`),
  chargesByAccount: (accountId: string) => p(`accounts/${id(accountId)}/charges`),
  chargesByOrder: (orderId: string) => p(`orders/${id(orderId)}/charges`),
  charge: (chargeId: string) => p(`charges/${id(chargeId)}`),
  account: p('account'),
  paymentMethods: p('payment-methods'),
  paymentMethodsByAccount: (accountId: string) => p(`accounts/${id(accountId)}/payment-methods`),
  paymentMethodsByOrder: (orderId: string) => p(`orders/${id(orderId)}/payment-methods`),
  buyNowPayLaterPaymentMethods: p('payment-methods/buy-now-pay-later'),
  expressCheckoutWidgetSettings: p('express-checkout/widget-settings'),
  paymentMethodsBannerSettings: p('payment-methods-banner/settings'),
  expressPaymentMethods: p('express-payment-methods'),
  applePayMerchantValidation: p('apple-pay/merchant-validation'),
  googlePayStart: p('google-pay/start'),
  payPalCheckoutCreate: p('paypal/checkout'),
  payPalCheckoutUpdate: (checkoutId: string) => p(`paypal/checkout/${id(checkoutId)}`),
  payPalPaymentDetails: (checkoutId: string) => p(`paypal/checkout/${id(checkoutId)}/payment-details`),
  localeCountries: p('locale/countries'),
  localeStates: (countryCode: string) => p(`locale/countries/${id(countryCode)}/states`),
  localeLanguages: p('locale/languages'),
  localeAddress: (countryCode: string) => p(`locale/countries/${id(countryCode)}/address`),
  localeMultilingualLanguages: p('locale/multilingual-languages'),
  buyerCountry: p('buyer-country'),
} as const;
