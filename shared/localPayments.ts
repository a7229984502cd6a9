import {
  BLIK_APPROVE_MS,
  BLIK_CODE_TTL_MS,
  BLIK_TEST_CODES,
  isBlikCodeFormat,
  LOCAL_METHOD_LABELS,
  localPaymentPagePath,
  PENDING_SETTLE_MS,
} from './localMethods';
import type { ChargeStatus, LocalMethodType, Money, NextAction } from './providerShapes';
import { THREE_DS_CHALLENGE_TTL_MS } from './threeDsChallenges';

/**
 * The local payment methods' charges (iDEAL, Bancontact, BLIK, Klarna), simulated once for the
 * reference provider's checkout store and the mock mode, on the caller's clock and without a
 * framework (as shared/threeDsChallenges.ts is for 3-D Secure). The caller makes the charge and
 * hands it to {@link LocalPayments.open}, which sets it `REQUIRES_ACTION`; from then on this module
 * moves it, in place, to one of:
 * - `APPROVED` (the page's "Approve payment"; BLIK `777123` after `blikApproveMs`), which pays the order;
 * - `DECLINED` `customer_declined` ("Decline payment"; BLIK `777000` after `blikApproveMs`);
 * - `DECLINED` `authentication_abandoned` ("Cancel and return", {@link LocalPayments.cancel}, or a
 *   page left unanswered for {@link THREE_DS_CHALLENGE_TTL_MS});
 * - `DECLINED` `code_expired` (BLIK `777999`, never confirmed, at `nextAction.expiresAt`);
 * - `PENDING` ("Approve later (pending)"): the order is not paid; `pendingSettleMs` later the charge
 *   becomes `APPROVED` or `DECLINED` `customer_declined`, as the page chose (`settleAs`).
 * An approval when `approvedTooLate` says the order's seat hold has ended for good settles
 * `REFUNDED_HOLD_EXPIRED` (with `refundedAt`) and pays nothing. Every timed change happens on
 * {@link LocalPayments.sweep}, which every read calls, and which a timer (unref'd: it keeps no
 * process alive) also calls when a change is due, so `onChange` (the webhooks) hears it even when
 * nobody reads the charge.
 */

/** The timings of the simulation, in milliseconds; tests shorten them (the provider's `POST /__control/local-payments`). */
export interface LocalPaymentTimings {
  /** From "Approve later (pending)" to the settle: default {@link PENDING_SETTLE_MS} (5 000), at most 10 000. */
  pendingSettleMs: number;
  /** From a BLIK charge to its bank's answer for `777123` and `777000`: default {@link BLIK_APPROVE_MS} (2 000). */
  blikApproveMs: number;
  /** From a BLIK charge to its `expiresAt` (`777999` then declines `code_expired`): default {@link BLIK_CODE_TTL_MS} (120 000). */
  blikExpiryMs: number;
}

/** The timings a provider starts with. */
export const DEFAULT_LOCAL_PAYMENT_TIMINGS: Readonly<LocalPaymentTimings> = {
  pendingSettleMs: PENDING_SETTLE_MS,
  blikApproveMs: BLIK_APPROVE_MS,
  blikExpiryMs: BLIK_CODE_TTL_MS,
};

/** The most each timing may be set to (ms): pending settles within 10 s (the promise), BLIK within its real code life. */
export const MAX_LOCAL_PAYMENT_TIMINGS: Readonly<LocalPaymentTimings> = {
  pendingSettleMs: 10_000,
  blikApproveMs: 10_000,
  blikExpiryMs: BLIK_CODE_TTL_MS,
};

/**
 * What is wrong with a change of timings (`{ pendingSettleMs?, blikApproveMs?, blikExpiryMs? }`,
 * untrusted), or undefined: an object with only those fields, each a whole number of ms from 0 (1
 * for `blikExpiryMs`) to its {@link MAX_LOCAL_PAYMENT_TIMINGS}. The sentence names the field.
 */
export function describeLocalPaymentTimingsProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'Expected an object { pendingSettleMs?, blikApproveMs?, blikExpiryMs? }.';
  }
  for (const [field, ms] of Object.entries(value)) {
    if (!Object.hasOwn(MAX_LOCAL_PAYMENT_TIMINGS, field)) {
      return `${field.slice(0, 100)} is not a timing (pendingSettleMs, blikApproveMs, blikExpiryMs).`;
    }
    const max = MAX_LOCAL_PAYMENT_TIMINGS[field as keyof LocalPaymentTimings];
    const min = field === 'blikExpiryMs' ? 1 : 0;
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < min || ms > max) {
      return `${field} must be a whole number of milliseconds from ${min} to ${max}, got ${String(JSON.stringify(ms)).slice(0, 100)}.`;
    }
  }
  return undefined;
}

