import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared';
import { createCheckoutStore } from '.';

const APP = 'app-instance-a';
const EVENTS = { VENUE: 'riverside-jazz-night', ONLINE: 'modern-jazz-masterclass' } as const;

/** The types of the payment methods an order of `event` for a buyer from `country` offers. */
function methodsOf(country: string | undefined, event: keyof typeof EVENTS = 'ONLINE') {
  const store = createCheckoutStore(undefined, { holdSeconds: 3600 });
  const body = {
    eventId: EVENTS[event],
    lines: [{ ticketTypeId: 'general-admission', quantity: 1 }],
    ...(country ? { country } : {}),
  };
  const order = store.setupOrder(body, APP).body as Order & { country?: string };
  return { order, methods: store.paymentMethodsFor(order.id, APP).body as { type: string; label: string }[] };
}

describe('payment methods by order: the local methods of its currency and buyer’s country', () => {
  it.each([
    { country: undefined, types: ['CARD'] },
    { country: 'NL', types: ['CARD', 'IDEAL', 'KLARNA'] },
    { country: 'BE', types: ['CARD', 'BANCONTACT', 'KLARNA'] },
    { country: 'PL', types: ['CARD', 'BLIK', 'KLARNA'] },
    { country: 'DE', types: ['CARD', 'KLARNA'] },
    { country: 'US', types: ['CARD'] },
  ])('online event, country $country → $types', ({ country, types }) => {
    expect(methodsOf(country).methods.map((m) => m.type)).toEqual(types);
  });

  it('labels each with its brand name, after the venue and PayPal', () => {
    expect(methodsOf('NL', 'VENUE').methods).toEqual([
      { type: 'CARD', label: 'Card' },
      { type: 'PAY_AT_VENUE', label: 'Pay at the venue' },
      { type: 'IDEAL', label: 'iDEAL' },
      { type: 'KLARNA', label: 'Klarna' },
    ]);
  });

  it('keeps the buyer’s country on the order, and prices a PL order in PLN', () => {
    expect(methodsOf('PL').order).toMatchObject({ country: 'PL', total: { amount: 10_900, currency: 'PLN' } });
    expect('country' in methodsOf(undefined).order).toBe(false);
  });

  it('answers 400 INVALID_ORDER naming country when it is malformed', () => {
    const store = createCheckoutStore();
    const reply = store.setupOrder(
      { eventId: EVENTS.ONLINE, lines: [{ ticketTypeId: 'general-admission', quantity: 1 }], country: 'pl' },
      APP,
    );
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toMatch(/INVALID_ORDER.*country must be/);
  });
});
