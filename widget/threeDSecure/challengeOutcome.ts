import { CashierError, type Charge, ErrorCode } from '../../shared';
import { asCashierError, outcomeUnknown } from '../paymentErrors';
import { type PayResult, toPayResult } from '../toPayResult';

/**
 * What `pay` resolves to for `charge` (issue 22): a settled charge's result, or, for a
 * REQUIRES_ACTION one, the result of what it settles as once `challenge` (the dialog, awaitChallenge)
 * ends. A challenge cut short (unmount, a cancel that failed) throws PAYMENT_OUTCOME_UNKNOWN for
 * `orderId`: the charge may still be open, and the next `pay` shows it again.
 */
export async function challengeOutcome(
  orderId: string,
  charge: Charge,
  challenge: (charge: Charge) => Promise<Charge>,
): Promise<PayResult> {
  if (charge.status !== 'REQUIRES_ACTION') return toPayResult(orderId, charge);
  let settled: Charge;
  try {
    settled = await challenge(charge);
  } catch (error) {
    throw outcomeUnknown(orderId, 'its 3-D Secure challenge was cut short', asCashierError(error));
  }
  return toPayResult(orderId, settled);
}

/**
 * The INVALID_RESPONSE `pay` rejects with when the provider asked for a challenge page off the vault
 * origin (`refused`, from the provider client's guard): it was not shown, and nothing was charged.
 */
export function refusedChallenge(orderId: string, refused: CashierError, cancelled: boolean): CashierError {
  const what = cancelled ? 'its charge was cancelled' : 'cancelling its charge failed (the next pay tries again)';
  return new CashierError(ErrorCode.InvalidResponse, `${refused.message} It was not shown and ${what}; nothing was charged.`, {
    orderId,
  });
}
