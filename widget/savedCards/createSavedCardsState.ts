import { msg } from '@lingui/core/macro';
import type { PayResult, SaveCardConsent, SavedCard } from '../../shared';
import type { Message } from '../i18n/createTranslator';
import { asCashierError } from '../paymentErrors';
import type { SavedCardsApi } from './savedCardsApi';

/** The choice that stands for "Use a new card": the full card form. */
export const NEW_CARD = 'new';

/** The saved-cards part of the form, readable synchronously (useSyncExternalStore). */
export interface SavedCardsSnapshot {
  /** The member's cards, primary first, as listed (a removed one leaves). */
  cards: SavedCard[];
  /** The chosen card's id, or {@link NEW_CARD}. */
  chosen: string;
  /** The chosen saved card's security code, as typed (digits only). */
  cvc: string;
  /** The security code's error; undefined when valid or not checked yet. */
  cvcError: Message | undefined;
  /** The card whose removal the buyer is asked to confirm; undefined when none. */
  confirming: string | undefined;
  /** True while a removal is on its way to the provider. */
  removing: boolean;
  /** What the last removal did, for the live region: the card removed, or why it was not. */
  status: { removed: SavedCard } | { failed: SavedCard } | undefined;
  /** "Save this card for next time" (issue 25): unchecked by default; its consent goes with a new card's tokenization, to the vault. */
  save: boolean;
  /** When the buyer checked the box (ISO 8601); undefined while unchecked. */
  savedAt: string | undefined;
}

/**
 * Why a saved card's token was refused, shown under its security code: a code of the wrong form,
 * a code the bank says is wrong (`INCORRECT_CVC`), a card locked after too many wrong codes
 * (`SAVED_CARD_LOCKED`, 429; security review M1), an expired or removed card. Nothing is charged.
 */
const TOKEN_ERRORS: Record<string, Message> = {
  INVALID_CVC: msg`Enter a valid security code`,
  INCORRECT_CVC: msg`The security code is incorrect. Check it and try again.`,
  SAVED_CARD_LOCKED: msg`Too many incorrect security codes. Try this card again later or choose another card.`,
  SAVED_CARD_EXPIRED: msg`This card has expired. Choose another card.`,
  SAVED_CARD_NOT_FOUND: msg`This card is no longer saved. Choose another card.`,
};

/** What {@link createSavedCardsState} reads and calls. */
export interface SavedCardsStateDeps {
  api: SavedCardsApi;
  /** The member's cards as `listCreditCards` answered them; `[]` for a member without saved cards (a new card only). */
  cards: SavedCard[];
  /** The current time as an ISO 8601 string; default `new Date().toISOString()`. */
  now?: () => string;
}

/** The saved cards' state and what the widget does with it. */
export type SavedCardsState = ReturnType<typeof createSavedCardsState>;

/** The digits a saved card's security code has: 4 for American Express, else 3. */
export const cvcLength = (card: SavedCard) => (card.brand === 'amex' ? 4 : 3);

/**
 * The saved cards' state for one mount (issue 25): the card chosen (the primary preselected when
 * it can be charged, else the first that can, else a new card), its security code, the removal
 * being confirmed, and the "save this card" consent. Expired cards cannot be chosen.
 */
