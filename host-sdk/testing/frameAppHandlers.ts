import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { FRAME_CSP_FILE } from '../../shared/contentSecurityPolicy';

/** Options of {@link frameAppHandlers}. */
export interface FrameAppHandlersOptions {
  /**
   * The `frameUrl` the site passes to `mountCashier`, e.g. `"http://127.0.0.1:4998/"`: absolute
   * http(s). Its origin serves the frame app's files; it must be another site than the host page's
   * (a different host name, not only another port), as in production.
   */
  frameUrl: string;
  /**
   * The folder of the built frame app (`index.html` and its scripts); default the package's own
   * `dist/frame-app` (this repository: `npm run build:dev`, the development build, whose statics
   * allowlist takes any loopback http(s) origin).
   */
  frameDir?: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
};

/**
 * Where the built frame app sits beside this module: in the repository (host-sdk/testing/), then in
 * the published package (dist/testing.js or dist/<entry>/testing/index.js beside dist/frame-app).
 */
function defaultFrameDir(): string {
  const candidates = ['../../dist/frame-app', '../frame-app', '../../frame-app'].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  );
  const found = candidates.find((dir) => existsSync(resolve(dir, 'index.html')));
  if (!found) {
    throw new Error(
      `frameAppHandlers: no built frame app (index.html) in ${candidates.join(' or ')}; run npm run build:dev, or pass frameDir.`,
    );
  }
  return found;
}

/**
 * msw 2 handlers that serve the built frame app from `frameDir` at the origin of `frameUrl`
 * (issue 13 item 5: the real frame in a site's tests, no frame server): `/` and any path ending in
 * `/` are `index.html`, sent with the build's Content-Security-Policy header (as docs/deploy.md
 * asks of a CDN); other paths are files of the folder, 404 when missing or outside it. Node only
 * (it reads files). Use with `createMockProvider`'s handlers.
 * @throws TypeError naming `frameUrl` or `frameDir` when not valid; Error when no built frame app is found.
 */
export function frameAppHandlers(options: FrameAppHandlersOptions): HttpHandler[] {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('frameAppHandlers: options must be an object with frameUrl.');
  }
  let origin: string;
  try {
    const url = new URL(options.frameUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
    origin = url.origin;
  } catch {
    throw new TypeError(
      `frameAppHandlers: frameUrl must be an absolute http(s) URL, got ${String(options.frameUrl).slice(0, 100)}.`,
    );
  }
  if (
    options.frameDir !== undefined &&
    (typeof options.frameDir !== 'string' || !existsSync(resolve(options.frameDir, 'index.html')))
  ) {
    throw new TypeError(
      `frameAppHandlers: frameDir must be a folder holding the built frame app's index.html, got ${String(options.frameDir)}.`,
    );
  }
  const root = resolve(options.frameDir ?? defaultFrameDir());
  const cspFile = resolve(root, FRAME_CSP_FILE);
  const csp = existsSync(cspFile) ? readFile(cspFile, 'utf8').then((text) => text.trim()) : Promise.resolve(undefined);

  return [
    http.get(`${origin}/*`, async ({ request }) => {
      const pathname = decodeURIComponent(new URL(request.url).pathname);
      const file = resolve(root, `.${pathname.endsWith('/') ? `${pathname}index.html` : pathname}`);
      if (!file.startsWith(root + sep)) return new HttpResponse('Not found', { status: 404 });
      const body = await readFile(file).catch(() => undefined);
      if (!body) return new HttpResponse('Not found', { status: 404 });
      const headers: Record<string, string> = { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' };
      const policy = await csp;
      if (extname(file) === '.html' && policy) headers['Content-Security-Policy'] = policy;
      return new HttpResponse(body, { headers });
    }),
  ];
}
