import {
  ProviderPaths as P,
  type ProviderApi,
  type ProviderApiTransport,
  parseAddressFormat,
  parseBuyerCountry,
  parseCardToken,
  parseCharge,
  parseCharges,
  parseCountries,
  parsePaymentMethods,
  parseStates,
} from '../shared';

/** The provider operations the bundle calls: {@link ProviderApi}'s, nothing more. */
export type BundleProviderApi = Pick<
  ProviderApi,
  | 'tokenizeCard'
  | 'chargeOrder'
  | 'getChargesByOrder'
  | 'getCharge'
  | 'cancelCharge'
  | 'getPaymentMethodsByOrder'
  | 'getCountries'
  | 'getStates'
  | 'getAddressFormat'
  | 'resolveBuyerCountry'
> & {
  /**
   * GET buyer info (issue 25), as {@link ProviderApi.getBuyerInfo} but unchecked: the bundle reads
   * only whether `type` is `MEMBER` (loadSavedCards.ts), the saved-cards chunk lists a member's
   * cards, so a guest downloads neither their guards nor their call. Rejects as the others do.
   */
  getBuyerInfo(): Promise<unknown>;
};

/**
 * The bundle's typed provider operations, as `createProviderApi` (shared/providerApi.ts) builds
 * them, same paths, guards and errors, but only the eleven the bundle calls: `createProviderApi`
 * returns one object with all 38 of spec 7, which no bundler can trim, so its unused operations
 * and their guards were dead weight in the bundle's 25 kB budget (issue 24). `send` is the
 * provider client's `request`, `sendToVault` its `vault.request` (card tokenization only: a client
 * without a vault rejects it INVALID_ARGUMENT), `vaultOrigin` where a 3-D Secure page may be,
 * `paymentsOrigin` where a local method's page may be (issue 38).
 */
export function createBundleProviderApi(
  send: ProviderApiTransport,
  sendToVault: ProviderApiTransport,
  vaultOrigin: string | undefined,
  paymentsOrigin?: string,
): BundleProviderApi {
  const origins = { vault: vaultOrigin, payments: paymentsOrigin };
  const get = (path: string, params?: Record<string, string>) => send({ method: 'get', path, params });
  const post = (path: string, data: unknown, headers?: Record<string, string>) => send({ method: 'post', path, data, headers });
  const charge = (operation: string) => (body: unknown) => parseCharge(body, operation, origins);
  return {
    tokenizeCard: (card) =>
      sendToVault({ method: 'post', path: P.cardTokenization, data: card }).then((body) => parseCardToken(body, 'tokenizeCard')),
    chargeOrder: (orderId, body, idempotencyKey) =>
      post(P.chargesByOrder(orderId), body, { 'Idempotency-Key': idempotencyKey }).then(charge('chargeOrder')),
    getChargesByOrder: (orderId) =>
      get(P.chargesByOrder(orderId)).then((body) => parseCharges(body, 'getChargesByOrder', origins)),
    getCharge: (chargeId) => get(P.charge(chargeId)).then(charge('getCharge')),
    cancelCharge: (chargeId) => post(P.cancelCharge(chargeId), {}).then(charge('cancelCharge')),
    getPaymentMethodsByOrder: (orderId) =>
      get(P.paymentMethodsByOrder(orderId)).then((body) => parsePaymentMethods(body, 'getPaymentMethodsByOrder')),
    getCountries: (query) => get(P.localeCountries, query).then((body) => parseCountries(body, 'getCountries')),
    getStates: (countryCode) => get(P.localeStates(countryCode)).then((body) => parseStates(body, 'getStates')),
    getAddressFormat: (countryCode) =>
      get(P.localeAddress(countryCode)).then((body) => parseAddressFormat(body, 'getAddressFormat')),
    resolveBuyerCountry: () => get(P.buyerCountry).then((body) => parseBuyerCountry(body, 'resolveBuyerCountry')),
    getBuyerInfo: () => get(P.buyerInfo),
  };
}
