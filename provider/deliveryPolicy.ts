import type { MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';

// How the loopback servers deliver replies, the way a CDN would: text compressed when the client
// accepts it, content-hashed files cached for good, everything else revalidated by ETag.
// One policy for the provider's statics and the frame/demo static servers.

/** Cache-Control of a file whose name carries its content hash: its bytes never change under that name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of every other file: the browser may keep it but asks first (If-None-Match → 304). */
export const REVALIDATE = 'no-cache';
/** Cache-Control of API replies: never kept. */
export const NO_STORE = 'no-store';

/**
 * True when the last segment of `path` has a bundler's content hash before its extension,
 * `-<8 or more of [A-Za-z0-9_-]>.<ext>` (Vite: `index-BZqbzZ_Z.js`), whatever the folder.
 * Fixed names (`cashier-widget-lazy-component.bundle.min.js`), `index.html` and source maps
 * (`index-BZqbzZ_Z.js.map`, whose bytes are not what the hash covers) are not.
 */
export function isContentHashed(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return /-[A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/.test(name);
}

/** The Cache-Control for a static file served at URL `path` ({@link IMMUTABLE} or {@link REVALIDATE}). */
export function cacheControlFor(path: string): string {
  return isContentHashed(path) ? IMMUTABLE : REVALIDATE;
}

/**
 * Gzip (or deflate) for text replies (JS, HTML, CSS, JSON, source maps) when the request's Accept-Encoding
 * allows it, with `Vary: Accept-Encoding`: Hono's compress middleware, whose default threshold leaves
 * replies under 1 KB with a known Content-Length as they are, and which weakens an ETag it compresses.
 * Register it before (outside) {@link cacheStatics}.
 */
export function compressReplies(): MiddlewareHandler {
  return compress();
}

/**
 * For static files: a successful reply gets {@link cacheControlFor} its URL path, `Vary: Accept-Encoding`
 * and a weak ETag (Hono's etag middleware), and a matching If-None-Match is answered 304 with
 * those headers. Error replies (404, injected faults) are left uncached and untagged.
 */
export function cacheStatics(): MiddlewareHandler {
  return every(etag({ weak: true }), async (c, next) => {
    await next();
    if (!c.res.ok) return;
    c.header('Cache-Control', cacheControlFor(c.req.path));
    // Set here, inside etag, so that a 304 carries it too; compress then sees it and adds none.
    c.header('Vary', 'Accept-Encoding', { append: true });
  });
}

/** For API replies: `Cache-Control: no-store`, unless the reply (e.g. an injected fault) set its own. */
export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', NO_STORE);
  };
}
