import { CashierError, ErrorCode } from './CashierError';
import type { EventRecurrenceStatus, LocationType } from './enums';
import { ProviderPaths } from './paths';
import { parseCardToken, parseCharge, parseCharges, parseOrder, parsePaymentMethods } from './providerBodies';

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

/** An amount in minor units (cents) of an ISO 4217 currency. */
export interface Money {
  /** Integer minor units, e.g. 2500 for 25.00. */
  amount: number;
  /** ISO 4217 code, e.g. "EUR". */
  currency: string;
}

/** The event an order is for (reference shape; enumerations from spec section 3). */
export interface OrderEvent {
  /** The provider's id of the event (shared/referenceCatalog.ts), on orders it prices. */
  id?: string;
  name: string;
  /** ISO 8601 date-time of the start. */
  startsAt: string;
  locationType: LocationType;
  recurrenceStatus: EventRecurrenceStatus;
  /** Venue name or address, for `VENUE` events. */
  venue?: string;
}

/** One ticket line of an order, as the provider priced it. */
export interface OrderLine {
  /** The ticket type it is for (the event's, shared/referenceCatalog.ts). */
  ticketTypeId?: string;
  name: string;
  /** Price of one ticket, in minor units of the order currency: the provider's, never the caller's. */
  unitPrice: number;
  /** 1 or more. */
  quantity: number;
}

/** One line of an order setup: a ticket type of the event and how many (1 up to the type's `maxQuantity`). */
export interface OrderSetupLine {
  ticketTypeId: string;
  quantity: number;
}

/**
 * The buyer's details an order keeps (order setup's `buyer`, create contact and update order):
 * known fields only, each a string no longer than its `BUYER_FIELD_MAX_LENGTHS` entry
 * (shared/orderSetup.ts); anything else is refused with 400 naming the field.
 */
export type BuyerDetails = Partial<Record<BuyerFieldName, string>>;

/** The buyer fields an order keeps: the widget's and the demo form's names. */
export type BuyerFieldName = 'name' | 'fullName' | 'email' | 'phone' | 'address';

/**
 * Body of order setup: ids and quantities only. The provider prices the lines from the event's
 * own ticket types and currency; a body that carries a price (`unitPrice`, `amount`, `total`),
 * or any field not listed here, is refused with 400 INVALID_ORDER naming it, as is an unknown
 * event or ticket type, a ticket type listed twice, or a quantity over the type's limit.
 */
export interface OrderSetupRequest {
  /** The event's id, e.g. "riverside-jazz-night". */
  eventId: string;
  /** At least one line; each ticket type at most once. */
  lines: OrderSetupLine[];
  /** The buyer form's values, keyed by field name. */
  buyer?: BuyerDetails;
}

/** Order status in the reference flow. */
export type OrderStatus = 'AWAITING_PAYMENT' | 'PAID' | 'PAY_AT_VENUE';

/** An order (reference shape). */
export interface Order {
  id: string;
  status: OrderStatus;
  event: OrderEvent;
  lines: OrderLine[];
  total: Money;
  buyer?: BuyerDetails;
  /** The charge that settled the order, once there is one. */
  chargeId?: string;
  /** ISO 8601. */
  createdAt: string;
}

/** Payment method types the reference flow offers. */
export type PaymentMethodType = 'CARD' | 'PAY_AT_VENUE';

/** A payment method offered for an order. */
export interface PaymentMethod {
  type: PaymentMethodType;
  /** What the buyer sees, e.g. "Card", "Pay at the venue". */
  label: string;
}

/**
 * A payment method as the provider's reply lists it: `type` is checked to be a string, and may
 * name a method this widget does not take (the widget skips those); `label` and any other field
 * are as they came, to be narrowed where they are read.
 */
export interface OfferedPaymentMethod {
  /** "CARD", "PAY_AT_VENUE", or a type this widget does not know. */
  type: string;
  /** What the buyer sees, e.g. "Card"; unchecked. */
  label?: unknown;
}

