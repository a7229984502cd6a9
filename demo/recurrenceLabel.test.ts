import { describe, expect, it } from 'vitest';
import { EventRecurrenceStatus } from '../shared';
import { RECURRENCE_LABELS, recurrenceLabel } from './recurrenceLabel';

describe('recurrenceLabel', () => {
  it.each(Object.values(EventRecurrenceStatus))('%s has its own human label', (status) => {
    expect(recurrenceLabel(status)).toBe(RECURRENCE_LABELS[status]);
    expect(recurrenceLabel(status)).not.toMatch(/_/);
  });

  it('labels are distinct', () => {
    expect(new Set(Object.values(RECURRENCE_LABELS)).size).toBe(Object.values(EventRecurrenceStatus).length);
  });

  it('a value outside the enumeration reads "Event"', () => {
    expect(recurrenceLabel('SOMETIMES' as EventRecurrenceStatus)).toBe('Event');
  });
});
