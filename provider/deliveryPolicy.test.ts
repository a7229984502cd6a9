import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  cacheStatics,
  compressReplies,
  IMMUTABLE,
  isContentHashed,
  noStore,
  REVALIDATE,
} from './deliveryPolicy';

describe('isContentHashed', () => {
  it.each([
    { path: '/assets/index-BZqbzZ_Z.js', hashed: true },
    { path: '/index-BZqbzZ_Z.js', hashed: true },
    { path: '/index-Ab-d_f12.css', hashed: true },
    { path: '/chunk-0123456789abcdef.js', hashed: true },
    { path: '/', hashed: false },
    { path: '/index.html', hashed: false },
    { path: '/statics/cashier-widget-lazy-component.bundle.min.js', hashed: false },
    { path: '/statics/cashier-widget-lazy-component.bundle.js', hashed: false },
    { path: '/statics/cashier-widget-lazy-component.bundle.js.map', hashed: false },
    { path: '/assets/index-BZqbzZ_Z.js.map', hashed: false },
    { path: '/assets-BZqbzZ_Z/index.js', hashed: false },
    { path: '/index-BZqbzZ_.js', hashed: false },
    { path: '/demo-config.js', hashed: false },
    { path: '/test-host.html', hashed: false },
  ])('$path → $hashed', ({ path, hashed }) => {
    expect(isContentHashed(path)).toBe(hashed);
    expect(cacheControlFor(path)).toBe(hashed ? IMMUTABLE : REVALIDATE);
  });
});

const text = 'export const line = "a buyer on a phone";\n'.repeat(100);

function app() {
  const a = new Hono();
  a.use('*', compressReplies(), cacheStatics());
  a.get('/index.html', (c) => c.body(text, 200, { 'Content-Type': 'text/html; charset=utf-8' }));
  a.get('/index-BZqbzZ_Z.js', (c) => c.body(text, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  a.get('/tiny.js', (c) => c.body('x', 200, { 'Content-Type': 'text/javascript', 'Content-Length': '1' }));
  a.get('/broken.js', (c) => c.body('nope', 500, { 'Content-Type': 'text/plain' }));
  return a;
}

describe('cacheStatics with compressReplies', () => {
  it('gzips text when the request accepts gzip, and says it varies by Accept-Encoding', async () => {
    const res = await app().request('/index.html', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(text);
  });

  it('sends identity when the request does not accept an encoding', async () => {
    const res = await app().request('/index.html');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(await res.text()).toBe(text);
  });

  it('leaves a reply under the threshold uncompressed', async () => {
    const res = await app().request('/tiny.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('x');
  });

  it.each([
    { path: '/index.html', cacheControl: REVALIDATE },
    { path: '/index-BZqbzZ_Z.js', cacheControl: IMMUTABLE },
  ])('$path: Cache-Control $cacheControl and a weak ETag, compressed or not', async ({ path, cacheControl }) => {
    const plain = await app().request(path);
    const gzipped = await app().request(path, { headers: { 'Accept-Encoding': 'gzip' } });
    for (const res of [plain, gzipped]) {
      expect(res.headers.get('cache-control')).toBe(cacheControl);
      expect(res.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+"$/);
    }
    expect(gzipped.headers.get('etag')).toBe(plain.headers.get('etag'));
  });

  it('answers 304 with no body to a matching If-None-Match, keeping ETag, Cache-Control and Vary', async () => {
    const first = await app().request('/index.html', { headers: { 'Accept-Encoding': 'gzip' } });
    const tag = first.headers.get('etag') ?? 'missing';
    const res = await app().request('/index.html', { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': tag } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe('');
    expect(res.headers.get('etag')).toBe(tag);
    expect(res.headers.get('cache-control')).toBe(REVALIDATE);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const stale = await app().request('/index.html', { headers: { 'If-None-Match': 'W/"0000"' } });
    expect(stale.status).toBe(200);
  });

  it('leaves an error reply without Cache-Control or ETag', async () => {
    const res = await app().request('/broken.js');
    expect(res.status).toBe(500);
    expect(res.headers.get('cache-control')).toBeNull();
    expect(res.headers.get('etag')).toBeNull();
  });
});

describe('noStore', () => {
  it('marks a reply no-store unless it set its own Cache-Control', async () => {
    const a = new Hono();
    a.use('*', noStore());
    a.get('/api', (c) => c.json({ ok: true }));
    a.get('/own', (c) => c.json({ ok: true }, 200, { 'Cache-Control': 'max-age=5' }));
    expect((await a.request('/api')).headers.get('cache-control')).toBe('no-store');
    expect((await a.request('/own')).headers.get('cache-control')).toBe('max-age=5');
  });
});
