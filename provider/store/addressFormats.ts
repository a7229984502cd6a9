import { type AddressFormat, AddressSubdivisionType, type BillingAddress, type Subdivision } from '../../shared';
import { ADDRESS_DATA } from './addressData';

/**
 * The reference provider's address formats and subdivisions (spec 7 locale metadata, issue 23
 * item 7), read from Google's address metadata (`addressData.ts`), and the check of a charge's
 * billing address against them.
 */

/** The billing countries the provider takes: ISO 3166-1 alpha-2 codes, in alphabetical order. */
export const SUPPORTED_COUNTRIES: readonly string[] = Object.keys(ADDRESS_DATA).sort();

/** True for a well-formed country code: two letters A–Z, upper case. */
export const isCountryCode = (value: string): boolean => /^[A-Z]{2}$/.test(value);

/**
 * The address format of `country` (ISO 3166-1 alpha-2, upper case): the postal code (pattern
 * anchored, label `zip` for the US and `postal` elsewhere) where the country has one, the
 * subdivision where libaddressinput requires one. Undefined for a country the provider does not take.
 */
export function addressFormatOf(country: string): AddressFormat | undefined {
  const data = Object.hasOwn(ADDRESS_DATA, country) ? ADDRESS_DATA[country] : undefined;
  if (!data) return undefined;
  return {
    country,
    ...(data.zip === undefined
      ? {}
      : {
          postalCode: {
            pattern: `^(?:${data.zip})$`,
            label: data.zipNameType === 'zip' ? 'zip' : 'postal',
            example: data.zipex ?? '',
          },
        }),
    ...(data.stateNameType === undefined
      ? {}
      : { subdivision: { type: AddressSubdivisionType.ADMINISTRATIVE_AREA_LEVEL_1, label: data.stateNameType } }),
  };
}

/**
 * The subdivisions of `country` the card form offers (its address format has a `subdivision`),
 * in libaddressinput's order; empty where the format has none; undefined for a country the
 * provider does not take.
 */
export function statesOf(country: string): Subdivision[] | undefined {
  const data = Object.hasOwn(ADDRESS_DATA, country) ? ADDRESS_DATA[country] : undefined;
  if (!data) return undefined;
  return (data.states ?? []).map(([code, name]) => ({ code, name, type: AddressSubdivisionType.ADMINISTRATIVE_AREA_LEVEL_1 }));
}

const BILLING_FIELDS: ReadonlySet<string> = new Set(['country', 'postalCode', 'subdivision']);

/**
 * What is wrong with a charge's `billingAddress` (untrusted, as it came), or undefined when it
 * fits its country's address format: an object of `country`, `postalCode`, `subdivision` only;
 * `country` one of {@link SUPPORTED_COUNTRIES}; `postalCode` required and matching the format's
 * pattern (trimmed, case-insensitive) where the format has one, absent where it has none;
 * `subdivision` required and one of {@link statesOf} codes where the format has one, absent
 * otherwise. The sentence names the field (`billingAddress.postalCode`), for a 400
 * INVALID_BILLING_ADDRESS.
 */
export function describeBillingAddressProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'billingAddress must be an object { country, postalCode?, subdivision? }.';
  }
  const address = value as Record<string, unknown>;
  const extra = Object.keys(address).find((key) => !BILLING_FIELDS.has(key));
  if (extra !== undefined)
    return `billingAddress.${extra} is not a field of a billing address (country, postalCode, subdivision).`;
  const { country, postalCode, subdivision } = address as Partial<Record<keyof BillingAddress, unknown>>;
  const format = typeof country === 'string' ? addressFormatOf(country) : undefined;
  if (typeof country !== 'string' || !format) {
    return `billingAddress.country must be one of ${SUPPORTED_COUNTRIES.join(', ')}, got ${show(country)}.`;
  }
  if (!format.postalCode) {
    if (postalCode !== undefined) return `billingAddress.postalCode must be absent: ${country} has no postal codes.`;
  } else if (typeof postalCode !== 'string' || postalCode.trim() === '') {
    return `billingAddress.postalCode is required for ${country} (a string, e.g. ${format.postalCode.example}).`;
  } else if (!new RegExp(format.postalCode.pattern, 'i').test(postalCode.trim())) {
    return `billingAddress.postalCode ${show(postalCode)} is not a postal code of ${country} (e.g. ${format.postalCode.example}).`;
  }
  if (!format.subdivision) {
    if (subdivision !== undefined) return `billingAddress.subdivision must be absent: ${country} addresses take none.`;
  } else if (typeof subdivision !== 'string' || subdivision === '') {
    return `billingAddress.subdivision is required for ${country} (a ${format.subdivision.label} code).`;
  } else if (!statesOf(country)?.some((state) => state.code === subdivision)) {
    return `billingAddress.subdivision ${show(subdivision)} is not a ${format.subdivision.label} of ${country}.`;
  }
  return undefined;
}

/**
 * True when two postal codes are the same code as a bank compares them (AVS-like): trimmed,
 * spaces dropped, case ignored (`sw1a 1aa` is `SW1A1AA`). False when `given` is not a string.
 */
export function isSamePostalCode(onFile: string, given: unknown): boolean {
  const canonical = (code: string) => code.replace(/\s+/g, '').toUpperCase();
  return typeof given === 'string' && canonical(given) === canonical(onFile);
}

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : value === null ? 'null' : typeof value;
}
