import type { BuyerDetails, BuyerFieldName, HoldExtensionPolicy, Money, OrderLine, OrderSetupRequest } from './providerShapes';
import { type CatalogEvent, currencyForCountry, findReferenceEvent, unitPriceIn } from './referenceCatalog';

/**
 * Order setup as the reference provider and the mock mode both check and price it (issue 19
 * item 4): the body names an event and ticket types with quantities, and the prices come from
 * the event's own ticket types (shared/referenceCatalog.ts), never from the body.
 */

/** Longest value of each buyer field, in characters (UTF-16 code units). */
export const BUYER_FIELD_MAX_LENGTHS: Readonly<Record<BuyerFieldName, number>> = {
  name: 200,
  fullName: 200,
  email: 254,
  phone: 40,
  address: 500,
};

/** Fields that carry a price: named in the refusal, so a caller learns prices are not theirs to set. */
const PRICE_FIELDS = new Set(['unitPrice', 'amount', 'total', 'price', 'currency']);
const SETUP_FIELDS = new Set(['eventId', 'lines', 'buyer', 'holdSeconds', 'holdExtensions', 'country']);

/**
 * True for a buyer's country as order setup takes it (`country`): ISO 3166-1 alpha-2, upper case,
 * e.g. `NL`. The format only: a country the provider sells nothing special to just offers no local method.
 */
export const isBuyerCountry = (value: unknown): value is string => typeof value === 'string' && /^[A-Z]{2}$/.test(value);

/**
 * The buyer's country order setup kept on `order` (`country`, issue 38), or undefined when it
 * named none. Read through here: the published `Order` type does not carry the field yet.
 */
export function orderCountry(order: object): string | undefined {
  const { country } = order as { country?: unknown };
  return isBuyerCountry(country) ? country : undefined;
}

/** The default seat hold, in seconds, when order setup names none (the reference provider's `CASHIER_HOLD_SECONDS` default). */
export const DEFAULT_HOLD_SECONDS = 600;
/** The longest seat hold order setup may ask for, in seconds (one hour). */
export const MAX_HOLD_SECONDS = 3600;

/** True when `value` is a seat hold order setup accepts: a whole number of seconds from 1 to {@link MAX_HOLD_SECONDS}. */
export const isHoldSeconds = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_HOLD_SECONDS;

/**
 * A provider's default seat hold from a setting such as the environment variable
 * `CASHIER_HOLD_SECONDS` (`name` is used in the message): {@link DEFAULT_HOLD_SECONDS} when
 * `value` is undefined or empty, else its whole number of seconds (1 to {@link MAX_HOLD_SECONDS}).
 * @throws TypeError naming `name` and the value when it is anything else.
 */
export function readHoldSecondsSetting(value: string | undefined, name: string): number {
  if (value === undefined || value.trim() === '') return DEFAULT_HOLD_SECONDS;
  const seconds = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!isHoldSeconds(seconds)) {
    throw new TypeError(`${name} must be a whole number of seconds from 1 to ${MAX_HOLD_SECONDS}, got ${JSON.stringify(value)}.`);
  }
  return seconds;
}

/**
 * When a hold of `holdSeconds` that starts at `now` ends, as order setup answers it
 * (`Order.holdExpiresAt`, ISO 8601).
 */
export const holdExpiresAt = (now: Date, holdSeconds: number): string =>
  new Date(now.getTime() + holdSeconds * 1000).toISOString();

/**
 * The seat hold extensions an order allows when order setup names no `holdExtensions` (issue 37):
 * 2 extensions of 300 s each, the reference provider's default.
 */
export const DEFAULT_HOLD_EXTENSIONS: Readonly<HoldExtensionPolicy> = { count: 2, seconds: 300 };
/** The most extensions order setup may allow one order (`holdExtensions.count`, 0 to this). */
export const MAX_HOLD_EXTENSIONS = 10;

/**
 * How long past `holdExpiresAt` a payment under way keeps the seats, at most, in milliseconds: 15
 * minutes (issue 37). A payment started before the hold ended (a card charge, a 3-D Secure
 * challenge, a PayPal checkout, a wallet sheet) keeps it until the payment settles or this limit
 * passes; one that settles approved after it is refunded in full (`REFUNDED_HOLD_EXPIRED`).
 */
