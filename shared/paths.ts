/**
 * Every request path of spec section 7, relative to the provider `host`. All live under
 * `/_serverless/payments-checkout-server/` (DESIGN "Widget settings call"). Paths with an
 * identifier are functions; the identifier is URL-encoded.
 */

/** The prefix every provider request path starts with (DESIGN "Widget settings call"). */
export const PAYMENTS_CHECKOUT_BASE_PATH = '/_serverless/payments-checkout-server';

// Pure: the paths object is dropped from builds that do not use it (the frame's bootstrap script).
/* @__NO_SIDE_EFFECTS__ */
const p = (rest: string): string => `${PAYMENTS_CHECKOUT_BASE_PATH}/${rest}`;
const id = (value: string): string => encodeURIComponent(value);

/**
 * GET: the widget settings (spec 7); the one call whose use the spec shows. A constant of its
 * own so that the frame's bootstrap script carries no other path.
 */
export const WIDGET_SETTINGS_PATH = p('widget-settings');

/** The provider's request paths (spec section 7). */
export const ProviderPaths = {
  /** GET: the widget settings; the one call whose use the spec shows. */
  widgetSettings: WIDGET_SETTINGS_PATH,
  /** Spec 7: payment details. */
  paymentDetails: p('payment-details'),
  /** Spec 7: credit cards: the list. */
  creditCards: p('credit-cards'),
  /** Spec 7: credit cards: one item, by card id. */
  creditCard: (cardId: string) => p(`credit-cards/${id(cardId)}`),
  /** Spec 7: credit cards: the primary one. */
  primaryCreditCard: p('credit-cards/primary'),
  /** Spec 7: card tokenization. */
  cardTokenization: p('card-tokenization'),
  /** Spec 7: saved-card tokens. */
  savedCardTokens: p('saved-card-tokens'),
  /**
   * POST to the VAULT (issue 25 item 4; the reference provider's, beside card tokenization): a
   * wallet's payment token (Apple Pay, Google Pay) becomes a card token.
   */
  walletTokens: p('wallet-tokens'),
  /** Spec 7: order setup. */
  orderSetup: p('orders/setup'),
  /** Spec 7: order by id. */
  order: (orderId: string) => p(`orders/${id(orderId)}`),
  /**
   * POST (issue 37): extend the order's seat hold by its policy's seconds, from the current
   * `holdExpiresAt`; 200 with the order, or 409 `HOLD_NOT_EXTENDABLE`.
   */
  holdExtensions: (orderId: string) => p(`orders/${id(orderId)}/hold-extensions`),
  /** Spec 7: order agreement. */
  orderAgreement: (orderId: string) => p(`orders/${id(orderId)}/agreement`),
  /** Spec 7: mandatory fields, by order. */
  mandatoryFieldsByOrder: (orderId: string) => p(`orders/${id(orderId)}/mandatory-fields`),
  /** Spec 7: mandatory fields, global. */
  mandatoryFields: p('mandatory-fields'),
  /** Spec 7: subscription, by subscription id. */
  subscription: (subscriptionId: string) => p(`subscriptions/${id(subscriptionId)}`),
  /** Spec 7: buyer info. */
  buyerInfo: p('buyer-info'),
  /** Spec 7: create contact and update order. */
  createContactAndUpdateOrder: (orderId: string) => p(`orders/${id(orderId)}/contact`),
  /** Spec 7: charges by account. */
  chargesByAccount: (accountId: string) => p(`accounts/${id(accountId)}/charges`),
  /** Spec 7: charges by order (list, and create with an Idempotency-Key). */
  chargesByOrder: (orderId: string) => p(`orders/${id(orderId)}/charges`),
  /** Spec 7: charges by charge id. */
  charge: (chargeId: string) => p(`charges/${id(chargeId)}`),
  /**
   * POST: cancel an open (`REQUIRES_ACTION`) charge; it settles as DECLINED
   * `authentication_abandoned`. A settled charge is answered as it is.
   */
  cancelCharge: (chargeId: string) => p(`charges/${id(chargeId)}/cancel`),
  /** Spec 7: account. */
  account: p('account'),
  /** Spec 7: payment methods, general. */
  paymentMethods: p('payment-methods'),
  /** Spec 7: payment methods by account. */
  paymentMethodsByAccount: (accountId: string) => p(`accounts/${id(accountId)}/payment-methods`),
  /** Spec 7: payment methods by order. */
  paymentMethodsByOrder: (orderId: string) => p(`orders/${id(orderId)}/payment-methods`),
  /** Spec 7: payment methods, buy-now-pay-later. */
  buyNowPayLaterPaymentMethods: p('payment-methods/buy-now-pay-later'),
  /** Spec 7: express checkout widget settings. */
  expressCheckoutWidgetSettings: p('express-checkout/widget-settings'),
  /** Spec 7: payment methods banner settings. */
  paymentMethodsBannerSettings: p('payment-methods-banner/settings'),
  /** Spec 7: express payment methods. */
  expressPaymentMethods: p('express-payment-methods'),
  /** Spec 7: Apple Pay merchant validation. */
  applePayMerchantValidation: p('apple-pay/merchant-validation'),
  /** Spec 7: Google Pay start. */
  googlePayStart: p('google-pay/start'),
  /** Spec 7: PayPal checkout create. */
  payPalCheckoutCreate: p('paypal/checkout'),
  /** Spec 7: PayPal checkout update, by checkout id. */
  payPalCheckoutUpdate: (checkoutId: string) => p(`paypal/checkout/${id(checkoutId)}`),
  /** Spec 7: PayPal payment details, by checkout id. */
  payPalPaymentDetails: (checkoutId: string) => p(`paypal/checkout/${id(checkoutId)}/payment-details`),
  /** Spec 7: locale metadata: countries. */
  localeCountries: p('locale/countries'),
  /** Spec 7: locale metadata: states of a country. */
  localeStates: (countryCode: string) => p(`locale/countries/${id(countryCode)}/states`),
  /** Spec 7: locale metadata: languages. */
  localeLanguages: p('locale/languages'),
  /** Spec 7: locale metadata: address format of a country. */
  localeAddress: (countryCode: string) => p(`locale/countries/${id(countryCode)}/address`),
  /** Spec 7: locale metadata: multilingual languages. */
  localeMultilingualLanguages: p('locale/multilingual-languages'),
  /** Spec 7: buyer country resolution. */
  buyerCountry: p('buyer-country'),
} as const;
