import type { APIRequestContext } from '@playwright/test';
import type { HandledEvent } from '../../demo/server/createFulfilments';
import type { SiteDelivery } from '../../demo/server/createSiteServer';
import { CONTROL_KEY_HEADER } from '../../provider';
import type { WebhookEvent, WebhookEventType } from '../../shared/webhooks';

/** One event the provider sent the site (issue 37's checks read `order.hold_expired` and `charge.refunded`). */
export interface OrderEvent {
  eventId: string;
  type: WebhookEventType;
  orderId: string;
  /** The order's status in the event. */
  orderStatus: string;
  chargeId?: string;
  chargeStatus?: string;
  /** When the run first read it in the site's log, ms since the epoch (an upper bound of when it happened; issue 38). */
  seenAt?: number;
}

/** Reads the deliveries the site's webhook endpoint received (its newest 100, oldest first). */
export type ReadDeliveries = () => Promise<SiteDelivery[]>;

/**
 * The demo site's control route for its webhook log (`GET /__control/webhooks` on the host
 * origin, demo/server/createSiteServer.ts) with the run's control key; rejects on any answer but 200.
 */
export function deliveryReader(api: APIRequestContext, hostOrigin: string, controlKey: string): ReadDeliveries {
  return async () => {
    const response = await api.get(`${hostOrigin}/__control/webhooks`, { headers: { [CONTROL_KEY_HEADER]: controlKey } });
    if (!response.ok()) throw new Error(`the site's webhook log answered ${response.status()}`);
    return response.json();
  };
}

/** How many deliveries the site keeps (demo/server/createSiteServer.ts DELIVERY_LOG_SIZE). */
const SITE_LOG_SIZE = 100;

/**
 * Follows the site's webhook log as it grows, keeping every verified event once (by its id: a
 * retried delivery carries the same id), so the run can count a charge's refunds although the
 * site keeps only its newest 100 deliveries. A read that finds the log full and the last delivery
 * seen gone may have missed some: counted in `lost`, so a count that could be short is never
 * taken as complete.
 */
export class WebhookLog {
  readonly events = new Map<string, OrderEvent>();
  /** Reads after which deliveries may have dropped out of the site's log unread. */
  lost = 0;
  #last: string | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  #reading: Promise<void> = Promise.resolve();

  constructor(private readonly read: ReadDeliveries) {}

  /** Reads every `everyMs` milliseconds until {@link stop}. */
  follow(everyMs = 250): void {
    this.#timer ??= setInterval(() => void this.readNow().catch(() => undefined), everyMs);
  }

  /** Reads what is new now (one read at a time); rejects when the site does not answer. */
  readNow(): Promise<void> {
    this.#reading = this.#reading.then(async () => {
      const deliveries = await this.read();
      const bodies = deliveries.map((d) => d.body);
      if (this.#last !== undefined && deliveries.length >= SITE_LOG_SIZE && !bodies.includes(this.#last)) this.lost += 1;
      this.#last = bodies.at(-1) ?? this.#last;
      const seenAt = Date.now();
      for (const delivery of deliveries) {
        const event = parseEvent(delivery);
        if (event && !this.events.has(event.eventId)) this.events.set(event.eventId, { ...event, seenAt });
      }
    });
    return this.#reading;
  }

  /** Stops following, after one last read. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.readNow();
  }
}

/** What the site did with a verified delivery (demo/server/createFulfilments.ts HandledEvent); anything else is a refusal's code. */
const HANDLED: ReadonlySet<string> = new Set<HandledEvent>(['fulfilled', 'revoked', 'duplicate', 'unchanged']);

/** The event a delivery carried, when the site verified it (a forged or malformed one is no event of the provider's). */
export function parseEvent(delivery: SiteDelivery): OrderEvent | undefined {
  if (!HANDLED.has(String(delivery.outcome))) return undefined;
  try {
    const event = JSON.parse(delivery.body) as WebhookEvent;
    const { order, charge } = event.data;
    return {
      eventId: event.id,
      type: event.type,
      orderId: order.id,
      orderStatus: order.status,
      ...(charge ? { chargeId: charge.id, chargeStatus: charge.status } : {}),
    };
  } catch {
    return undefined;
  }
}
