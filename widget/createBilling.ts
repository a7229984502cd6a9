import type { AddressFormat, BillingAddress, ProviderApi, Subdivision } from '../shared';
import type { FormStore } from './createFormStore';

/** What {@link createBilling} reads and calls. */
export interface BillingDeps {
  api: Pick<ProviderApi, 'getCountries' | 'resolveBuyerCountry' | 'getAddressFormat' | 'getStates'>;
  store: FormStore;
  /** The shipped locale now: its region is the default country when the provider cannot place the buyer. */
  locale: () => string;
}

/** The billing fields' data (issue 23 item 7), loaded from the provider's locale metadata. */
export interface Billing {
  /**
   * Loads the billing countries and the buyer's country (spec 7 buyer country resolution; else the
   * locale's region, e.g. `ja` → JP), chooses it, and loads its address format and subdivisions,
   * all in two round trips at most (the region's format is asked beside the countries). Never rejects: when
   * the countries cannot be loaded, no billing field is asked and charges go without an address.
   */
  start(): Promise<void>;
  /** The buyer chose `country`: its address format (and subdivisions, where it has them) replace the last. */
  choose(country: string): Promise<void>;
  /** Settles when the latest load has (a pay waits for it, so that it checks the right fields). */
  settled(): Promise<void>;
  /** The billing address to send with a card; undefined when the chosen country's format is not loaded. */
  address(): BillingAddress | undefined;
}

/** Creates the billing fields' loader for one mount. */
export function createBilling({ api, store, locale }: BillingDeps): Billing {
  let latest: Promise<void> = Promise.resolve();
  const formats = new Map<string, Promise<[AddressFormat, Subdivision[]]>>();
  /** The country's format and subdivisions, once per mount (a failed load is tried again next time). */
  const load = (country: string) => {
    let found = formats.get(country);
    if (!found) {
      // Both at once (issue 36: one round trip, not two): a country without subdivisions answers an
      // empty list, and a list that cannot be loaded matters only where the format has them.
      const states = api.getStates(country).then((reply) => reply.states);
      states.catch(() => undefined);
      found = api
        .getAddressFormat(country)
        .then(async (format) => [format, format.subdivision ? await states : []] as [AddressFormat, Subdivision[]]);
      found.catch(() => formats.delete(country));
      formats.set(country, found);
    }
    return found;
  };

  const choose = (country: string) => {
    const run = (async () => {
      const billing = store.getSnapshot().billing;
      if (!billing) return;
      // Another country's subdivision code means nothing here; its errors go with it.
      store.setCountry(country);
      try {
        const [format, states] = await load(country);
        if (store.getSnapshot().values.country === country) store.setBilling({ ...billing, format, states });
      } catch {
        // No format: the postal code and state are not asked, and the card goes without an address.
        if (store.getSnapshot().values.country === country) store.setBilling({ ...billing, format: undefined, states: [] });
      }
    })();
    latest = run;
    return run;
  };

  return {
    start() {
      const run = (async () => {
        // All at once (issue 36: the form waits for them): the countries, where the provider places
        // the buyer, and the address format of the locale's region, the country when the provider
        // cannot place the buyer (a guess that costs two requests when it places them elsewhere).
        const region = new Intl.Locale(locale()).maximize().region;
        if (region) load(region).catch(() => undefined);
        const placing = api.resolveBuyerCountry().then(
          (reply) => reply.country,
          () => null,
        );
        let countries: string[];
        try {
          countries = (await api.getCountries()).countries;
        } catch {
          return;
        }
        const placed = await placing;
        const country = [placed, region].find((c): c is string => typeof c === 'string' && countries.includes(c)) ?? '';
        store.setBilling({ countries, format: undefined, states: [] });
        if (country) await choose(country);
      })();
      latest = run;
      return run;
    },
    choose,
    settled: () => latest,
    address() {
      const { values, billing } = store.getSnapshot();
      const format = billing?.format;
      if (!format || format.country !== values.country) return undefined;
      return {
        country: values.country,
        ...(format.postalCode ? { postalCode: values.postalCode.trim() } : {}),
        ...(format.subdivision ? { subdivision: values.subdivision } : {}),
      };
    },
  };
}
