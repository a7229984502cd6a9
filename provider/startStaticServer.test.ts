import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './listen';
import { startStaticServer } from './startStaticServer';

// A real server on a free port, fetched as a browser would (fetch decodes gzip itself; the
// Content-Encoding header still tells what went over the wire).

const html = `<!doctype html><title>frame</title>${'<p>a buyer on a phone</p>'.repeat(60)}`;
const js = 'export const line = "a buyer on a phone";\n'.repeat(100);
const root = mkdtempSync(join(tmpdir(), 'static-server-'));
let server: RunningServer;

beforeAll(async () => {
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), html);
  writeFileSync(join(root, 'assets/index-BZqbzZ_Z.js'), js);
  writeFileSync(join(root, 'index-Cx9_k-2q.js'), js);
  writeFileSync(join(root, 'demo.js'), js);
  server = await startStaticServer({
    root,
    port: 0,
    routes: {
      '/named.js': { file: join(root, 'demo.js') },
      '/strict.html': { file: join(root, 'index.html'), headers: { 'Referrer-Policy': 'no-referrer' } },
      '/config.js': { body: () => js, type: 'text/javascript' },
    },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const gzip = { 'Accept-Encoding': 'gzip, deflate, br' };

describe('startStaticServer delivery', () => {
  it.each([
    { path: '/', cacheControl: 'no-cache', body: html },
    { path: '/index.html', cacheControl: 'no-cache', body: html },
    { path: '/assets/index-BZqbzZ_Z.js', cacheControl: 'public, max-age=31536000, immutable', body: js },
    { path: '/index-Cx9_k-2q.js', cacheControl: 'public, max-age=31536000, immutable', body: js },
    { path: '/named.js', cacheControl: 'no-cache', body: js },
    { path: '/config.js', cacheControl: 'no-cache', body: js },
  ])('$path: gzip when asked, Cache-Control $cacheControl, ETag', async ({ path, cacheControl, body }) => {
    const res = await fetch(`${server.url}${path}`, { headers: gzip });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe(cacheControl);
    expect(res.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+"$/);
    expect(await res.text()).toBe(body);
  });

  it('adds the headers a file route names, and only to that route', async () => {
    for (const headers of [gzip, { 'Accept-Encoding': 'identity' }]) {
      const res = await fetch(`${server.url}/strict.html`, { headers });
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(await res.text()).toBe(html);
    }
    expect((await fetch(`${server.url}/index.html`)).headers.get('referrer-policy')).toBeNull();
  });

  it('sends identity with its length when no encoding is accepted', async () => {
    const res = await fetch(`${server.url}/`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(html)));
    expect(await res.text()).toBe(html);
  });

  it('answers 304 to If-None-Match on / (index.html)', async () => {
    const tag = (await fetch(`${server.url}/`, { headers: gzip })).headers.get('etag') ?? 'missing';
    const res = await fetch(`${server.url}/`, { headers: { ...gzip, 'If-None-Match': tag } });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(tag);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('a missing file is a 404 without Cache-Control', async () => {
    const res = await fetch(`${server.url}/assets/gone-BZqbzZ_Z.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBeNull();
  });
});

describe('startStaticServer documentHeaders (a CDN sending the frame CSP as a header)', () => {
  let csp: RunningServer;
  const policy = "script-src 'self'; object-src 'none'";
  beforeAll(async () => {
    csp = await startStaticServer({
      root,
      port: 0,
      documentHeaders: { 'Content-Security-Policy': policy },
      routes: { '/bench/floor.html': { file: join(root, 'index.html') } },
    });
  });
  afterAll(async () => csp.close());

  it.each([
    { path: '/', expected: policy },
    { path: '/index.html', expected: policy },
    { path: '/index-Cx9_k-2q.js', expected: null },
    // A named route is another page (the bench's floor frame, with its own inline script).
    { path: '/bench/floor.html', expected: null },
  ])('$path → Content-Security-Policy $expected', async ({ path, expected }) => {
    const res = await fetch(`${csp.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(expected);
  });

  it('a 304 revalidation of the document keeps the header', async () => {
    const first = await fetch(`${csp.url}/`);
    const again = await fetch(`${csp.url}/`, { headers: { 'If-None-Match': first.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBe(policy);
  });
});
