import { CashierError, type CashierWidgetProps, ErrorCode, ProviderPaths, parseCharge } from '../../shared';
import type { FormStore } from '../createFormStore';
import type { createHold } from '../createHold';
import type { createPayment } from '../createPayment';
import { asCashierError } from '../paymentErrors';
import type { PayResult } from '../toPayResult';

// What the PayPal choice in the bundle (createPayPal.tsx) and its lazily loaded panel
// (PayPalPanel.tsx, payPalFlow.ts) share: the kit the bundle hands the chunk, and the types of
// the mount's parts the panel uses. Its own module, so neither side imports the other.

/**
 * The bundle's code the PayPal chunk uses, handed to it rather than imported: the chunk then
 * shares no module with the bundle, so the build makes no third chunk that the bundle would fetch
 * up front, outside its measured size (issue 25).
 */
export const PAYPAL_KIT = {
  paths: ProviderPaths,
  parseCharge,
  asCashierError,
  /** CashierError INVALID_RESPONSE with `message`. */
  invalidResponse: (message: string) => new CashierError(ErrorCode.InvalidResponse, message),
};

/** The type of {@link PAYPAL_KIT}. */
export type PayPalKit = typeof PAYPAL_KIT;

/** What the PayPal choice needs from the widget's mount. */
export interface PayPalDeps {
  /** The widget's form store: its lock, the buyer's language and the order's payment methods. */
  store: FormStore;
  /** The props now (the order, the provider client and host, `onPaymentResult`). */
  current: () => CashierWidgetProps;
  /**
   * The mount's payment flow: `openOrder()` (the form stays locked for an open `pay` when PayPal's
   * window closes) and `captureInWidget` (the capture kept exactly once; a later `pay` for the
   * order resolves with its result).
   */
  payment: () => Pick<ReturnType<typeof createPayment>, 'openOrder' | 'captureInWidget'>;
  /**
   * The mount's seat hold: `paying(orderId)` once PayPal's window is open (issue 37: the hold waits
   * for it), `settled(orderId, paid)` once it ended (paid: the countdown stops).
   */
  hold: Pick<ReturnType<typeof createHold>, 'paying' | 'settled'>;
  /** The result as `pay` would resolve it: a refund because the hold ended with the buyer's message (issue 37). */
  told: (result: PayResult) => PayResult;
}

/** One PayPal payment started by the buyer: its order, and what `pay` for it resolves with. */
export interface PayPalStart {
  orderId: string;
  result: Promise<PayResult>;
}
