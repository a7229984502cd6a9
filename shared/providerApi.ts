import { CashierError, ErrorCode } from './CashierError';
import { ProviderPaths } from './paths';
import {
  parseAddressFormat,
  parseBuyerCountry,
  parseCardToken,
  parseCharge,
  parseCharges,
  parseCountries,
  parseLanguages,
  parseOrder,
  parsePaymentMethods,
  parseStates,
} from './providerBodies';
import type {
  AddressFormat,
  BuyerCountryReply,
  BuyerInfo,
  CardToken,
  CardTokenizationRequest,
  Charge,
  ChargeRequest,
  CountriesReply,
  LanguagesReply,
  OfferedPaymentMethod,
  Order,
  OrderSetupRequest,
  SavedCard,
  SavedCardTokenRequest,
  StatesReply,
} from './providerShapes';
import { parseBuyerInfo, parseSavedCard, parseSavedCards } from './savedCardBodies';
import type { WalletTokenRequest } from './wallets';

export type * from './providerShapes';

/**
 * One typed function for every operation of spec section 7. The spec shows the paths, not the
 * payloads: operations whose payloads the reference flow reads are typed by the reference
 * provider's shapes below (DESIGN "Reference provider and bundle") and their 2xx bodies pass a
 * guard (providerBodies.ts: the fields the flow reads are checked, the rest passed through as
 * they came; a body that does not fit rejects with CashierError INVALID_RESPONSE naming the
 * operation); the rest resolve to `unknown` and take a loose query or body, to be narrowed where
 * they are read. Every function rejects with CashierError exactly as {@link ProviderApiTransport}
 * does (retries, revalidation per spec 7).
 */

/**
 * Sends one request and resolves to its JSON body, unchecked; the provider client's `request`
 * (retries, revalidation, CashierError).
 */
export type ProviderApiTransport = (config: {
  method: string;
  path: string;
  params?: Record<string, string>;
  data?: unknown;
  headers?: Record<string, string>;
}) => Promise<unknown>;

/** A query for operations whose parameters the spec does not show. */
export type LooseQuery = Record<string, string>;

