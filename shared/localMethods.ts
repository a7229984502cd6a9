import type { LocalMethodType } from './providerShapes';

/**
 * Where each local payment method is offered (issue 38): method → order currency → the buyers'
 * countries (ISO 3166-1 alpha-2). iDEAL: EUR in NL; Bancontact: EUR in BE; BLIK: PLN in PL;
 * Klarna: the countries its payments docs list for each currency. An order offers a method when
 * its currency and the buyer's country (order setup's `country`) are in the table.
 */
export const LOCAL_METHOD_MARKETS: Readonly<Record<LocalMethodType, Readonly<Record<string, readonly string[]>>>> = {
  IDEAL: { EUR: ['NL'] },
  BANCONTACT: { EUR: ['BE'] },
  BLIK: { PLN: ['PL'] },
  KLARNA: {
    EUR: ['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'GR', 'IE', 'IT', 'NL', 'PT'],
    PLN: ['PL'],
  },
};

/** Every local method type, in the order the widget lists them. */
export const LOCAL_METHOD_TYPES: readonly LocalMethodType[] = ['IDEAL', 'BANCONTACT', 'BLIK', 'KLARNA'];

/** The brand names the buyer sees (not translated). */
export const LOCAL_METHOD_LABELS: Readonly<Record<LocalMethodType, string>> = {
  IDEAL: 'iDEAL',
  BANCONTACT: 'Bancontact',
  BLIK: 'BLIK',
  KLARNA: 'Klarna',
};

/** True for `IDEAL`, `BANCONTACT`, `BLIK` and `KLARNA`. */
export function isLocalMethod(type: unknown): type is LocalMethodType {
  return type === 'IDEAL' || type === 'BANCONTACT' || type === 'BLIK' || type === 'KLARNA';
}

/** The local methods an order in `currency` offers a buyer from `country` (none without a country), in list order. */
export function localMethodsFor(currency: string, country: string | undefined): LocalMethodType[] {
  if (!country) return [];
  return LOCAL_METHOD_TYPES.filter((type) => LOCAL_METHOD_MARKETS[type][currency]?.includes(country));
}

/**
 * The BLIK test codes (DESIGN "Reference provider"): `777123` is approved after
 * {@link BLIK_APPROVE_MS}, `777000` is declined (`customer_declined`) after the same wait, `777999`
 * is never confirmed and declines `code_expired` after {@link BLIK_CODE_TTL_MS}. Any other code is
 * refused with 400 `INVALID_BLIK_CODE`.
 */
export const BLIK_TEST_CODES = { approved: '777123', declined: '777000', neverConfirmed: '777999' } as const;

/** How long a BLIK code waits for the buyer's confirmation: 120 000 ms (2 minutes). */
export const BLIK_CODE_TTL_MS = 120_000;

/** When the test code `777123` is confirmed (and `777000` declined): 2 000 ms after the charge. */
export const BLIK_APPROVE_MS = 2_000;

/** When a payment approved "later (pending)" settles by default: 5 000 ms (the issue allows up to 10 s). */
export const PENDING_SETTLE_MS = 5_000;

/** True for a 6-digit BLIK code (the format; whether the bank knows it is the provider's answer). */
export function isBlikCodeFormat(code: unknown): code is string {
  return typeof code === 'string' && /^\d{6}$/.test(code);
}

/** The message type a local method's page posts to the widget (its opener) once the buyer answered. */
export const LOCAL_PAYMENT_RESULT_MESSAGE = 'cashier:local-payment-result';

/**
 * What the buyer did on a local method's page: `approved`, `declined`, `pending` ("Approve later":
 * the charge is PENDING and settles by itself), or `cancelled` ("Cancel and return": nothing charged).
 */
export type LocalPaymentOutcome = 'approved' | 'declined' | 'pending' | 'cancelled';

/**
 * The page's message to its opener: `{ type: 'cashier:local-payment-result', chargeId, outcome }`,
 * posted once per frame origin as the pinned target origin (never `*`). The widget takes it only
 * from the payments origin, from the popup it opened, for the charge it is waiting on, and reads
 * the charge itself before it tells anyone: the message only wakes it up.
 */
export interface LocalPaymentResultMessage {
  type: typeof LOCAL_PAYMENT_RESULT_MESSAGE;
  chargeId: string;
  outcome: LocalPaymentOutcome;
}

const OUTCOMES: ReadonlySet<unknown> = new Set(['approved', 'declined', 'pending', 'cancelled']);

/** True for a well-formed {@link LocalPaymentResultMessage}; the sender is the caller's to check. */
export function isLocalPaymentResultMessage(data: unknown): data is LocalPaymentResultMessage {
  const { type, chargeId, outcome } = Object(data);
  return type === LOCAL_PAYMENT_RESULT_MESSAGE && typeof chargeId === 'string' && chargeId !== '' && OUTCOMES.has(outcome);
}

/** Path of a local method's page on the payments origin: `/local-payments/<chargeId>`. */
export function localPaymentPagePath(chargeId: string): string {
  return `/local-payments/${encodeURIComponent(chargeId)}`;
}
