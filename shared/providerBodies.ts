import { CashierError, ErrorCode } from './CashierError';
import type { CardToken, Charge, OfferedPaymentMethod, Order } from './providerApi';

/**
 * Guards for the provider replies the reference flow reads (STYLE "Types and docs": HTTP bodies
 * enter as `unknown`). Each checks the fields the widget and the payment flow read and passes
 * the rest through as it came; each throws CashierError `INVALID_RESPONSE` naming `operation`
 * when a 2xx body does not fit. The spec shows none of these payloads (spec 7): the shapes are
 * the reference provider's (DESIGN "Reference provider and bundle").
 */

type Body = Record<string, unknown>;

const CHARGE_STATUSES: ReadonlySet<unknown> = new Set(['APPROVED', 'DECLINED', 'PENDING', 'REQUIRES_ACTION']);
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
 * Charge: string `id` and `orderId`, `status` APPROVED, DECLINED, PENDING or REQUIRES_ACTION, and
 * `declineCode` a string when present. A REQUIRES_ACTION charge must carry `nextAction` `{ type:
 * 'THREE_DS_CHALLENGE', url }` with `url` an absolute http(s) URL on `vaultOrigin` (the vault the
 * client was built with, `ProviderClient.vault.origin`; issue 22): a challenge page anywhere else
 * (on `host`, which the embedding page chooses and could use to phish the buyer's bank code), or
 * with no vault to check against, is refused with INVALID_RESPONSE whose `details.chargeId` names
 * the charge, so the payment flow can cancel it and show nothing.
 */
export function parseCharge(body: unknown, operation: string, vaultOrigin?: string, what = 'a charge'): Charge {
  const charge = record(body, operation, what);
  if (!isText(charge.id)) fail(operation, `${what} without a string id`);
  if (!isText(charge.orderId)) fail(operation, `${what} without a string orderId`);
  if (!CHARGE_STATUSES.has(charge.status)) fail(operation, `${what} with an unknown status ${describe(charge.status)}`);
  if (charge.declineCode !== undefined && typeof charge.declineCode !== 'string') {
    fail(operation, `${what} whose declineCode is not a string`);
  }
  if (charge.status === 'REQUIRES_ACTION') checkNextAction(charge.nextAction, charge.id, operation, what, vaultOrigin);
  return charge as unknown as Charge;
}

/** Throws INVALID_RESPONSE (`details.chargeId`) unless `action` is a 3-D Secure challenge on `vaultOrigin`. */
function checkNextAction(action: unknown, chargeId: string, operation: string, what: string, vaultOrigin?: string) {
  const { type, url } = (typeof action === 'object' && action !== null ? action : {}) as Body;
  if (type !== 'THREE_DS_CHALLENGE' || typeof url !== 'string') {
    fail(operation, `${what} that requires an action other than a 3-D Secure challenge page`, chargeId);
  }
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!vaultOrigin || !parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== vaultOrigin) {
    fail(operation, `${what} whose 3-D Secure challenge ${describe(url)} is not on the vault origin`, chargeId);
  }
}

/** A list of charges, each as {@link parseCharge} (`vaultOrigin` checks their challenges). */
export function parseCharges(body: unknown, operation: string, vaultOrigin?: string): Charge[] {
  if (!Array.isArray(body)) fail(operation, `${describe(body)} instead of a list of charges`);
  return body.map((item: unknown, i) => parseCharge(item, operation, vaultOrigin, `charge [${i}]`));
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
