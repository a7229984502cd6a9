import { useEffect } from 'react';
import type { CatalogEvent } from '../shared';
import { LocationType } from '../shared';
import type { CheckoutQuery } from './checkoutQuery';
import { recurrenceLabel } from './recurrenceLabel';

/** Props of {@link EventHeader}. */
export interface EventHeaderProps {
  /** The event on sale. */
  event: CatalogEvent;
  /** Which of the demo's two events it is: the link offers the other. */
  eventKey: CheckoutQuery['eventKey'];
}

/** The event's header: its name (also the document title), date, place and recurrence, and a link to the other event. */
export function EventHeader({ event, eventKey }: EventHeaderProps) {
  useEffect(() => {
    document.title = `Checkout — ${event.name}`;
  }, [event.name]);
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(event.startsAt),
  );
  const where = event.locationType === LocationType.VENUE ? (event.venue ?? 'At the venue') : 'Online';
  return (
    <header className="event">
      <p className="eyebrow">Checkout</p>
      <h1 id="event-name">{event.name}</h1>
      <p className="meta" id="event-meta">{`${when} UTC · ${where} · ${recurrenceLabel(event.recurrenceStatus)}`}</p>
      <p className="meta">
        <a id="other-event" href={eventKey === 'venue' ? '?event=online' : '?event=venue'}>
          {eventKey === 'venue' ? 'See the online event instead' : 'See the venue event instead'}
        </a>
      </p>
    </header>
  );
}