/** The operations of spec section 7. */
export interface ProviderApi {
  /** GET payment details (payload not shown by the spec). */
  getPaymentDetails(query?: LooseQuery): Promise<unknown>;
  /**
   * GET the member's saved cards (issue 25), primary first; `[]` when the app instance carries no
   * member. INVALID_RESPONSE unless a list of saved cards (savedCardBodies.ts).
   */
  listCreditCards(query?: LooseQuery): Promise<SavedCard[]>;
  /** GET one saved card, with its consent when it was saved at a charge. 404 `CREDIT_CARD_NOT_FOUND` for another member's. */
  getCreditCard(cardId: string): Promise<SavedCard>;
  /** GET the member's primary card. 404 `CREDIT_CARD_NOT_FOUND` when there is none. */
  getPrimaryCreditCard(): Promise<SavedCard>;
  /**
   * DELETE a saved card (the buyer confirmed "Remove"): resolves to the card removed. 404
   * `CREDIT_CARD_NOT_FOUND` for an unknown id or another member's (also a retry whose first
   * attempt removed it: DELETE is retried as idempotent).
   */
  deleteCreditCard(cardId: string): Promise<SavedCard>;
  /**
   * POST card tokenization to the vault (never retried; DESIGN "Security model": the card goes to
   * the vault origin only, never to `host`): the card becomes a single-use token, bound to the app
   * instance that asked, and to the buyer's `saveCard` consent when the request carries one. INVALID_RESPONSE without a string `token`; INVALID_ARGUMENT when the API
   * was built without a vault transport.
   */
  tokenizeCard(card: CardTokenizationRequest): Promise<CardToken>;
  /**
   * POST saved-card tokens to the VAULT (never retried; DESIGN "Security model": the security code
   * is card data): a saved card's id and security code become a single-use card token, charged as
   * {@link tokenizeCard}'s. 422 `SAVED_CARD_NOT_FOUND` (not this member's), `SAVED_CARD_EXPIRED`,
   * `INVALID_CVC` (the code's form), `INCORRECT_CVC` (the bank's check: a wrong code); 429
   * `SAVED_CARD_LOCKED` (with `Retry-After`) after too many wrong codes; INVALID_RESPONSE without a
   * string `token`; INVALID_ARGUMENT without a vault transport.
   */
  createSavedCardToken(request: SavedCardTokenRequest): Promise<CardToken>;
  /**
   * POST a wallet's payment token (Apple Pay `payment.token`, Google Pay `tokenizationData.token`)
   * to the VAULT's wallet tokens (never retried; issue 25 item 4: a wallet token is card data): it
   * becomes a single-use card token, charged as {@link tokenizeCard}'s. 400 `INVALID_WALLET_TOKEN`;
   * INVALID_RESPONSE without a string `token`; INVALID_ARGUMENT without a vault transport.
   */
  tokenizeWallet(request: WalletTokenRequest): Promise<CardToken>;
  /** POST order setup (never retried): creates an order awaiting payment. INVALID_RESPONSE unless an order (`id`, `status`). */
  setupOrder(order: OrderSetupRequest): Promise<Order>;
  /** GET an order by id. INVALID_RESPONSE unless an order (string `id`, known `status`). */
  getOrder(orderId: string): Promise<Order>;
  /** GET the order agreement (terms the buyer accepts). */
  getOrderAgreement(orderId: string): Promise<unknown>;
  /** GET the mandatory fields of an order. */
  getMandatoryFieldsByOrder(orderId: string): Promise<unknown>;
  /** GET the global mandatory fields. */
  getMandatoryFields(query?: LooseQuery): Promise<unknown>;
  /** GET a subscription. */
  getSubscription(subscriptionId: string): Promise<unknown>;
  /**
   * GET buyer info (issue 25): whether the app instance's buyer is a `GUEST` or a `MEMBER` (with
   * its id). INVALID_RESPONSE unless one of the two.
   */
  getBuyerInfo(query?: LooseQuery): Promise<BuyerInfo>;
  /** POST create contact and update order (never retried). */
  createContactAndUpdateOrder(orderId: string, contact: unknown): Promise<unknown>;
  /** GET the charges of an account. */
  getChargesByAccount(accountId: string): Promise<unknown>;
  /**
   * GET the charges of an order, newest last. INVALID_RESPONSE unless a list of charges (a
   * REQUIRES_ACTION one with its challenge on the vault origin).
   */
  getChargesByOrder(orderId: string): Promise<Charge[]>;
  /**
   * POST a charge for an order (never retried). `idempotencyKey` goes in the `Idempotency-Key`
   * header: the provider answers a repeated key with the charge it made the first time.
   * INVALID_RESPONSE unless a charge (string `id`, `orderId`, known `status`); a REQUIRES_ACTION
   * charge whose 3-D Secure challenge is not on the vault origin (issue 22) is INVALID_RESPONSE with
   * `details.chargeId`.
   */
  chargeOrder(orderId: string, charge: ChargeRequest, idempotencyKey: string): Promise<Charge>;
  /**
   * GET a charge by id (spec 7): its state now (a 3-D Secure challenge's outcome is read here, never
   * trusted from the challenge page's message). INVALID_RESPONSE unless a charge (string `id`,
   * `orderId`, known `status`; a REQUIRES_ACTION one with its challenge on the vault origin).
   */
  getCharge(chargeId: string): Promise<Charge>;
  /**
   * POST: cancels an open (REQUIRES_ACTION) charge (never retried; issue 22): it settles as DECLINED
   * `authentication_abandoned`, and the reply is the charge as it is now (a charge already settled
   * comes back unchanged). INVALID_RESPONSE unless a charge.
   */
  cancelCharge(chargeId: string): Promise<Charge>;
  /** GET the account. */
  getAccount(): Promise<unknown>;
  /** GET payment methods in general. */
  getPaymentMethods(query?: LooseQuery): Promise<unknown>;
  /** GET the payment methods of an account. */
  getPaymentMethodsByAccount(accountId: string): Promise<unknown>;
  /** GET the payment methods offered for an order. INVALID_RESPONSE unless a list of objects with a string `type`. */
  getPaymentMethodsByOrder(orderId: string): Promise<OfferedPaymentMethod[]>;
  /** GET buy-now-pay-later payment methods. */
  getBuyNowPayLaterPaymentMethods(query?: LooseQuery): Promise<unknown>;
  /** GET express checkout widget settings: which wallets are on for the app instance, and the merchant (shared/wallets.ts). */
  getExpressCheckoutWidgetSettings(query?: LooseQuery): Promise<unknown>;
  /** GET payment methods banner settings. */
  getPaymentMethodsBannerSettings(query?: LooseQuery): Promise<unknown>;
  /** GET express payment methods; the reference provider's take `{ orderId }` and answer APPLE_PAY / GOOGLE_PAY entries. */
  getExpressPaymentMethods(query?: LooseQuery): Promise<unknown>;
  /** POST Apple Pay merchant validation `{ validationURL }` (never retried): the merchant session for `completeMerchantValidation`. */
  validateApplePayMerchant(body: unknown): Promise<unknown>;
  /** POST Google Pay start `{ orderId }` (never retried): the Google Pay payment data request for the order. */
  startGooglePay(body: unknown): Promise<unknown>;
  /** POST create a PayPal checkout (never retried). */
  createPayPalCheckout(body: unknown): Promise<unknown>;
  /** PATCH update a PayPal checkout (never retried; a partial update, as PayPal's own API). */
  updatePayPalCheckout(checkoutId: string, body: unknown): Promise<unknown>;
  /** GET the payment details of a PayPal checkout. */
  getPayPalPaymentDetails(checkoutId: string): Promise<unknown>;
  /**
   * POST the payment details of a PayPal checkout the buyer approved: captures it (never retried;
   * issue 25), exactly once per order, and answers the order's settling charge (a second capture,
   * or an order paid by card first, charges nothing). INVALID_RESPONSE unless a charge.
   */
  capturePayPalPayment(checkoutId: string): Promise<Charge>;
  /** GET locale metadata: the billing countries. INVALID_RESPONSE unless `{ countries }`, a list of strings. */
  getCountries(query?: LooseQuery): Promise<CountriesReply>;
  /**
   * GET locale metadata: the states of a country (ISO 3166-1 alpha-2), empty where its address
   * format has no subdivision. INVALID_RESPONSE unless `{ states }`, each a code, name and spec 3 type.
   */
  getStates(countryCode: string): Promise<StatesReply>;
  /** GET locale metadata: languages (BCP 47 tags). INVALID_RESPONSE unless `{ languages }`, a list of strings. */
  getLanguages(query?: LooseQuery): Promise<LanguagesReply>;
  /**
   * GET locale metadata: the address format of a country (ISO 3166-1 alpha-2): its postal code
   * (pattern, label, example) and subdivision, where it has them. INVALID_RESPONSE unless a string
   * `country`, a postal code pattern that compiles and known labels and types; an unknown country
   * rejects with the provider's 404 (`COUNTRY_NOT_SUPPORTED` on the reference provider).
   */
  getAddressFormat(countryCode: string): Promise<AddressFormat>;
  /** GET locale metadata: multilingual languages (BCP 47 tags). INVALID_RESPONSE unless `{ languages }`, a list of strings. */
  getMultilingualLanguages(query?: LooseQuery): Promise<LanguagesReply>;
  /**
   * GET the buyer's country, resolved by the provider (spec 7 buyer country resolution): ISO
   * 3166-1 alpha-2, or null when it cannot tell. INVALID_RESPONSE unless `{ country }`, a string or null.
   */
  resolveBuyerCountry(): Promise<BuyerCountryReply>;
}

