import type { EventRecurrenceStatus } from '../shared';

/**
 * What the buyer reads for each event recurrence status (spec section 3, "Event recurrence
 * status"; issue 4 step 1). Keyed by the whole enumeration, so a new status fails the typecheck.
 */
export const RECURRENCE_LABELS: Readonly<Record<EventRecurrenceStatus, string>> = {
  ONE_TIME: 'One-time event',
  RECURRING: 'Recurring event',
  RECURRING_NEXT: 'Next date of a recurring event',
  RECURRING_LAST_ENDED: 'Recurring event: its last date has ended',
  RECURRING_LAST_CANCELED: 'Recurring event: its last date was canceled',
};

/** The human label of a recurrence status; an unknown value (untrusted data) reads "Event". */
export function recurrenceLabel(status: EventRecurrenceStatus): string {
  return RECURRENCE_LABELS[status] ?? 'Event';
}
