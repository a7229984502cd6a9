import {
  CashierError,
  describeForeignError,
  ErrorCode,
  isOrderNotFound,
  matchLocale,
  orderNotFound,
  type PaymentMethod,
} from '../shared';

/** The refusal of an `update({ locale })` whose catalog could not be fetched: NETWORK_ERROR naming the locale. */
export function languageNotLoaded(locale: string) {
  return (error: unknown): never => {
    throw new CashierError(
      ErrorCode.NetworkError,
      `update: the words in ${matchLocale(locale)} could not be loaded (${describeForeignError(error, ErrorCode.NetworkError)}); the language stays.`,
    );
  };
}

/**
 * The refusal of order `orderId`'s payment methods (at the mount: `onCrash`; in `update`: its
 * rejection): ORDER_NOT_FOUND `{ orderId, status: 404 }` when the provider says the order does not
 * exist, else the request's own error, unchanged (NETWORK_ERROR, HTTP_SERVER_ERROR, …).
 */
export function orderNotLoaded(orderId: string) {
  return (error: unknown): never => {
    throw isOrderNotFound(error) ? orderNotFound(orderId) : error;
  };
}

/**
 * The methods this widget can take: card, pay at the venue, PayPal, the redirect methods iDEAL,
 * Bancontact and Klarna, and BLIK (issue 38: its code typed in the widget, charged by `pay`).
 */
const TAKEN: ReadonlySet<unknown> = new Set(['CARD', 'PAY_AT_VENUE', 'PAYPAL', 'IDEAL', 'BANCONTACT', 'KLARNA', 'BLIK']);

/** Keeps the methods this widget can take ({@link TAKEN}); throws when none is left. */
export function narrowMethods(value: unknown): PaymentMethod[] {
  const known = Array.isArray(value)
    ? value.filter(
        (m): m is PaymentMethod =>
          typeof m === 'object' && m !== null && TAKEN.has(m.type) && typeof (m as { label?: unknown }).label === 'string',
      )
    : [];
  if (known.length === 0) throw new Error('The order offers no payment method this widget can take.');
  return known;
}
