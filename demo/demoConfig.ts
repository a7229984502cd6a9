import type { Order, OrderSetupRequest } from '../shared';
import { ProviderPaths } from '../shared';

/** Where the demo pages find the provider and the frame: written by the demo server (provider/startAll.ts, `/demo-config.js`). */
export interface DemoConfig {
  /** The provider's base URL. */
  host: string;
  /** The frame app's URL. */
  frameUrl: string;
  /** The demo app instance token. */
  appInstance: string;
  /**
   * The returning buyer's app instance token (issue 25: a member with saved cards), used with
   * `?buyer=returning`; absent when the server offers none (the page then stays a guest).
   */
  returningAppInstance?: string;
}

/**
 * The config the page uses: `config` as written, or, for a returning buyer (`?buyer=returning`)
 * when the server names one, with `returningAppInstance` as its `appInstance`, so the widget, the
 * order setup and the order read all speak for that member.
 */
export function configFor(config: DemoConfig, returning: boolean): DemoConfig {
  return returning && config.returningAppInstance ? { ...config, appInstance: config.returningAppInstance } : config;
}

declare global {
  interface Window {
    /** Written by the demo server (provider/startAll.ts). */
    CASHIER_DEMO: DemoConfig;
  }
}

/**
 * The calls a checkout page makes to the provider itself: the site's own front end creates the
 * order. It never reads the order back to confirm it: the site's server does (demo/server/).
 */
export interface ProviderClient {
  /** Order setup: resolves to the order the provider created and priced. Rejects with an Error in words. */
  setupOrder(request: OrderSetupRequest): Promise<Order>;
}

/** A {@link ProviderClient} for `config` (fetch, the app instance in `Authorization`). */
export function providerClient(config: DemoConfig): ProviderClient {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${config.host}${path}`, {
      method,
      headers: { Authorization: config.appInstance, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as T & { message?: string };
    if (!response.ok) throw new Error(json.message ?? `${method} ${path} answered HTTP ${response.status}`);
    return json;
  }
  return {
    setupOrder: (request) => call<Order>('POST', ProviderPaths.orderSetup, request),
  };
}

/** Formats minor units of `currency` for the page, e.g. 5000 EUR → "€50.00". */
export const moneyFormat =
  (currency: string) =>
  (minor: number): string =>
    new Intl.NumberFormat('en-IE', { style: 'currency', currency }).format(minor / 100);
