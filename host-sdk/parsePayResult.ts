import type { PayResult } from '../shared';

/**
 * A {@link PayResult} of a payment that settled: made (`APPROVED`, `PENDING`), declined, or refunded
 * because the seat hold ended first (`REFUNDED_HOLD_EXPIRED`); never `INVALID`.
 */
export type SettledPayResult = Exclude<PayResult, { status: 'INVALID' }>;

/**
 * Narrows an untrusted payment outcome from the frame (issue 25, `onPaymentResult`) to a
 * {@link SettledPayResult}, copied with its known keys only: `APPROVED` with
 * non-empty string `orderId` and `chargeId`; `PENDING` with those and a known `paymentMethod`
 * (`PAY_AT_VENUE` or a local method, issue 38); `REFUNDED_HOLD_EXPIRED` with those and a string
 * `message`; `DECLINED` with those, a string `message` and, when present, a string `declineCode`.
 * @returns the copy, or `undefined` for any other value (`INVALID` included); never throws.
 */
export function parseSettledPayResult(value: unknown): SettledPayResult | undefined {
  const { status, orderId, chargeId, declineCode, message, paymentMethod } = Object(value);
  if (!isId(orderId) || !isId(chargeId)) return undefined;
  if (status === 'APPROVED') return { status, orderId, chargeId };
  if (status === 'PENDING') {
    return /^(PAY_AT_VENUE|IDEAL|BANCONTACT|BLIK|KLARNA)$/.test(paymentMethod)
      ? { status, orderId, chargeId, paymentMethod }
      : undefined;
  }
  if (typeof message !== 'string') return undefined;
  if (status === 'REFUNDED_HOLD_EXPIRED') return { status, orderId, chargeId, message };
  if (status !== 'DECLINED') return undefined;
  if (declineCode === undefined) return { status, orderId, chargeId, message };
  return typeof declineCode === 'string' ? { status, orderId, chargeId, declineCode, message } : undefined;
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}
