import { describe, expect, it } from 'vitest';
import { checkoutQuery } from './checkoutQuery';

describe('checkoutQuery', () => {
  it.each([
    { search: '', expected: { eventKey: 'venue', preload: true } },
    { search: '?event=online', expected: { eventKey: 'online', preload: true } },
    { search: '?event=elsewhere&preload=off', expected: { eventKey: 'venue', preload: false } },
    { search: '?hold=30', expected: { eventKey: 'venue', holdSeconds: 30, preload: true } },
    { search: 'hold=3600&preload=on', expected: { eventKey: 'venue', holdSeconds: 3600, preload: true } },
    { search: '?hold=0', expected: { eventKey: 'venue', preload: true } },
    { search: '?hold=3601', expected: { eventKey: 'venue', preload: true } },
    { search: '?hold=1.5', expected: { eventKey: 'venue', preload: true } },
    { search: '?hold=-5', expected: { eventKey: 'venue', preload: true } },
    { search: '?hold=', expected: { eventKey: 'venue', preload: true } },
  ])('$search → $expected', ({ search, expected }) => {
    expect(checkoutQuery(search)).toEqual(expected);
  });
});
