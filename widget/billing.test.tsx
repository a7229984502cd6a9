// @vitest-environment jsdom
import { type Messages, setupI18n } from '@lingui/core';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AddressFormat,
  type CashierWidgetProps,
  type Charge,
  createProviderClient,
  ProviderPaths,
  type ProviderRequest,
} from '../shared';
import { mount } from './index';
import { english } from './testing/english';
import { declineMessage } from './toPayResult';
import { FIELD_LABELS } from './validateCardForm';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

let container: HTMLElement;
afterEach(() => {
  container?.remove();
  sessionStorage.clear();
});

/** Mounts the widget over a fake provider with the locale metadata; `placed` is the buyer country it resolves. */
async function setup(over: Partial<CashierWidgetProps> = {}, placed: string | null = null, decline?: string) {
  container = document.body.appendChild(document.createElement('div'));
  const client = createProviderClient({ host: 'https://t.example', getAppInstance: () => 'tok' });
  const charges: unknown[] = [];
  const request = async ({ method, path, data }: ProviderRequest): Promise<unknown> => {
    if (path === ProviderPaths.paymentMethodsByOrder('ord_1')) return [{ type: 'CARD', label: 'Card' }];
    if (path === ProviderPaths.localeCountries) return { countries: Object.keys(FORMATS) };
    if (path === ProviderPaths.buyerCountry) return { country: placed };
    const country = /countries\/([A-Z]{2})\//.exec(path)?.[1] ?? '';
    if (path === ProviderPaths.localeAddress(country)) return FORMATS[country];
    if (path === ProviderPaths.localeStates(country)) return { states: STATES[country as 'US'] ?? [] };
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
  const vault = {
    origin: 'https://vault.example',
    request: async () => ({ token: 'tok_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 }),
  };
  const p: CashierWidgetProps = {
    host: 'https://t.example',
    configuration: { appInstance: 'tok' },
    theme: 'inline',
    debug: false,
    settings: { widgetStaticsBaseUrl: 'https://s.example' },
    providerClient: { ...client, request, vault },
    onApiInit: vi.fn(),
    onCrash: vi.fn(),
    ...over,
  };
  let instance: ReturnType<typeof mount> | undefined;
  await act(async () => {
    instance = mount(container, p);
  });
  // The form, its catalog and the billing fields are in once the country has its format.
  await vi.waitFor(() => expect(container.querySelector('[autocomplete=country]')).not.toBeNull());
  await act(async () => {});
  const api = (p.onApiInit as ReturnType<typeof vi.fn>).mock.calls[0]?.[0] as {
    pay(i: unknown): Promise<{ status: string; message?: string }>;
  };
  return { api, charges, instance: instance as ReturnType<typeof mount>, p };
}

const byAutocomplete = <T extends HTMLElement>(token: string) => container.querySelector<T>(`[autocomplete="${token}"]`);
const labelOf = (el: HTMLElement | null) => container.querySelector(`label[for="${el?.id}"]`)?.textContent;

function set(el: HTMLInputElement | HTMLSelectElement | null, value: string) {
  if (!el) throw new Error('no such field');
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

function fillCard() {
  set(byAutocomplete('cc-name'), 'Ada Lovelace');
  set(byAutocomplete('cc-number'), '4242424242424242');
  set(byAutocomplete('cc-exp'), '12/30');
  set(byAutocomplete('cc-csc'), '123');
  set(byAutocomplete('email'), 'ada@example.com');
}

describe('the billing fields (issue 23 item 7)', () => {
  it("no buyer country: the locale's region (en → US), its ZIP code and state; the charge carries them", async () => {
    const { api, charges } = await setup({ orderId: 'ord_1' });
    expect(byAutocomplete<HTMLSelectElement>('country')?.value).toBe('US');
    expect(labelOf(byAutocomplete('postal-code'))).toBe('ZIP code');
    expect(labelOf(byAutocomplete('address-level1'))).toBe('State');
    fillCard();
    set(byAutocomplete('postal-code'), '9410');
    let result: { status: string } | undefined;
    await act(async () => {
      result = await api.pay({ orderId: 'ord_1' });
    });
    expect(result).toMatchObject({
      status: 'INVALID',
      errors: { postalCode: 'Enter a valid ZIP code', subdivision: 'Choose your state' },
    });
    expect(charges).toEqual([]);
    set(byAutocomplete('postal-code'), '94107');
    set(byAutocomplete('address-level1'), 'CA');
    await act(async () => {
      result = await api.pay({ orderId: 'ord_1' });
    });
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
    set(byAutocomplete('country'), 'AE');
    await act(async () => {});
    expect(byAutocomplete('postal-code')).toBeNull();
    fillCard();
    await act(async () => {
      await api.pay({ orderId: 'ord_1' });
    });
    expect(charges).toEqual([expect.objectContaining({ billingAddress: { country: 'AE' } })]);
  });

  it('an AVS decline (incorrect_zip) says so above the form', async () => {
    const { api } = await setup({ orderId: 'ord_1' }, 'DE', 'incorrect_zip');
    fillCard();
    set(byAutocomplete('postal-code'), '10115');
    let result: { message?: string } | undefined;
    await act(async () => {
      result = await api.pay({ orderId: 'ord_1' });
    });
    expect(result?.message).toBe(english(declineMessage('incorrect_zip')));
    expect(container.querySelector('[role=alert]')?.textContent).toBe(result?.message);
  });
});

describe("the buyer's language (issue 23)", () => {
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
    await act(async () => {
      await instance.update?.({ locale: 'ja' });
    });
    expect(container.querySelector('form')).toBe(form);
    expect(labelOf(byAutocomplete('cc-number'))).toBe(inLocale('ja', FIELD_LABELS.cardNumber));
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
