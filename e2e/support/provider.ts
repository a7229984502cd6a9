import type { APIRequestContext } from '@playwright/test';
import { ProviderPaths } from '../../shared';
import { APP_INSTANCE, PROVIDER_ORIGIN } from './origins';

/** How the provider records a token (`tok:` + 8 hex of its SHA-256): compare recorded requests with `tokenFingerprint(expected)`. */
export { tokenFingerprint } from '../../provider/tokenFingerprint';

/** A fault for the reference provider's control API (provider/README.md). */
export interface Fault {
  /** The request path the fault applies to, e.g. WIDGET_SETTINGS_PATH. */
  path: string;
  /** HTTP method; any method (except preflights) when absent. */
  method?: string;
  /** How many matching requests it hits before it is spent; default 1. */
  times?: number;
  /** Answer with this status instead of the real reply. */
  status?: number;
  /** JSON body of that answer (e.g. an application error). */
  body?: unknown;
  /** Extra headers of that answer (e.g. Retry-After). */
  headers?: Record<string, string>;
  /** Milliseconds to wait before answering (or dropping). */
  delayMs?: number;
  /** Destroy the socket without answering; nothing is applied. */
  drop?: boolean;
  /** Apply the request (a charge is made), then destroy the socket: the reply is lost. */
  dropAfterApply?: boolean;
  /** Only requests whose Authorization has this `tokenFingerprint(token)`; default any request. */
  tokenFingerprint?: string;
}

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

/** Drives the reference provider's fault switches and reads what it recorded. */
export class ProviderControl {
  /** `origin`: where the provider's control API answers; default the browser tests' provider. */
  constructor(
    private readonly request: APIRequestContext,
    private readonly origin: string = PROVIDER_ORIGIN,
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

  /** Makes the provider accept (`add`) or refuse (`remove`) app instance tokens. */
  async appInstances(change: { add?: string[]; remove?: string[] }): Promise<void> {
    await this.post('/__control/app-instances', change);
  }

  /** Every charge the provider made, oldest first. */
  async charges(): Promise<{ id: string; orderId: string; status: string; declineCode?: string }[]> {
    const response = await this.request.get(`${this.origin}/__control/charges`);
    if (!response.ok()) throw new Error(`provider control: GET charges answered ${response.status()}`);
    return response.json();
  }

  /**
   * Creates an order awaiting payment through the checkout API, as a site's server would: one
   * ticket at 25.00 EUR for an online event. Returns its id.
   */
  async setupOrder(): Promise<string> {
    const response = await this.request.post(`${this.origin}${ProviderPaths.orderSetup}`, {
      headers: { Authorization: APP_INSTANCE },
      data: {
        event: { name: 'Exactly once', startsAt: '2030-01-01T19:00:00Z', locationType: 'ONLINE', recurrenceStatus: 'ONE_TIME' },
        lines: [{ name: 'Ticket', unitPrice: 2500, quantity: 1 }],
        currency: 'EUR',
      },
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
    const response = await this.request.get(`${this.origin}/__control/requests`, { params: { path } });
    if (!response.ok()) throw new Error(`provider control: GET requests answered ${response.status()}`);
    const all = (await response.json()) as RecordedRequest[];
    return withPreflights ? all : all.filter((r) => r.method !== 'OPTIONS');
  }

  /** Every recorded request numbered above `seq` (preflights included), oldest first: read the log as it grows. */
  async requestsAfter(seq: number): Promise<RecordedRequest[]> {
    const response = await this.request.get(`${this.origin}/__control/requests`, { params: { after: seq } });
    if (!response.ok()) throw new Error(`provider control: GET requests answered ${response.status()}`);
    return response.json();
  }

  private async post(path: string, data: unknown): Promise<void> {
    const response = await this.request.post(`${this.origin}${path}`, { data });
    if (!response.ok()) throw new Error(`provider control: POST ${path} answered ${response.status()}`);
  }
}
