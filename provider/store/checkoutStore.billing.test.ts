import { describe, expect, it } from 'vitest';
import type { Charge, Order } from '../../shared';
import { createCheckoutStore, TEST_CARDS } from '.';

// The charge's billing address (issue 23 item 7): checked against its country's address format,
// and the AVS-like postal code check of test card 4000 0000 0000 0036.

const APP = 'app-instance-a';

/** A store with one VENUE order of {@link APP}, and a charge with a fresh token of `number`. */
function setup() {
  const store = createCheckoutStore(() => new Date(2026, 10, 22));
  const order = store.setupOrder(
    { eventId: 'riverside-jazz-night', lines: [{ ticketTypeId: 'general-admission', quantity: 1 }] },
    APP,
  ).body as Order;
  let keys = 0;
  const charge = (number: string, billingAddress?: unknown, extra: Record<string, unknown> = {}) => {
    const card = { holderName: 'Ada Lovelace', number, expMonth: 12, expYear: 2030, cvc: '123' };
    const { token } = store.tokenizeCard(card, APP).body as { token: string };
    const body = {
      paymentMethod: 'CARD',
      cardToken: token,
      ...(billingAddress === undefined ? {} : { billingAddress }),
      ...extra,
    };
    keys += 1;
    return store.chargeOrder(order.id, body, `key-${keys}`, APP);
  };
  return { store, order, charge };
}
const problem = (reply: { body: unknown }) =>
  (reply.body as { details?: { applicationError?: { code?: string; description?: string } } }).details?.applicationError;

describe('billing address at charge time', () => {
  it.each([
    { name: 'a US ZIP and state', address: { country: 'US', postalCode: '95014', subdivision: 'CA' } },
    { name: 'a US ZIP+4, with spaces around', address: { country: 'US', postalCode: ' 22162-1010 ', subdivision: 'VA' } },
    { name: 'a GB postcode', address: { country: 'GB', postalCode: 'SW1A 1AA' } },
    { name: 'a GB postcode in lower case', address: { country: 'GB', postalCode: 'ec1y 8sy' } },
    { name: 'a DE Postleitzahl', address: { country: 'DE', postalCode: '10115' } },
    { name: 'a JP postal code and prefecture', address: { country: 'JP', postalCode: '154-0023', subdivision: '東京都' } },
    { name: 'AE: no postal code, an emirate', address: { country: 'AE', subdivision: 'عجمان' } },
    { name: 'a CA postal code and province', address: { country: 'CA', postalCode: 'H3Z 2Y7', subdivision: 'QC' } },
  ])('$name → APPROVED', ({ address }) => {
    const reply = setup().charge(TEST_CARDS.approved, address);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'APPROVED' });
  });

  it('no billing address at all → taken with no address check (APPROVED)', () => {
    expect(setup().charge(TEST_CARDS.approved).body).toMatchObject({ status: 'APPROVED' });
  });

  it.each([
    {
      name: 'a bad US ZIP',
      address: { country: 'US', postalCode: '9501', subdivision: 'CA' },
      field: 'billingAddress.postalCode',
    },
    {
      name: 'a ZIP with letters',
      address: { country: 'US', postalCode: '95014x', subdivision: 'CA' },
      field: 'billingAddress.postalCode',
    },
    {
      name: 'a US address without a state',
      address: { country: 'US', postalCode: '95014' },
      field: 'billingAddress.subdivision',
    },
    {
      name: 'a state that is not one',
      address: { country: 'US', postalCode: '95014', subdivision: 'XX' },
      field: 'billingAddress.subdivision',
    },
    { name: 'a US address without a ZIP', address: { country: 'US', subdivision: 'CA' }, field: 'billingAddress.postalCode' },
    { name: 'a blank postal code', address: { country: 'DE', postalCode: '  ' }, field: 'billingAddress.postalCode' },
    { name: 'a bad GB postcode', address: { country: 'GB', postalCode: 'SW1A 1A' }, field: 'billingAddress.postalCode' },
    {
      name: 'a subdivision where GB takes none',
      address: { country: 'GB', postalCode: 'SW1A 1AA', subdivision: 'Kent' },
      field: 'billingAddress.subdivision',
    },
    {
      name: 'a postal code for AE, which has none',
      address: { country: 'AE', postalCode: '00000', subdivision: 'عجمان' },
      field: 'billingAddress.postalCode',
    },
    { name: 'an unsupported country', address: { country: 'XK', postalCode: '10000' }, field: 'billingAddress.country' },
    { name: 'a lower-case country', address: { country: 'de', postalCode: '10115' }, field: 'billingAddress.country' },
    { name: 'no country', address: { postalCode: '10115' }, field: 'billingAddress.country' },
    { name: 'an unknown field', address: { country: 'DE', postalCode: '10115', city: 'Berlin' }, field: 'billingAddress.city' },
    { name: 'not an object', address: 'DE 10115', field: 'billingAddress' },
    { name: 'null', address: null, field: 'billingAddress' },
  ])('$name → 400 INVALID_BILLING_ADDRESS naming $field; the card token is not used up', ({ address, field }) => {
    const { store, order, charge } = setup();
    const reply = charge(TEST_CARDS.approved, address);
    expect(reply.status).toBe(400);
    expect(problem(reply)).toEqual({ code: 'INVALID_BILLING_ADDRESS', description: expect.stringContaining(field) });
    expect(store.chargesOf(order.id, APP).body).toEqual([]);
  });

  it('a refused billing address leaves the token usable: the corrected charge with it goes through', () => {
    const { store, order } = setup();
    const card = { holderName: 'Ada', number: TEST_CARDS.approved, expMonth: 12, expYear: 2030, cvc: '123' };
    const { token } = store.tokenizeCard(card, APP).body as { token: string };
    const bad = store.chargeOrder(
      order.id,
      { paymentMethod: 'CARD', cardToken: token, billingAddress: { country: 'US' } },
      'k1',
      APP,
    );
    expect(bad.status).toBe(400);
    const good = {
      paymentMethod: 'CARD',
      cardToken: token,
      billingAddress: { country: 'US', postalCode: '95014', subdivision: 'CA' },
    };
    expect(store.chargeOrder(order.id, good, 'k2', APP).body).toMatchObject({ status: 'APPROVED' });
  });
});

