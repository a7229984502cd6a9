/**
 * Saved cards of returning buyers: the reference provider's shapes for spec 7's credit
 * cards (list, item, primary) and saved-card tokens. A saved card never carries its number or a
 * security code: only what the buyer needs to recognise it.
 */

/**
 * What the buyer agreed to when a card was saved ("Save this card for next time"), as card
 * tokenization carries it to the vault (never the charge, which travels through the page's `host`) and the provider
 * stores it with the card.
 */
export interface SaveCardConsent {
  /** The wording the buyer saw beside the box, as shown (1–500 characters). */
  consentText: string;
  /** When the buyer checked the box: ISO 8601 date-time, as the widget's clock had it. */
  consentedAt: string;
}

/** The consent a saved card was stored with, plus when the provider recorded it. */
export interface StoredSaveCardConsent extends SaveCardConsent {
  /** When the provider saved the card (ISO 8601, the provider's clock): after the approved charge. */
  recordedAt: string;
}

/** A member's saved card, as the credit card routes answer it. */
export interface SavedCard {
  /** The provider's id of the card, `card_…`; the path of the item routes and of a saved-card token request. */
  id: string;
  /** `visa`, `mastercard`, `amex` or `card`, as card tokenization names it. */
  brand: string;
  /** The last four digits. */
  last4: string;
  /** 1–12. */
  expiryMonth: number;
  /** Four digits. */
  expiryYear: number;
  /** True for the member's primary card (at most one). */
  primary: boolean;
  /** True when its expiry month has ended by the provider's clock: it cannot be charged (no saved-card token). */
  expired: boolean;
  /** Present for a card saved at a charge: the buyer's consent. Absent for the reference member's seeded cards. */
  consent?: StoredSaveCardConsent;
}

/**
 * Body of a saved-card token request, sent to the VAULT origin only (DESIGN "Security model"): the
 * security code is card data. The reply is a {@link CardToken}, single use, as card tokenization's.
 */
export interface SavedCardTokenRequest {
  /** The saved card's {@link SavedCard.id}. */
  cardId: string;
  /** The card's security code: 3 digits, 4 for `amex`. */
  cvc: string;
}

/**
 * Who the buyer of an app instance is, as spec 7's buyer info answers (issue 25): a `GUEST`, or a
 * `MEMBER` of the provider with their id. Never any card data: a member's cards are the credit
 * card routes'. The widget offers "Save this card for next time" to a member only.
 */
export type BuyerInfo =
  | {
      /** A buyer the provider does not know: nothing is saved for them. */
      type: 'GUEST';
    }
  | {
      /** A signed-in member: their saved cards are listed and a new card may be saved. */
      type: 'MEMBER';
      /** The provider's id of the member (non-empty); stable across their visits. */
      memberId: string;
    };
