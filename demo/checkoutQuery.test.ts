import { describe, expect, it } from 'vitest';
import { checkoutQuery } from './checkoutQuery';
import { configFor } from './demoConfig';

describe('checkoutQuery', () => {
  it.each([
    { search: '', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default' } },
    { search: '?event=online', expected: { eventKey: 'online', preload: true, returning: false, look: 'default' } },
    {
      search: '?event=elsewhere&preload=off',
      expected: { eventKey: 'venue', preload: false, returning: false, look: 'default' },
    },
    { search: '?hold=30', expected: { eventKey: 'venue', holdSeconds: 30, preload: true, returning: false, look: 'default' } },
    {
      search: 'hold=3600&preload=on',
      expected: { eventKey: 'venue', holdSeconds: 3600, preload: true, returning: false, look: 'default' },
    },
    { search: '?hold=0', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default' } },
    { search: '?hold=3601', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default' } },
    { search: '?hold=1.5', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default' } },
    { search: '?hold=-5', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default' } },
    { search: '?hold=', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default' } },
    { search: '?buyer=returning', expected: { eventKey: 'venue', preload: true, returning: true, look: 'default' } },
    { search: '?buyer=guest', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default' } },
    { search: '?look=night', expected: { eventKey: 'venue', preload: true, returning: false, look: 'night' } },
    {
      search: '?event=online&look=festival',
      expected: { eventKey: 'online', preload: true, returning: false, look: 'festival' },
    },
    { search: '?look=flat&buyer=returning', expected: { eventKey: 'venue', preload: true, returning: true, look: 'flat' } },
    { search: '?look=default', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default' } },
    { search: '?look=Night', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default' } },
    { search: '?look=neon', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default' } },
    { search: '?look=', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default' } },
    { search: '?look=toString', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default' } },
    { search: '?look=__proto__', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default' } },
    { search: '?country=NL', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default', country: 'NL' } },
    { search: '?country=BE', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default', country: 'BE' } },
    { search: '?country=PL', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default', country: 'PL' } },
    {
      search: '?country=de&event=online',
      expected: { eventKey: 'online', preload: true, returning: false, look: 'default', country: 'DE' },
    },
    { search: '?country=FR', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default' } },
    { search: '?country=NLD', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default' } },
    { search: '?country=', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default' } },
    { search: '?country=constructor', expected: { eventKey: 'venue', preload: true, returning: false, look: 'default' } },
  ])('$search → $expected', ({ search, expected }) => {
    expect(checkoutQuery(search)).toEqual(expected);
  });
});

describe('configFor (?buyer=returning, issue 25)', () => {
  const written = { host: 'h', frameUrl: 'f', appInstance: 'guest', returningAppInstance: 'member' };
  it("a returning buyer speaks with the server's returning app instance; anyone else, or without one, as a guest", () => {
    expect(configFor(written, true).appInstance).toBe('member');
    expect(configFor(written, false).appInstance).toBe('guest');
    expect(configFor({ host: 'h', frameUrl: 'f', appInstance: 'guest' }, true).appInstance).toBe('guest');
  });
});
