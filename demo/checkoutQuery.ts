import { DEMO_LOOKS, type DemoLookName } from './looks';

/**
 * The provider's events (shared/referenceCatalog.ts) the demo offers, by `?event=`: the page
 * shows their ticket types and prices as a site shows its catalog, and sends only ids and
 * quantities; what the buyer pays is the provider's price.
 */
export const EVENT_IDS = { venue: 'riverside-jazz-night', online: 'modern-jazz-masterclass' } as const;

/** What the demo checkout's URL asks for (its query string). */
export interface CheckoutQuery {
  /** `?event=online` → the online event; anything else → the venue event. */
  eventKey: keyof typeof EVENT_IDS;
  /**
   * `?hold=<seconds>`: the seat hold the order setup asks for (`OrderSetupRequest.holdSeconds`),
   * a whole number from 1 to 3600; undefined (the provider's default) when absent or not one.
   */
  holdSeconds?: number;
  /** False with `?preload=off`: the page does not warm the widget with `preloadCashier`. Default true. */
  preload: boolean;
  /**
   * True with `?buyer=returning` (issue 25): the page signs in as the provider's returning buyer
   * (the demo config's `returningAppInstance`: a member with saved cards). Default false: a guest.
   */
  returning: boolean;
  /**
   * `?look=<name>`: the widget's starting look, one of the demo's looks (demo/looks.ts: `default`,
   * `night`, `flat`, `festival`), passed as its `appearance` and `fonts`; anything else → `default`.
   */
  look: DemoLookName;
  /**
   * `?country=NL|BE|PL|DE`: the buyer's market, passed to order setup as `country` (its local
   * payment methods: iDEAL in NL, Bancontact in BE, BLIK in PL, Klarna in all four; PL makes a PLN
   * order). Upper-cased; undefined (no local method) when absent or another value.
   */
  country?: DemoCountry;
}

/** The buyer countries the demo takes (`?country=`), each a market with local payment methods. */
export const DEMO_COUNTRIES = ['NL', 'BE', 'PL', 'DE'] as const;

/** A buyer country the demo takes. */
export type DemoCountry = (typeof DEMO_COUNTRIES)[number];

/** The longest hold a site may ask for, in seconds (shared/providerShapes.ts `holdSeconds`). */
const MAX_HOLD_SECONDS = 3600;

/** Reads the demo's query string (`location.search`, with or without its `?`). Never throws. */
export function checkoutQuery(search: string): CheckoutQuery {
  const params = new URLSearchParams(search);
  const hold = params.get('hold');
  const holdSeconds = hold !== null && /^\d+$/.test(hold) ? Number(hold) : undefined;
  const country = params.get('country')?.toUpperCase();
  return {
    eventKey: params.get('event') === 'online' ? 'online' : 'venue',
    ...(holdSeconds !== undefined && holdSeconds >= 1 && holdSeconds <= MAX_HOLD_SECONDS ? { holdSeconds } : {}),
    preload: params.get('preload') !== 'off',
    returning: params.get('buyer') === 'returning',
    look: lookName(params.get('look')),
    ...(DEMO_COUNTRIES.includes(country as DemoCountry) ? { country: country as DemoCountry } : {}),
  };
}

/** `name` when it is one of the demo's looks (DEMO_LOOKS), else `default`. */
export function lookName(name: string | null | undefined): DemoLookName {
  return Object.hasOwn(DEMO_LOOKS, name ?? '') ? (name as DemoLookName) : 'default';
}
