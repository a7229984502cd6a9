import { isSiteConfirmation, type SiteConfirmation, siteConfirmationPath } from './siteConfirmation';

/** Options of {@link askSiteServer}. */
export interface AskSiteServerOptions {
  /** How long to keep asking while the order is not fulfilled, in milliseconds; default 10 000. */
  timeoutMs?: number;
  /** The wait between two questions, in milliseconds; default 500. */
  intervalMs?: number;
  /** How to ask; default the global `fetch` (the page's own origin). */
  fetch?: typeof fetch;
  /** The clock, in milliseconds; default `Date.now`. */
  now?: () => number;
  /** Waits `ms` milliseconds; default a timer. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Asks the site's own server what it knows of `orderId` (`GET /api/orders/:orderId/confirmation`),
 * again every `intervalMs` while the order is not fulfilled, for up to `timeoutMs`: a webhook may
 * come a moment after the buyer's payment. Resolves to the server's last answer, fulfilled or not.
 * @throws Error in words when the server cannot be asked or answers something else than a confirmation.
 */
export async function askSiteServer(
  orderId: string,
  {
    timeoutMs = 10_000,
    intervalMs = 500,
    fetch: call = fetch,
    now = Date.now,
    sleep = (ms) => new Promise((done) => setTimeout(done, ms)),
  }: AskSiteServerOptions = {},
): Promise<SiteConfirmation> {
  const deadline = now() + timeoutMs;
  for (;;) {
    const response = await call(siteConfirmationPath(orderId), { headers: { Accept: 'application/json' }, cache: 'no-store' });
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok || !isSiteConfirmation(body)) {
      const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
      throw new Error(`the site's server answered HTTP ${response.status}${typeof code === 'string' ? ` ${code}` : ''}`);
    }
    if (body.fulfilled || now() + intervalMs > deadline) return body;
    await sleep(intervalMs);
  }
}
