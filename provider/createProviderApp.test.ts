import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ProviderPaths } from '../shared';
import { CONTROL_KEY_HEADER } from './controlRoutes';
import { createProviderApp, DEMO_APP_INSTANCE } from './createProviderApp';
import { startProvider } from './startProvider';
import { tokenFingerprint } from './store';

const FRAME = 'http://127.0.0.1:4174';
const settingsPath = ProviderPaths.widgetSettings;
const fixtures = new URL('../e2e/fixtures/statics', import.meta.url).pathname;

/** The control key these tests run the provider with. */
const KEY = 'test-control-key-0123456789abcdef';
const WITH_KEY = { [CONTROL_KEY_HEADER]: KEY };

function provider(control = true) {
  return createProviderApp({
    publicUrl: 'http://127.0.0.1:4175',
    frameOrigins: [FRAME],
    staticsDir: fixtures,
    fixturesDir: fixtures,
    ...(control ? { controlKey: KEY } : {}),
  });
}
const get = (app: ReturnType<typeof provider>['app'], path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: { Origin: FRAME, ...headers } });
/** In process the request URL is http://localhost/…, so a control call's loopback Host is `localhost` (port 80); and the key. */
const CONTROL_HOST = { Host: 'localhost', ...WITH_KEY };
const post = (app: ReturnType<typeof provider>['app'], path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...CONTROL_HOST, ...headers },
  });

/** The provider with its control API on a real server on a free port (the tests that need sockets). */
const startWithControl = () =>
  startProvider({ port: 0, publicUrl: 'http://127.0.0.1:0', frameOrigins: [FRAME], staticsDir: fixtures, controlKey: KEY });

