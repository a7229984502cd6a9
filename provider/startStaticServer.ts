import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { cacheStatics, compressReplies } from './deliveryPolicy';
import { listen, type RunningServer, type TlsOptions } from './listen';

/** Options of {@link startStaticServer}. */
export interface StaticServerOptions {
  /** Folder to serve; `/` is its index.html. */
  root: string;
  port: number;
  /** Default 127.0.0.1. */
  hostname?: string;
  /** Extra routes, mapped URL path → file (with extra response headers, if any) or generated body. */
  routes?: Record<string, { file: string; headers?: Record<string, string> } | { body: () => string; type: string }>;
  /**
   * Extra response headers of the folder's HTML documents (`/`, `*.html`), e.g. a
   * Content-Security-Policy as a CDN sends it. Not of `routes`: those are other pages (the bench's
   * floor frame) with headers of their own. Default none.
   */
  documentHeaders?: Record<string, string>;
  /** Serve https with this key and certificate. Default plain http. */
  tls?: TlsOptions;
  /**
   * A site's own server routes (the demo site's webhook endpoint and confirmation API), mounted
   * before the files and answered as they are: not compressed, cached or tagged. Default none.
   */
  serverRoutes?: Hono;
}

/**
 * Serves a folder (and a few named routes) on loopback; used for the frame app and the demo host.
 * Replies follow `deliveryPolicy`: gzip when accepted, content-hashed names cached for good, the rest revalidated by ETag.
 */
export function startStaticServer(options: StaticServerOptions): Promise<RunningServer> {
  const app = new Hono();
  if (options.serverRoutes) app.route('/', options.serverRoutes);
  const documentHeaders = Object.entries(options.documentHeaders ?? {});
  const isFolderDocument = (path: string) =>
    (path.endsWith('/') || path.endsWith('.html')) && !Object.hasOwn(options.routes ?? {}, path);
  // Outside cacheStatics, so that a 304 from its ETag check carries them too.
  app.use('*', compressReplies(), async (c, next) => {
    await next();
    if (documentHeaders.length === 0 || !isFolderDocument(c.req.path)) return;
    for (const [name, value] of documentHeaders) c.header(name, value);
  });
  app.use('*', cacheStatics());
  for (const [path, route] of Object.entries(options.routes ?? {})) {
    if ('file' in route) {
      const headers = Object.entries(route.headers ?? {});
      app.get(path, async (c, next) => {
        await next();
        for (const [name, value] of headers) c.res.headers.set(name, value);
      });
      app.get(path, serveStatic({ path: route.file }));
    } else {
      app.get(path, (c) => c.body(route.body(), 200, { 'Content-Type': route.type }));
    }
  }
  app.use('/*', serveStatic({ root: options.root, index: 'index.html' }));
  return listen(app, options.port, options.hostname ?? '127.0.0.1', options.tls);
}
