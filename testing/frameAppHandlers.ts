import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { FRAME_CSP_FILE } from '../shared/contentSecurityPolicy';
import { readFrameBuild, resolveFrameDir } from './frameBuild';
import { unpinFrameDocument } from './unpinFrameDocument';

/** Options of {@link frameAppHandlers}. */
export interface FrameAppHandlersOptions {
  /**
   * Where the frame is served, e.g. `"http://127.0.0.1:4998/"`: absolute http(s). Its folder serves
   * the frame app's files; it must be another site than the host page's (a different host name,
   * not only another port), as in production. Default: the `frameUrl` the frame build compiled in
   * (`readFrameBuild(frameDir).frameUrl`), which the host SDK uses when the site passes none, so
   * the app under test needs no `frameUrl` of its own.
   */
  frameUrl?: string;
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

/** `frameUrl` as a URL when absolute http(s); else a TypeError naming it. */
function checkFrameUrl(frameUrl: unknown): URL {
  try {
    const url = new URL(String(frameUrl));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
    return url;
  } catch {
    throw new TypeError(`frameAppHandlers: frameUrl must be an absolute http(s) URL, got ${String(frameUrl).slice(0, 100)}.`);
  }
}

/** The frame URL the build in `frameDir` compiled in; a TypeError naming `frameUrl` when it has no record. */
function recordedFrameUrl(frameDir: string): URL {
  try {
    return new URL(readFrameBuild(frameDir).frameUrl);
  } catch (error) {
    throw new TypeError(
      `frameAppHandlers: frameUrl is required when the frame build does not record its own: ${(error as Error).message}`,
    );
  }
}

/**
 * msw handlers that serve the built frame app from `frameDir` under the folder of `frameUrl`
 * (default: the frame URL the build compiled in; `https://cdn.example/frame/` serves `/frame/*`),
 * so a site's tests run the real frame with no frame server: the folder and any path ending in `/`
 * are `index.html`, sent with the build's Content-Security-Policy header (as docs/deploy.md asks
 * of a CDN; a production build's bundle integrity pin left out, since the mock serves its own
 * bundle at the pinned URL: `unpinFrameDocument`); other paths are files of the folder, 404 when missing or outside it. Node only (it
 * reads files). Use with `createMockProvider`'s handlers.
 * @throws TypeError naming `frameUrl` or `frameDir` when not valid, or `frameUrl` when it is left out
 * and the build has no record of its own; Error when no built frame app is found.
 */
export function frameAppHandlers(options: FrameAppHandlersOptions = {}): HttpHandler[] {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('frameAppHandlers: options must be an object ({ frameUrl?, frameDir? }).');
  }
  const explicit = options.frameUrl === undefined ? undefined : checkFrameUrl(options.frameUrl);
  const root = resolveFrameDir(options.frameDir, 'frameAppHandlers');
  const frameUrl = explicit ?? recordedFrameUrl(root);
  // The folder is served under the frame URL's own folder: `https://cdn.example/frame/` → `/frame/*`.
  const base = `${frameUrl.origin}${frameUrl.pathname.replace(/[^/]*$/, '')}`;
  const cspFile = resolve(root, FRAME_CSP_FILE);
  const csp = existsSync(cspFile) ? readFile(cspFile, 'utf8').then((text) => text.trim()) : Promise.resolve(undefined);

  return [
    http.get(`${base}*`, async ({ request }) => {
      const pathname = `/${decodeURIComponent(new URL(request.url).pathname.slice(new URL(base).pathname.length))}`;
      const file = resolve(root, `.${pathname.endsWith('/') ? `${pathname}index.html` : pathname}`);
      if (!file.startsWith(root + sep)) return new HttpResponse('Not found', { status: 404 });
      const body = await readFile(file).catch(() => undefined);
      if (!body) return new HttpResponse('Not found', { status: 404 });
      const headers: Record<string, string> = { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' };
      if (extname(file) !== '.html') return new HttpResponse(body, { headers });
      // The mock serves its own bundle at the pinned URL: the document without the bundle's SRI pin.
      const served = unpinFrameDocument(body.toString('utf8'), await csp);
      if (served.policy) headers['Content-Security-Policy'] = served.policy;
      return new HttpResponse(served.html, { headers });
    }),
  ];
}