export const DEFAULT_HOLD_GRACE_MS = 15 * 60_000;

/**
 * What is wrong with order setup's `holdExtensions`, or undefined: it must be an object
 * `{ count, seconds }` and nothing else, `count` a whole number from 0 (no extension) to
 * {@link MAX_HOLD_EXTENSIONS}, `seconds` a whole number from 1 to {@link MAX_HOLD_SECONDS}. The
 * sentence names the field (`holdExtensions.count …`), for a 400 INVALID_ORDER.
 */
export function describeHoldExtensionsProblem(value: unknown): string | undefined {
  const got = (v: unknown) => String(JSON.stringify(v)).slice(0, 100);
  if (!isObject(value)) return `holdExtensions must be an object { count, seconds }, got ${got(value)}.`;
  const extra = Object.keys(value).find((key) => key !== 'count' && key !== 'seconds');
  if (extra !== undefined) return `holdExtensions.${extra.slice(0, 100)} is not a field of holdExtensions (count, seconds).`;
  const { count, seconds } = value;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > MAX_HOLD_EXTENSIONS) {
    return `holdExtensions.count must be a whole number from 0 to ${MAX_HOLD_EXTENSIONS}, got ${got(count)}.`;
  }
  if (!isHoldSeconds(seconds)) {
    return `holdExtensions.seconds must be a whole number of seconds from 1 to ${MAX_HOLD_SECONDS}, got ${got(seconds)}.`;
  }
  return undefined;
}

/** True when `order`'s seat hold has ended at `now` (an order with no `holdExpiresAt` holds for ever). */
export const isHoldExpired = (order: { holdExpiresAt?: string }, now: Date): boolean =>
  order.holdExpiresAt !== undefined && now.getTime() >= Date.parse(order.holdExpiresAt);
const LINE_FIELDS = new Set(['ticketTypeId', 'quantity']);

