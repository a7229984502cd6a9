import type { Money, OrderStatus } from '../shared';

// What the demo site's own server (demo/server/) tells its checkout page about an order, and
// where. One definition for both, so the page and the server compile against the same reply.

/** Where the provider POSTs its signed webhooks on the demo site's server. */
export const SITE_WEBHOOK_PATH = '/webhooks/cashier';

/** The confirmation route's pattern, as the site's server registers it. */
export const SITE_CONFIRMATION_ROUTE = '/api/orders/:orderId/confirmation';

/** `GET` this path on the demo site's server: what it knows of order `orderId` ({@link SiteConfirmation}). */
export const siteConfirmationPath = (orderId: string): string => `/api/orders/${encodeURIComponent(orderId)}/confirmation`;

/**
 * What the site's server did for an order: tickets issued (paid), reserved (pay at the venue),
 * revoked (the charge that paid it was refunded), or nothing.
 */
export type SiteTickets = 'issued' | 'reserved' | 'revoked' | 'none';

/**
 * Where the site's server learnt what it fulfilled from: a verified webhook, its own read of the
 * order with the secret key (no webhook had come), or nowhere: nothing fulfilled.
 */
export type SiteFulfilmentSource = 'webhook' | 'server-read' | 'none';

/** The site's server's answer to `GET /api/orders/:orderId/confirmation`. */
export interface SiteConfirmation {
  orderId: string;
  /** The order's status as the server last learnt it; UNKNOWN when the provider has no such order. */
  status: OrderStatus | 'UNKNOWN';
  /** True when the server issued the order's tickets or reserved them (pay at the venue), and did not revoke them. */
  fulfilled: boolean;
  source: SiteFulfilmentSource;
  tickets: SiteTickets;
  /** How many times the server issued or reserved this order's tickets: 1 once fulfilled, whatever the deliveries. */
  fulfilments: number;
  /** The webhook event the server fulfilled from (source `webhook`). */
  eventId?: string;
  /** The charge that settled the order, when the server knows one. */
  chargeId?: string;
  /** The order's total, when the server read or received the order. */
  total?: Money;
}

/** True when `value` (untrusted JSON) has the shape of a {@link SiteConfirmation}. */
export function isSiteConfirmation(value: unknown): value is SiteConfirmation {
  if (typeof value !== 'object' || value === null) return false;
  const reply = value as Record<string, unknown>;
  return (
    typeof reply.orderId === 'string' &&
    typeof reply.status === 'string' &&
    typeof reply.fulfilled === 'boolean' &&
    (reply.source === 'webhook' || reply.source === 'server-read' || reply.source === 'none') &&
    (reply.tickets === 'issued' || reply.tickets === 'reserved' || reply.tickets === 'revoked' || reply.tickets === 'none') &&
    typeof reply.fulfilments === 'number'
  );
}
