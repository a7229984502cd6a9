// @vitest-environment jsdom
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { type AddressFormat, ProviderPaths as P } from '../shared';
import {
  approvedCharge,
  fieldOf,
  fillCard,
  HOST,
  json,
  serveProvider,
  setupHttpServer,
  typeInto,
  VAULT,
  WAIT,
} from './testing/httpWidget';
import { mountWidget } from './testing/mountWidget';

// The billing fields (issue 23 item 7) when the buyer switches the country while the previous
// country's address format is still on its way: the buyer is placed in the US, chooses Canada,
// Canada answers first and the US last. The late US answer must not replace Canada's fields.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const FORMATS: Record<string, AddressFormat> = {
  US: {
    country: 'US',
    postalCode: { pattern: '(\\d{5})(?:[ \\-](\\d{4}))?', label: 'zip', example: '95014' },
    subdivision: { type: 'ADMINISTRATIVE_AREA_LEVEL_1', label: 'state' },
  },
  CA: {
    country: 'CA',
    postalCode: { pattern: '[A-Z]\\d[A-Z] ?\\d[A-Z]\\d', label: 'postal', example: 'K1A 0B1' },
    subdivision: { type: 'ADMINISTRATIVE_AREA_LEVEL_1', label: 'province' },
  },
};
const STATES = {
  US: [{ code: 'NY', name: 'New York', type: 'ADMINISTRATIVE_AREA_LEVEL_1' }],
  CA: [{ code: 'ON', name: 'Ontario', type: 'ADMINISTRATIVE_AREA_LEVEL_1' }],
};
const APPROVED = approvedCharge();

const server = setupHttpServer();

let container: HTMLElement | undefined;
/** The provider: the buyer is placed in the US, whose address format is answered only when `answerUs` is called. */
function provider() {
  let answerUs!: () => void;
  const usAnswered = new Promise<void>((resolve) => {
    answerUs = resolve;
  });
  const log = serveProvider(server, [
    http.get(`${HOST}${P.paymentMethodsByOrder('ord_1')}`, ({ request }) => json(request, [{ type: 'CARD', label: 'Card' }])),
    http.get(`${HOST}${P.localeCountries}`, ({ request }) => json(request, { countries: ['CA', 'US'] })),
    http.get(`${HOST}${P.buyerCountry}`, ({ request }) => json(request, { country: 'US' })),
    http.get(`${HOST}${P.localeAddress('US')}`, async ({ request }) => {
      await usAnswered;
      return json(request, FORMATS.US);
    }),
    http.get(`${HOST}${P.localeAddress('CA')}`, ({ request }) => json(request, FORMATS.CA)),
    http.get(`${HOST}${P.localeStates('US')}`, ({ request }) => json(request, { states: STATES.US })),
    http.get(`${HOST}${P.localeStates('CA')}`, ({ request }) => json(request, { states: STATES.CA })),
    http.get(`${HOST}${P.chargesByOrder('ord_1')}`, ({ request }) => json(request, [])),
    http.post(`${HOST}${P.chargesByOrder('ord_1')}`, ({ request }) => json(request, APPROVED)),
    http.post(`${VAULT}${P.cardTokenization}`, ({ request }) =>
      json(request, { token: 'tok_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 }),
    ),
  ]);
  return { log, answerUs };
}

const field = (token: string) => (container ? fieldOf(container, token) : null);
const labelOf = (el: HTMLElement | null) => container?.querySelector(`label[for="${el?.id}"]`)?.textContent;
/** The billing fields as the buyer sees them: the country, the postal code's label, the subdivision's label and choices. */
const billingShown = () => ({
  country: field('country')?.value,
  postalCode: labelOf(field('postal-code')),
  subdivision: labelOf(field('address-level1')),
  choices: [...(field('address-level1')?.querySelectorAll('option[value]:not([value=""])') ?? [])].map((o) => o.textContent),
});
const CANADA = { country: 'CA', postalCode: 'Postal code', subdivision: 'Province', choices: ['Ontario'] };

describe('the billing fields when the country changes while the last one loads (issue 23 item 7)', () => {
  it("US → CA with the US format answered last: Canada's fields stay, and the charge carries Canada's address", async () => {
    const { log, answerUs } = provider();
    const widget = await mountWidget();
    container = widget.container;
    const { api } = widget;
    // The country list shows with the US chosen; its format is still on its way.
    await expect.poll(() => field('country')?.value, WAIT).toBe('US');
    await expect.poll(() => log.map((sent) => sent.line), WAIT).toContain(`GET ${P.localeAddress('US')}`);
    typeInto(field('country'), 'CA');
    await expect.poll(billingShown, WAIT).toEqual(CANADA);
    answerUs();
    // The US format, then its states, arrive; the widget has them a moment after.
    await expect.poll(() => log.map((sent) => sent.line), WAIT).toContain(`GET ${P.localeStates('US')}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(billingShown()).toEqual(CANADA);
    fillCard(container);
    typeInto(field('postal-code'), 'K1A 0B1');
    typeInto(field('address-level1'), 'ON');
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED' });
    const charge = log.find((sent) => sent.line === `POST ${P.chargesByOrder('ord_1')}`);
    expect(charge?.body).toMatchObject({ billingAddress: { country: 'CA', postalCode: 'K1A 0B1', subdivision: 'ON' } });
  }, 20_000);
});
