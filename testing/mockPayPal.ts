import { type HttpHandler, HttpResponse, http } from 'msw';
import type { CheckoutStore, HoldState, SeatHolds } from '../provider/store';
import { createPayPalCheckouts, createPayPalPages, fail, type PageReply, type StoreReply } from '../provider/store';
import { ProviderPaths } from '../shared/paths';
import type { PayPalCheckout, PayPalOutcome } from '../shared/payPal';
import type { createMockCharges } from './mockCharges';
import type { MockHttp } from './mockHttp';
import type { createMockOrders } from './mockOrders';

/** What {@link createMockPayPal} needs. */
export interface MockPayPalOptions {
  /** The HTTP helpers. */
  http: MockHttp;
  /**
   * The origin of the approval page: the frame build's PayPal origin (the widget sends its popup
   * nowhere else; security review M3), which is the reference provider's own origin in its deployments.
   */
  approvalOrigin: string;
  /** The frame's origin, where the done page posts its message; undefined when not known (no message: the popup closes). */
  frameOrigin: string | undefined;
  /** The orders, and whether they offer PayPal (payment methods by order). */
  orders: ReturnType<typeof createMockOrders>;
  /** The charges: a capture charges through `chargeApproved`, exactly once per order. */
  charges: ReturnType<typeof createMockCharges>;
  /** The seat holds (the reference provider's, provider/store/seatHolds.ts): a checkout or a wallet sheet under way keeps its order's. */
  holds: SeatHolds;
  /** The mock's clock (seat holds). */
  now: () => Date;
}

const P = ProviderPaths;

/**
 * The mock mode's PayPal (issue 25): the reference provider's own checkouts
 * (provider/store/payPalCheckouts.ts, over the mock's orders and charges) and approval page
 * (provider/store/payPalApprovalPage.ts, no Hono), as msw handlers on `host`: spec 7 checkout create,
 * update (cancel) and payment details (read; capture → the order's one settling `PAYPAL` charge),
 * and the approval page at `${approvalOrigin}/paypal/approve/<id>` with "Approve payment" and "Cancel and
 * return", its script and style sheet. A button's POST is recorded once (403 page when its
 * `Origin` is another origin than `approvalOrigin`; a routing layer that drops the header is let through,
 * as the 3-D Secure page's), then the done page posts the outcome to the frame and closes the popup.
 * `answer` gives a site's test the same outcomes without the page.
 */
export function createMockPayPal({ http: h, approvalOrigin, frameOrigin, orders, charges, holds, now }: MockPayPalOptions) {
  // The store calls the checkouts make: an order with its merchant, its payment methods, an approved charge.
  const store = {
    now,
    getOrder: (orderId: string): StoreReply => {
      const order = orders.get(orderId);
      if (!order) return fail(404, 'ORDER_NOT_FOUND', `No order ${orderId}.`);
      return { status: 200, body: { ...order, event: { name: orders.merchantOf(orderId) } } };
    },
    paymentMethodsFor: (orderId: string): StoreReply => ({ status: 200, body: orders.methodsOf(orderId) }),
    chargeApproved: (orderId: string, _appInstance: string, _method: 'PAYPAL', startedAt: Date) =>
      charges.chargeApproved(orderId, startedAt),
    // Seat holds as the reference provider keeps them (seatHolds.ts): a payment under way keeps the seats up to the grace limit.
    holdStateOf: (orderId: string): HoldState | undefined => {
      const order = orders.get(orderId);
      return order && holds.stateOf(order);
    },
    paymentStarted: (orderId: string, paymentId: string, at: Date = now()): boolean => {
      const order = orders.get(orderId);
      return order !== undefined && holds.started(order, paymentId, at);
    },
    paymentEnded: (orderId: string, paymentId: string): void => {
      const order = orders.get(orderId);
      if (order) holds.ended(order, paymentId);
    },
  } satisfies Partial<Record<keyof CheckoutStore, unknown>>;
  const origin = approvalOrigin;
  const checkouts = createPayPalCheckouts(store as unknown as CheckoutStore, origin);
  /** Order id → its checkouts' ids, oldest first (for `answer`). */
  const byOrder = new Map<string, string[]>();

  const appInstanceOf = (request: Request) => request.headers.get('authorization') ?? '';
  const pattern = (path: (id: string) => string) => h.param(path, 'checkoutId');
  /** An API route: the gate, then `answer` with the app instance, the checkout id and the body. */
  const api =
    (answer: (appInstance: string, checkoutId: string, body: unknown, startedAt: Date) => StoreReply) =>
    async ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
      const startedAt = now();
      const stop = await h.gate(request);
      if (stop) return stop;
      const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
      const reply = answer(appInstanceOf(request), String(params.checkoutId ?? ''), body, startedAt);
      return h.reply(request, reply.body, reply.status);
    };
  const pages = createPayPalPages(checkouts, { frameOrigins: frameOrigin === undefined ? [] : [frameOrigin] });
  const send = (reply: PageReply) => new HttpResponse(reply.body, reply);

  const handlers: HttpHandler[] = [
    http.post(
      h.url(P.payPalCheckoutCreate),
      api((appInstance, _id, body) => {
        const reply = checkouts.create(body, appInstance);
        const created = reply.body as PayPalCheckout;
        if (reply.status === 201) byOrder.set(created.orderId, [...(byOrder.get(created.orderId) ?? []), created.checkoutId]);
        return reply;
      }),
    ),
    http.patch(
      pattern(P.payPalCheckoutUpdate),
      api((appInstance, id, body) => checkouts.update(id, body, appInstance)),
    ),
    http.get(
      pattern(P.payPalPaymentDetails),
      api((appInstance, id) => checkouts.details(id, appInstance)),
    ),
    http.post(
      pattern(P.payPalPaymentDetails),
      api((appInstance, id, _body, startedAt) => checkouts.capture(id, appInstance, startedAt)),
    ),
    ...Object.entries(pages.assets).map(([path, reply]) => http.get(`${origin}${path}`, () => send(reply))),
    http.get(`${origin}${pages.pagePath}/:checkoutId`, ({ params }) => send(pages.show(String(params.checkoutId)))),
    http.post(`${origin}${pages.pagePath}/:checkoutId/:outcome`, ({ request, params }) =>
      send(
        pages.answer(String(params.checkoutId), String(params.outcome), {
          sent: request.headers.get('origin'),
          own: origin,
          allowMissing: true,
        }),
      ),
    ),
  ];

  return {
    handlers,
    /**
     * Records `outcome` for the newest unanswered checkout of `orderId`, as the page's buttons do; returns its id.
     * @throws Error when the order has none.
     */
    answer(orderId: string, outcome: PayPalOutcome): string {
      const ids = byOrder.get(orderId) ?? [];
      const open = [...ids].reverse().find((id) => checkouts.view(id) !== undefined);
      if (open === undefined || checkouts.record(open, outcome) !== 'recorded') {
        throw new Error(`answerPayPal: order ${String(orderId)} has no PayPal checkout awaiting the buyer's answer.`);
      }
      return open;
    },
    /** Forgets every checkout. */
    clear(): void {
      checkouts.clear();
      byOrder.clear();
    },
  };
}
