import { randomUUID } from 'node:crypto';
import axios, { type AxiosError, AxiosHeaders } from 'axios';
import axiosRetry from 'axios-retry';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER, type WebhookEvent, type WebhookEventType } from '../shared/webhooks';

/** A site's webhook endpoint, as the provider's operator registers it. */
export interface WebhookEndpoint {
  /** Where events are POSTed, e.g. `https://tickets.example/webhooks/cashier`. */
  url: string;
  /** The secret the deliveries are signed with (at least 16 characters); the site verifies with it. */
  secret: string;
  /** Only these app instances' events; default every app instance's. */
  appInstances?: string[];
}

/** One delivery attempt, as the provider logged it. */
export interface WebhookDelivery {
  eventId: string;
  type: WebhookEventType;
  url: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** The endpoint's HTTP status, or undefined when no answer came (refused, reset, timed out). */
  status?: number;
  /** Whether the endpoint answered 2xx. */
  delivered: boolean;
}

/** Options of {@link createWebhookSender}. */
export interface WebhookSenderOptions {
  endpoints: WebhookEndpoint[];
  /**
   * The waits before each retry of an undelivered event, in milliseconds; their count is the
   * number of retries. Default 1, 2, 4, 8, 16, 32 and 64 s: 8 attempts over about 2 minutes.
   */
  retryDelaysMs?: number[];
  /** How long one attempt waits for the endpoint's answer, in milliseconds; default 10 000. */
  timeoutMs?: number;
  /** The clock, in milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
}

/** The reference provider's default retry waits (see {@link WebhookSenderOptions.retryDelaysMs}). */
export const WEBHOOK_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000];

/**
 * The provider's webhook deliveries (DESIGN "Webhooks"): each event is POSTed as JSON to every
 * endpoint that takes its app instance, signed with `Cashier-Signature` afresh at each attempt (so
 * a late retry is still inside the site's tolerance), and retried with the waits of
 * `retryDelaysMs` until the endpoint answers 2xx. Every attempt carries the same event `id`: a
 * site handles an event once by remembering its ids. Retries use axios-retry.
 * @throws TypeError when an endpoint's URL is not http(s) or its secret is shorter than 16 characters.
 */
export function createWebhookSender({
  endpoints,
  retryDelaysMs = WEBHOOK_RETRY_DELAYS_MS,
  timeoutMs = 10_000,
  now = Date.now,
}: WebhookSenderOptions) {
  for (const { url, secret } of endpoints) {
    if (!/^https?:\/\//.test(url)) throw new TypeError(`webhook endpoint url must be http(s), got ${url}`);
    if (secret.length < 16) throw new TypeError(`the webhook secret of ${url} must have at least 16 characters`);
  }
  const log: WebhookDelivery[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const abort = new AbortController();
  const seconds = () => Math.floor(now() / 1000);

  /** Delivers `event` to `endpoint`: resolves when it was delivered or the retries ran out (or were stopped). */
  function deliver(event: WebhookEvent, endpoint: WebhookEndpoint): Promise<unknown> {
    const body = JSON.stringify(event);
    let attempt = 0;
    const record = (status: number | undefined) =>
      log.push({
        eventId: event.id,
        type: event.type,
        url: endpoint.url,
        attempt: ++attempt,
        ...(status === undefined ? {} : { status }),
        delivered: status !== undefined && status >= 200 && status < 300,
      });
    const client = axios.create({
      timeout: timeoutMs,
      signal: abort.signal,
      // The body is signed as sent: never transformed again.
      transformRequest: [(data: string) => data],
      responseType: 'text',
      maxRedirects: 0,
      // Each attempt's answer is logged before axios-retry decides on the next.
      validateStatus: (status) => {
        record(status);
        return status >= 200 && status < 300;
      },
    });
    axiosRetry(client, {
      retries: retryDelaysMs.length,
      retryDelay: (retry) => retryDelaysMs[retry - 1] ?? 0,
      // A POST is retried here because the event id makes it idempotent: no 2xx, try again.
      retryCondition: () => !abort.signal.aborted,
      shouldResetTimeout: true,
      onRetry: (_retry, error, config) => {
        if (!error.response) record(undefined);
        // Signed afresh: a late retry is still inside the site's tolerance.
        config.headers = AxiosHeaders.from(config.headers as AxiosHeaders).set(
          WEBHOOK_SIGNATURE_HEADER,
          signWebhook(body, endpoint.secret, seconds()),
        );
      },
    });
    const sent = client
      .post(endpoint.url, body, {
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'cashier-webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(body, endpoint.secret, seconds()),
        },
      })
      .catch((error: AxiosError) => {
        if (!error.response && !abort.signal.aborted) record(undefined);
      });
    inFlight.add(sent);
    return sent.finally(() => inFlight.delete(sent));
  }

  return {
    /**
     * Makes the event `type` for `appInstance` with `data` (a new `evt_` id, `created` now) and
     * delivers it to every endpoint that takes the app instance. Returns the event at once; the
     * deliveries go on in the background.
     */
    send(appInstance: string, type: WebhookEventType, data: WebhookEvent['data']): WebhookEvent {
      const event: WebhookEvent = { id: `evt_${randomUUID()}`, type, created: seconds(), data };
      for (const endpoint of endpoints) {
        if (!endpoint.appInstances || endpoint.appInstances.includes(appInstance)) void deliver(event, endpoint);
      }
      return event;
    },
    /** Every attempt so far, oldest first. */
    deliveries: (): WebhookDelivery[] => [...log],
    /** Resolves when no delivery is under way (tests). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    /** Stops every retry still waiting, and aborts attempts under way. */
    close(): void {
      abort.abort();
    },
  };
}

/** A webhook sender's operations ({@link createWebhookSender}). */
export type WebhookSender = ReturnType<typeof createWebhookSender>;