describe('widget settings route', () => {
  it.each([
    { name: 'known token', token: DEMO_APP_INSTANCE, status: 200 },
    { name: 'unknown token', token: 'nope', status: 401 },
    { name: 'no token', token: undefined, status: 401 },
  ])('$name → $status', async ({ token, status }) => {
    const { app } = provider();
    const res = await get(app, settingsPath, token ? { Authorization: token } : {});
    expect(res.status).toBe(status);
    const body = await res.json();
    if (status === 200) expect(body).toEqual({ widgetStaticsBaseUrl: 'http://127.0.0.1:4175/statics' });
    else expect(body).toMatchObject({ details: { applicationError: { code: 'UNAUTHORIZED' } } });
    expect(res.headers.get('access-control-allow-origin')).toBe(FRAME);
    expect(res.headers.get('connection')).toBe('close');
  });

  it('answers a CORS preflight for the frame origin, with Authorization allowed', async () => {
    const { app } = provider();
    const res = await app.request(settingsPath, {
      method: 'OPTIONS',
      headers: { Origin: FRAME, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(FRAME);
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it('gives no CORS grant to another origin', async () => {
    const { app } = provider();
    const res = await app.request(settingsPath, {
      headers: { Origin: 'https://evil.example', Authorization: DEMO_APP_INSTANCE },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('merges settings overrides, and reset clears them', async () => {
    const { app } = provider();
    await post(app, '/__control/settings', { devMode: true });
    expect(await (await get(app, settingsPath, { Authorization: DEMO_APP_INSTANCE })).json()).toMatchObject({ devMode: true });
    await post(app, '/__control/reset', {});
    expect(await (await get(app, settingsPath, { Authorization: DEMO_APP_INSTANCE })).json()).not.toHaveProperty('devMode');
  });

  it('accepts app instances added through control', async () => {
    const { app } = provider();
    await post(app, '/__control/app-instances', { add: ['fresh-token'] });
    expect((await get(app, settingsPath, { Authorization: 'fresh-token' })).status).toBe(200);
  });
});

describe('fault switches', () => {
  it('plays faults in order, `times` each, then answers normally', async () => {
    const { app } = provider();
    await post(app, '/__control/faults', { path: settingsPath, status: 500, times: 2 });
    await post(app, '/__control/faults', { path: settingsPath, status: 429, headers: { 'Retry-After': '1' } });
    const statuses: (number | string | null)[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await get(app, settingsPath, { Authorization: DEMO_APP_INSTANCE });
      statuses.push(res.status === 429 ? `${res.status} retry-after ${res.headers.get('retry-after')}` : res.status);
    }
    expect(statuses).toEqual([500, 500, '429 retry-after 1', 200]);
  });

  it('a fault reply still carries CORS headers so the frame can read it', async () => {
    const { app } = provider();
    await post(app, '/__control/faults', { path: settingsPath, status: 503 });
    const res = await get(app, settingsPath);
    expect(res.status).toBe(503);
    expect(res.headers.get('access-control-allow-origin')).toBe(FRAME);
    expect(await res.json()).toMatchObject({ details: { applicationError: { code: 'HTTP_503' } } });
  });

  it('a fault for another method does not apply', async () => {
    const { app } = provider();
    await post(app, '/__control/faults', { path: settingsPath, method: 'POST', status: 500 });
    expect((await get(app, settingsPath, { Authorization: DEMO_APP_INSTANCE })).status).toBe(200);
  });

  it('a fault for one app instance hits only requests carrying that token (by fingerprint)', async () => {
    const { app } = provider();
    await post(app, '/__control/app-instances', { add: ['second-token'] });
    await post(app, '/__control/faults', { path: settingsPath, status: 500, tokenFingerprint: tokenFingerprint('second-token') });
    expect((await get(app, settingsPath, { Authorization: DEMO_APP_INSTANCE })).status).toBe(200);
    expect((await get(app, settingsPath)).status).toBe(401);
    expect((await get(app, settingsPath, { Authorization: 'second-token' })).status).toBe(500);
    expect((await get(app, settingsPath, { Authorization: 'second-token' })).status).toBe(200);
  });

  it('rejects a fault without a path', async () => {
    const { app } = provider();
    expect((await post(app, '/__control/faults', { status: 500 })).status).toBe(400);
  });

  it('refuses control calls that are not JSON (a cross-site form or text/plain POST needs no preflight)', async () => {
    const { app } = provider();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await app.request('/__control/faults', {
        method: 'POST',
        body: JSON.stringify({ path: settingsPath, status: 500 }),
        headers: { 'Content-Type': type, ...CONTROL_HOST },
      });
      expect(res.status).toBe(415);
    }
    expect((await get(app, settingsPath, { Authorization: DEMO_APP_INSTANCE })).status).toBe(200);
  });

  it('control routes are off unless enabled', async () => {
    const { app } = provider(false);
    expect((await post(app, '/__control/faults', { path: settingsPath, status: 500 })).status).toBe(404);
    expect((await get(app, settingsPath, { Authorization: DEMO_APP_INSTANCE })).status).toBe(200);
  });

  it('records requests with method, path, query and a fingerprint of Authorization; control calls are not recorded', async () => {
    const { app } = provider();
    await get(app, `${settingsPath}?msid=abc`, { Authorization: DEMO_APP_INSTANCE });
    await app.request('/__control/charges', { headers: CONTROL_HOST });
    const res = await app.request(`/__control/requests?path=${encodeURIComponent(settingsPath)}`, { headers: CONTROL_HOST });
    const recorded = (await res.json()) as { method: string; path: string; query: object; tokenFingerprint: string }[];
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      method: 'GET',
      path: settingsPath,
      query: { msid: 'abc' },
      tokenFingerprint: tokenFingerprint(DEMO_APP_INSTANCE),
    });
    expect((await (await app.request('/__control/requests', { headers: CONTROL_HOST })).json()) as unknown[]).toHaveLength(1);
  });

  it('numbers the records (seq) and serves only the newer ones with ?after=', async () => {
    const { app } = provider();
    for (const msid of ['a', 'b', 'c']) await get(app, `${settingsPath}?msid=${msid}`, { Authorization: DEMO_APP_INSTANCE });
    const read = async (query: string) =>
      (await (await app.request(`/__control/requests${query}`, { headers: CONTROL_HOST })).json()) as {
        seq: number;
        query: { msid: string };
      }[];
    expect((await read('')).map((r) => [r.seq, r.query.msid])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    expect((await read('?after=1')).map((r) => r.query.msid)).toEqual(['b', 'c']);
    expect(await read('?after=3')).toEqual([]);
    expect((await app.request('/__control/requests?after=x', { headers: CONTROL_HOST })).status).toBe(400);
  });

  it('never records the raw token, known or not, in any field', async () => {
    const { app } = provider();
    const tokens = [DEMO_APP_INSTANCE, 'a-secret-app-instance-0123456789'];
    for (const token of tokens) {
      await get(app, settingsPath, { Authorization: token });
      await app.request(settingsPath, { method: 'OPTIONS', headers: { Origin: FRAME, Authorization: token } });
    }
    await get(app, settingsPath);
    const log = await (await app.request('/__control/requests', { headers: CONTROL_HOST })).text();
    for (const token of tokens) expect(log).not.toContain(token);
    const recorded = JSON.parse(log) as { tokenFingerprint: string | null }[];
    expect(recorded.map((r) => r.tokenFingerprint)).toEqual([
      ...tokens.flatMap((token) => [tokenFingerprint(token), tokenFingerprint(token)]),
      null,
    ]);
  });
});

describe('control calls answer a loopback Host only (DNS rebinding)', () => {
  it.each([
    { host: 'evil.example', status: 403 },
    { host: 'evil.example:80', status: 403 },
    { host: 'localhost:8080', status: 403 },
    { host: undefined, status: 403 },
    { host: 'localhost', status: 200 },
    { host: 'localhost:80', status: 200 },
    { host: '127.0.0.1', status: 200 },
    { host: '[::1]', status: 200 },
  ])('in process (http://localhost/…): Host $host → $status', async ({ host, status }) => {
    const { app } = provider();
    const res = await app.request('/__control/requests', {
      headers: host === undefined ? WITH_KEY : { Host: host, ...WITH_KEY },
    });
    expect(res.status).toBe(status);
    if (status === 403)
      expect(await res.json()).toMatchObject({ details: { applicationError: { code: 'LOOPBACK_HOST_REQUIRED' } } });
  });

  it('a POST with a foreign Host is refused before it arms anything, JSON or not', async () => {
    const { app } = provider();
    for (const type of ['application/json', 'text/plain']) {
      const res = await post(
        app,
        '/__control/faults',
        { path: settingsPath, status: 500 },
        { Host: 'evil.example', 'Content-Type': type },
      );
      expect(res.status).toBe(403);
    }
    expect((await post(app, '/__control/reset', {}, { Host: 'evil.example' })).status).toBe(403);
    expect((await get(app, settingsPath, { Authorization: DEMO_APP_INSTANCE })).status).toBe(200);
  });

  describe("on a real server (the port is the socket's)", () => {
    let close: (() => Promise<void>) | undefined;
    afterEach(async () => close?.());

    it("Host evil.example → 403 naming why; 127.0.0.1, localhost and [::1] with the server's port → 200; another port → 403", async () => {
      const running = await startWithControl();
      close = running.close;
      const port = Number(new URL(running.url).port);
      const requests = `${running.url}/__control/requests`;
      const refused = await rawRequest(requests, 'evil.example');
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body)).toMatchObject({
        details: { applicationError: { code: 'LOOPBACK_HOST_REQUIRED', description: expect.stringContaining('evil.example') } },
      });
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
        expect((await rawRequest(requests, host)).status, host).toBe(200);
      }
      for (const host of [`evil.example:${port}`, `127.0.0.1:${port + 1}`, '127.0.0.1']) {
        expect((await rawRequest(requests, host)).status, host).toBe(403);
      }
      const armed = await rawRequest(`${running.url}/__control/faults`, `evil.example:${port}`, {
        method: 'POST',
        body: JSON.stringify({ path: settingsPath, status: 500 }),
      });
      expect(armed.status).toBe(403);
      expect((await fetch(`${running.url}${settingsPath}`, { headers: { Authorization: DEMO_APP_INSTANCE } })).status).toBe(200);
    });
  });
});

/** A request through node:http, which sends the `Host` given (fetch sends the URL's). */
function rawRequest(url: string, host: string, { method = 'GET', body }: { method?: string; body?: string } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const headers: Record<string, string> = { Host: host, ...WITH_KEY, ...(body ? { 'Content-Type': 'application/json' } : {}) };
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('statics', () => {
  it('serves a bundle as JavaScript with a public CORS grant; a missing file is 404', async () => {
    const { app } = provider();
    const res = await app.request('/fixtures/mount-throws/cashier-widget-lazy-component.bundle.min.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toContain('export function mount');
    expect((await app.request('/statics/nothing-here.js')).status).toBe(404);
  });
});

describe('statics delivery (compression, caching)', () => {
  const bundlePath = '/statics/cashier-widget-lazy-component.bundle.min.js';
  const bundle = 'export function mount() { return "a buyer on a phone"; }\n'.repeat(100);
  const staticsDir = mkdtempSync(join(tmpdir(), 'provider-statics-'));
  writeFileSync(join(staticsDir, 'cashier-widget-lazy-component.bundle.min.js'), bundle);
  afterAll(() => rmSync(staticsDir, { recursive: true, force: true }));
  const app = () =>
    createProviderApp({ publicUrl: 'http://127.0.0.1:4175', frameOrigins: [FRAME], staticsDir, controlKey: KEY }).app;

  it('gzips the bundle when asked, keeping CORS, text/javascript and Connection: close', async () => {
    const res = await app().request(bundlePath, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('connection')).toBe('close');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(bundle);
  });

  it('sends the bundle as it is when not asked, with no-cache and an ETag', async () => {
    const res = await app().request(bundlePath);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+"$/);
    expect(await res.text()).toBe(bundle);
  });

  it('answers 304 to a matching If-None-Match, still CORS, text/javascript and Connection: close', async () => {
    const tag = (await app().request(bundlePath, { headers: { 'Accept-Encoding': 'gzip' } })).headers.get('etag') ?? 'missing';
    const res = await app().request(bundlePath, { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': tag } });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(tag);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('connection')).toBe('close');
  });

  it('revalidates the fixtures too', async () => {
    const res = await provider().app.request('/fixtures/mount-throws/cashier-widget-lazy-component.bundle.min.js');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toMatch(/^W\//);
  });

  it('a 500 fault on the bundle still answers 500, even to a revalidation, uncached and untagged', async () => {
    const a = app();
    const tag = (await a.request(bundlePath)).headers.get('etag') ?? 'missing';
    await post(a, '/__control/faults', { path: bundlePath, status: 500 });
    const res = await a.request(bundlePath, { headers: { 'If-None-Match': tag } });
    expect(res.status).toBe(500);
    expect(res.headers.get('cache-control')).toBeNull();
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect((await a.request(bundlePath, { headers: { 'If-None-Match': tag } })).status).toBe(304);
  });

  it('API replies are no-store', async () => {
    const res = await get(app(), settingsPath, { Authorization: DEMO_APP_INSTANCE });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('dropped connection (real server)', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('drop: true destroys the socket without a reply, then the next request is answered', async () => {
    const running = await startWithControl();
    close = running.close;
    await fetch(`${running.url}/__control/faults`, {
      method: 'POST',
      body: JSON.stringify({ path: settingsPath, drop: true }),
      headers: { 'Content-Type': 'application/json', ...WITH_KEY },
    });
    await expect(fetch(`${running.url}${settingsPath}`, { headers: { Authorization: DEMO_APP_INSTANCE } })).rejects.toThrow();
    const next = await fetch(`${running.url}${settingsPath}`, { headers: { Authorization: DEMO_APP_INSTANCE } });
    expect(next.status).toBe(200);
  });

  it('drop: true on the bundle destroys the socket even when the request asks for gzip and revalidates', async () => {
    const running = await startWithControl();
    close = running.close;
    const bundle = `${running.url}/statics/mount-throws/cashier-widget-lazy-component.bundle.min.js`;
    const tag = (await fetch(bundle)).headers.get('etag') ?? 'missing';
    await fetch(`${running.url}/__control/faults`, {
      method: 'POST',
      body: JSON.stringify({ path: new URL(bundle).pathname, drop: true }),
      headers: { 'Content-Type': 'application/json', ...WITH_KEY },
    });
    const headers = { 'Accept-Encoding': 'gzip', 'If-None-Match': tag };
    await expect(fetch(bundle, { headers })).rejects.toThrow();
    expect((await fetch(bundle, { headers })).status).toBe(304);
  });
});
