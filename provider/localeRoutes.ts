import type { Context, Env, Hono } from 'hono';
import {
  type AddressFormat,
  type BuyerCountryReply,
  type CountriesReply,
  type LanguagesReply,
  ProviderPaths,
  type StatesReply,
  SUPPORTED_LOCALES,
} from '../shared';
import { addressFormatOf, applicationError, isCountryCode, SUPPORTED_COUNTRIES, statesOf } from './store';

/**
 * The locale metadata and buyer country resolution paths of spec 7 on the reference provider
 * (issue 23 item 7), answered from Google's address metadata (`addressData.ts`). Like every API
 * route they sit behind the app instance check and the API's CORS (`createProviderApp.ts`).
 */

// Hono pattern from the one list of paths: the placeholder survives encodeURIComponent.
const pattern = (path: (id: string) => string) => path('__cc__').replace('__cc__', ':countryCode');

/**
 * Registers on `app`, under `/_serverless/payments-checkout-server/`:
 * - `GET locale/countries` → {@link CountriesReply}, the countries `addressData.ts` holds;
 * - `GET locale/countries/{cc}/address` → {@link AddressFormat}; 400 INVALID_COUNTRY_CODE unless
 *   two letters (either case), 404 COUNTRY_NOT_SUPPORTED for a country the provider does not take;
 * - `GET locale/countries/{cc}/states` → {@link StatesReply} (empty where the format has no
 *   subdivision), with the same 400 and 404;
 * - `GET locale/languages`, `GET locale/multilingual-languages` → {@link LanguagesReply}: the widget's
 *   twelve locales (`SUPPORTED_LOCALES`);
 * - `GET buyer-country` → {@link BuyerCountryReply}: `buyerCountry()`, the country the buyer is placed
 *   in (ISO 3166-1 alpha-2) or null when the provider cannot tell (`ProviderState.buyerCountry`).
 */
export function registerLocaleRoutes<E extends Env>(app: Hono<E>, buyerCountry: () => string | null): void {
  const P = ProviderPaths;
  const languages: LanguagesReply = { languages: [...SUPPORTED_LOCALES] };
  /** The path's country code, upper case, or the error reply for a malformed or unknown one. */
  const countryOf = (c: Context<E>): { country: string } | { error: Response } => {
    const given = c.req.param('countryCode') ?? '';
    const country = given.toUpperCase();
    if (!isCountryCode(country)) {
      const problem = `A country code is two letters (ISO 3166-1 alpha-2), got ${JSON.stringify(given.slice(0, 20))}.`;
      return { error: c.json(applicationError('INVALID_COUNTRY_CODE', problem), 400) };
    }
    if (!SUPPORTED_COUNTRIES.includes(country)) {
      const problem = `${country} is not a billing country of this provider (${SUPPORTED_COUNTRIES.join(', ')}).`;
      return { error: c.json(applicationError('COUNTRY_NOT_SUPPORTED', problem), 404) };
    }
    return { country };
  };

  app.get(P.localeCountries, (c) => c.json({ countries: [...SUPPORTED_COUNTRIES] } satisfies CountriesReply));
  app.get(pattern(P.localeAddress), (c) => {
    const found = countryOf(c);
    return 'error' in found ? found.error : c.json(addressFormatOf(found.country) satisfies AddressFormat | undefined);
  });
  app.get(pattern(P.localeStates), (c) => {
    const found = countryOf(c);
    return 'error' in found ? found.error : c.json({ states: statesOf(found.country) ?? [] } satisfies StatesReply);
  });
  app.get(P.localeLanguages, (c) => c.json(languages));
  app.get(P.localeMultilingualLanguages, (c) => c.json(languages));
  app.get(P.buyerCountry, (c) => c.json({ country: buyerCountry() } satisfies BuyerCountryReply));
}
