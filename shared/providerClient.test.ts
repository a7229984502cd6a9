import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CashierError } from './CashierError';
import { PAYMENTS_CHECKOUT_BASE_PATH, ProviderPaths } from './paths';
import { createProviderApi } from './providerApi';
import { createProviderAxios, createProviderClient } from './providerClient';

const host = 'https://tickets.example.com';
const settingsUrl = `${host}${ProviderPaths.widgetSettings}`;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const token = 'app-instance-token';
const client = () => createProviderClient({ host, getAppInstance: () => token });

describe('getWidgetSettings (spec 7, DESIGN "Widget settings call")', () => {
  it('sends the raw app instance as Authorization and reads widgetStaticsBaseUrl', async () => {
    let seen: Request | undefined;
    server.use(
      http.get(settingsUrl, ({ request }) => {
        seen = request;
        return HttpResponse.json({ widgetStaticsBaseUrl: 'https://static.example.com/cashier', theme: 'x' });
      }),
    );
    await expect(client().getWidgetSettings()).resolves.toEqual({
      widgetStaticsBaseUrl: 'https://static.example.com/cashier',
      theme: 'x',
    });
    expect(seen?.headers.get('authorization')).toBe(token);
    expect(new URL(seen?.url ?? '').search).toBe('');
  });

  it.each([
    { msid: 'f47ac10b-58cc-4372-a567-0e02b2c3d479', expected: 'f47ac10b-58cc-4372-a567-0e02b2c3d479' },
    { msid: 'not-a-guid', expected: null },
    { msid: undefined, expected: null },
  ])('msid $msid → query msid $expected', async ({ msid, expected }) => {
    let query: string | null = 'unset';
    server.use(
      http.get(settingsUrl, ({ request }) => {
        query = new URL(request.url).searchParams.get('msid');
        return HttpResponse.json({ widgetStaticsBaseUrl: 'https://static.example.com' });
      }),
    );
    await client().getWidgetSettings({ msid });
    expect(query).toBe(expected);
  });

  it.each([
    { name: 'array body', body: [], code: 'INVALID_RESPONSE' },
    { name: 'missing widgetStaticsBaseUrl', body: {}, code: 'INVALID_RESPONSE' },
    { name: 'relative widgetStaticsBaseUrl', body: { widgetStaticsBaseUrl: '/statics' }, code: 'INVALID_RESPONSE' },
    {
      name: 'devMode not boolean',
      body: { widgetStaticsBaseUrl: 'https://s.example.com', devMode: 'yes' },
      code: 'INVALID_RESPONSE',
    },
  ])('malformed settings ($name) → CashierError $code', async ({ body, code }) => {
    server.use(http.get(settingsUrl, () => HttpResponse.json(body)));
    const error = await client()
      .getWidgetSettings()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CashierError);
    expect((error as CashierError).code).toBe(code);
  });

  it.each([
    { status: 404, body: {}, code: 'HTTP_CLIENT_ERROR', attempts: 1, appCode: undefined },
    { status: 401, body: {}, code: 'UNAUTHORIZED', attempts: 1, appCode: undefined },
    {
      status: 403,
      body: { details: { applicationError: { code: 'CAPTCHA_REQUIRED' } } },
      code: 'CAPTCHA_ERROR',
      attempts: 1,
      appCode: 'CAPTCHA_REQUIRED',
    },
    { status: 500, body: {}, code: 'HTTP_SERVER_ERROR', attempts: 3, appCode: undefined },
  ])('HTTP $status → $code after $attempts attempt(s)', async ({ status, body, code, attempts, appCode }) => {
    let count = 0;
    server.use(
      http.get(settingsUrl, () => {
        count += 1;
        return HttpResponse.json(body, { status });
      }),
    );
    const error = (await client()
      .getWidgetSettings()
      .catch((e: unknown) => e)) as CashierError;
    expect(error.code).toBe(code);
    expect(error.details.status).toBe(status);
    expect(error.details.applicationErrorCode).toBe(appCode);
    expect(count).toBe(attempts);
  });

  it('a POST is never retried (spec 7)', async () => {
    let count = 0;
    server.use(
      http.post(`${host}${ProviderPaths.orderSetup}`, () => {
        count += 1;
        return new HttpResponse(null, { status: 503 });
      }),
    );
    const error = (await client()
      .request({ method: 'post', path: ProviderPaths.orderSetup, data: {} })
      .catch((e: unknown) => e)) as CashierError;
    expect(error.code).toBe('HTTP_SERVER_ERROR');
    expect(count).toBe(1);
  });

  it.each([
    { method: 'get', attempts: 2, outcome: 'ok' },
    { method: 'post', attempts: 1, outcome: 'TIMEOUT' },
  ])("Node's adapter, real clock: a timed-out $method attempt → $attempts attempt(s), $outcome", async (row) => {
    let count = 0;
    server.use(
      http.all(`${host}${ProviderPaths.orderSetup}`, async () => {
        count += 1;
        if (count === 1) await delay(300);
        return HttpResponse.json({ ok: true });
      }),
    );
    const outcome = await createProviderClient({ host, getAppInstance: () => token, timeoutMs: 50 })
      .request({ method: row.method, path: ProviderPaths.orderSetup })
      .then(
        () => 'ok',
        (e: unknown) => (e as CashierError).code,
      );
    expect({ attempts: count, outcome }).toEqual({ attempts: row.attempts, outcome: row.outcome });
  });

  it('an aborted signal rejects with DESTROYED and makes no request', async () => {
    let count = 0;
    server.use(
      http.get(settingsUrl, () => {
        count += 1;
        return HttpResponse.json({ widgetStaticsBaseUrl: 'https://s.example.com' });
      }),
    );
    const controller = new AbortController();
    controller.abort();
    const error = (await createProviderClient({ host, getAppInstance: () => token, signal: controller.signal })
      .getWidgetSettings()
      .catch((e: unknown) => e)) as CashierError;
    expect(error.code).toBe('DESTROYED');
    expect(count).toBe(0);
  });
});