/**
 * Builds {@link ProviderApi} on two transports: `send` for every call to the provider host (the
 * provider client's `request`), `sendToVault` for card tokenization and saved-card tokens (its
 * `vault.request`). Without `sendToVault`, both reject INVALID_ARGUMENT: card data never falls back to the host.
 * `vaultOrigin` (the client's `vault.origin`) is where a 3-D Secure challenge page may be; without
 * it every REQUIRES_ACTION charge is INVALID_RESPONSE (issue 22). `paymentsOrigin` is where a
 * local method's approval page may be (issue 38); without it every REDIRECT is INVALID_RESPONSE.
 */
export function createProviderApi(
  send: ProviderApiTransport,
  sendToVault?: ProviderApiTransport,
  vaultOrigin?: string,
  paymentsOrigin?: string,
): ProviderApi {
  const origins = { vault: vaultOrigin, payments: paymentsOrigin };
  const vault: ProviderApiTransport =
    sendToVault ??
    (() =>
      Promise.reject(
        new CashierError(
          ErrorCode.InvalidArgument,
          'Card tokenization, saved-card and wallet tokens need the vault transport: card data never goes to host.',
        ),
      ));
  const get = (path: string, params?: LooseQuery) => send({ method: 'get', path, params });
  const post = (path: string, data: unknown, headers?: Record<string, string>) => send({ method: 'post', path, data, headers });
  const P = ProviderPaths;
  return {
    getPaymentDetails: (query) => get(P.paymentDetails, query),
    listCreditCards: (query) => get(P.creditCards, query).then((body) => parseSavedCards(body, 'listCreditCards')),
    getCreditCard: (cardId) => get(P.creditCard(cardId)).then((body) => parseSavedCard(body, 'getCreditCard')),
    getPrimaryCreditCard: () => get(P.primaryCreditCard).then((body) => parseSavedCard(body, 'getPrimaryCreditCard')),
    deleteCreditCard: (cardId) =>
      send({ method: 'delete', path: P.creditCard(cardId) }).then((body) => parseSavedCard(body, 'deleteCreditCard')),
    tokenizeCard: (card) =>
      vault({ method: 'post', path: P.cardTokenization, data: card }).then((body) => parseCardToken(body, 'tokenizeCard')),
    createSavedCardToken: (request) =>
      vault({ method: 'post', path: P.savedCardTokens, data: request }).then((body) =>
        parseCardToken(body, 'createSavedCardToken'),
      ),
    tokenizeWallet: (request) =>
      vault({ method: 'post', path: P.walletTokens, data: request }).then((body) => parseCardToken(body, 'tokenizeWallet')),
    setupOrder: (order) => post(P.orderSetup, order).then((body) => parseOrder(body, 'setupOrder')),
    getOrder: (orderId) => get(P.order(orderId)).then((body) => parseOrder(body, 'getOrder')),
    getOrderAgreement: (orderId) => get(P.orderAgreement(orderId)),
    getMandatoryFieldsByOrder: (orderId) => get(P.mandatoryFieldsByOrder(orderId)),
    getMandatoryFields: (query) => get(P.mandatoryFields, query),
    getSubscription: (subscriptionId) => get(P.subscription(subscriptionId)),
    getBuyerInfo: (query) => get(P.buyerInfo, query).then((body) => parseBuyerInfo(body, 'getBuyerInfo')),
    createContactAndUpdateOrder: (orderId, contact) => post(P.createContactAndUpdateOrder(orderId), contact),
    getChargesByAccount: (accountId) => get(P.chargesByAccount(accountId)),
    getChargesByOrder: (orderId) =>
      get(P.chargesByOrder(orderId)).then((body) => parseCharges(body, 'getChargesByOrder', origins)),
    chargeOrder: (orderId, charge, idempotencyKey) =>
      post(P.chargesByOrder(orderId), charge, { 'Idempotency-Key': idempotencyKey }).then((body) =>
        parseCharge(body, 'chargeOrder', origins),
      ),
    getCharge: (chargeId) => get(P.charge(chargeId)).then((body) => parseCharge(body, 'getCharge', origins)),
    cancelCharge: (chargeId) => post(P.cancelCharge(chargeId), {}).then((body) => parseCharge(body, 'cancelCharge', origins)),
    getAccount: () => get(P.account),
    getPaymentMethods: (query) => get(P.paymentMethods, query),
    getPaymentMethodsByAccount: (accountId) => get(P.paymentMethodsByAccount(accountId)),
    getPaymentMethodsByOrder: (orderId) =>
      get(P.paymentMethodsByOrder(orderId)).then((body) => parsePaymentMethods(body, 'getPaymentMethodsByOrder')),
    getBuyNowPayLaterPaymentMethods: (query) => get(P.buyNowPayLaterPaymentMethods, query),
    getExpressCheckoutWidgetSettings: (query) => get(P.expressCheckoutWidgetSettings, query),
    getPaymentMethodsBannerSettings: (query) => get(P.paymentMethodsBannerSettings, query),
    getExpressPaymentMethods: (query) => get(P.expressPaymentMethods, query),
    validateApplePayMerchant: (body) => post(P.applePayMerchantValidation, body),
    startGooglePay: (body) => post(P.googlePayStart, body),
    createPayPalCheckout: (body) => post(P.payPalCheckoutCreate, body),
    updatePayPalCheckout: (checkoutId, body) => send({ method: 'patch', path: P.payPalCheckoutUpdate(checkoutId), data: body }),
    getPayPalPaymentDetails: (checkoutId) => get(P.payPalPaymentDetails(checkoutId)),
    capturePayPalPayment: (checkoutId) =>
      post(P.payPalPaymentDetails(checkoutId), {}).then((body) => parseCharge(body, 'capturePayPalPayment', origins)),
    getCountries: (query) => get(P.localeCountries, query).then((body) => parseCountries(body, 'getCountries')),
    getStates: (countryCode) => get(P.localeStates(countryCode)).then((body) => parseStates(body, 'getStates')),
    getLanguages: (query) => get(P.localeLanguages, query).then((body) => parseLanguages(body, 'getLanguages')),
    getAddressFormat: (countryCode) =>
      get(P.localeAddress(countryCode)).then((body) => parseAddressFormat(body, 'getAddressFormat')),
    getMultilingualLanguages: (query) =>
      get(P.localeMultilingualLanguages, query).then((body) => parseLanguages(body, 'getMultilingualLanguages')),
    resolveBuyerCountry: () => get(P.buyerCountry).then((body) => parseBuyerCountry(body, 'resolveBuyerCountry')),
  };
}
