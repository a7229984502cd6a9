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
  /**
   * Its price in other currencies the event sells in (minor units, by ISO 4217 code), e.g.
   * `{ PLN: 10900 }`: the provider's own price list for a buyer's market
   * ({@link currencyForCountry}), not a conversion of `unitPrice`.
   */
  unitPrices?: Readonly<Record<string, number>>;
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
  {
    id: 'general-admission',
    name: 'General admission',
    unitPrice: 2500,
    unitPrices: { PLN: 10900 },
    maxQuantity: MAX_TICKETS_PER_LINE,
  },
  { id: 'vip-table-seat', name: 'VIP table seat', unitPrice: 6000, unitPrices: { PLN: 25900 }, maxQuantity: 4 },
];

/**
 * The buyer countries whose orders the reference provider prices in their own currency (a list
 * price per ticket type, `TicketType.unitPrices`), by ISO 3166-1 alpha-2: Poland pays in PLN.
 * Any other country, or none, pays in the event's currency.
 */
export const COUNTRY_CURRENCIES: Readonly<Record<string, string>> = { PL: 'PLN' };

/** The currency an order of `event` for a buyer from `country` is priced in: the country's own when the event lists it, else the event's. */
export function currencyForCountry(event: Pick<CatalogEvent, 'currency' | 'ticketTypes'>, country: string | undefined): string {
  const own = country !== undefined && Object.hasOwn(COUNTRY_CURRENCIES, country) ? COUNTRY_CURRENCIES[country] : undefined;
  return own !== undefined && event.ticketTypes.every((t) => t.unitPrices?.[own] !== undefined) ? own : event.currency;
}

/** The price of one `type` ticket in `currency` (minor units): `unitPrice` in the event's currency, else its list price there. */
export function unitPriceIn(type: TicketType, currency: string, eventCurrency: string): number {
  return currency === eventCurrency ? type.unitPrice : (type.unitPrices?.[currency] ?? type.unitPrice);
}

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

/**
 * `event` as a buyer from `country` sees its catalog: its currency and each ticket type's
 * `unitPrice` in the currency order setup will price the order in ({@link currencyForCountry}).
 * The demo shows it; the prices are still the provider's.
 */
export function eventForCountry(event: CatalogEvent, country: string | undefined): CatalogEvent {
  const currency = currencyForCountry(event, country);
  if (currency === event.currency) return event;
  return {
    ...event,
    currency,
    ticketTypes: event.ticketTypes.map((type) => ({ ...type, unitPrice: unitPriceIn(type, currency, event.currency) })),
  };
}
