import { CashierError, ErrorCode } from './CashierError';
import { AddressSubdivisionType } from './enums';
import type {
  AddressFormat,
  BuyerCountryReply,
  CardToken,
  Charge,
  ChargeStatus,
  CountriesReply,
  LanguagesReply,
  OfferedPaymentMethod,
  Order,
  StatesReply,
} from './providerShapes';

/**
 * Guards for the provider replies the reference flow reads (STYLE "Types and docs": HTTP bodies
 * enter as `unknown`). Each checks the fields the widget and the payment flow read and passes
 * the rest through as it came; each throws CashierError `INVALID_RESPONSE` naming `operation`
 * when a 2xx body does not fit. The spec shows none of these payloads (spec 7): the shapes are
 * the reference provider's (DESIGN "Reference provider and bundle").
 */

type Body = Record<string, unknown>;

/** Every {@link ChargeStatus}: the record's type makes a status added to the type a compile error here until it is listed. */
const CHARGE_STATUS_LIST: Record<ChargeStatus, true> = {
  APPROVED: true,
  DECLINED: true,
  PENDING: true,
  REQUIRES_ACTION: true,
  REFUNDED_HOLD_EXPIRED: true,
};
const CHARGE_STATUSES: ReadonlySet<unknown> = new Set(Object.keys(CHARGE_STATUS_LIST));
const ORDER_STATUSES: ReadonlySet<unknown> = new Set(['AWAITING_PAYMENT', 'PAID', 'PAY_AT_VENUE']);

/** Card token: an object with a non-empty string `token`. */
export function parseCardToken(body: unknown, operation: string): CardToken {
  const token = record(body, operation, 'a card token');
  if (!isText(token.token)) fail(operation, 'a card token without a string token');
  return token as unknown as CardToken;
}

/**
 * Order: string `id`, `status` AWAITING_PAYMENT, PAID or PAY_AT_VENUE, and `chargeId` a string
 * when present.
 */
export function parseOrder(body: unknown, operation: string): Order {
  const order = record(body, operation, 'an order');
  if (!isText(order.id)) fail(operation, 'an order without a string id');
  if (!ORDER_STATUSES.has(order.status)) fail(operation, `an order with an unknown status ${describe(order.status)}`);
  if (order.chargeId !== undefined && typeof order.chargeId !== 'string')
    fail(operation, 'an order whose chargeId is not a string');
  return order as unknown as Order;
}

/**
 * Where a charge's next action may send the buyer, both fixed at build time and never the page's
 * choice: `vault`, the vault origin (3-D Secure challenge pages, `ProviderClient.vault.origin`);
 * `payments`, the payments origin (local methods' approval pages, issue 38). Either absent: that
 * action is refused.
 */
export interface ActionOrigins {
  vault?: string;
  payments?: string;
}

/**
 * Charge: string `id` and `orderId`, `status` APPROVED, DECLINED, PENDING or REQUIRES_ACTION, and
 * `declineCode` a string when present. A REQUIRES_ACTION charge must carry a `nextAction`:
 * `{ type: 'THREE_DS_CHALLENGE', url }` with `url` an absolute http(s) URL on `origins.vault`
 * (issue 22); `{ type: 'REDIRECT', url }` with `url` on `origins.payments` (issue 38); or `{ type:
 * 'BLIK_CONFIRM', expiresAt }` with a date `expiresAt`. A page anywhere else (on `host`, which the
 * embedding page chooses and could use to phish the buyer), with no origin to check against, or
 * any other action, is refused with INVALID_RESPONSE whose `details.chargeId` names the charge, so
 * the payment flow can cancel it and show nothing.
 */
export function parseCharge(body: unknown, operation: string, origins: ActionOrigins = {}, what = 'a charge'): Charge {
  const charge = record(body, operation, what);
  if (!isText(charge.id)) fail(operation, `${what} without a string id`);
  if (!isText(charge.orderId)) fail(operation, `${what} without a string orderId`);
  if (!CHARGE_STATUSES.has(charge.status)) fail(operation, `${what} with an unknown status ${describe(charge.status)}`);
  if (charge.declineCode !== undefined && typeof charge.declineCode !== 'string') {
    fail(operation, `${what} whose declineCode is not a string`);
  }
  if (charge.status === 'REQUIRES_ACTION') checkNextAction(charge.nextAction, charge.id, operation, what, origins);
  return charge as unknown as Charge;
}

/** Throws INVALID_RESPONSE (`details.chargeId`) unless `action` is one {@link parseCharge} takes. */
function checkNextAction(action: unknown, chargeId: string, operation: string, what: string, origins: ActionOrigins) {
  const { type, url, expiresAt } = (typeof action === 'object' && action !== null ? action : {}) as Body;
  if (type === 'BLIK_CONFIRM') {
    if (typeof expiresAt !== 'string' || Number.isNaN(Date.parse(expiresAt))) {
      fail(operation, `${what} whose BLIK confirmation has no expiresAt date`, chargeId);
    }
    return;
  }
  const [origin, page] =
    type === 'THREE_DS_CHALLENGE'
      ? [origins.vault, '3-D Secure challenge']
      : type === 'REDIRECT'
        ? [origins.payments, 'payment page']
        : fail(operation, `${what} that requires an unknown action ${describe(type)}`, chargeId);
  let parsed: URL | undefined;
  try {
    parsed = new URL(url as string);
  } catch {
    parsed = undefined;
  }
  if (!origin || !parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
    const where = type === 'REDIRECT' ? 'the payments origin' : 'the vault origin';
    fail(operation, `${what} whose ${page} ${describe(url)} is not on ${where}`, chargeId);
  }
}

