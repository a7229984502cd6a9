import { isSiteConfirmation } from './siteConfirmation';

/** What `api.pay` resolved to, as far as the page reads it (cashier-widget PayResult). */
export interface PayOutcome {
  /** APPROVED (card) or PENDING (pay at the venue) when the payment says it settled the order. */
  status: string;
  /** The charge the payment names. */
  chargeId?: string;
  /** For PENDING: `PAY_AT_VENUE` (settled) or the local method whose payment the bank is still confirming. */
  paymentMethod?: string;
}

/**
 * True for a PENDING outcome of a local method (iDEAL, Bancontact, BLIK, Klarna): the bank is still
 * confirming it, so the order is not paid yet; `onPaymentResult` tells how it settles. A PENDING at
 * the venue (or one without `paymentMethod`, from a widget before local methods) is settled.
 */
export const isBeingConfirmed = (outcome: Pick<PayOutcome, 'status' | 'paymentMethod'>): boolean =>
  outcome.status === 'PENDING' && outcome.paymentMethod !== undefined && outcome.paymentMethod !== 'PAY_AT_VENUE';

/** What the page shows once the site's server has answered about an order. */
export type Confirmation =
  | {
      ok: true;
      /** PAID: tickets issued; PAY_AT_VENUE: tickets reserved, paid at the venue. */
      status: 'PAID' | 'PAY_AT_VENUE';
      /** The charge that settled the order, as the server knows it. */
      chargeId: string;
      /** What the server fulfilled from: a signed webhook, or its own read of the order. */
      source: 'webhook' | 'server-read';
      /** The confirmation text, e.g. "Paid €50.00. Order ord_1, charge ch_1. Confirmed by the site's server (signed webhook): tickets issued." */
      text: string;
    }
  | {
      ok: false;
      /** What the server saw, in words for the buyer, e.g. "Not confirmed: no tickets issued. …". */
      problem: string;
    };

/** How the page names where the server's word came from. */
const SOURCE_WORDS = { webhook: 'signed webhook', 'server-read': 'its own read of the order' } as const;

/**
 * The page's confirmation from the site's server's answer (`GET /api/orders/:orderId/confirmation`,
 * untrusted JSON): confirmed only when the server says it issued the order's tickets (PAID) or
 * reserved them (PAY_AT_VENUE), and says from what. The browser's own pay outcome plays no part:
 * an APPROVED the page was told, and the server never saw, stays "Not confirmed"; tickets the
 * server revoked after a refund say so.
 * `money` formats minor units of the order's currency. Never throws.
 */
export function confirmationFor(orderId: string, reply: unknown, money: (minor: number) => string): Confirmation {
  if (!isSiteConfirmation(reply) || reply.orderId !== orderId) {
    return { ok: false, problem: `We could not confirm order ${orderId} with the site's server.` };
  }
  if (reply.tickets === 'revoked') {
    return { ok: false, problem: `Refunded: the site's server cancelled the tickets of order ${orderId}.` };
  }
  const issued = reply.tickets === 'issued' && reply.status === 'PAID';
  const reserved = reply.tickets === 'reserved' && reply.status === 'PAY_AT_VENUE';
  if (!reply.fulfilled || reply.source === 'none' || !(issued || reserved) || reply.chargeId === undefined) {
    const seen =
      reply.status === 'UNKNOWN'
        ? `The site's server found no order ${orderId}.`
        : `The site's server sees order ${orderId} as ${reply.status}.`;
    return { ok: false, problem: `Not confirmed: no tickets issued. ${seen}` };
  }
  const amount = reply.total ? money(reply.total.amount) : '';
  const by = `Confirmed by the site's server (${SOURCE_WORDS[reply.source]})`;
  return {
    ok: true,
    status: reply.status as 'PAID' | 'PAY_AT_VENUE',
    chargeId: reply.chargeId,
    source: reply.source,
    text: issued
      ? `Paid ${amount}. Order ${orderId}, charge ${reply.chargeId}. ${by}: tickets issued.`
      : `Reserved: pay ${amount} at the venue. Order ${orderId}, charge ${reply.chargeId}. ${by}: tickets reserved.`,
  };
}
