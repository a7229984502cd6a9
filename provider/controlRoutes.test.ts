import { afterEach, describe, expect, it } from 'vitest';
import { ProviderPaths } from '../shared';
import { CONTROL_KEY_HEADER, MIN_CONTROL_KEY_LENGTH } from './controlRoutes';
import { createProviderApp, DEMO_APP_INSTANCE } from './createProviderApp';
import { startProvider } from './startProvider';

// The control routes need the key (issue 19 item 3): a loopback Host is not enough, since a plain
// client or a same-machine reverse proxy sends one too.

const FRAME = 'http://127.0.0.1:4174';
const KEY = 'a-random-control-key-0123456789abcdef';
const fixtures = new URL('../e2e/fixtures/statics', import.meta.url).pathname;
const settingsPath = ProviderPaths.widgetSettings;
const options = { publicUrl: 'http://127.0.0.1:4175', frameOrigins: [FRAME], staticsDir: fixtures, controlKey: KEY };

/** A control call in process, with a loopback Host (`localhost`: the in-process URL's) and `key` when given. */
const control = (app: ReturnType<typeof createProviderApp>['app'], path: string, key?: string, body?: unknown) =>
  app.request(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Host: 'localhost',
      'Content-Type': 'application/json',
      ...(key === undefined ? {} : { [CONTROL_KEY_HEADER]: key }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const settings = (app: ReturnType<typeof createProviderApp>['app'], token = DEMO_APP_INSTANCE) =>
  app.request(settingsPath, { headers: { Authorization: token } });

describe('control key', () => {
  it.each([
    { name: 'no key', key: undefined, status: 403 },
    { name: 'a wrong key of the same length', key: KEY.replace('a', 'b'), status: 403 },
    { name: 'a prefix of the key', key: KEY.slice(0, -1), status: 403 },
    { name: 'the key and more', key: `${KEY}x`, status: 403 },
    { name: 'the key', key: KEY, status: 200 },
  ])('$name with a loopback Host → $status', async ({ key, status }) => {
    const { app } = createProviderApp(options);
    const res = await control(app, '/__control/requests', key);
    expect(res.status).toBe(status);
    if (status === 403) {
      expect(await res.json()).toMatchObject({
        details: { applicationError: { code: 'CONTROL_KEY_REQUIRED', description: expect.stringContaining(CONTROL_KEY_HEADER) } },
      });
    }
  });

  it('a control call without the key changes nothing: no fault, override, token or reset takes effect', async () => {
    const { app, state } = createProviderApp(options);
    await control(app, '/__control/settings', KEY, { devMode: true });
    for (const key of [undefined, 'wrong-key-wrong-key-wrong-key-wrong']) {
      expect((await control(app, '/__control/faults', key, { path: settingsPath, status: 500 })).status).toBe(403);
      expect((await control(app, '/__control/app-instances', key, { add: ['intruder'] })).status).toBe(403);
      expect((await control(app, '/__control/settings', key, { devMode: false })).status).toBe(403);
      expect((await control(app, '/__control/reset', key, {})).status).toBe(403);
      expect((await control(app, '/__control/charges', key)).status).toBe(403);
    }
    expect(state.faults).toEqual([]);
    expect((await settings(app, 'intruder')).status).toBe(401);
    expect(await (await settings(app)).json()).toMatchObject({ devMode: true });
  });

  it('a key shorter than the minimum is refused when the provider is made', () => {
    expect(() => createProviderApp({ ...options, controlKey: 'x'.repeat(MIN_CONTROL_KEY_LENGTH - 1) })).toThrow(TypeError);
  });

  it('without a controlKey there are no control routes, key or not', async () => {
    const { controlKey: _controlKey, ...withoutKey } = options;
    const { app } = createProviderApp(withoutKey);
    expect((await control(app, '/__control/faults', KEY, { path: settingsPath, status: 500 })).status).toBe(404);
    expect((await settings(app)).status).toBe(200);
  });

  describe('on a real server: the loopback Host a reverse proxy forwards is not enough', () => {
    let close: (() => Promise<void>) | undefined;
    afterEach(async () => close?.());

    it('127.0.0.1:<port> without the key → 403 and nothing armed; with it → 200', async () => {
      const running = await startProvider({ ...options, port: 0 });
      close = running.close;
      const arm = (headers: Record<string, string>) =>
        fetch(`${running.url}/__control/faults`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify({ path: settingsPath, status: 500 }),
        });
      expect((await arm({})).status).toBe(403);
      expect((await fetch(`${running.url}${settingsPath}`, { headers: { Authorization: DEMO_APP_INSTANCE } })).status).toBe(200);
      expect((await arm({ [CONTROL_KEY_HEADER]: KEY })).status).toBe(200);
      expect((await fetch(`${running.url}${settingsPath}`, { headers: { Authorization: DEMO_APP_INSTANCE } })).status).toBe(500);
    });
  });
});