/** Body of card tokenization. The card number never reaches the host page. */
export interface CardTokenizationRequest {
  holderName: string;
  /** Digits only. */
  number: string;
  /** 1–12. */
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

/** A card token: single use, stands for the card in a charge. */
export interface CardToken {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Body of a charge by order. Sent with an `Idempotency-Key` header. */
export interface ChargeRequest {
  paymentMethod: PaymentMethodType;
  /** Required for `CARD`. */
  cardToken?: string;
  /** Where the receipt goes. */
  email?: string;
}

/** Outcome of a charge. */
export type ChargeStatus = 'APPROVED' | 'DECLINED' | 'PENDING';

/** A charge (reference shape). */
export interface Charge {
  id: string;
  orderId: string;
  status: ChargeStatus;
  amount: Money;
  paymentMethod: PaymentMethodType;
  /** Why a `DECLINED` charge was declined, e.g. "card_declined", "insufficient_funds". */
  declineCode?: string;
  /** ISO 8601. */
  createdAt: string;
}

/** The operations of spec section 7. */
export interface ProviderApi {
  /** GET payment details (payload not shown by the spec). */
  getPaymentDetails(query?: LooseQuery): Promise<unknown>;
  /** GET the buyer's saved credit cards. */
  listCreditCards(query?: LooseQuery): Promise<unknown>;
  /** GET one saved credit card. */
  getCreditCard(cardId: string): Promise<unknown>;
  /** GET the buyer's primary credit card. */
  getPrimaryCreditCard(): Promise<unknown>;
  /**
   * POST card tokenization to the vault (never retried; DESIGN "Security model": the card goes to
   * the vault origin only, never to `host`): the card becomes a single-use token, bound to the app
   * instance that asked. INVALID_RESPONSE without a string `token`; INVALID_ARGUMENT when the API
   * was built without a vault transport.
   */
  tokenizeCard(card: CardTokenizationRequest): Promise<CardToken>;
  /** GET saved-card tokens. */
  getSavedCardTokens(query?: LooseQuery): Promise<unknown>;
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
  /** GET buyer info. */
  getBuyerInfo(query?: LooseQuery): Promise<unknown>;
  /** POST create contact and update order (never retried). */
  createContactAndUpdateOrder(orderId: string, contact: unknown): Promise<unknown>;
  /** GET the charges of an account. */
  getChargesByAccount(accountId: string): Promise<unknown>;
  /** GET the charges of an order, newest last. INVALID_RESPONSE unless a list of charges. */
  getChargesByOrder(orderId: string): Promise<Charge[]>;
  /**
   * POST a charge for an order (never retried). `idempotencyKey` goes in the `Idempotency-Key`
   * header: the provider answers a repeated key with the charge it made the first time.
   * INVALID_RESPONSE unless a charge (string `id`, `orderId`, known `status`).
   */
  chargeOrder(orderId: string, charge: ChargeRequest, idempotencyKey: string): Promise<Charge>;
  /** GET a charge by id. INVALID_RESPONSE unless a charge (string `id`, `orderId`, known `status`). */
  getCharge(chargeId: string): Promise<Charge>;
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
  /** GET express checkout widget settings. */
  getExpressCheckoutWidgetSettings(query?: LooseQuery): Promise<unknown>;
  /** GET payment methods banner settings. */
  getPaymentMethodsBannerSettings(query?: LooseQuery): Promise<unknown>;
  /** GET express payment methods. */
  getExpressPaymentMethods(query?: LooseQuery): Promise<unknown>;
  /** POST Apple Pay merchant validation (never retried). */
  validateApplePayMerchant(body: unknown): Promise<unknown>;
  /** POST Google Pay start (never retried). */
  startGooglePay(body: unknown): Promise<unknown>;
  /** POST create a PayPal checkout (never retried). */
  createPayPalCheckout(body: unknown): Promise<unknown>;
  /** PATCH update a PayPal checkout (never retried; a partial update, as PayPal's own API). */
  updatePayPalCheckout(checkoutId: string, body: unknown): Promise<unknown>;
  /** GET the payment details of a PayPal checkout. */
  getPayPalPaymentDetails(checkoutId: string): Promise<unknown>;
  /** GET locale metadata: countries. */
  getCountries(query?: LooseQuery): Promise<unknown>;
  /** GET locale metadata: the states of a country (ISO 3166-1 alpha-2). */
  getStates(countryCode: string): Promise<unknown>;
  /** GET locale metadata: languages. */
  getLanguages(query?: LooseQuery): Promise<unknown>;
  /** GET locale metadata: the address format of a country. */
  getAddressFormat(countryCode: string): Promise<unknown>;
  /** GET locale metadata: multilingual languages. */
  getMultilingualLanguages(query?: LooseQuery): Promise<unknown>;
  /** GET the buyer's country, resolved by the provider. */
  resolveBuyerCountry(): Promise<unknown>;
}

/**
 * Builds {@link ProviderApi} on two transports: `send` for every call to the provider host (the
 * provider client's `request`), `sendToVault` for card tokenization (its `vault.request`). Without
 * `sendToVault`, `tokenizeCard` rejects INVALID_ARGUMENT: card data never falls back to the host.
 */
export function createProviderApi(send: ProviderApiTransport, sendToVault?: ProviderApiTransport): ProviderApi {
  const vault: ProviderApiTransport =
    sendToVault ??
    (() =>
      Promise.reject(
        new CashierError(ErrorCode.InvalidArgument, 'tokenizeCard needs the vault transport: card data never goes to host.'),
      ));
  const get = (path: string, params?: LooseQuery) => send({ method: 'get', path, params });
  const post = (path: string, data: unknown, headers?: Record<string, string>) => send({ method: 'post', path, data, headers });
  const P = ProviderPaths;
  return {
    getPaymentDetails: (query) => get(P.paymentDetails, query),
    listCreditCards: (query) => get(P.creditCards, query),
    getCreditCard: (cardId) => get(P.creditCard(cardId)),
    getPrimaryCreditCard: () => get(P.primaryCreditCard),
    tokenizeCard: (card) =>
      vault({ method: 'post', path: P.cardTokenization, data: card }).then((body) => parseCardToken(body, 'tokenizeCard')),
    getSavedCardTokens: (query) => get(P.savedCardTokens, query),
    setupOrder: (order) => post(P.orderSetup, order).then((body) => parseOrder(body, 'setupOrder')),
    getOrder: (orderId) => get(P.order(orderId)).then((body) => parseOrder(body, 'getOrder')),
    getOrderAgreement: (orderId) => get(P.orderAgreement(orderId)),
    getMandatoryFieldsByOrder: (orderId) => get(P.mandatoryFieldsByOrder(orderId)),
    getMandatoryFields: (query) => get(P.mandatoryFields, query),
    getSubscription: (subscriptionId) => get(P.subscription(subscriptionId)),
    getBuyerInfo: (query) => get(P.buyerInfo, query),
    createContactAndUpdateOrder: (orderId, contact) => post(P.createContactAndUpdateOrder(orderId), contact),
    getChargesByAccount: (accountId) => get(P.chargesByAccount(accountId)),
    getChargesByOrder: (orderId) => get(P.chargesByOrder(orderId)).then((body) => parseCharges(body, 'getChargesByOrder')),
    chargeOrder: (orderId, charge, idempotencyKey) =>
      post(P.chargesByOrder(orderId), charge, { 'Idempotency-Key': idempotencyKey }).then((body) =>
        parseCharge(body, 'chargeOrder'),
      ),
    getCharge: (chargeId) => get(P.charge(chargeId)).then((body) => parseCharge(body, 'getCharge')),
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
    getCountries: (query) => get(P.localeCountries, query),
    getStates: (countryCode) => get(P.localeStates(countryCode)),
    getLanguages: (query) => get(P.localeLanguages, query),
    getAddressFormat: (countryCode) => get(P.localeAddress(countryCode)),
    getMultilingualLanguages: (query) => get(P.localeMultilingualLanguages, query),
    resolveBuyerCountry: () => get(P.buyerCountry),
  };
}
