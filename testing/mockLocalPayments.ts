import { type HttpHandler, HttpResponse, http } from 'msw';
import { fail, type PageReply, type SeatHolds, type StoreReply } from '../provider/store';
import { LOCAL_METHOD_LABELS } from '../shared/localMethods';
import {
  LOCAL_PAYMENT_SCRIPT,
  LOCAL_PAYMENT_SCRIPT_PATH,
  LOCAL_PAYMENT_STYLE,
  LOCAL_PAYMENT_STYLE_PATH,
  renderLocalPaymentDonePage,
  renderLocalPaymentPage,
  renderLocalPaymentProblemPage,
} from '../shared/localPaymentPage';
import {
  createLocalPayments,
  DEFAULT_LOCAL_PAYMENT_TIMINGS,
  describeBlikCodeProblem,
  isKlarnaOption,
  isLocalPageAnswer,
  type LocalPageAnswer,
  type LocalPageChoices,
  type LocalPaymentTimings,
} from '../shared/localPayments';
import type { LocalMethodType } from '../shared/providerShapes';
import { threeDsPageHeaders } from '../shared/threeDsChallengePage';
import type { createMockOrders } from './mockOrders';
import type { MockCharge, MockOrder } from './mockProviderTypes';

/** What {@link createMockLocalPayments} needs. */
export interface MockLocalPaymentsOptions {
  /** Where the methods' pages are served (the checked `paymentsOrigin`): a charge's `REDIRECT` url. */
  paymentsOrigin: string;
  /** The frame's origin, where the done page posts its message; undefined when not known (no message: the popup closes). */
  frameOrigin: string | undefined;
  /** The timings when the `localPayments` option is on; undefined: no order offers a local method. */
  timings: LocalPaymentTimings | undefined;
  /** The orders: which local methods each offers, and who is paid. */
  orders: ReturnType<typeof createMockOrders>;
  /** The seat holds (the reference provider's): a local charge keeps its order's until it settles, pending included. */
  holds: SeatHolds;
  /** The mock's clock: pending payments settle and BLIK codes expire by it. */
  now: () => Date;
}

const asset = (body: string, type: string): PageReply => ({
  status: 200,
  headers: { 'Content-Type': `${type}; charset=utf-8`, 'X-Content-Type-Options': 'nosniff' },
  body,
});

/**
 * The mock mode's local payment methods (issue 38): the reference provider's lifecycle
 * (shared/localPayments.ts `createLocalPayments`, on the mock's clock) over the mock's charges and
 * orders, and msw handlers for the methods' pages at `paymentsOrigin`
 * (`/local-payments/<chargeId>`, its buttons' POSTs `…/approve|decline|pending|cancel` with the form
 * fields `settleAs` and `klarnaOption`, its script and style sheet). A button is recorded once (403
 * page from another origin, a missing `Origin` let through as the PayPal page's; 404 page for an
 * unknown charge or one with no page; 409 page once answered, cancelled or expired). No timers:
 * every due change (a pending payment settling, a BLIK answer or expiry) happens on the next read,
 * which the charge and order routes make by calling `sweep`.
 */