/** A list of charges, each as {@link parseCharge} (`origins` checks their next actions). */
export function parseCharges(body: unknown, operation: string, origins: ActionOrigins = {}): Charge[] {
  if (!Array.isArray(body)) fail(operation, `${describe(body)} instead of a list of charges`);
  return body.map((item: unknown, i) => parseCharge(item, operation, origins, `charge [${i}]`));
}

/** A list of payment methods: each an object with a string `type` (the widget skips types it does not take). */
export function parsePaymentMethods(body: unknown, operation: string): OfferedPaymentMethod[] {
  if (!Array.isArray(body)) fail(operation, `${describe(body)} instead of a list of payment methods`);
  return body.map((item: unknown, i) => {
    const method = record(item, operation, `payment method [${i}]`);
    const type = method.type;
    if (typeof type !== 'string') fail(operation, `payment method [${i}] without a string type`);
    return { ...method, type };
  });
}

const SUBDIVISION_TYPES: ReadonlySet<unknown> = new Set(Object.values(AddressSubdivisionType));
const POSTAL_CODE_LABELS: ReadonlySet<unknown> = new Set(['zip', 'postal', 'pin']);
const SUBDIVISION_LABELS: ReadonlySet<unknown> = new Set(['state', 'province', 'prefecture', 'county', 'region', 'emirate']);

/** Locale countries: `{ countries }`, a list of strings (ISO 3166-1 alpha-2 codes). */
export function parseCountries(body: unknown, operation: string): CountriesReply {
  const reply = record(body, operation, 'a countries reply');
  textList(reply.countries, operation, 'countries');
  return reply as unknown as CountriesReply;
}

/**
 * Address format: string `country`; `postalCode`, when present, with a `pattern` that compiles
 * as a regular expression, `label` zip, postal or pin, and a string `example`; `subdivision`, when
 * present, with a `type` of spec 3's address subdivision types and a known `label`.
 */
export function parseAddressFormat(body: unknown, operation: string): AddressFormat {
  const format = record(body, operation, 'an address format');
  if (!isText(format.country)) fail(operation, 'an address format without a string country');
  if (format.postalCode !== undefined) {
    const postal = record(format.postalCode, operation, 'a postal code format');
    if (typeof postal.pattern !== 'string' || !compiles(postal.pattern)) {
      fail(operation, `a postal code pattern that is not a regular expression: ${describe(postal.pattern)}`);
    }
    if (!POSTAL_CODE_LABELS.has(postal.label)) fail(operation, `a postal code with an unknown label ${describe(postal.label)}`);
    if (typeof postal.example !== 'string') fail(operation, 'a postal code format without a string example');
  }
  if (format.subdivision !== undefined) {
    const subdivision = record(format.subdivision, operation, 'a subdivision format');
    if (!SUBDIVISION_TYPES.has(subdivision.type)) fail(operation, `a subdivision of unknown type ${describe(subdivision.type)}`);
    if (!SUBDIVISION_LABELS.has(subdivision.label)) {
      fail(operation, `a subdivision with an unknown label ${describe(subdivision.label)}`);
    }
  }
  return format as unknown as AddressFormat;
}

/** States: `{ states }`, each with a non-empty string `code`, a string `name` and a `type` of spec 3. */
export function parseStates(body: unknown, operation: string): StatesReply {
  const reply = record(body, operation, 'a states reply');
  if (!Array.isArray(reply.states)) fail(operation, `${describe(reply.states)} instead of a list of states`);
  reply.states.forEach((item: unknown, i) => {
    const state = record(item, operation, `state [${i}]`);
    if (!isText(state.code) || typeof state.name !== 'string') fail(operation, `state [${i}] without a string code and name`);
    if (!SUBDIVISION_TYPES.has(state.type)) fail(operation, `state [${i}] of unknown type ${describe(state.type)}`);
  });
  return reply as unknown as StatesReply;
}

/** Buyer country: `{ country }`, a string or null (the provider cannot tell). */
export function parseBuyerCountry(body: unknown, operation: string): BuyerCountryReply {
  const reply = record(body, operation, 'a buyer country reply');
  if (reply.country !== null && !isText(reply.country)) {
    fail(operation, `a buyer country that is neither a string nor null: ${describe(reply.country)}`);
  }
  return reply as unknown as BuyerCountryReply;
}

/** Languages (and multilingual languages): `{ languages }`, a list of strings (BCP 47 tags). */
export function parseLanguages(body: unknown, operation: string): LanguagesReply {
  const reply = record(body, operation, 'a languages reply');
  textList(reply.languages, operation, 'languages');
  return reply as unknown as LanguagesReply;
}

function textList(value: unknown, operation: string, what: string): void {
  if (!Array.isArray(value)) fail(operation, `${describe(value)} instead of a list of ${what}`);
  const index = value.findIndex((item) => !isText(item));
  if (index >= 0) fail(operation, `${what} [${index}] that is not a string`);
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

function record(body: unknown, operation: string, what: string): Body {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    fail(operation, `${describe(body)} instead of ${what}`);
  }
  return body as Body;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 60)) : typeof value;
}

function fail(operation: string, what: string, chargeId?: string): never {
  throw new CashierError(
    ErrorCode.InvalidResponse,
    `${operation}: the provider replied with ${what}.`,
    chargeId === undefined ? {} : { chargeId },
  );
}
