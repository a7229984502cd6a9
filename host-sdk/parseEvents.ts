import { CARD_BRANDS, CASHIER_FIELDS, type CashierChange, type CashierFieldEvent } from '../shared';

// The frame's (untrusted) word on the form (issue 36): the host builds its own copy from known
// values only, so whatever a frame sends, the page's callback gets no more than DESIGN "Events" says.

/** A payment method type as the provider names them, e.g. `CARD`, `PAY_AT_VENUE`. */
const METHOD_TYPE = /^[A-Z][A-Z_]{0,39}$/;
/** An ISO 3166-1 alpha-2 country code. */
const COUNTRY = /^[A-Z]{2}$/;

/**
 * `value` as a {@link CashierChange}: boolean `complete` and `empty` and a method type are
 * required (else undefined); `brand` is kept when it is one of CARD_BRANDS, `country` when it is a
 * two-letter code; nothing else is copied.
 */
export function parseChange(value: unknown): CashierChange | undefined {
  const { complete, empty, paymentMethod, brand, country } = Object(value) as Record<string, unknown>;
  if (typeof complete !== 'boolean' || typeof empty !== 'boolean') return undefined;
  if (typeof paymentMethod !== 'string' || !METHOD_TYPE.test(paymentMethod)) return undefined;
  return {
    complete,
    empty,
    paymentMethod,
    ...((CARD_BRANDS as readonly unknown[]).includes(brand) ? { brand: brand as CashierChange['brand'] } : {}),
    ...(typeof country === 'string' && COUNTRY.test(country) ? { country } : {}),
  };
}

/** `value` as a {@link CashierFieldEvent} when its `field` is one of CASHIER_FIELDS; else undefined. */
export function parseFieldEvent(value: unknown): CashierFieldEvent | undefined {
  const { field } = Object(value) as { field?: unknown };
  return (CASHIER_FIELDS as readonly unknown[]).includes(field) ? { field: field as CashierFieldEvent['field'] } : undefined;
}
