import { describe, expect, it } from 'vitest';
import type { AddressFormat } from '../shared';
import { type BillingDeps, createBilling } from './createBilling';
import { createFormStore } from './createFormStore';

// Issue 36 item 1: the billing fields are fetched in parallel, since the first form waits for them.
// Every call is answered only by hand, so a test sees what was asked before anything came back.

const US: AddressFormat = {
  country: 'US',
  postalCode: { pattern: '\\d{5}', label: 'zip', example: '95014' },
  subdivision: { type: 'ADMINISTRATIVE_AREA_LEVEL_1', label: 'state' },
};
const GB: AddressFormat = { country: 'GB', postalCode: { pattern: '[A-Z0-9 ]+', label: 'postal', example: 'EC1Y 8SY' } };
const STATES = [{ code: 'CA', name: 'California', type: 'ADMINISTRATIVE_AREA_LEVEL_1' as const }];

/** A provider whose calls wait in `asked` (by name) until a test answers them. */
function handProvider() {
  const asked = new Map<string, (reply: unknown) => void>();
  const call =
    <T>(name: string) =>
    (arg?: unknown) =>
      new Promise<T>((resolve) =>
        asked.set(typeof arg === 'string' ? `${name} ${arg}` : name, resolve as (reply: unknown) => void),
      );
  const api: BillingDeps['api'] = {
    getCountries: call('getCountries'),
    resolveBuyerCountry: call('resolveBuyerCountry'),
    getAddressFormat: call('getAddressFormat'),
    getStates: call('getStates'),
  };
  const answer = async (name: string, reply: unknown) => {
    const resolve = asked.get(name);
    if (!resolve) throw new Error(`${name} was not asked; asked: ${[...asked.keys()].join(', ')}`);
    resolve(reply);
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  };
  return { api, asked, answer };
}

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

describe('createBilling: the billing fields in two round trips at most (issue 36 item 1)', () => {
  it("round 1 asks at once for the countries, the buyer's country, and the locale region's format and states", async () => {
    const { api, asked, answer } = handProvider();
    const store = createFormStore();
    const started = createBilling({ api, store, locale: () => 'en' }).start();
    await flush();
    expect([...asked.keys()].sort()).toEqual(['getAddressFormat US', 'getCountries', 'getStates US', 'resolveBuyerCountry']);
    await answer('getAddressFormat US', US);
    await answer('getStates US', { states: STATES });
    await answer('resolveBuyerCountry', { country: null });
    await answer('getCountries', { countries: ['GB', 'US'] });
    await started;
    expect(store.getSnapshot().values.country).toBe('US');
    expect(store.getSnapshot().billing).toEqual({ countries: ['GB', 'US'], format: US, states: STATES });
    expect(asked.size, 'nothing asked twice, nothing more').toBe(4);
  });

  it('the provider places the buyer elsewhere (GB): round 2 asks for its format and states together', async () => {
    const { api, asked, answer } = handProvider();
    const store = createFormStore();
    const started = createBilling({ api, store, locale: () => 'en' }).start();
    await flush();
    await answer('resolveBuyerCountry', { country: 'GB' });
    await answer('getCountries', { countries: ['GB', 'US'] });
    expect([...asked.keys()]).toEqual(expect.arrayContaining(['getAddressFormat GB', 'getStates GB']));
    await answer('getStates GB', { states: [] });
    await answer('getAddressFormat GB', GB);
    await started;
    expect(store.getSnapshot().values.country).toBe('GB');
    expect(store.getSnapshot().billing).toEqual({ countries: ['GB', 'US'], format: GB, states: [] });
  });

  it("a country's states that cannot be loaded do not matter where its format has none", async () => {
    const { api, answer } = handProvider();
    api.getStates = () => Promise.reject(new Error('503'));
    const store = createFormStore();
    const started = createBilling({ api, store, locale: () => 'en-GB' }).start();
    await flush();
    await answer('resolveBuyerCountry', { country: null });
    await answer('getCountries', { countries: ['GB'] });
    await answer('getAddressFormat GB', GB);
    await started;
    expect(store.getSnapshot().billing).toEqual({ countries: ['GB'], format: GB, states: [] });
  });
});