describe('AVS-like postal code check: test card 4000 0000 0000 0036 has 12345 on file', () => {
  it.each([
    { name: 'its postal code', address: { country: 'US', postalCode: '12345', subdivision: 'NY' }, status: 'APPROVED' },
    { name: 'its postal code with spaces around', address: { country: 'DE', postalCode: ' 12345 ' }, status: 'APPROVED' },
    { name: 'another ZIP', address: { country: 'US', postalCode: '95014', subdivision: 'CA' }, status: 'DECLINED' },
    {
      name: 'its ZIP+4 (another code)',
      address: { country: 'US', postalCode: '12345-6789', subdivision: 'NY' },
      status: 'DECLINED',
    },
    { name: 'no billing address', address: undefined, status: 'DECLINED' },
    { name: 'a country with no postal code', address: { country: 'AE', subdivision: 'عجمان' }, status: 'DECLINED' },
  ])('$name → $status', ({ address, status }) => {
    const { store, order, charge } = setup();
    const reply = charge(TEST_CARDS.avsPostalCodeCheck, address);
    expect(reply.status).toBe(201);
    const settled = reply.body as Charge;
    expect(settled.status).toBe(status);
    if (status === 'DECLINED') {
      expect(settled.declineCode).toBe('incorrect_zip');
      expect(store.getOrder(order.id, APP).body).toMatchObject({ status: 'AWAITING_PAYMENT' });
    } else expect(store.getOrder(order.id, APP).body).toMatchObject({ status: 'PAID', chargeId: settled.id });
  });

  it('other cards have no postal code on file: any valid one is approved', () => {
    expect(setup().charge(TEST_CARDS.approved, { country: 'US', postalCode: '95014', subdivision: 'CA' }).body).toMatchObject({
      status: 'APPROVED',
    });
  });

  it('a declining card keeps its own code whatever the postal code', () => {
    const reply = setup().charge(TEST_CARDS.declined, { country: 'US', postalCode: '95014', subdivision: 'CA' });
    expect(reply.body).toMatchObject({ status: 'DECLINED', declineCode: 'card_declined' });
  });
});
