import type { ReactElement } from 'react';
import { CashierError, type CashierWidgetProps, type Charge, ErrorCode, type LocalMethodType } from '../../shared';
import type { BundleProviderApi } from '../bundleProviderApi';
import type { FormStore } from '../createFormStore';
import type { Hold } from '../createHold';
import type { createPayment } from '../createPayment';
import { asCashierError } from '../paymentErrors';
import { isPaid, type PayResult, toPayResult } from '../toPayResult';
import type { BlikChunk } from './blik';

// What the local methods' choice in the bundle (createLocalMethods.tsx) and their lazily loaded
// chunks (redirect/, blik/) share (issue 38): the kit the bundle hands them and the types of the
// mount's parts they use. Its own module, so neither side imports the other.

/**
 * The bundle's code the local methods' chunks use, handed to them rather than imported, so that a
 * chunk shares no module with the bundle and the build makes no third chunk (as PAYPAL_KIT).
 */
export const LOCAL_KIT = {
  asCashierError,
  isPaid,
  toPayResult,
  /** CashierError INVALID_RESPONSE with `message`. */
  invalidResponse: (message: string) => new CashierError(ErrorCode.InvalidResponse, message),
};

/** The type of {@link LOCAL_KIT}. */
export type LocalKit = typeof LOCAL_KIT;

/** The redirect methods (issue 38): approved on a page of the payments origin, in a popup. */
export type RedirectMethodType = Exclude<LocalMethodType, 'BLIK'>;

/** True for IDEAL, BANCONTACT and KLARNA. */
export const isRedirectMethod = (type: unknown): type is RedirectMethodType =>
  type === 'IDEAL' || type === 'BANCONTACT' || type === 'KLARNA';

/** What the local methods need from the widget's mount. */
export interface LocalDeps {
  /** The widget's form store: its lock, the chosen method, the buyer's language and the order's methods. */
  store: FormStore;
  /** The props now (the order, the payments origin, `onPaymentResult`). */
  current: () => CashierWidgetProps;
  /** The bundle's provider calls the local methods make: a charge read, and its cancel. */
  api: Pick<BundleProviderApi, 'getCharge' | 'cancelCharge'>;
  /**
   * The mount's payment flow: `openOrder()`, `chargeInWidget` (the charge made exactly once) and
   * `keep` (what the payment came to: a later `pay` for the order resolves with it).
   */
  payment: () => Pick<ReturnType<typeof createPayment>, 'openOrder' | 'chargeInWidget' | 'keep'>;
  /**
   * The mount's seat hold: `paying(orderId)` while a window is open or a charge pending (issue 37),
   * then `settled`; `skewMs()`, the provider's clock minus the device's (BLIK's countdown counts on it).
   */
  hold: Pick<Hold, 'paying' | 'settled' | 'skewMs'>;
  /** The result as `pay` would resolve it: a refund because the hold ended with the buyer's message (issue 37). */
  told: (result: PayResult) => PayResult;
  /** Prefix for element ids, unique per mount. */
  idPrefix: string;
  /** Draws the form again: the choices' short lines are in the buyer's new language. */
  rerender: () => void;
}

/**
 * Where a local payment is (issue 38), as the panel shows it: `pending` (the bank is confirming),
 * `approved` or `declined` once it settled, for the charge `chargeId` of `method`.
 */
export interface LocalState {
  phase: 'pending' | 'approved' | 'declined';
  method: LocalMethodType;
  chargeId: string;
}

/** What createLocalMethods hands a chunk's panel: the mount's parts and the payment's session. */
export interface LocalSession extends LocalDeps {
  kit: LocalKit;
  /** Where the mount's local payment is now (undefined: none), and its changes. */
  state: () => LocalState | undefined;
  subscribe: (listener: () => void) => () => void;
  /**
   * A charge of `orderId` made by the panel's button that settled or is PENDING: the result `pay`
   * resolves with (kept; a PENDING one watched until it settles, then told once).
   */
  finish: (orderId: string, charge: Charge) => PayResult;
  /** Called when a payment starts (its window opened): `pay` for the order then waits for `result`. */
  onStart: (start: LocalStart) => void;
}

/** One local payment started by the buyer: its order, and what `pay` for it resolves with. */
export interface LocalStart {
  orderId: string;
  result: Promise<PayResult>;
}

/** A local methods' chunk as createLocalMethods loads it: its panel, and the choices' short lines in its words. */
export interface LocalChunk {
  Panel: (props: { method: LocalMethodType; session: LocalSession }) => ReactElement;
  /** The short line of what happens next under the choice of `type` (undefined: none), in the chunk's language now. */
  describe: (type: LocalMethodType) => string | undefined;
  /** The buyer's words for a decline of `method`'s payment, in the chunk's language now. */
  declined: (method: LocalMethodType) => string;
  /** Switches the chunk's words to `locale`'s (English when they cannot be fetched). */
  use: (locale: string) => Promise<void>;
}

/**
 * The BLIK chunk's default export (widget/localMethods/blik/index.tsx): the code field, the
 * confirmation's countdown, the code's check, its messages and the loader of its translator. A type
 * import only: the chunk is fetched by createLocalMethods' glob, never bundled.
 */
export type BlikModule = BlikChunk;