export function createSavedCardsState({ api, cards, now = () => new Date().toISOString() }: SavedCardsStateDeps) {
  const usable = cards.filter((c) => !c.expired);
  let snapshot: SavedCardsSnapshot = {
    cards,
    chosen: (usable.find((c) => c.primary) ?? usable[0])?.id ?? NEW_CARD,
    cvc: '',
    cvcError: undefined,
    confirming: undefined,
    removing: false,
    status: undefined,
    save: false,
    savedAt: undefined,
  };
  const listeners = new Set<() => void>();
  const set = (next: Partial<SavedCardsSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };
  /** The chosen saved card; undefined with a new card. */
  const chosenCard = () => snapshot.cards.find((c) => c.id === snapshot.chosen);
  const cvcErrorOf = (card: SavedCard, cvc: string): Message | undefined => {
    const length = cvcLength(card);
    return new RegExp(`^\\d{${length}}$`).test(cvc) ? undefined : msg`Enter the ${length}-digit security code`;
  };

  return {
    getSnapshot: () => snapshot,
    /** Calls `listener` after every change; returns the unsubscribe function. */
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    chosenCard,
    /** Chooses a card by id (an expired or unknown one is ignored) or {@link NEW_CARD}; the security code empties. */
    choose(id: string) {
      if (id !== NEW_CARD && !snapshot.cards.some((c) => c.id === id && !c.expired)) return;
      set({ chosen: id, cvc: '', cvcError: undefined });
    },
    /** The buyer typed in the security code: digits only, at most the card's length; an error shown is re-checked. */
    setCvc(value: string) {
      const card = chosenCard();
      const cvc = value.replace(/\D/g, '').slice(0, card ? cvcLength(card) : 4);
      set({ cvc, cvcError: card && snapshot.cvcError ? cvcErrorOf(card, cvc) : undefined });
    },
    /**
     * With a saved card chosen, whether its security code is complete (valid as typed, nothing
     * shown) and whether any of it is typed (issue 36's `onChange`); undefined with a new card.
     */
    progress(): { complete: boolean; empty: boolean } | undefined {
      const card = chosenCard();
      return card && { complete: !cvcErrorOf(card, snapshot.cvc), empty: snapshot.cvc === '' };
    },
    /** Checks the security code (on blur, and before a payment); returns its error, undefined when valid or no saved card is chosen. */
    check(): Message | undefined {
      const card = chosenCard();
      const cvcError = card && cvcErrorOf(card, snapshot.cvc);
      set({ cvcError });
      return cvcError;
    },
    /**
     * `card`'s single-use token (its id and the security code typed, to the vault), or the INVALID
     * result `showError` makes of a code or card the provider refused (its message under the
     * field). Rejects with the provider client's error otherwise (nothing charged).
     */
    async token(card: SavedCard, showError: (error: Message) => PayResult): Promise<string | PayResult> {
      try {
        return (await api.createSavedCardToken({ cardId: card.id, cvc: snapshot.cvc })).token;
      } catch (error) {
        const cvcError = TOKEN_ERRORS[asCashierError(error).details.applicationErrorCode ?? ''];
        if (!cvcError) throw error;
        set({ cvcError });
        return showError(cvcError);
      }
    },
    /** Checks or unchecks "Save this card for next time", noting when it was checked. */
    setSave(save: boolean) {
      set({ save, savedAt: save ? now() : undefined });
    },
    /** The consent to send with a new card's tokenization (to the vault) (`consentText`: the label as shown); undefined unless a new card is chosen and the box checked. */
    consent(consentText: string): SaveCardConsent | undefined {
      if (snapshot.chosen !== NEW_CARD || !snapshot.save || !snapshot.savedAt) return undefined;
      return { consentText, consentedAt: snapshot.savedAt };
    },
    /** Empties the security code (the order was paid: it is not kept for another charge) and the save box. */
    clear() {
      set({ cvc: '', cvcError: undefined, save: false, savedAt: undefined });
    },
    /** Asks to confirm the removal of a card (`id`), or (undefined) stops asking ("Keep"). */
    confirm(id: string | undefined) {
      set({ confirming: id, status: undefined });
    },
    /**
     * Removes the card being confirmed (`deleteCreditCard`): it leaves the list (the next usable
     * card is chosen if it was, else a new card); a failure keeps it and sets `status.failed`.
     */
    async remove(): Promise<void> {
      const card = snapshot.cards.find((c) => c.id === snapshot.confirming);
      if (!card || snapshot.removing) return;
      set({ removing: true });
      try {
        await api.deleteCreditCard(card.id);
      } catch {
        set({ removing: false, confirming: undefined, status: { failed: card } });
        return;
      }
      const cards = snapshot.cards.filter((c) => c.id !== card.id);
      const next = cards.find((c) => !c.expired)?.id ?? NEW_CARD;
      const chosen = snapshot.chosen === card.id ? next : snapshot.chosen;
      const cvc = chosen === snapshot.chosen ? snapshot.cvc : '';
      set({ cards, chosen, cvc, removing: false, confirming: undefined, status: { removed: card } });
    },
  };
}
