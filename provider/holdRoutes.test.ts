import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Order, ProviderPaths } from '../shared';
import { createProviderApp, DEMO_APP_INSTANCE } from './createProviderApp';
import { startProvider } from './startProvider';

// Seat holds over HTTP (issue 24): order setup's holdSeconds, CASHIER_HOLD_SECONDS, and the Date
// header the widget in the frame reads the provider's time from.

const FRAME = 'http://127.0.0.1:4174';
const fixtures = new URL('../e2e/fixtures/statics', import.meta.url).pathname;
const options = { publicUrl: 'http://127.0.0.1:4175', frameOrigins: [FRAME], staticsDir: fixtures };
const HEADERS = { Origin: FRAME, Authorization: DEMO_APP_INSTANCE, 'Content-Type': 'application/json' };
const setupBody = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ eventId: 'riverside-jazz-night', lines: [{ ticketTypeId: 'general-admission', quantity: 1 }], ...over });
const secondsLeft = (order: Order) => Math.round((Date.parse(order.holdExpiresAt ?? '') - Date.now()) / 1000);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('order setup over HTTP', () => {
  it('answers holdExpiresAt, holdSeconds from now; GET order answers the same', async () => {
    const { app } = createProviderApp(options);
    const res = await app.request(ProviderPaths.orderSetup, {
      method: 'POST',
      headers: HEADERS,
      body: setupBody({ holdSeconds: 120 }),
    });
    expect(res.status).toBe(201);
    const order = (await res.json()) as Order;
    expect(secondsLeft(order)).toBe(120);
    const read = await app.request(ProviderPaths.order(order.id), { headers: HEADERS });
    expect(((await read.json()) as Order).holdExpiresAt).toBe(order.holdExpiresAt);
  });

  it('a bad holdSeconds → 400 INVALID_ORDER naming it', async () => {
    const { app } = createProviderApp(options);
    const res = await app.request(ProviderPaths.orderSetup, {
      method: 'POST',
      headers: HEADERS,
      body: setupBody({ holdSeconds: 0 }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: expect.stringMatching(/^holdSeconds must be/),
      details: { applicationError: { code: 'INVALID_ORDER' } },
    });
  });

  it('the default hold is CASHIER_HOLD_SECONDS, else 600', async () => {
    const holdOf = async (app: ReturnType<typeof createProviderApp>['app']) => {
      const res = await app.request(ProviderPaths.orderSetup, { method: 'POST', headers: HEADERS, body: setupBody() });
      return secondsLeft((await res.json()) as Order);
    };
    expect(await holdOf(createProviderApp(options).app)).toBe(600);
    vi.stubEnv('CASHIER_HOLD_SECONDS', '45');
    expect(await holdOf(createProviderApp(options).app)).toBe(45);
    expect(await holdOf(createProviderApp({ ...options, holdSeconds: 7 }).app)).toBe(7);
  });

  it.each(['0', 'soon', '3601'])('CASHIER_HOLD_SECONDS=%s fails the start with a message naming it', (value) => {
    vi.stubEnv('CASHIER_HOLD_SECONDS', value);
    expect(() => createProviderApp(options)).toThrow(/^CASHIER_HOLD_SECONDS must be a whole number of seconds from 1 to 3600/);
  });

  it('a bad holdSeconds option fails too', () => {
    expect(() => createProviderApp({ ...options, holdSeconds: 0 })).toThrow(TypeError);
  });
});

describe('the provider time', () => {
  it('CORS exposes Date on API replies, and the server sends it', async () => {
    const running = await startProvider({ ...options, port: 0 });
    try {
      const res = await fetch(`${running.url}${ProviderPaths.widgetSettings}`, { headers: HEADERS });
      expect(res.status).toBe(200);
      const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(/\s*,\s*/).map((h) => h.toLowerCase());
      expect(exposed).toContain('date');
      expect(Math.abs(Date.parse(res.headers.get('date') ?? '') - Date.now())).toBeLessThan(5_000);
    } finally {
      await running.close();
    }
  });
});

describe('hold extensions over HTTP (issue 37)', () => {
  const CONTROL_KEY = 'test-control-key-0123456789abcdef';
  const newOrder = async (app: ReturnType<typeof createProviderApp>['app'], over: Record<string, unknown> = {}) => {
    const res = await app.request(ProviderPaths.orderSetup, { method: 'POST', headers: HEADERS, body: setupBody(over) });
    return (await res.json()) as Order;
  };
  const extend = (app: ReturnType<typeof createProviderApp>['app'], orderId: string) =>
    app.request(ProviderPaths.holdExtensions(orderId), { method: 'POST', headers: HEADERS });

  it('POST orders/{orderId}/hold-extensions: 200 with the order twice, then 409 HOLD_NOT_EXTENDABLE in the usual error body', async () => {
    const { app } = createProviderApp(options);
    const order = await newOrder(app, { holdSeconds: 120 });
    expect(order.holdExtensions).toEqual({ count: 2, seconds: 300, remaining: 2 });
    const first = await extend(app, order.id);
    expect(first.status).toBe(200);
    expect(secondsLeft((await first.json()) as Order)).toBe(420);
    expect(((await (await extend(app, order.id)).json()) as Order).holdExtensions).toMatchObject({ remaining: 0 });
    const third = await extend(app, order.id);
    expect(third.status).toBe(409);
    expect(await third.json()).toEqual({
      message: expect.stringContaining(order.id),
      details: {
        applicationError: { code: 'HOLD_NOT_EXTENDABLE', description: expect.any(String) },
        orderId: order.id,
        reason: 'NO_EXTENSIONS_LEFT',
      },
    });
  });

  it('order setup: a bad holdExtensions → 400 INVALID_ORDER naming the field; createProviderApp refuses a bad default', async () => {
    const { app } = createProviderApp(options);
    const res = await app.request(ProviderPaths.orderSetup, {
      method: 'POST',
      headers: HEADERS,
      body: setupBody({ holdExtensions: { count: 2, seconds: 0 } }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: expect.stringMatching(/^holdExtensions\.seconds must be/),
      details: { applicationError: { code: 'INVALID_ORDER' } },
    });
    expect(() => createProviderApp({ ...options, holdExtensions: { count: 11, seconds: 300 } })).toThrow(
      /^holdExtensions\.count/,
    );
    expect(() => createProviderApp({ ...options, holdGraceMs: -1 })).toThrow(/^holdGraceMs must be/);
  });

  it('POST /__control/holds sets the default extensions and the grace limit until a reset; a bad one is 400 naming the field', async () => {
    const { app, store } = createProviderApp({ ...options, controlKey: CONTROL_KEY });
    const control = (path: string, body: unknown) =>
      app.request(`/__control/${path}`, {
        method: 'POST',
        headers: { Host: 'localhost', 'X-Cashier-Control-Key': CONTROL_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const set = await control('holds', { holdExtensions: { count: 1, seconds: 30 }, holdGraceMs: 5_000 });
    expect(await set.json()).toEqual({ holdExtensions: { count: 1, seconds: 30 }, holdGraceMs: 5_000 });
    expect((await newOrder(app)).holdExtensions).toEqual({ count: 1, seconds: 30, remaining: 1 });
    const bad = await control('holds', { holdGraceMs: 'long' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      message: expect.stringMatching(/^holdGraceMs must be/),
      details: { applicationError: { code: 'BAD_HOLD_POLICY' } },
    });
    expect((await control('holds', { graceMs: 1 })).status).toBe(400);
    await control('reset', {});
    expect(store.holdPolicy()).toEqual({ holdExtensions: { count: 2, seconds: 300 }, holdGraceMs: 900_000 });
  });
});
