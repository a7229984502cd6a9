import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEMO_FONT_FILES } from '../demo/looks';
import { createSiteServer } from '../demo/server/createSiteServer';
import { SITE_WEBHOOK_PATH } from '../demo/siteConfirmation';
import { FRAME_CSP_FILE } from '../shared/contentSecurityPolicy';
import { DEVELOPMENT_VAULT_PORT_OFFSET } from '../shared/vault';
import { DEMO_APP_INSTANCE } from './createProviderApp';
import type { RunningServer } from './listen';
import { startProvider } from './startProvider';
import { type StaticServerOptions, startStaticServer } from './startStaticServer';
import { RETURNING_BUYER_APP_INSTANCE } from './store';

/** Ports of the servers. */
export interface Ports {
  host: number;
  frame: number;
  provider: number;
  /**
   * The card vault's; default the frame's + 2 (DEVELOPMENT_VAULT_PORT_OFFSET), where a development
   * frame looks for it (shared/vault.ts). Another port needs a build with VITE_CASHIER_VAULT_ORIGIN.
   */
  vault?: number;
}

/** Default ports of `npm start`. */
export const DEFAULT_PORTS: Ports = { host: 4173, frame: 4174, provider: 4175, vault: 4176 };

/** Options of {@link startAll}. */
export interface StartAllOptions {
  /**
   * Turns on the provider's /__control fault switches for calls carrying this key in the
   * `X-Cashier-Control-Key` header (at least 32 characters); default none: no control routes.
   */
  controlKey?: string;
  /**
   * Routes added to the host and the frame servers, URL path → file or generated body; default
   * none. `npm run bench` serves its floor pages this way (e2e/bench/serveBench.ts).
   */
  extraRoutes?: { host?: StaticServerOptions['routes']; frame?: StaticServerOptions['routes'] };
}

const root = resolve(import.meta.dirname, '..');
const dist = (p: string) => resolve(root, 'dist', p);

/**
 * Starts, on loopback: the provider (API + statics) on 127.0.0.1, its card vault on 127.0.0.1
 * (an origin of its own: `ports.vault`), the frame app on 127.0.0.1 (its own site), and the demo
 * host on `localhost` (both 127.0.0.1 and ::1) with the demo site's own server routes
 * (demo/server/: the provider's signed webhooks at /webhooks/cashier, the page's confirmation at
 * /api/orders/:orderId/confirmation), under a secret key and webhook secret made at random here.
 * Throws Error when dist/ is missing (run `npm run build:dev`: the loopback development build) or a port is taken.
 */
