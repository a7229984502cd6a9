// Serves the production build as deployed (e2e/production/deployment.ts), for the production
// browser tests: https on every site with the throwaway certificate in CASHIER_TLS_DIR, the frame's
// CSP as a response header, the host page's own CSP, CDN cache headers (provider/deliveryPolicy.ts),
// CORS on the statics. Started by playwright.config.ts; Ctrl-C or SIGTERM stops it. The API site's
// control routes, which the tests drive, need the run's key (CASHIER_CONTROL_KEY): this is a test
// of a deployment, not one to copy (docs/deploy.md).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { join, resolve } from 'node:path';
import { createSiteServer } from '../../demo/server/createSiteServer';
import type { RunningServer } from '../../provider';
import { DEMO_APP_INSTANCE, startProvider, startStaticServer } from '../../provider';
import { FRAME_CSP_FILE } from '../../shared/contentSecurityPolicy';
import { HOST_PAGE_CSP, originOf, PRODUCTION_DIST, SITES } from './deployment';

const root = resolve(import.meta.dirname, '../..');
const dist = (path: string) => resolve(root, PRODUCTION_DIST, path);
const controlKey = process.env.CASHIER_CONTROL_KEY;
if (!controlKey) throw new Error("CASHIER_CONTROL_KEY is not set: playwright.config.ts makes the run's control key");
const tlsDir = process.env.CASHIER_TLS_DIR;
if (!tlsDir) throw new Error('CASHIER_TLS_DIR is not set: playwright.config.ts makes the throwaway certificate');
const tls = {
  key: readFileSync(join(tlsDir, 'server.key'), 'utf8'),
  cert: readFileSync(join(tlsDir, 'server.pem'), 'utf8') + readFileSync(join(tlsDir, 'ca.pem'), 'utf8'),
};
const frameCsp = readFileSync(dist(join('frame-app', FRAME_CSP_FILE)), 'utf8').trim();
const statics = originOf('statics');

// The demo site's server (demo/server/) on the host site: it confirms orders with its own read
// (the server API, its secret key). No webhooks here: the provider could not reach the test names.
const secretKey = `sk_test_${randomBytes(24).toString('hex')}`;
const ca = readFileSync(join(tlsDir, 'ca.pem'), 'utf8');
/** A fetch to the API site by its name, on its loopback port, trusting the run's CA (the names resolve in Chromium only). */
const fetchApiSite = ((input: string | URL | Request, init?: RequestInit) =>
  new Promise<Response>((resolve, reject) => {
    const url = new URL(String(input));
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const call = httpsRequest(
      { host: '127.0.0.1', port: SITES.api.port, servername: SITES.api.name, path: url.pathname + url.search, headers, ca },
      (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: reply.statusCode ?? 502 })));
      },
    );
    call.on('error', reject);
    call.end();
  })) as typeof fetch;
const site = createSiteServer({
  providerUrl: originOf('api'),
  secretKeys: [secretKey],
  webhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
  fetch: fetchApiSite,
});

const servers: RunningServer[] = [];
try {
  const demoConfig = `window.CASHIER_DEMO = ${JSON.stringify({ host: originOf('api'), frameUrl: `${originOf('frame')}/`, appInstance: DEMO_APP_INSTANCE })};\n`;
  const demo = (file: string) => ({ file: resolve(root, 'demo', file) });
  servers.push(
    await startStaticServer({
      root: dist(''),
      port: SITES.host.port,
      tls,
      documentHeaders: { 'Content-Security-Policy': HOST_PAGE_CSP },
      routes: {
        '/': demo('index.html'),
        '/demo.js': { file: dist('demo/demo.js') },
        '/demo.css': demo('demo.css'),
        '/demo-config.js': { body: () => demoConfig, type: 'text/javascript; charset=utf-8' },
      },
      serverRoutes: site.app,
    }),
    await startStaticServer({
      root: dist('frame-app'),
      port: SITES.frame.port,
      tls,
      documentHeaders: { 'Content-Security-Policy': frameCsp },
    }),
    // The provider API; its widget settings name the statics site (`${publicUrl}/statics`).
    await startProvider({
      port: SITES.api.port,
      tls,
      publicUrl: statics,
      frameOrigins: [originOf('frame'), originOf('host')],
      // The card vault on its own site, the same state: it takes the frame's calls only.
      vaultFrameOrigins: [originOf('frame')],
      vaultPort: SITES.vault.port,
      // Its 3-D Secure challenge pages (nextAction.url) by the vault's name, not the loopback address it listens on.
      vaultOrigin: originOf('vault'),
      staticsDir: dist('cashier-widget'),
      // The tests' fault switches, behind the run's key: a site's deployment has no controlKey, so no control routes.
      controlKey,
      secretKeys: { [secretKey]: DEMO_APP_INSTANCE },
    }),
    // The statics site: the same server's /statics (CORS, text/javascript, ETag), nothing armed.
    await startProvider({
      port: SITES.statics.port,
      tls,
      publicUrl: statics,
      frameOrigins: [originOf('frame')],
      staticsDir: dist('cashier-widget'),
    }),
  );
  console.log(
    `production deployment on ${Object.values(SITES)
      .map((s) => `https://${s.name} → 127.0.0.1:${s.port}`)
      .join(', ')}`,
  );
} catch (error) {
  await Promise.all(servers.map((s) => s.close()));
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const stop = () => {
  Promise.all(servers.map((s) => s.close())).then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