describe('the app instance goes to the provider host only (DESIGN "Security model")', () => {
  const base = PAYMENTS_CHECKOUT_BASE_PATH;
  /** Counts requests anywhere: the evil origin, the provider host. */
  function watch() {
    const seen: { url: string; auth: string | null }[] = [];
    const record = ({ request }: { request: Request }) => {
      seen.push({ url: request.url, auth: request.headers.get('authorization') });
      return HttpResponse.json({ ok: true });
    };
    server.use(http.all('https://evil.test/*', record), http.all(`${host}/*`, record));
    return seen;
  }

  it.each([
    { name: 'absolute URL on another origin', path: 'https://evil.test/x' },
    { name: 'absolute URL on the provider host', path: `${host}${base}/x` },
    { name: 'protocol-relative URL', path: '//evil.test/x' },
    { name: 'path outside the base path', path: '/admin/users' },
    { name: 'the base path without a slash', path: base },
    { name: 'a look-alike base path', path: `${base}-evil/x` },
    { name: '".." segments', path: `${base}/../../admin` },
    { name: '".." at the end', path: `${base}/orders/..` },
    { name: 'percent-encoded ".."', path: `${base}/a/%2e%2E/%2E./x` },
    { name: '"." segment', path: `${base}/./x` },
    { name: 'backslashes', path: `${base}/a\\..\\..\\x` },
    { name: 'empty segment', path: `${base}//evil.test/x` },
    { name: 'query in the path', path: `${base}/x?y=1` },
    { name: 'tab inside ".."', path: `${base}/.\t./x` },
    { name: 'a broken percent-encoding', path: `${base}/x%zz` },
    { name: '".." between encoded slashes', path: `${base}/..%2F..%2Fadmin` },
    { name: 'encoded "../" in one segment', path: `${base}/%2e%2e%2fadmin` },
    { name: 'encoded backslash after ".."', path: `${base}/..%5Cadmin` },
    { name: '"..;" (a matrix parameter on "..")', path: `${base}/..;/admin` },
    { name: 'undecodable UTF-8', path: `${base}/%C0%AE%C0%AE` },
  ])('request path $name → INVALID_ARGUMENT, nothing sent', async ({ path }) => {
    const seen = watch();
    const error = await client()
      .request({ method: 'get', path })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CashierError);
    expect((error as CashierError).code).toBe('INVALID_ARGUMENT');
    expect(seen).toEqual([]);
  });

  it('an identifier of ".." cannot climb out either: getOrder("..") → INVALID_ARGUMENT', async () => {
    const seen = watch();
    const error = await createProviderApi(client().request)
      .getOrder('..')
      .catch((e: unknown) => e);
    expect((error as CashierError).code).toBe('INVALID_ARGUMENT');
    expect(seen).toEqual([]);
  });

  it.each([`${base}/orders/c%2F1/agreement`, `${base}/x.y`, `${base}/a..b`])('path %s is sent to the host', async (path) => {
    const seen = watch();
    await expect(client().request({ method: 'get', path })).resolves.toEqual({ ok: true });
    expect(seen).toEqual([{ url: `${host}${path}`, auth: token }]);
  });

  it('the axios instance never follows an absolute URL (allowAbsoluteUrls: false)', async () => {
    const seen = watch();
    const instance = createProviderAxios({ host });
    expect(instance.defaults.allowAbsoluteUrls).toBe(false);
    await instance.get('https://evil.test/x', { headers: { Authorization: token } });
    expect(seen.map((s) => new URL(s.url).origin)).toEqual([host]);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('deadlineMs %s → INVALID_ARGUMENT', async (deadlineMs) => {
    const error = await client()
      .request({ method: 'get', path: `${base}/x`, deadlineMs })
      .catch((e: unknown) => e);
    expect((error as CashierError).code).toBe('INVALID_ARGUMENT');
    expect(() => createProviderClient({ host, getAppInstance: () => token, settingsDeadlineMs: deadlineMs })).toThrow(
      /settingsDeadlineMs must be a positive number/,
    );
  });
});
