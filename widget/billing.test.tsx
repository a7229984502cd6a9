// @vitest-environment jsdom
import { type Messages, setupI18n } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { type AddressFormat, type CashierWidgetProps, type Charge, ProviderPaths, type ProviderRequest } from '../shared';
import { english } from './testing/english';
import { fillCard, typeInto } from './testing/httpWidget';
import { fakeProviderClient, mountWidget, WAIT } from './testing/mountWidget';
import { declineMessage } from './toPayResult';
import { FIELD_LABELS } from './validateCardForm';

// Outside React's act environment, as in a browser: a language's catalog is a chunk the widget
// imports when it mounts, which no act around the mount can wait for. The tests wait on the DOM
// (vi.waitFor, expect.poll) for what the widget shows after a reply.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const catalogs = import.meta.glob<{ messages: Messages }>('./locales/*.po', { eager: true });
/** A message in `locale`, from its catalog (what the buyer reads). */
const inLocale = (locale: string, message: Parameters<typeof english>[0]) =>
  setupI18n({ locale, messages: { [locale]: catalogs[`./locales/${locale}.po`]?.messages ?? {} } })._(message);

const FORMATS: Record<string, AddressFormat> = {
  US: {
    country: 'US',
    postalCode: { pattern: '(\\d{5})(?:[ \\-](\\d{4}))?', label: 'zip', example: '95014' },
    subdivision: { type: 'ADMINISTRATIVE_AREA_LEVEL_1', label: 'state' },
  },
  GB: { country: 'GB', postalCode: { pattern: '[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}', label: 'postal', example: 'EC1Y 8SY' } },
  DE: { country: 'DE', postalCode: { pattern: '\\d{5}', label: 'postal', example: '26133' } },
  AE: { country: 'AE' },
  AT: { country: 'AT', postalCode: { pattern: '\\d{4}', label: 'postal', example: '1010' } },
};
const STATES = { US: [{ code: 'CA', name: 'California', type: 'ADMINISTRATIVE_AREA_LEVEL_1' as const }] };

/** The container of the widget the test mounted. */
let container: HTMLElement;

/**
 * Mounts the widget (without an order, unless `over` names one) over a fake provider with the
 * locale metadata; `placed` is the buyer country it resolves, `decline` a charge's decline code.
 * Resolves once the billing fields of the country chosen are in.
 */
