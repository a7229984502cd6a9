import type { APIRequestContext } from '@playwright/test';
import { CONTROL_KEY_HEADER, type Fault } from '../../provider';
import { type OrderSetupRequest, ProviderPaths } from '../../shared';
import { APP_INSTANCE, PROVIDER_ORIGIN } from './origins';

/** A fault for the reference provider's control API (provider/README.md, "Fault switches"). */
export type { Fault } from '../../provider';
/** How the provider records a token (`tok:` + 8 hex of its SHA-256): compare recorded requests with `tokenFingerprint(expected)`. */
export { tokenFingerprint } from '../../provider';

/** A request the provider recorded (it keeps the newest 1000, provider/ProviderState.ts). */
export interface RecordedRequest {
  /** Its number in the provider's log, from 1 after a reset: a gap means records dropped out unread. */
  seq: number;
  method: string;
  path: string;
  query: Record<string, string>;
  /** `tokenFingerprint(Authorization)`, or null without one; the provider never records the token itself. */
  tokenFingerprint: string | null;
  idempotencyKey: string | null;
  at: number;
  /** Which of the provider's servers took it: the API (and statics) or the card vault (its own origin). */
  server?: 'api' | 'vault';
}

/**
 * The control key of this test run: `CASHIER_CONTROL_KEY`, which playwright.config.ts (and
 * vitest.webkit.config.ts) make at random and hand to the servers they start.
 * @throws Error when it is not set.
 */
export function controlKeyOfRun(): string {
  const key = process.env.CASHIER_CONTROL_KEY;
  if (!key) throw new Error('CASHIER_CONTROL_KEY is not set: the test config makes it for the servers it starts');
  return key;
}

/** The order ProviderControl.setupOrder makes by default: one general admission ticket (25.00 EUR) for the online event. */
export const DEFAULT_ORDER: OrderSetupRequest = {
  eventId: 'modern-jazz-masterclass',
  lines: [{ ticketTypeId: 'general-admission', quantity: 1 }],
};

/** Drives the reference provider's fault switches and reads what it recorded. */
export class ProviderControl {
  /**
   * `origin`: where the provider's control API answers; default the browser tests' provider.
   * `key`: its control key (sent as X-Cashier-Control-Key); default {@link controlKeyOfRun}.
   */
  constructor(
    private readonly request: APIRequestContext,
    private readonly origin: string = PROVIDER_ORIGIN,
    private readonly key: string = controlKeyOfRun(),
  ) {}

  /** Clears faults, recorded requests, orders, charges, settings overrides and added tokens. */
  async reset(): Promise<void> {
    await this.post('/__control/reset', {});
  }

  /** Queues a fault; faults for a path are used in the order they were added. */
  async fault(fault: Fault): Promise<void> {
    await this.post('/__control/faults', fault);
  }

  /** Merges `overrides` (e.g. `{ devMode: true }`) into the widget settings the provider returns. */
  async settings(overrides: Record<string, unknown>): Promise<void> {
    await this.post('/__control/settings', overrides);
  }

  /**
   * Makes the provider accept (`add`) or refuse (`remove`) app instance tokens. Each added token
   * is its own app instance, or, with `instance`, a refreshed token of that one (it may read and
   * pay that app instance's orders).
   */
  async appInstances(change: { add?: string[]; remove?: string[]; instance?: string }): Promise<void> {
    await this.post('/__control/app-instances', change);
  }

  /**
   * Sets the buyer country the provider resolves (spec 7's buyer country path, issue 23): an ISO
   * 3166-1 alpha-2 code, or null (the default, which `reset` restores) for none. The card form
   * defaults its billing country to it, else to the locale's region.
   */
  async buyerCountry(country: string | null): Promise<void> {
    await this.post('/__control/buyer-country', { country });
  }

  /**
   * Makes `appInstance` carry `member` (issue 25: a returning buyer, whose saved cards the widget
   * lists), or no member (`null`); `cards` replaces the member's saved cards when given.
   */
  async members(change: { appInstance: string; member: string | null; cards?: unknown[] }): Promise<void> {
    await this.post('/__control/members', change);
  }

  /** Offers PayPal (issue 25) to exactly these app instances' orders (it replaces the list; `reset` restores the provider's own). */
  async payPal(appInstances: string[]): Promise<void> {
    await this.post('/__control/paypal', { appInstances });
  }

  /** Every charge the provider made, oldest first. */
  async charges(): Promise<{ id: string; orderId: string; status: string; declineCode?: string }[]> {
    const response = await this.request.get(`${this.origin}/__control/charges`, { headers: this.headers() });
    if (!response.ok()) throw new Error(`provider control: GET charges answered ${response.status()}`);
    return response.json();
  }

  /**
   * Creates an order awaiting payment through the checkout API, as a site's server would, for
   * `appInstance` (default the tests' APP_INSTANCE): `order`, default {@link DEFAULT_ORDER}
   * (the provider prices it). Returns its id; throws when the provider refuses it.
   */
  async setupOrder(order: OrderSetupRequest = DEFAULT_ORDER, appInstance: string = APP_INSTANCE): Promise<string> {
    const response = await this.request.post(`${this.origin}${ProviderPaths.orderSetup}`, {
      headers: { Authorization: appInstance },
      data: order,
    });
    if (!response.ok()) throw new Error(`provider: order setup answered ${response.status()}`);
    return ((await response.json()) as { id: string }).id;
  }

  /**
   * The charge requests (POST) for `orderId` the provider saw, oldest first; reads of the order's
   * charges (GET, same path) left out.
   */
  async chargeAttempts(orderId: string): Promise<RecordedRequest[]> {
    return (await this.requests(ProviderPaths.chargesByOrder(orderId))).filter((r) => r.method === 'POST');
  }

  /** Recorded requests for `path`, preflights (OPTIONS) left out unless asked for. */
  async requests(path: string, { withPreflights = false } = {}): Promise<RecordedRequest[]> {
    const response = await this.request.get(`${this.origin}/__control/requests`, { params: { path }, headers: this.headers() });
    if (!response.ok()) throw new Error(`provider control: GET requests answered ${response.status()}`);
    const all = (await response.json()) as RecordedRequest[];
    return withPreflights ? all : all.filter((r) => r.method !== 'OPTIONS');
  }

  /** Every recorded request numbered above `seq` (preflights included), oldest first: read the log as it grows. */
  async requestsAfter(seq: number): Promise<RecordedRequest[]> {
    const response = await this.request.get(`${this.origin}/__control/requests`, {
      params: { after: seq },
      headers: this.headers(),
    });
    if (!response.ok()) throw new Error(`provider control: GET requests answered ${response.status()}`);
    return response.json();
  }

  private async post(path: string, data: unknown): Promise<void> {
    const response = await this.request.post(`${this.origin}${path}`, { data, headers: this.headers() });
    if (!response.ok()) throw new Error(`provider control: POST ${path} answered ${response.status()}`);
  }

  private headers(): Record<string, string> {
    return { [CONTROL_KEY_HEADER]: this.key };
  }
}
