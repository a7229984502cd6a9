import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { FRAME_CSP_FILE } from '../shared/contentSecurityPolicy';
import { frameAppHandlers } from './frameAppHandlers';
import { createMockProvider } from './mockProvider';
import { type MockServer, startMockServer } from './startMockServer';

const FRAME = 'http://127.0.0.1:4998';

/** A built frame app folder: index.html, a script, the CSP file. */
function frameDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'frame-app-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>frame</title>');
  writeFileSync(join(dir, 'react-1.js'), 'export {};');
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, FRAME_CSP_FILE), "script-src 'self'\n");
  return dir;
}

const get = (handlers: Parameters<typeof getResponse>[0], url: string) =>
  getResponse(handlers, new Request(url)) as Promise<Response>;

describe('frameAppHandlers (issue 13 item 5)', () => {
  it('serves index.html at the frame URL with the build CSP as a header, and the scripts by type', async () => {
    const handlers = frameAppHandlers({ frameUrl: `${FRAME}/`, frameDir: frameDir() });
    const document = await get(handlers, `${FRAME}/?parentOrigin=x`);
    expect(await document.text()).toContain('<title>frame</title>');
    expect(document.headers.get('content-security-policy')).toBe("script-src 'self'");
    const script = await get(handlers, `${FRAME}/react-1.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('content-security-policy')).toBeNull();
  });

  it("serves a production frame's document without the bundle's integrity pin, its CSP hash following the import map", async () => {
    const dir = frameDir();
    const pinned = '{"imports":{"react":"./react-1.js"},"integrity":{"https://s.example/v42/b.min.js":"sha384-abc"}}';
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    writeFileSync(join(dir, 'index.html'), `<!doctype html><script type="importmap">${pinned}</script><title>frame</title>`);
    writeFileSync(join(dir, FRAME_CSP_FILE), `script-src 'self' ${hash(pinned)} 'sha256-bootstrap'\n`);
    const document = await get(frameAppHandlers({ frameUrl: `${FRAME}/`, frameDir: dir }), `${FRAME}/`);
    const html = await document.text();
    const served = /<script type="importmap">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(served)).toEqual({ imports: { react: './react-1.js' } });
    expect(html).toContain('<title>frame</title>');
    expect(document.headers.get('content-security-policy')).toBe(`script-src 'self' ${hash(served)} 'sha256-bootstrap'`);
  });

  it('answers 404 for a missing file and for a path out of the folder; nothing at other origins', async () => {
    const handlers = frameAppHandlers({ frameUrl: `${FRAME}/`, frameDir: frameDir() });
    expect((await get(handlers, `${FRAME}/nope.js`)).status).toBe(404);
    expect((await get(handlers, `${FRAME}/..%2F..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect(await getResponse(handlers, new Request('http://localhost:4998/'))).toBeUndefined();
  });

  it.each([
    [{ frameUrl: 'not a url' }, /frameUrl/],
    [{ frameUrl: 'file:///x' }, /frameUrl/],
    [{ frameUrl: `${FRAME}/`, frameDir: tmpdir() }, /frameDir/],
    [null, /options/],
  ])('refuses %j with a TypeError naming it', (options, name) => {
    expect(() => frameAppHandlers(options as never)).toThrow(TypeError);
    expect(() => frameAppHandlers(options as never)).toThrow(name);
  });
});

describe('startMockServer', () => {
  let server: MockServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('hands the handlers pushed after the start the request with its body, under its own URL', async () => {
    const handlers: Parameters<typeof getResponse>[0] = [];
    server = await startMockServer({ handlers });
    // The server plays the vault here (where Firefox's hidden bodies go on to): card tokenization answers there.
    const mock = createMockProvider({
      host: 'http://127.0.0.1:1',
      vaultOrigin: server.url,
      staticsBaseUrl: 'http://127.0.0.1:1/statics',
    });
    handlers.push(...mock.handlers);
    const response = await fetch(`${server.url}/_serverless/payments-checkout-server/card-tokenization`, {
      method: 'POST',
      headers: { Authorization: 'mock-app-instance', 'Content-Type': 'application/json' },
      body: JSON.stringify({ holderName: 'A', number: '4242424242424242', expMonth: 1, expYear: 2040, cvc: '123' }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ last4: '4242' });
    expect((await fetch(`${server.url}/elsewhere`)).status).toBe(404);
  });

  it('refuses bad options with a TypeError naming them', async () => {
    await expect(startMockServer({ handlers: 'x' } as never)).rejects.toThrow(/handlers/);
    await expect(startMockServer({ handlers: [], port: 70_000 })).rejects.toThrow(/port/);
  });
});