async function setup(over: Partial<CashierWidgetProps> = {}, placed: string | null = null, decline?: string) {
  const charges: unknown[] = [];
  const request = async ({ method, path, data }: ProviderRequest): Promise<unknown> => {
    if (path === ProviderPaths.paymentMethodsByOrder('ord_1')) return [{ type: 'CARD', label: 'Card' }];
    if (path === ProviderPaths.localeCountries) return { countries: Object.keys(FORMATS) };
    if (path === ProviderPaths.buyerCountry) return { country: placed };
    const country = /countries\/([A-Z]{2})\//.exec(path)?.[1] ?? '';
    if (path === ProviderPaths.localeAddress(country)) return FORMATS[country];
    if (path === ProviderPaths.localeStates(country)) return { states: STATES[country as 'US'] ?? [] };
    if (path === ProviderPaths.cardTokenization)
      return { token: 'tok_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
    if (path === ProviderPaths.chargesByOrder('ord_1') && method === 'post') {
      charges.push(data);
      const charge: Charge = {
        id: 'ch_1',
        orderId: 'ord_1',
        status: decline ? 'DECLINED' : 'APPROVED',
        ...(decline ? { declineCode: decline } : {}),
        amount: { amount: 100, currency: 'EUR' },
        paymentMethod: 'CARD',
        createdAt: '',
      };
      return charge;
    }
    throw new Error(`unexpected ${method} ${path}`);
  };
  const widget = await mountWidget<{ pay(input: unknown): Promise<{ status: string; message?: string }> }>({
    orderId: undefined,
    providerClient: fakeProviderClient(request),
    ...over,
  });
  container = widget.container;
  // The form, its catalog and the billing fields are in once the country has its format.
  await vi.waitFor(billingFieldsIn, WAIT);
  return { ...widget, charges };
}

/** A test's time: more than a wait on the DOM (WAIT), so that a wait that fails says what it waited for. */
const TEST = { timeout: 20_000 };

const byAutocomplete = <T extends HTMLElement>(token: string) => container.querySelector<T>(`[autocomplete="${token}"]`);
const labelOf = (el: HTMLElement | null) => container.querySelector(`label[for="${el?.id}"]`)?.textContent;

/** Throws until the country field shows, with the postal code and subdivision fields of its format (if it has them). */
function billingFieldsIn() {
  const country = byAutocomplete<HTMLSelectElement>('country')?.value;
  expect(country, 'the country field').toBeDefined();
  const format = FORMATS[country ?? ''];
  expect(byAutocomplete('postal-code') !== null, `${country}'s postal code field`).toBe(format?.postalCode !== undefined);
  expect(byAutocomplete('address-level1') !== null, `${country}'s subdivision field`).toBe(format?.subdivision !== undefined);
}

describe('the billing fields (issue 23 item 7)', TEST, () => {
  it("no buyer country: the locale's region (en → US), its ZIP code and state; the charge carries them", async () => {
    const { api, charges } = await setup({ orderId: 'ord_1' });
    expect(byAutocomplete<HTMLSelectElement>('country')?.value).toBe('US');
    expect(labelOf(byAutocomplete('postal-code'))).toBe('ZIP code');
    expect(labelOf(byAutocomplete('address-level1'))).toBe('State');
    fillCard(container);
    typeInto(byAutocomplete('postal-code'), '9410');
    let result = await api.pay({ orderId: 'ord_1' });
    expect(result).toMatchObject({
      status: 'INVALID',
      errors: { postalCode: 'Enter a valid ZIP code', subdivision: 'Choose your state' },
    });
    expect(charges).toEqual([]);
    typeInto(byAutocomplete('postal-code'), '94107');
    typeInto(byAutocomplete('address-level1'), 'CA');
    result = await api.pay({ orderId: 'ord_1' });
    expect(result).toMatchObject({ status: 'APPROVED' });
    expect(charges).toEqual([
      expect.objectContaining({ billingAddress: { country: 'US', postalCode: '94107', subdivision: 'CA' } }),
    ]);
  });

  it("the provider's buyer country wins over the locale's region: GB, a postcode and no state", async () => {
    await setup({}, 'GB');
    expect(byAutocomplete<HTMLSelectElement>('country')?.value).toBe('GB');
    expect(labelOf(byAutocomplete('postal-code'))).toBe('Postal code');
    expect(byAutocomplete('address-level1')).toBeNull();
  });

  it('a country with no postal codes (AE): no postal code field, and the charge has none', async () => {
    const { api, charges } = await setup({ orderId: 'ord_1' });
    typeInto(byAutocomplete('country'), 'AE');
    await vi.waitFor(() => expect(byAutocomplete<HTMLSelectElement>('country')?.value).toBe('AE'), WAIT);
    await vi.waitFor(billingFieldsIn, WAIT);
    expect(byAutocomplete('postal-code')).toBeNull();
    fillCard(container);
    await api.pay({ orderId: 'ord_1' });
    expect(charges).toEqual([expect.objectContaining({ billingAddress: { country: 'AE' } })]);
  });

  it('an AVS decline (incorrect_zip) says so above the form', async () => {
    const { api } = await setup({ orderId: 'ord_1' }, 'DE', 'incorrect_zip');
    fillCard(container);
    typeInto(byAutocomplete('postal-code'), '10115');
    const result = await api.pay({ orderId: 'ord_1' });
    expect(result.message).toBe(english(declineMessage('incorrect_zip')));
    await expect.poll(() => container.querySelector('[role=alert]')?.textContent, WAIT).toBe(result.message);
  });
});

describe("the buyer's language (issue 23)", TEST, () => {
  it('locale de: the words from the German catalog, country names in German, the country DE by default', async () => {
    await setup({ locale: 'de' });
    const number = byAutocomplete('cc-number');
    expect(labelOf(number)).toBe(inLocale('de', FIELD_LABELS.cardNumber));
    expect(labelOf(number)).not.toBe('Card number');
    expect(byAutocomplete<HTMLSelectElement>('country')?.value).toBe('DE');
    const us = byAutocomplete<HTMLSelectElement>('country')?.querySelector('option[value=US]');
    expect(us?.textContent).toBe(new Intl.DisplayNames(['de'], { type: 'region' }).of('US'));
  });

  it('de-AT: the German words, and the billing country of the tag itself (AT)', async () => {
    await setup({ locale: 'de-AT' });
    expect(labelOf(byAutocomplete('cc-number'))).toBe(inLocale('de', FIELD_LABELS.cardNumber));
    expect(byAutocomplete<HTMLSelectElement>('country')?.value).toBe('AT');
  });

  it('update({ locale }) switches the words in place: the same form element, now in Japanese; the country stays', async () => {
    const { instance } = await setup({ orderId: 'ord_1' }, null, 'card_declined');
    const form = container.querySelector('form');
    // The instance's own update, awaited: mountWidget's `update` does not wait for it outside act.
    await instance.update?.({ locale: 'ja' });
    await expect.poll(() => labelOf(byAutocomplete('cc-number')), WAIT).toBe(inLocale('ja', FIELD_LABELS.cardNumber));
    expect(container.querySelector('form')).toBe(form);
    expect(byAutocomplete<HTMLSelectElement>('country')?.value).toBe('US'); // the buyer's country stays
  });

  it('a tag no catalog serves (zz, zh-CN) falls back to English', async () => {
    await setup({ locale: 'zh-CN' });
    expect(labelOf(byAutocomplete('cc-number'))).toBe('Card number');
  });

  it('right to left (he): the card number, expiry, security code and postal code stay left to right', async () => {
    await setup({ locale: 'he' }, 'US');
    for (const token of ['cc-number', 'cc-exp', 'cc-csc', 'postal-code'])
      expect(byAutocomplete(token)?.getAttribute('dir')).toBe('ltr');
    expect(byAutocomplete('cc-name')?.hasAttribute('dir')).toBe(false);
  });
});