export function createMockLocalPayments(options: MockLocalPaymentsOptions) {
  const { paymentsOrigin, frameOrigin, orders, holds, now } = options;
  const timings = options.timings ?? DEFAULT_LOCAL_PAYMENT_TIMINGS;
  const frameOrigins = frameOrigin === undefined ? [] : [frameOrigin];
  const payments = createLocalPayments({
    now,
    paymentsOrigin: () => paymentsOrigin,
    timings: () => timings,
    // No timers: the mock has no webhooks, and every read sweeps first.
    schedule: () => () => {},
    // As the reference provider: a pending payment still keeps the seats; a settled one no more.
    onChange: (charge) => {
      const order = orders.get(charge.orderId);
      if (order && charge.status !== 'PENDING') holds.ended(order, charge.id);
    },
    approvedTooLate: (charge, at) => {
      const order = orders.get(charge.orderId);
      return order !== undefined && holds.stateOf(order, at) === 'ENDED';
    },
  });

  /**
   * The charge `base` of `order` by the local `method` the request names, opened (`REQUIRES_ACTION`,
   * keeping the hold from `startedAt`), for the caller to record; or the refusal, as the reference
   * provider's: 400 PAYMENT_METHOD_NOT_AVAILABLE when the order does not offer the method (off, or
   * not for its currency and buyer's country), 400 INVALID_BLIK_CODE (nothing charged).
   */
  function make(
    order: MockOrder,
    method: LocalMethodType,
    body: Record<string, unknown>,
    base: Omit<MockCharge, 'status' | 'paymentMethod'>,
    startedAt: Date,
  ): { charge: MockCharge } | { refused: StoreReply } {
    if (!orders.localMethodsOf(order).includes(method)) {
      const why = options.timings ? '(its currency and country)' : '(the mock has no localPayments option)';
      return { refused: fail(400, 'PAYMENT_METHOD_NOT_AVAILABLE', `${method} is not offered for order ${order.id} ${why}.`) };
    }
    if (method === 'BLIK') {
      const problem = describeBlikCodeProblem(body.blikCode);
      if (problem) return { refused: fail(400, 'INVALID_BLIK_CODE', problem) };
    }
    const charge: MockCharge = { ...base, status: 'REQUIRES_ACTION', paymentMethod: method };
    const blikCode = method === 'BLIK' ? { blikCode: body.blikCode as string } : {};
    payments.open(charge, order, { merchant: orders.merchantOf(order.id), ...blikCode });
    holds.started(order, charge.id, startedAt);
    return { charge };
  }

  const headers = threeDsPageHeaders([]);
  const problem = (status: PageReply['status'], title: string, text: string): PageReply => ({
    status,
    headers,
    body: renderLocalPaymentProblemPage(title, text),
  });
  const gone = () => problem(404, 'Payment not found', 'This payment does not exist or was already answered. Close this window.');
  const send = (reply: PageReply) => new HttpResponse(reply.body, reply);
  const at = (path: string) => `${paymentsOrigin}${path}`;

  /** The page's form fields: how a pending payment settles and Klarna's option; anything else is the default. */
  async function choicesOf(request: Request): Promise<LocalPageChoices> {
    const form = new URLSearchParams(await request.text().catch(() => ''));
    const settleAs = form.get('settleAs');
    const klarnaOption = form.get('klarnaOption');
    return {
      ...(settleAs === 'approve' || settleAs === 'decline' ? { settleAs } : {}),
      ...(isKlarnaOption(klarnaOption) ? { klarnaOption } : {}),
    };
  }

  const handlers: HttpHandler[] = [
    http.get(at(LOCAL_PAYMENT_SCRIPT_PATH), () => send(asset(LOCAL_PAYMENT_SCRIPT, 'text/javascript'))),
    http.get(at(LOCAL_PAYMENT_STYLE_PATH), () => send(asset(LOCAL_PAYMENT_STYLE, 'text/css'))),
    http.get(at('/local-payments/:chargeId'), ({ params }) => {
      const view = payments.view(String(params.chargeId));
      return send(view ? { status: 200, headers, body: renderLocalPaymentPage(view) } : gone());
    }),
    http.post(at('/local-payments/:chargeId/:answer'), async ({ request, params }) => {
      const chargeId = String(params.chargeId);
      const answer = String(params.answer);
      if (!isLocalPageAnswer(answer)) return send(gone());
      const sent = request.headers.get('origin');
      // Only the page's own form may answer; a routing layer may drop the header (as the PayPal page's).
      if (sent !== null && sent !== paymentsOrigin) {
        return send(problem(403, 'Not allowed', 'Only the payment page itself can answer this payment.'));
      }
      const result = payments.record(chargeId, answer, await choicesOf(request));
      if (result.status === 'unknown') return send(gone());
      if (result.status === 'closed') {
        return send(problem(409, 'Already answered', 'This payment was already answered. Close this window.'));
      }
      return send({
        status: 200,
        headers,
        body: renderLocalPaymentDonePage(
          chargeId,
          LOCAL_METHOD_LABELS[result.charge.paymentMethod as LocalMethodType],
          answer,
          frameOrigins,
        ),
      });
    }),
  ];

  return {
    handlers,
    make,
    sweep: payments.sweep,
    cancel: payments.cancel,
    openChargeOf: payments.openChargeOf,
    /**
     * Records `answer` for the open page of `chargeId`, as its buttons do (`answerLocalPayment`).
     * @throws TypeError for an unknown answer or choice; Error when the charge has no open page.
     */
    answer(chargeId: string, answer: LocalPageAnswer, choices: LocalPageChoices = {}): void {
      if (!isLocalPageAnswer(answer)) {
        throw new TypeError(
          `answerLocalPayment: answer must be 'approve', 'decline', 'pending' or 'cancel', got ${String(answer)}.`,
        );
      }
      const { settleAs, klarnaOption } = choices;
      if (settleAs !== undefined && settleAs !== 'approve' && settleAs !== 'decline') {
        throw new TypeError(`answerLocalPayment: settleAs must be 'approve' or 'decline', got ${String(settleAs)}.`);
      }
      if (klarnaOption !== undefined && !isKlarnaOption(klarnaOption)) {
        throw new TypeError(
          `answerLocalPayment: klarnaOption must be 'PAY_LATER_30_DAYS' or 'PAY_IN_3_PARTS', got ${String(klarnaOption)}.`,
        );
      }
      if (payments.record(chargeId, answer, choices).status !== 'recorded') {
        throw new Error(`answerLocalPayment: charge ${String(chargeId)} has no local payment page awaiting the buyer's answer.`);
      }
    },
    /** Forgets every local payment. */
    clear: payments.clear,
  };
}
