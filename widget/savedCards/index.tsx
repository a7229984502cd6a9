import { type ReactNode, useEffect, useReducer, useSyncExternalStore } from 'react';
import type { PayResult, ProviderApiTransport, ProviderClient, SaveCardConsent } from '../../shared';
import type { FormStore } from '../createFormStore';
import type { Message } from '../i18n/createTranslator';
import type { ValidationResult } from '../validateCardForm';
import { createSavedCardsState, NEW_CARD } from './createSavedCardsState';
import { SAVE_CARD_LABEL, SavedCardsChoice } from './SavedCardsChoice';
import { createSavedCardsApi } from './savedCardsApi';
import { createSavedCardsI18n } from './savedCardsI18n';

/** What {@link startSavedCards} needs from the widget. */
export interface SavedCardsDeps {
  /** The provider client: `request` lists and deletes cards, `vault.request` makes a saved card's token (its security code is card data). */
  client: Pick<ProviderClient, 'request' | 'vault'>;
  /** The widget's form store: its lock, locale and card values. */
  store: FormStore;
  /** Prefix for element ids, unique per mount. */
  idPrefix: string;
  /** The document the form is in (focus). */
  doc: Document;
}

/** The saved cards, as the widget uses them once loaded (all synchronous but the token). */
export interface SavedCardsHandle {
  /** The payment method group's card part: the saved cards, with `cardFields` shown for a new card. */
  wrap(cardFields: ReactNode): ReactNode;
  /**
   * With a saved card chosen: its security code checked (the error shown, the field focused), as
   * `api.validate()` answers (`errors.securityCode`, translated). Undefined for a new card.
   */
  validate(): ValidationResult | undefined;
  /**
   * With a saved card chosen: its single-use token from the vault, or the INVALID result of a code
   * the provider refused; undefined for a new card. Rejects with the provider client's error.
   */
  token(): Promise<string | PayResult> | undefined;
  /** The "save this card" consent for a new card's tokenization at the vault (the label in the buyer's language); undefined unless checked. */
  consent(): SaveCardConsent | undefined;
  /** Empties the security code and the save box (the order is paid). */
  clear(): void;
  /** With a saved card chosen: its security code complete, and empty (issue 36's `onChange`); undefined for a new card. */
  progress(): { complete: boolean; empty: boolean } | undefined;
  /** Calls `listener` after every change of the choice or the code; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/**
 * The saved-cards chunk's entry (issue 25), imported by the widget for a member only (buyer info),
 * with or without saved cards. Lists the member's cards (`listCreditCards`, checked; rejects with
 * the provider client's error or INVALID_RESPONSE) while it loads its words in the store's
 * language (English when they cannot be loaded). A saved card is preselected (the primary) unless
 * the buyer has started typing a card or a payment is open: then "Use a new card" stays chosen, so
 * the form does not change under them. A member without cards gets the card form and "Save this
 * card for next time" (unchecked), no choice of cards.
 */
export async function startSavedCards(deps: SavedCardsDeps): Promise<SavedCardsHandle> {
  const { store, idPrefix, doc } = deps;
  const words = createSavedCardsI18n();
  const { i18n } = words;
  const api = createSavedCardsApi(deps.client.request, deps.client.vault.request);
  const [cards] = await Promise.all([api.listCreditCards(), words.use(store.getSnapshot().locale).catch(() => undefined)]);
  const state = createSavedCardsState({ api, cards });
  const { values, locked } = store.getSnapshot();
  if (locked || values.cardNumber !== '') state.choose(NEW_CARD);
  const focusCvc = () => doc.getElementById(`${idPrefix}-securityCode`)?.focus();
  const invalid = (error: Message): PayResult => {
    focusCvc();
    return { status: 'INVALID', errors: { securityCode: i18n._(error) } };
  };

  /** The choice in the store's language: switches when the widget's does. */
  function Choice({ children }: { children: ReactNode }) {
    const { locale } = useSyncExternalStore(store.subscribe, store.getSnapshot);
    const [, rendered] = useReducer((n: number) => n + 1, 0);
    useEffect(() => {
      words.use(locale).then(rendered, () => undefined);
    }, [locale]);
    return (
      <SavedCardsChoice state={state} store={store} i18n={i18n} idPrefix={idPrefix}>
        {children}
      </SavedCardsChoice>
    );
  }

  return {
    wrap: (cardFields) => <Choice>{cardFields}</Choice>,
    validate() {
      if (!state.chosenCard()) return undefined;
      const error = state.check();
      if (!error) return { valid: true, errors: {} };
      focusCvc();
      return { valid: false, errors: { securityCode: i18n._(error) } };
    },
    token() {
      const card = state.chosenCard();
      return card && state.token(card, invalid);
    },
    consent: () => state.consent(i18n._(SAVE_CARD_LABEL)),
    clear: () => state.clear(),
    progress: () => state.progress(),
    subscribe: (listener) => state.subscribe(listener),
  };
}

/**
 * A warm-up's part of the saved cards (issue 36 item 4, the bundle's `preload`): lists the member's
 * cards with `send` (the warm-up's request, which keeps the reply for the mount) and fetches the
 * saved cards' words in `locale`, so that the mount's {@link startSavedCards} has both at once.
 * Never rejects.
 */
export function preloadSavedCards(send: ProviderApiTransport, locale: string | undefined): void {
  const noVault: ProviderApiTransport = () => Promise.reject(new Error('no vault in a warm-up'));
  createSavedCardsApi(send, noVault)
    .listCreditCards()
    .catch(() => undefined);
  createSavedCardsI18n()
    .prepare(locale)
    .catch(() => undefined);
}
