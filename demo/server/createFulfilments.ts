import type { ServerOrder, WebhookEvent } from 'cashier-widget/server';
import type { SiteConfirmation, SiteFulfilmentSource, SiteTickets } from '../siteConfirmation';

/** What the demo site's server did for one order: its tickets, and what told it to. */
export interface Fulfilment {
  orderId: string;
  status: ServerOrder['status'];
  tickets: Exclude<SiteTickets, 'none'>;
  source: Exclude<SiteFulfilmentSource, 'none'>;
  /** How many times tickets were issued or reserved: one each at most, whatever the deliveries. */
  fulfilments: number;
  eventId?: string;
  chargeId?: string;
  total: ServerOrder['total'];
}

/** What {@link Fulfilments.handle} did with an event: `revoked` when a refund cancelled the tickets. */
export type HandledEvent = 'fulfilled' | 'revoked' | 'duplicate' | 'unchanged';

/**
 * The demo site's in-memory ticket office: order id → the tickets issued (or reserved) and the
 * webhook event (or server read) that did it, and the ids of the events already handled. A site
 * keeps the same in its database. Every change goes through `handle` (a verified webhook event) or
 * `fromRead` (the server API's order): the page's word never reaches it. A refund of the charge
 * that paid an order revokes its tickets, for good: an `order.paid` delivered after the refund
 * (webhooks may arrive out of order) issues nothing.
 */
export function createFulfilments() {
  const byOrder = new Map<string, Fulfilment>();
  const handledEvents = new Set<string>();
  const waiters = new Map<string, Set<() => void>>();

  /** Records `fulfilment` for its order and wakes whoever waits for it. */
  function record(fulfilment: Fulfilment): void {
    byOrder.set(fulfilment.orderId, fulfilment);
    for (const wake of waiters.get(fulfilment.orderId) ?? []) wake();
  }

  /**
   * Issues (PAID) or reserves (PAY_AT_VENUE) `order`'s tickets unless done already, or revokes
   * them when the charge that paid it is refunded; true when it changed anything.
   */
  function fulfil(order: ServerOrder, source: Fulfilment['source'], eventId?: string): boolean {
    const known = byOrder.get(order.id);
    if (known?.tickets === 'revoked') return false;
    const refunded = order.charges.some((charge) => charge.id === order.chargeId && charge.refundedAt !== undefined);
    if (refunded) return revoke(order, source, eventId);
    const tickets = order.status === 'PAID' ? 'issued' : order.status === 'PAY_AT_VENUE' ? 'reserved' : undefined;
    // Issued is final; a reservation may still be paid (and then issued).
    if (!tickets || known?.tickets === 'issued' || known?.tickets === tickets) return false;
    record({
      orderId: order.id,
      status: order.status,
      tickets,
      source,
      fulfilments: (known?.fulfilments ?? 0) + 1,
      ...(eventId === undefined ? {} : { eventId }),
      ...(order.chargeId === undefined ? {} : { chargeId: order.chargeId }),
      total: order.total,
    });
    return true;
  }

  /** Revokes `order`'s tickets (its paying charge was refunded), issued or not; true unless revoked already. */
  function revoke(order: ServerOrder, source: Fulfilment['source'], eventId?: string): boolean {
    const known = byOrder.get(order.id);
    if (known?.tickets === 'revoked') return false;
    record({
      orderId: order.id,
      status: order.status,
      tickets: 'revoked',
      source,
      fulfilments: known?.fulfilments ?? 0,
      ...(eventId === undefined ? {} : { eventId }),
      ...(order.chargeId === undefined ? {} : { chargeId: order.chargeId }),
      total: order.total,
    });
    return true;
  }

  return {
    /**
     * Acts on a verified webhook event once: a replayed id changes nothing (`duplicate`).
     * `order.paid` issues the tickets, `order.payment_pending` reserves them (`order.payment_processing`,
     * a local payment the bank is still confirming, does nothing: its order is not paid), `charge.refunded` of
     * the charge that paid the order revokes them; other types are recorded as handled and change
     * nothing here.
     */
    handle(event: WebhookEvent): HandledEvent {
      if (handledEvents.has(event.id)) return 'duplicate';
      handledEvents.add(event.id);
      const { order, charge } = event.data;
      if (event.type === 'charge.refunded') {
        const paying = charge !== undefined && charge.id === order.chargeId;
        return paying && revoke(order, 'webhook', event.id) ? 'revoked' : 'unchanged';
      }
      const acts = event.type === 'order.paid' || event.type === 'order.payment_pending';
      return acts && fulfil(order, 'webhook', event.id) ? 'fulfilled' : 'unchanged';
    },
    /** Fulfils from the server API's read of the order (a PAID or PAY_AT_VENUE order only; revokes a refunded one's). */
    fromRead(order: ServerOrder): void {
      fulfil(order, 'server-read');
    },
    /** What was done for `orderId`, if anything. */
    get: (orderId: string): Fulfilment | undefined => byOrder.get(orderId),
    /** Resolves when `orderId` is fulfilled, or after `ms` milliseconds, whichever comes first. */
    waitFor(orderId: string, ms: number): Promise<void> {
      if (ms <= 0 || byOrder.has(orderId)) return Promise.resolve();
      return new Promise((resolve) => {
        const set = waiters.get(orderId) ?? new Set();
        waiters.set(orderId, set);
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          if (set.size === 0) waiters.delete(orderId);
          resolve();
        };
        const timer = setTimeout(done, ms);
        timer.unref?.();
        set.add(done);
      });
    },
  };
}

/** The demo site's ticket office ({@link createFulfilments}). */
export type Fulfilments = ReturnType<typeof createFulfilments>;

/** The page's view of `fulfilment` (or of an order the server did not fulfil, with `status`). */
export function confirmationOf(
  orderId: string,
  fulfilment: Fulfilment | undefined,
  unfulfilled: Pick<SiteConfirmation, 'status'> & Partial<Pick<SiteConfirmation, 'chargeId' | 'total'>>,
): SiteConfirmation {
  if (!fulfilment) return { orderId, ...unfulfilled, fulfilled: false, source: 'none', tickets: 'none', fulfilments: 0 };
  const { orderId: _, ...known } = fulfilment;
  return { orderId, ...known, fulfilled: fulfilment.tickets !== 'revoked' };
}
