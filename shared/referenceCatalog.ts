import { EventRecurrenceStatus, LocationType } from './enums';
import type { OrderEvent } from './providerApi';

/**
 * The reference provider's events and their ticket types (issue 19 item 4: prices come from the
 * provider, never from the order setup body). The reference provider and the mock mode price
 * orders from this one table (`priceOrderSetup`); the demo checkout shows it, as a site shows
 * its own catalog, but what it sends is only ids and quantities.
 */

/** A ticket type of an event: what a buyer picks a quantity of. */
export interface TicketType {
  /** Id the order setup names, unique within its event, e.g. "general-admission". */
  id: string;
  name: string;
  /** Price of one ticket, in minor units of the event's currency. */
  unitPrice: number;
  /** Most tickets of this type one order may hold (order setup refuses more with 400 INVALID_ORDER). */
  maxQuantity: number;
}

/** An event the provider sells tickets for. */
export interface CatalogEvent extends OrderEvent {
  /** Id the order setup names, e.g. "riverside-jazz-night". */
  id: string;
  /** ISO 4217 code of its prices, upper case. */
  currency: string;
  ticketTypes: readonly TicketType[];
}

/** Most tickets of one type any order may hold; a ticket type may allow fewer. */
export const MAX_TICKETS_PER_LINE = 10;

const TICKET_TYPES: readonly TicketType[] = [
  { id: 'general-admission', name: 'General admission', unitPrice: 2500, maxQuantity: MAX_TICKETS_PER_LINE },
  { id: 'vip-table-seat', name: 'VIP table seat', unitPrice: 6000, maxQuantity: 4 },
];

/** The events of the reference provider: a venue event (offers pay at the venue) and an online one. */
export const REFERENCE_EVENTS: readonly CatalogEvent[] = [
  {
    id: 'riverside-jazz-night',
    name: 'Riverside Jazz Night',
    startsAt: '2026-12-12T19:00:00Z',
    locationType: LocationType.VENUE,
    recurrenceStatus: EventRecurrenceStatus.ONE_TIME,
    venue: 'The Boathouse, 4 Quay Street',
    currency: 'EUR',
    ticketTypes: TICKET_TYPES,
  },
  {
    id: 'modern-jazz-masterclass',
    name: 'Modern Jazz Masterclass (live stream)',
    startsAt: '2026-12-15T18:00:00Z',
    locationType: LocationType.ONLINE,
    recurrenceStatus: EventRecurrenceStatus.RECURRING,
    currency: 'EUR',
    ticketTypes: TICKET_TYPES,
  },
];

/** The reference event with this id, or undefined. */
export function findReferenceEvent(eventId: string): CatalogEvent | undefined {
  return REFERENCE_EVENTS.find((event) => event.id === eventId);
}
