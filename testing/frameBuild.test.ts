import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { FRAME_BUILD_FILE, type FrameBuildRecord } from '../shared/frameBuild';
import { ProviderPaths } from '../shared/paths';
import { frameAppHandlers } from './frameAppHandlers';
import { readFrameBuild } from './frameBuild';
import { createMockProvider, MOCK_APP_INSTANCE } from './mockProvider';

// Issue 20 item 2: the mock mode works with the shipped frame out of the box. Its defaults come
// from the record the frame build writes (.vite/cashier-frame.json): the frame handlers serve at
// the compiled frame URL, the vault is the build's, and the statics are on the build's allowlist.

const HOST = 'http://127.0.0.1:4999';

/** A built frame app folder with `record` (none: a build from before the record). */
function frameDir(record?: FrameBuildRecord | string): string {
  const dir = mkdtempSync(join(tmpdir(), 'frame-build-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>frame</title>');
  mkdirSync(join(dir, '.vite'));
  if (record !== undefined)
    writeFileSync(join(dir, FRAME_BUILD_FILE), typeof record === 'string' ? record : JSON.stringify(record));
  return dir;
}

const PRODUCTION: FrameBuildRecord = {
  frameUrl: 'https://pay.cashier.example/frame/',
  staticsAllowlist: ['https://static.cashier.example', 'https://cdn.cashier.example'],
  vaultOrigin: 'https://vault.cashier.example',
};
const DEVELOPMENT: FrameBuildRecord = {
  frameUrl: 'http://127.0.0.1:4174/',
  staticsAllowlist: 'development',
  vaultOrigin: 'development',
};

const get = (handlers: Parameters<typeof getResponse>[0], url: string, init?: RequestInit) =>
  getResponse(handlers, new Request(url, init)) as Promise<Response | undefined>;

describe('readFrameBuild', () => {
  it('returns what the build compiled in, and the folder it read', () => {
    const dir = frameDir(PRODUCTION);
    expect(readFrameBuild(dir)).toEqual({ ...PRODUCTION, frameDir: dir });
  });

  it.each([
    ['no record (a build from before it)', undefined],
    ['not JSON', '{'],
    ['no frame URL', JSON.stringify({ ...DEVELOPMENT, frameUrl: '' })],
    ['an empty allowlist', JSON.stringify({ ...PRODUCTION, staticsAllowlist: [] })],
  ])('throws for %s, naming the file', (_, record) => {
    expect(() => readFrameBuild(frameDir(record))).toThrow(FRAME_BUILD_FILE);
  });

  it('refuses a folder without a built frame app with a TypeError naming frameDir', () => {
    expect(() => readFrameBuild(tmpdir())).toThrow(/frameDir/);
  });
});

describe('frameAppHandlers: frameUrl defaults to the compiled one', () => {
  it('serves the frame at the build frame URL (its folder) when frameUrl is left out', async () => {
    const handlers = frameAppHandlers({ frameDir: frameDir(PRODUCTION) });
    const document = await get(handlers, 'https://pay.cashier.example/frame/?parentOrigin=x');
    expect(await document?.text()).toContain('<title>frame</title>');
    expect(await get(handlers, 'https://pay.cashier.example/')).toBeUndefined();
    const development = frameAppHandlers({ frameDir: frameDir(DEVELOPMENT) });
    expect((await get(development, 'http://127.0.0.1:4174/'))?.status).toBe(200);
  });

  it('an explicit frameUrl wins', async () => {
    const handlers = frameAppHandlers({ frameUrl: 'http://127.0.0.1:4998/', frameDir: frameDir(PRODUCTION) });
    expect((await get(handlers, 'http://127.0.0.1:4998/'))?.status).toBe(200);
    expect(await get(handlers, 'https://pay.cashier.example/frame/')).toBeUndefined();
  });

  it('without frameUrl and without a record: a TypeError naming frameUrl', () => {
    expect(() => frameAppHandlers({ frameDir: frameDir() })).toThrow(TypeError);
    expect(() => frameAppHandlers({ frameDir: frameDir() })).toThrow(/frameUrl is required/);
  });
});

describe('createMockProvider: vaultOrigin and staticsBaseUrl default to the frame build', () => {
  it('a production build: its vault off loopback is refused, naming vaultOrigin and the opt-in', () => {
    expect(() => createMockProvider({ host: HOST, frameDir: frameDir(PRODUCTION) })).toThrow(
      new TypeError(
        'createMockProvider: vaultOrigin "https://vault.cashier.example" is not on loopback (localhost or 127.0.0.1): a request that slipped past the handlers would take test cards and MOCK_APP_INSTANCE to that real vault. Test against a development frame build (npm run build:dev), or pass allowRemoteVault: true when every request of the browser is answered by the handlers or refused (docs/integration.md "Mock mode").',
      ),
    );
    expect(() =>
      createMockProvider({ host: HOST, vaultOrigin: 'https://vault.example.com', staticsBaseUrl: `${HOST}/statics` }),
    ).toThrow(/^createMockProvider: vaultOrigin "https:\/\/vault\.example\.com" is not on loopback/);
    expect(() =>
      createMockProvider({
        host: HOST,
        vaultOrigin: 'https://vault.example.com',
        staticsBaseUrl: `${HOST}/statics`,
        allowRemoteVault: 'yes' as unknown as boolean,
      }),
    ).toThrow(/^createMockProvider: allowRemoteVault must be a boolean/);
  });

  it('a production build with allowRemoteVault: its vault, and statics on its first allowlisted origin, served by the handlers', async () => {
    const mock = createMockProvider({ host: HOST, frameDir: frameDir(PRODUCTION), allowRemoteVault: true });
    expect(mock.vaultOrigin).toBe('https://vault.cashier.example');
    expect(mock.staticsBaseUrl).toBe('https://static.cashier.example/cashier-mock');
    const settings = await get(mock.handlers, `${HOST}${ProviderPaths.widgetSettings}`, {
      headers: { Authorization: MOCK_APP_INSTANCE },
    });
    expect(await settings?.json()).toEqual({ widgetStaticsBaseUrl: 'https://static.cashier.example/cashier-mock' });
    const bundle = await get(
      mock.handlers,
      'https://static.cashier.example/cashier-mock/cashier-widget-lazy-component.bundle.min.js',
    );
    expect(bundle?.status).toBe(200);
    const tokenize = await get(mock.handlers, `https://vault.cashier.example${ProviderPaths.cardTokenization}`, {
      method: 'POST',
      headers: { Authorization: MOCK_APP_INSTANCE, 'Content-Type': 'application/json' },
      body: JSON.stringify({ holderName: 'A', number: '4242424242424242', expMonth: 1, expYear: 2040, cvc: '123' }),
    });
    expect(tokenize?.status).toBe(201);
  });

  it('a production build that pins its bundles (security review M2): statics in the pinned folder', async () => {
    const mock = createMockProvider({
      host: HOST,
      frameDir: frameDir({ ...PRODUCTION, staticsPath: '/v42/' }),
      allowRemoteVault: true,
    });
    expect(mock.staticsBaseUrl).toBe('https://static.cashier.example/v42');
    const bundle = await get(mock.handlers, 'https://static.cashier.example/v42/cashier-widget-lazy-component.bundle.min.js');
    expect(bundle?.status).toBe(200);
  });

  it('a development build: the vault two ports above its frame URL, statics under host', () => {
    const mock = createMockProvider({ host: HOST, frameDir: frameDir(DEVELOPMENT) });
    expect(mock.vaultOrigin).toBe('http://127.0.0.1:4176');
    expect(mock.staticsBaseUrl).toBe(`${HOST}/statics`);
  });

  it('explicit options win, and then no build is read', () => {
    const options = { host: HOST, vaultOrigin: 'http://127.0.0.1:5000', staticsBaseUrl: 'http://localhost:4997/cdn' };
    const mock = createMockProvider({ ...options, frameDir: frameDir(PRODUCTION) });
    expect([mock.vaultOrigin, mock.staticsBaseUrl]).toEqual(['http://127.0.0.1:5000', 'http://localhost:4997/cdn']);
    expect(createMockProvider({ ...options, frameDir: frameDir() }).vaultOrigin).toBe('http://127.0.0.1:5000');
  });

  it.each([
    [{ frameDir: frameDir() }, /vaultOrigin is required/],
    [{ frameDir: frameDir(), vaultOrigin: 'http://127.0.0.1:5000' }, /staticsBaseUrl is required/],
    [{ frameDir: frameDir({ ...DEVELOPMENT, frameUrl: 'http://127.0.0.1/' }) }, /vaultOrigin is required/],
    [{ frameDir: tmpdir() }, /vaultOrigin is required.*frameDir/],
  ])('no default to be found: a TypeError naming the option (%#)', (options, name) => {
    expect(() => createMockProvider({ host: HOST, ...options })).toThrow(TypeError);
    expect(() => createMockProvider({ host: HOST, ...options })).toThrow(name);
  });
});
