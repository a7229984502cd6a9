import type { BundleProviderApi } from './bundleProviderApi';
import type { SavedCardsDeps, SavedCardsHandle } from './savedCards';

/** True when buyer info's reply (unchecked: only its `type` is read) says the buyer is a member. */
export const isMember = (buyer: unknown): boolean => (buyer as { type?: unknown } | null)?.type === 'MEMBER';

/**
 * A member's saved cards (issue 25): asks who the buyer is (`getBuyerInfo`) and, for a `MEMBER`
 * only, with or without saved cards, imports the saved-cards chunk (widget/savedCards/,
 * its own file and catalogs), which lists the cards and offers "Save this card for next time",
 * and hands `onLoaded` its handle. A guest downloads none of it and is never offered to save a
 * card. Buyer info, a list or a chunk that cannot be loaded leaves the card form as it is (never rejects).
 */
export function loadSavedCards(
  api: Pick<BundleProviderApi, 'getBuyerInfo'>,
  deps: SavedCardsDeps,
  onLoaded: (saved: SavedCardsHandle) => void,
): Promise<void> {
  return api
    .getBuyerInfo()
    .then((buyer) => (isMember(buyer) ? import('./savedCards').then((chunk) => chunk.startSavedCards(deps)) : undefined))
    .then((saved) => saved && onLoaded(saved))
    .catch(() => undefined);
}
