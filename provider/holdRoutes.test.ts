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
