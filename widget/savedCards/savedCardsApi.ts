import {
  ProviderPaths as P,
  type ProviderApi,
  type ProviderApiTransport,
  parseCardToken,
  parseSavedCard,
  parseSavedCards,
} from '../../shared';

/** The saved-card operations the saved-cards chunk calls (issue 25): {@link ProviderApi}'s. */
export type SavedCardsApi = Pick<ProviderApi, 'listCreditCards' | 'deleteCreditCard' | 'createSavedCardToken'>;

/**
 * The saved-card operations the widget calls for a member, built as `createProviderApi`
 * (shared/providerApi.ts) builds them, same paths, guards and errors. They live in the lazily
 * loaded chunk, not in bundleProviderApi.ts (which has `getBuyerInfo`, the call that decides
 * whether to load it): a guest downloads none of their bytes (the bundle is at its 25 kB budget). `send` is the provider client's `request`; `sendToVault` its
 * `vault.request`: a saved card's security code is card data and goes to the vault only (DESIGN
 * "Security model"); a client without a vault rejects it INVALID_ARGUMENT.
 */
export function createSavedCardsApi(send: ProviderApiTransport, sendToVault: ProviderApiTransport): SavedCardsApi {
  return {
    listCreditCards: () => send({ method: 'get', path: P.creditCards }).then((body) => parseSavedCards(body, 'listCreditCards')),
    deleteCreditCard: (cardId) =>
      send({ method: 'delete', path: P.creditCard(cardId) }).then((body) => parseSavedCard(body, 'deleteCreditCard')),
    createSavedCardToken: (request) =>
      sendToVault({ method: 'post', path: P.savedCardTokens, data: request }).then((body) =>
        parseCardToken(body, 'createSavedCardToken'),
      ),
  };
}