/** Klarna's two ways to pay, as the page offers them and the charge records them (`klarnaOption`). */
export type KlarnaOption = 'PAY_LATER_30_DAYS' | 'PAY_IN_3_PARTS';

/** Klarna's options with the page's words, in the order it shows them (the first is preselected). */
export const KLARNA_OPTIONS: Readonly<Record<KlarnaOption, string>> = {
  PAY_LATER_30_DAYS: 'Pay later in 30 days',
  PAY_IN_3_PARTS: 'Pay in 3 parts',
};

/** True for a {@link KlarnaOption}. */
export const isKlarnaOption = (value: unknown): value is KlarnaOption =>
  typeof value === 'string' && Object.hasOwn(KLARNA_OPTIONS, value);

/** A button of a method's page: "Approve payment", "Decline payment", "Approve later (pending)", "Cancel and return". */
export type LocalPageAnswer = 'approve' | 'decline' | 'pending' | 'cancel';

/** The page's buttons, in the order it shows them, with their words. */
export const LOCAL_PAGE_ANSWERS: Readonly<Record<LocalPageAnswer, string>> = {
  approve: 'Approve payment',
  decline: 'Decline payment',
  pending: 'Approve later (pending)',
  cancel: 'Cancel and return',
};

/** True for a {@link LocalPageAnswer}. */
export const isLocalPageAnswer = (value: unknown): value is LocalPageAnswer =>
  typeof value === 'string' && Object.hasOwn(LOCAL_PAGE_ANSWERS, value);

/** How a pending payment settles, as the page chose: `approve` (default) or `decline`. */
export type PendingSettle = 'approve' | 'decline';

/** What the page sent besides its button: how a pending payment settles, and Klarna's option. */
export interface LocalPageChoices {
  /** For `pending`: how it settles; default `approve`. */
  settleAs?: PendingSettle;
  /** For Klarna's `approve` and `pending`: the option chosen; default `PAY_LATER_30_DAYS`. */
  klarnaOption?: KlarnaOption;
}

/** The fields of a charge this module reads and settles (the reference provider's `Charge`, the mock's charge). */
export interface LocalPaymentCharge {
  id: string;
  orderId: string;
  amount: Money;
  status: ChargeStatus;
  paymentMethod: string;
  declineCode?: string;
  nextAction?: NextAction;
  /** Set on a Klarna charge the buyer approved (now or later): the option chosen on its page. */
  klarnaOption?: KlarnaOption;
  /** Set when it settled `REFUNDED_HOLD_EXPIRED` (ISO 8601). */
  refundedAt?: string;
}

/** The fields of an order an `APPROVED` charge pays (`status: 'PAID'`, `chargeId`). */
export interface LocalPaymentOrder {
  status: string;
  chargeId?: string;
}

/** What a method's page shows. */
export interface LocalPaymentView {
  chargeId: string;
  method: LocalMethodType;
  /** The method's brand name, e.g. "iDEAL". */
  label: string;
  /** Who is paid: the order's event name. */
  merchant: string;
  amount: Money;
}

/** What recording a page's answer did: `recorded` (the charge changed), `unknown` charge (or one with no page), or `closed` (answered, cancelled or expired). */
export type LocalRecordResult = { status: 'recorded'; charge: LocalPaymentCharge } | { status: 'unknown' } | { status: 'closed' };

/** The methods whose buyer approves on a page (`nextAction` `REDIRECT`); BLIK is confirmed in the banking app. */
export const REDIRECT_METHODS: readonly LocalMethodType[] = ['IDEAL', 'BANCONTACT', 'KLARNA'];

/**
 * Why `code` is refused as a BLIK code (400 `INVALID_BLIK_CODE`, nothing charged), or undefined
 * for one of the {@link BLIK_TEST_CODES}: not 6 digits, or not a code the simulated bank knows.
 */
export function describeBlikCodeProblem(code: unknown): string | undefined {
  if (!isBlikCodeFormat(code)) return 'blikCode must be the 6-digit code from the buyer’s banking app.';
  if (!Object.values(BLIK_TEST_CODES).includes(code as never)) {
    return `blikCode ${code} is not a valid BLIK code (test codes: ${Object.values(BLIK_TEST_CODES).join(', ')}).`;
  }
  return undefined;
}

