import type { SavedCard } from '../../shared';

/** A member's primary saved card: a Visa ending 4242, valid until 12/34 (a 3-digit security code). */
export const VISA: SavedCard = {
  id: 'card_v',
  brand: 'visa',
  last4: '4242',
  expiryMonth: 12,
  expiryYear: 2034,
  primary: true,
  expired: false,
};

/** A member's other saved card: a Mastercard ending 4444, valid until 09/33 (a 3-digit security code). */
export const MASTERCARD: SavedCard = {
  id: 'card_m',
  brand: 'mastercard',
  last4: '4444',
  expiryMonth: 9,
  expiryYear: 2033,
  primary: false,
  expired: false,
};
