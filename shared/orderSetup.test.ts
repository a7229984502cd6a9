import { describe, expect, it } from 'vitest';
import { orderCountry, priceOrderSetup } from './orderSetup';
import { eventForCountry, findReferenceEvent } from './referenceCatalog';

const VENUE = 'riverside-jazz-night';
/** Two general admission tickets and one VIP table seat. */
const LINES = [
  { ticketTypeId: 'general-admission', quantity: 2 },
  { ticketTypeId: 'vip-table-seat', quantity: 1 },
];

describe('priceOrderSetup: the buyer’s country', () => {
  it.each([
    {
      name: 'no country: the event’s currency, no country kept',
      country: undefined,
      currency: 'EUR',
      unitPrices: [2500, 6000],
      total: 11_000,
    },
    { name: 'NL: EUR at the event’s prices', country: 'NL', currency: 'EUR', unitPrices: [2500, 6000], total: 11_000 },
    { name: 'BE: EUR', country: 'BE', currency: 'EUR', unitPrices: [2500, 6000], total: 11_000 },
    { name: 'DE: EUR', country: 'DE', currency: 'EUR', unitPrices: [2500, 6000], total: 11_000 },
    {
      name: 'PL: PLN at the catalog’s PLN prices (not a conversion)',
      country: 'PL',
      currency: 'PLN',
      unitPrices: [10_900, 25_900],
      total: 47_700,
    },
    {
      name: 'US: a country with no price list of its own pays in EUR',
      country: 'US',
      currency: 'EUR',
      unitPrices: [2500, 6000],
      total: 11_000,
    },
  ])('$name', ({ country, currency, unitPrices, total }) => {
    const priced = priceOrderSetup({ eventId: VENUE, lines: LINES, ...(country === undefined ? {} : { country }) });
    expect(priced).toMatchObject({ total: { amount: total, currency } });
    if ('problem' in priced) return;
    expect(priced.lines.map((line) => line.unitPrice)).toEqual(unitPrices);
    expect(priced.country).toBe(country);
    expect('country' in priced).toBe(country !== undefined);
  });

  it.each([
    { name: 'lower case', country: 'nl' },
    { name: 'three letters', country: 'NLD' },
    { name: 'a number', country: 31 },
    { name: 'empty', country: '' },
    { name: 'null', country: null },
  ])('refuses a country that is not an upper-case alpha-2 code ($name), naming the field', ({ country }) => {
    const priced = priceOrderSetup({ eventId: VENUE, lines: LINES, country });
    expect(priced).toEqual({ problem: expect.stringMatching(/^country must be an ISO 3166-1 alpha-2 code/) });
  });

  it('still refuses a currency in the body: the buyer’s country chooses it, the body never does', () => {
    expect(priceOrderSetup({ eventId: VENUE, lines: LINES, country: 'PL', currency: 'PLN' })).toEqual({
      problem: expect.stringMatching(/^currency is not accepted/),
    });
  });
});

describe('orderCountry', () => {
  it.each([
    { order: { country: 'PL' }, expected: 'PL' },
    { order: {}, expected: undefined },
    { order: { country: 'pl' }, expected: undefined },
    { order: { country: 7 }, expected: undefined },
  ])('$order → $expected', ({ order, expected }) => {
    expect(orderCountry(order)).toBe(expected);
  });
});

describe('eventForCountry: the catalog as the buyer’s market sees it, at the prices order setup charges', () => {
  it.each([undefined, 'NL', 'PL', 'US'])('%s', (country) => {
    const event = eventForCountry(findReferenceEvent(VENUE) as NonNullable<ReturnType<typeof findReferenceEvent>>, country);
    const priced = priceOrderSetup({ eventId: VENUE, lines: LINES, ...(country ? { country } : {}) });
    if ('problem' in priced) throw new Error(priced.problem);
    expect(event.currency).toBe(priced.total.currency);
    expect(priced.lines.map((l) => l.unitPrice)).toEqual(event.ticketTypes.map((t) => t.unitPrice));
  });
});
