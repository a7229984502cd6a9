import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Charge, Order } from './providerShapes';

/**
 * The webhook event types the provider sends (DESIGN "Webhooks"):
 * - `order.paid`: a charge was approved and settled the order; fulfil it.
 * - `order.payment_pending`: the buyer chose to pay at the venue; the seats are the buyer's, the
 *   money is collected at the door.
 * - `order.payment_processing`: the buyer approved a local method's payment (iDEAL, Bancontact,
 *   BLIK, Klarna) and the bank is still confirming it: the order is not paid yet, and its seats
 *   stay held. Send no tickets: `order.paid` or `order.payment_failed` follows within seconds.
 * - `order.payment_failed`: a charge was declined (or its 3-D Secure check failed or was
 *   abandoned, or a pending payment was declined when it settled); the order can still be paid.
 * - `order.hold_expired`: the seat hold ran out with the order unpaid; its seats are released.
 * - `charge.refunded`: a settling charge was refunded in full.
 */
export type WebhookEventType =
  | 'order.paid'
  | 'order.payment_pending'
  | 'order.payment_processing'
  | 'order.payment_failed'
  | 'order.hold_expired'
  | 'charge.refunded';

/** An order as the server API and webhooks give it: the order with all its charges, oldest first. */
export interface ServerOrder extends Order {
  charges: Charge[];
}

/**
 * One webhook event: JSON `{ id, type, created, data }`. `id` (`evt_…`) is the same on every
 * delivery of the event, so a site that has handled it once ignores it after. `created` is in
 * unix seconds. `data.charge` is the charge the event is about, when there is one.
 */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  created: number;
  data: { order: ServerOrder; charge?: Charge };
}

/** The request header that carries a webhook's signature. */
export const WEBHOOK_SIGNATURE_HEADER = 'Cashier-Signature';

/** How far a webhook's signed time may be from the receiver's clock, by default: 300 s. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

/** Why a webhook was refused ({@link WebhookVerificationError}'s `code`). */
export type WebhookVerificationCode =
  /** The `Cashier-Signature` header is missing, or is not `t=<unix seconds>,v1=<64 hex digits>`. */
  | 'SIGNATURE_HEADER_MALFORMED'
  /** No `v1` signature matches the body under this secret: another secret, or a changed body. */
  | 'SIGNATURE_MISMATCH'
  /** The signed time is more than `toleranceSeconds` from now: a replay, or a clock far off. */
  | 'TIMESTAMP_OUTSIDE_TOLERANCE'
  /** The signature matches but the body is not a webhook event's JSON. */
  | 'BODY_MALFORMED';

/** Thrown by {@link verifyWebhook}; `code` names what failed. */
export class WebhookVerificationError extends Error {
  readonly code: WebhookVerificationCode;
  constructor(code: WebhookVerificationCode, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.code = code;
  }
}

/** The hex HMAC-SHA256 of `<t>.<body>`, keyed by `secret`. */
function signatureOf(body: Uint8Array | string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/**
 * The `Cashier-Signature` header value for `body` sent at `timestamp` (unix seconds):
 * `t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<body>" keyed by secret>`. The provider signs
 * every delivery with it.
 */
export function signWebhook(body: Uint8Array | string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${signatureOf(body, secret, timestamp)}`;
}

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** The request body exactly as received (a string, or the raw bytes); never JSON parsed and serialized again. */
  body: string | Uint8Array;
  /** The `Cashier-Signature` header's value (undefined or null when the request had none). */
  signature: string | null | undefined;
  /** The endpoint's webhook secret, from the provider's dashboard; never sent to a browser. */
  secret: string;
  /** How far the signed time may be from now, in seconds; default 300. */
  toleranceSeconds?: number;
  /** The clock, in milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
}

const HEADER = /^t=(\d{1,12}),(v1=[0-9a-f]{64}(?:,v1=[0-9a-f]{64})*)$/;

/**
 * Checks that a webhook request came from the provider and is fresh, and returns its event
 * (DESIGN "Webhooks"). Compares signatures in constant time. A header may carry several `v1`
 * signatures (during a secret rotation); one that matches is enough.
 * @throws WebhookVerificationError with `code` SIGNATURE_HEADER_MALFORMED, SIGNATURE_MISMATCH,
 *   TIMESTAMP_OUTSIDE_TOLERANCE or BODY_MALFORMED.
 * @throws TypeError when `secret` is empty or `toleranceSeconds` is not a positive number.
 */
export function verifyWebhook({
  body,
  signature,
  secret,
  toleranceSeconds = DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  now = Date.now,
}: VerifyWebhookOptions): WebhookEvent {
  if (typeof secret !== 'string' || secret === '') throw new TypeError('verifyWebhook: secret must be a non-empty string.');
  if (!(toleranceSeconds > 0))
    throw new TypeError(`verifyWebhook: toleranceSeconds must be a positive number, got ${toleranceSeconds}.`);
  const parts = typeof signature === 'string' ? HEADER.exec(signature.trim()) : null;
  if (!parts) {
    throw new WebhookVerificationError(
      'SIGNATURE_HEADER_MALFORMED',
      `The ${WEBHOOK_SIGNATURE_HEADER} header is missing or is not t=<unix seconds>,v1=<hex>.`,
    );
  }
  const timestamp = Number(parts[1]);
  const expected = Buffer.from(signatureOf(body, secret, timestamp), 'hex');
  const matches = (parts[2] ?? '')
    .split(',')
    .some((candidate) => timingSafeEqual(Buffer.from(candidate.slice(3), 'hex'), expected));
  if (!matches) {
    throw new WebhookVerificationError('SIGNATURE_MISMATCH', 'The signature does not match this body and secret.');
  }
  const age = Math.abs(now() / 1000 - timestamp);
  if (age > toleranceSeconds) {
    throw new WebhookVerificationError(
      'TIMESTAMP_OUTSIDE_TOLERANCE',
      `The webhook was signed ${Math.round(age)} s from now, more than the ${toleranceSeconds} s allowed.`,
    );
  }
  let event: unknown;
  try {
    event = JSON.parse(typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));
  } catch {
    event = undefined;
  }
  if (!isWebhookEvent(event)) {
    throw new WebhookVerificationError('BODY_MALFORMED', 'The body is not a webhook event { id, type, created, data }.');
  }
  return event;
}

function isWebhookEvent(value: unknown): value is WebhookEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { id, type, created, data } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof type === 'string' &&
    typeof created === 'number' &&
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { order?: unknown }).order === 'object'
  );
}