/** An order setup as priced: the event, the lines at the event's prices and their total. */
export interface PricedOrder {
  event: CatalogEvent;
  lines: OrderLine[];
  total: Money;
  buyer?: BuyerDetails;
  /** The seat hold the body asked for, in seconds; undefined: the provider's default. */
  holdSeconds?: number;
  /** The hold extensions the body allowed (issue 37); undefined: the provider's default. */
  holdExtensions?: HoldExtensionPolicy;
  /** The buyer's country (ISO 3166-1 alpha-2, upper case); undefined: not named, no local method is offered. */
  country?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first field of `value` not in `known`, described for a 400, or undefined. */
function unknownField(value: Record<string, unknown>, known: ReadonlySet<string>, where: string): string | undefined {
  const field = Object.keys(value).find((key) => !known.has(key));
  if (field === undefined) return undefined;
  const name = `${where}${field}`;
  return PRICE_FIELDS.has(field)
    ? `${name} is not accepted: prices come from the event's ticket types, not from the order.`
    : `${name} is not a field of this body.`;
}

/**
 * What is wrong with buyer details (order setup's `buyer`, the contact route's body), or
 * undefined: they must be an object of known fields (`BUYER_FIELD_MAX_LENGTHS`), each a string
 * no longer than its limit. `where` prefixes the field names in the message, e.g. "buyer.".
 */
export function describeBuyerProblem(value: unknown, where = ''): string | undefined {
  if (!isObject(value)) return `${where ? where.slice(0, -1) : 'the body'} must be a JSON object.`;
  const limits: Readonly<Record<string, number>> = BUYER_FIELD_MAX_LENGTHS;
  for (const [field, text] of Object.entries(value)) {
    const max = Object.hasOwn(limits, field) ? limits[field] : undefined;
    if (max === undefined) return `${where}${field} is not a buyer field (${Object.keys(limits).join(', ')}).`;
    if (typeof text !== 'string') return `${where}${field} must be a string.`;
    if (text.length > max) return `${where}${field} must be at most ${max} characters.`;
  }
  return undefined;
}

/**
 * Checks an order setup body ({@link OrderSetupRequest}, as `unknown`: it is untrusted) and
 * prices it from the event's ticket types. Returns the priced order, or `{ problem }`: a
 * sentence naming the bad field (an unknown event or ticket type, a quantity that is not a whole
 * number from 1 to the type's `maxQuantity`, a ticket type listed twice, a price or any other
 * unknown field, bad buyer details, a `holdSeconds` that is not a whole number from 1 to
 * {@link MAX_HOLD_SECONDS}, a `holdExtensions` that {@link describeHoldExtensionsProblem} refuses,
 * a `country` that is not an upper-case ISO 3166-1 alpha-2 code), for a 400 INVALID_ORDER. The
 * lines are priced in the currency of the buyer's `country` when the catalog lists one for it
 * (`PL` → PLN, referenceCatalog.ts `currencyForCountry`), else in the event's.
 */
export function priceOrderSetup(body: unknown): PricedOrder | { problem: string } {
  if (!isObject(body)) return { problem: 'Expected a JSON object.' };
  const extra = unknownField(body, SETUP_FIELDS, '');
  if (extra) return { problem: extra };
  if (typeof body.eventId !== 'string') return { problem: 'eventId is required (a string).' };
  const event = findReferenceEvent(body.eventId);
  if (!event) return { problem: `eventId ${JSON.stringify(body.eventId.slice(0, 100))} is not an event of this provider.` };
  if (!Array.isArray(body.lines) || body.lines.length === 0) return { problem: 'lines must list at least one ticket type.' };
  if (body.country !== undefined && !isBuyerCountry(body.country)) {
    return {
      problem: `country must be an ISO 3166-1 alpha-2 code in upper case, e.g. "NL", got ${String(JSON.stringify(body.country)).slice(0, 100)}.`,
    };
  }
  const country = body.country as string | undefined;
  const currency = currencyForCountry(event, country);
  const lines: OrderLine[] = [];
  for (const [i, line] of body.lines.entries()) {
    if (!isObject(line)) return { problem: `lines[${i}] must be an object { ticketTypeId, quantity }.` };
    const lineExtra = unknownField(line, LINE_FIELDS, `lines[${i}].`);
    if (lineExtra) return { problem: lineExtra };
    const type = event.ticketTypes.find((t) => t.id === line.ticketTypeId);
    if (!type) {
      return {
        problem: `lines[${i}].ticketTypeId ${JSON.stringify(String(line.ticketTypeId).slice(0, 100))} is not a ticket type of ${event.id}.`,
      };
    }
    if (lines.some((l) => l.ticketTypeId === type.id)) return { problem: `lines[${i}].ticketTypeId ${type.id} is listed twice.` };
    const { quantity } = line;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > type.maxQuantity) {
      return { problem: `lines[${i}].quantity must be a whole number from 1 to ${type.maxQuantity} (${type.id}).` };
    }
    lines.push({ ticketTypeId: type.id, name: type.name, unitPrice: unitPriceIn(type, currency, event.currency), quantity });
  }
  if (body.holdSeconds !== undefined && !isHoldSeconds(body.holdSeconds)) {
    return {
      problem: `holdSeconds must be a whole number of seconds from 1 to ${MAX_HOLD_SECONDS}, got ${String(JSON.stringify(body.holdSeconds)).slice(0, 100)}.`,
    };
  }
  if (body.holdExtensions !== undefined) {
    const problem = describeHoldExtensionsProblem(body.holdExtensions);
    if (problem) return { problem };
  }
  if (body.buyer !== undefined) {
    const problem = describeBuyerProblem(body.buyer, 'buyer.');
    if (problem) return { problem };
  }
  const amount = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  return {
    event,
    lines,
    total: { amount, currency },
    ...(country === undefined ? {} : { country }),
    ...(body.buyer === undefined ? {} : { buyer: body.buyer as BuyerDetails }),
    ...(body.holdSeconds === undefined ? {} : { holdSeconds: body.holdSeconds as number }),
    ...(body.holdExtensions === undefined ? {} : { holdExtensions: { ...(body.holdExtensions as HoldExtensionPolicy) } }),
  };
}
