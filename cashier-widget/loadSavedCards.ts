import type { BundleProviderApi } from './bundleProviderApi';
import type { SavedCardsDeps, SavedCardsHandle } from './savedCards';

/**
 * A member's saved cards (issue 25): lists them (`listCreditCards`: `[]` without a member) and,
 * when there is one, imports the saved-cards chunk (which checks the list) (cashier-widget/savedCards/, its own file and
 * catalogs: none of it is downloaded for a buyer without saved cards) and hands `onLoaded` its
 * handle. A list or chunk that cannot be loaded leaves the card form as it is (never rejects).
 */
export function loadSavedCards(
  api: Pick<BundleProviderApi, 'listCreditCards'>,
  deps: Omit<SavedCardsDeps, 'cards'>,
  onLoaded: (saved: SavedCardsHandle) => void,
): Promise<void> {
  return api
    .listCreditCards()
    .then((cards) =>
      Array.isArray(cards) && cards.length > 0
        ? import('./savedCards').then((chunk) => chunk.startSavedCards({ ...deps, cards }))
        : undefined,
    )
    .then((saved) => saved && onLoaded(saved))
    .catch(() => undefined);
}