/** Options of {@link createLocalPayments}. */
export interface LocalPaymentsOptions {
  /** The caller's clock. */
  now: () => Date;
  /** The payments origin, where the pages are (`nextAction.url`); undefined: not known, and a redirect method's `open` throws. */
  paymentsOrigin: () => string | undefined;
  /** The timings in force, read when a charge opens and when a page answers. Default {@link DEFAULT_LOCAL_PAYMENT_TIMINGS}. */
  timings?: () => LocalPaymentTimings;
  /** Hears each change after `open`: to `PENDING`, and the settle. Default: no one. */
  onChange?: (charge: LocalPaymentCharge) => void;
  /** Whether an approval at `at` comes after the order's seat hold ended for good (→ `REFUNDED_HOLD_EXPIRED`). Default: never. */
  approvedTooLate?: (charge: LocalPaymentCharge, at: Date) => boolean;
  /**
   * Runs `sweep` after `delayMs`, returning a cancel. Default: an unref'd `setTimeout` (tests on a
   * fake clock pass one that does nothing and call `sweep` themselves).
   */
  schedule?: (delayMs: number, sweep: () => void) => () => void;
}

/** A timed change: at `at` (ms since the epoch) the charge becomes `status` (with `declineCode`). */
interface Due {
  at: number;
  status: 'APPROVED' | 'DECLINED';
  declineCode?: string;
}

interface Entry {
  charge: LocalPaymentCharge;
  order: LocalPaymentOrder;
  method: LocalMethodType;
  merchant: string;
  /** `open` until answered, `pending` until it settles, then `settled`. */
  state: 'open' | 'pending' | 'settled';
  due: Due;
  cancelTimer: () => void;
}

const defaultSchedule = (delayMs: number, sweep: () => void): (() => void) => {
  const timer = setTimeout(sweep, delayMs);
  (timer as { unref?: () => void }).unref?.();
  return () => clearTimeout(timer);
};

/**
 * Creates the local payments of one store (see the module's comment): `open` a charge, show and
 * answer its page (`view`, `record`), `cancel` it, find an order's charge under way
 * (`openChargeOf`), `sweep` the due changes, `clear` everything.
 */