export async function startAll(ports: Ports = DEFAULT_PORTS, { controlKey, extraRoutes = {} }: StartAllOptions = {}) {
  for (const built of [
    'frame-app/index.html',
    join('frame-app', FRAME_CSP_FILE),
    'host-sdk/cashier.iife.js',
    'cashier-widget/cashier-widget-lazy-component.bundle.min.js',
    'demo/demo.js',
  ]) {
    if (!existsSync(dist(built))) throw new Error(`dist/${built} is missing: run npm run build:dev first.`);
  }
  const providerUrl = `http://127.0.0.1:${ports.provider}`;
  const frameUrl = `http://127.0.0.1:${ports.frame}/`;
  const vaultPort = ports.vault ?? ports.frame + DEVELOPMENT_VAULT_PORT_OFFSET;
  // The demo site's server-side credentials, new at each start: a secret key per app instance the
  // demo sells with and the webhook endpoint's secret. They go to the provider and the site's
  // server only, never into demo-config.js or a page.
  const secretKeys = Object.fromEntries(
    [DEMO_APP_INSTANCE, RETURNING_BUYER_APP_INSTANCE].map((appInstance) => [
      `sk_test_${randomBytes(24).toString('hex')}`,
      appInstance,
    ]),
  );
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  const site = createSiteServer({
    providerUrl,
    secretKeys: Object.keys(secretKeys),
    webhookSecret,
    ...(controlKey === undefined ? {} : { controlKey }),
  });
  const servers: RunningServer[] = [];
  try {
    servers.push(
      await startProvider({
        port: ports.provider,
        publicUrl: providerUrl,
        // The frame calls the API; so does the demo host page (it creates the order).
        frameOrigins: [`http://127.0.0.1:${ports.frame}`, `http://localhost:${ports.host}`],
        // Card data comes from the frame alone: the demo page may not call the vault.
        vaultFrameOrigins: [`http://127.0.0.1:${ports.frame}`],
        vaultPort,
        staticsDir: dist('cashier-widget'),
        fixturesDir: resolve(root, 'e2e/fixtures/statics'),
        ...(controlKey === undefined ? {} : { controlKey }),
        secretKeys,
        webhookEndpoints: [{ url: `http://localhost:${ports.host}${SITE_WEBHOOK_PATH}`, secret: webhookSecret }],
      }),
    );
    // The frame's CSP as a response header too, as docs/deploy.md asks of a CDN (the build writes it).
    const frameCsp = readFileSync(dist(join('frame-app', FRAME_CSP_FILE)), 'utf8').trim();
    servers.push(
      await startStaticServer({
        root: dist('frame-app'),
        port: ports.frame,
        routes: extraRoutes.frame,
        documentHeaders: { 'Content-Security-Policy': frameCsp },
      }),
    );
    // returningAppInstance: the token `?buyer=returning` signs in with (a member with saved cards, issue 25).
    const demoConfig = `window.CASHIER_DEMO = ${JSON.stringify({
      host: providerUrl,
      frameUrl,
      appInstance: DEMO_APP_INSTANCE,
      returningAppInstance: RETURNING_BUYER_APP_INSTANCE,
    })};\n`;
    const demo = (file: string) => ({ file: resolve(root, 'demo', file) });
    const hostRoutes = {
      // The React checkout and the script-tag page; their scripts are dist/demo/*.js, served from the root at /demo/.
      '/': demo('index.html'),
      '/script-tag.html': demo('script-tag.html'),
      '/demo.css': demo('demo.css'),
      '/test-host.html': { file: resolve(root, 'e2e/fixtures/test-host.html') },
      // The same page under the strictest referrer policy: the iframe's own policy must still tell the frame its parent.
      '/test-host-no-referrer.html': {
        file: resolve(root, 'e2e/fixtures/test-host.html'),
        headers: { 'Referrer-Policy': 'no-referrer' },
      },
      // The same page under a CSP whose frame-src allows only the page's own origin: the frame cannot load (issue 12).
      '/test-host-frame-src-self.html': {
        file: resolve(root, 'e2e/fixtures/test-host.html'),
        headers: { 'Content-Security-Policy': "frame-src 'self'" },
      },
      '/demo-config.js': { body: () => demoConfig, type: 'text/javascript; charset=utf-8' },
      // The festival look's font files (issue 35), as a site serves them for the widget: the frame
      // is another origin, and a font is fetched with CORS.
      ...Object.fromEntries(
        Object.entries(DEMO_FONT_FILES).map(([path, file]) => [
          path,
          { file: resolve(root, 'node_modules', file), headers: { 'Access-Control-Allow-Origin': '*' } },
        ]),
      ),
      ...extraRoutes.host,
    };
    for (const hostname of ['127.0.0.1', '::1']) {
      servers.push(
        await startStaticServer({ root: dist(''), port: ports.host, hostname, routes: hostRoutes, serverRoutes: site.app }),
      );
    }
  } catch (error) {
    await Promise.all(servers.map((s) => s.close()));
    throw error;
  }
  return {
    urls: {
      host: `http://localhost:${ports.host}/`,
      frame: frameUrl,
      provider: providerUrl,
      vault: `http://127.0.0.1:${vaultPort}`,
    },
    close: () => Promise.all(servers.map((s) => s.close())).then(() => undefined),
  };
}