export function createLocalPayments(options: LocalPaymentsOptions) {
  const { now } = options;
  const timings = options.timings ?? (() => DEFAULT_LOCAL_PAYMENT_TIMINGS);
  const onChange = options.onChange ?? (() => {});
  const approvedTooLate = options.approvedTooLate ?? (() => false);
  const schedule = options.schedule ?? defaultSchedule;
  const byCharge = new Map<string, Entry>();

  function plan(entry: Entry, due: Due): void {
    entry.cancelTimer();
    entry.due = due;
    entry.cancelTimer = schedule(Math.max(0, due.at - now().getTime()), sweep);
  }

  function settle(entry: Entry, status: 'APPROVED' | 'DECLINED', declineCode: string | undefined, at: Date): void {
    entry.state = 'settled';
    entry.cancelTimer();
    const { charge, order } = entry;
    delete charge.nextAction;
    if (status === 'APPROVED' && approvedTooLate(charge, at)) {
      charge.status = 'REFUNDED_HOLD_EXPIRED';
      charge.refundedAt = now().toISOString();
    } else {
      charge.status = status;
      if (declineCode) charge.declineCode = declineCode;
      if (status === 'APPROVED') {
        order.status = 'PAID';
        order.chargeId = charge.id;
      }
    }
    onChange(charge);
  }

  /** Makes every change due by now, earliest first. */
  function sweep(): void {
    const t = now().getTime();
    const due = [...byCharge.values()].filter((e) => e.state !== 'settled' && e.due.at <= t).sort((a, b) => a.due.at - b.due.at);
    for (const entry of due) settle(entry, entry.due.status, entry.due.declineCode, new Date(entry.due.at));
  }

  /**
   * Opens `charge` (a local method's, just made for `order`, not yet answered): `REQUIRES_ACTION`
   * with its `nextAction`, `REDIRECT` to `<paymentsOrigin>/local-payments/<chargeId>` or, for BLIK,
   * `BLIK_CONFIRM` with `expiresAt`. `merchant` is who the page says is paid.
   * @throws Error for a BLIK code {@link describeBlikCodeProblem} refuses (check it first), or a
   * redirect method while the payments origin is not known.
   */
  function open(charge: LocalPaymentCharge, order: LocalPaymentOrder, details: { merchant: string; blikCode?: string }): void {
    const method = charge.paymentMethod as LocalMethodType;
    const start = now().getTime();
    let nextAction: NextAction;
    let due: Due;
    if (method === 'BLIK') {
      const problem = describeBlikCodeProblem(details.blikCode);
      if (problem) throw new Error(problem);
      const { blikApproveMs, blikExpiryMs } = timings();
      const expiresAt = start + blikExpiryMs;
      nextAction = { type: 'BLIK_CONFIRM', expiresAt: new Date(expiresAt).toISOString() };
      const answeredAt = Math.min(start + blikApproveMs, expiresAt);
      if (details.blikCode === BLIK_TEST_CODES.neverConfirmed || answeredAt === expiresAt) {
        due = { at: expiresAt, status: 'DECLINED', declineCode: 'code_expired' };
      } else if (details.blikCode === BLIK_TEST_CODES.declined) {
        due = { at: answeredAt, status: 'DECLINED', declineCode: 'customer_declined' };
      } else {
        due = { at: answeredAt, status: 'APPROVED' };
      }
    } else {
      const origin = options.paymentsOrigin();
      if (origin === undefined) throw new Error('The provider does not know its payments origin: no page to send the buyer to.');
      nextAction = { type: 'REDIRECT', url: `${origin}${localPaymentPagePath(charge.id)}` };
      due = { at: start + THREE_DS_CHALLENGE_TTL_MS, status: 'DECLINED', declineCode: 'authentication_abandoned' };
    }
    charge.status = 'REQUIRES_ACTION';
    charge.nextAction = nextAction;
    const entry: Entry = { charge, order, method, merchant: details.merchant, state: 'open', due, cancelTimer: () => {} };
    byCharge.set(charge.id, entry);
    plan(entry, due);
  }

  /** The open entry of a page (a redirect method's), swept first; undefined when unknown or BLIK's. */
  function pageEntry(chargeId: string): Entry | undefined {
    sweep();
    const entry = byCharge.get(chargeId);
    return entry && REDIRECT_METHODS.includes(entry.method) ? entry : undefined;
  }

  return {
    sweep,
    open,
    /** What the page of `chargeId` shows; undefined when unknown, BLIK's (no page), or no longer open. */
    view(chargeId: string): LocalPaymentView | undefined {
      const entry = pageEntry(chargeId);
      if (entry?.state !== 'open') return undefined;
      const { method, merchant, charge } = entry;
      return { chargeId, method, label: LOCAL_METHOD_LABELS[method], merchant, amount: charge.amount };
    },
    /**
     * Records the page's `answer` for `chargeId`, once: approve → `APPROVED` (or
     * `REFUNDED_HOLD_EXPIRED`), decline → `DECLINED` `customer_declined`, cancel → `DECLINED`
     * `authentication_abandoned`, pending → `PENDING`, settling `settleAs` after `pendingSettleMs`.
     * Klarna's approve and pending record `choices.klarnaOption` on the charge.
     */
    record(chargeId: string, answer: LocalPageAnswer, choices: LocalPageChoices = {}): LocalRecordResult {
      const entry = pageEntry(chargeId);
      if (!entry) return { status: 'unknown' };
      if (entry.state !== 'open') return { status: 'closed' };
      const { charge } = entry;
      if (entry.method === 'KLARNA' && (answer === 'approve' || answer === 'pending')) {
        charge.klarnaOption = choices.klarnaOption ?? 'PAY_LATER_30_DAYS';
      }
      const at = now();
      if (answer === 'approve') settle(entry, 'APPROVED', undefined, at);
      else if (answer === 'decline') settle(entry, 'DECLINED', 'customer_declined', at);
      else if (answer === 'cancel') settle(entry, 'DECLINED', 'authentication_abandoned', at);
      else {
        entry.state = 'pending';
        charge.status = 'PENDING';
        delete charge.nextAction;
        const settleAt = at.getTime() + timings().pendingSettleMs;
        plan(
          entry,
          choices.settleAs === 'decline'
            ? { at: settleAt, status: 'DECLINED', declineCode: 'customer_declined' }
            : { at: settleAt, status: 'APPROVED' },
        );
        onChange(charge);
      }
      return { status: 'recorded', charge };
    },
    /**
     * Cancels `chargeId` while it waits for the buyer (`REQUIRES_ACTION`): `DECLINED`
     * `authentication_abandoned`. A pending or settled charge, or one not local, is left as it is.
     */
    cancel(chargeId: string): void {
      sweep();
      const entry = byCharge.get(chargeId);
      if (entry?.state === 'open') settle(entry, 'DECLINED', 'authentication_abandoned', now());
    },
    /** The charge of `orderId` under way (`REQUIRES_ACTION` or `PENDING`), if any: at most one. */
    openChargeOf(orderId: string): LocalPaymentCharge | undefined {
      sweep();
      for (const entry of byCharge.values())
        if (entry.state !== 'settled' && entry.charge.orderId === orderId) return entry.charge;
      return undefined;
    },
    /** Whether `chargeId` is a local charge this module opened. */
    has: (chargeId: string): boolean => byCharge.has(chargeId),
    /** Forgets every charge and stops every timer. */
    clear(): void {
      for (const entry of byCharge.values()) entry.cancelTimer();
      byCharge.clear();
    },
  };
}

/** The local payments of one store. */
export type LocalPayments = ReturnType<typeof createLocalPayments>;
