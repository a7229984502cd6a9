import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { hostResolverRules, originOf, PRODUCTION_DIST, SITES } from './e2e/production/deployment';
import { createTestTls } from './e2e/production/tls';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './e2e/support/chromium';
import { FIREFOX_CHANNEL, FIREFOX_EXECUTABLE, FIREFOX_PREFS } from './e2e/support/firefox';
import { E2E_PORTS, HOST_ORIGIN, PROVIDER_ORIGIN } from './e2e/support/origins';
import { BUNDLE_FILE_MIN } from './shared/constants';

// The production project needs the production build (tsx e2e/production/build.ts; npm test makes
// it); without it the other projects still run, and the production tests say what is missing.
const productionBuilt = existsSync(resolve(import.meta.dirname, PRODUCTION_DIST, 'frame-app/index.html'));

// The production project's TLS: a throwaway CA and certificate made once per run, here in the
// runner; the workers, which load this file again, inherit the folder and the key's hash.
if (!process.env.CASHIER_TLS_DIR) {
  const tls = createTestTls(Object.values(SITES).map((site) => site.name));
  process.env.CASHIER_TLS_DIR = tls.dir;
  process.env.CASHIER_TLS_SPKI = tls.spkiHash;
}
// The provider's control key for this run (X-Cashier-Control-Key), made once here like the TLS
// folder: the servers get it in their environment, the workers (ProviderControl) inherit it.
process.env.CASHIER_CONTROL_KEY ||= randomBytes(32).toString('hex');

/**
 * Browser tests: every spec runs once per engine, in Debian's Chromium and Debian's Firefox ESR
 * (see TOOLCHAIN.md), the host page on http://localhost:4273 and the frame on
 * http://127.0.0.1:4274 (different sites), the provider on http://127.0.0.1:4275
 * (CASHIER_E2E_PORT_BASE moves all three). One worker: the provider's fault switches are global,
 * so the projects run one after the other against the same servers.
 * e2e/chaos.spec.ts (the seeded chaos run, 50 mounts of one seed) runs in Chromium only.
 * The examples' specs (examples/site-checkout/: a site's own tests against the mock mode, issue
 * 13) run in both engines too; msw handlers serve their pages, frame and provider, not these servers.
 * The `production` project runs e2e/production/ in Chromium against the production build as
 * deployed (e2e/production/deployment.ts): five https sites with their own names, mapped to
 * loopback ports by --host-resolver-rules, whose certificate Chromium accepts by its key hash.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 8_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: HOST_ORIGIN,
    trace: 'off',
  },
  projects: [
    {
      name: 'chromium',
      // e2e/ and the example host tests (examples/*/: a site's own tests against the mock mode, issue 13).
      testDir: '.',
      testMatch: ['e2e/**/*.spec.ts', 'examples/*/*.spec.ts'],
      testIgnore: 'e2e/production/**',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: CHROMIUM_EXECUTABLE,
          args: [...CHROMIUM_ARGS],
        },
      },
    },
    {
      name: 'firefox',
      // The chaos run (issue 12) is specified for Chromium: one engine is enough to run its seed.
      testDir: '.',
      testMatch: ['e2e/**/*.spec.ts', 'examples/*/*.spec.ts'],
      testIgnore: ['e2e/production/**', 'e2e/chaos.spec.ts'],
      use: {
        browserName: 'firefox',
        channel: FIREFOX_CHANNEL,
        headless: true,
        launchOptions: {
          executablePath: FIREFOX_EXECUTABLE,
          firefoxUserPrefs: { ...FIREFOX_PREFS },
        },
      },
    },
    {
      name: 'production',
      testDir: 'e2e/production',
      use: {
        browserName: 'chromium',
        baseURL: originOf('host'),
        launchOptions: {
          executablePath: CHROMIUM_EXECUTABLE,
          args: [
            ...CHROMIUM_ARGS,
            `--host-resolver-rules=${hostResolverRules()}`,
            `--ignore-certificate-errors-spki-list=${process.env.CASHIER_TLS_SPKI}`,
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: 'npx tsx provider/start.ts',
      // Ready when the statics answer: a route that needs no key (the control routes do).
      url: `${PROVIDER_ORIGIN}/statics/${BUNDLE_FILE_MIN}`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
      env: {
        CASHIER_HOST_PORT: String(E2E_PORTS.host),
        CASHIER_FRAME_PORT: String(E2E_PORTS.frame),
        CASHIER_PROVIDER_PORT: String(E2E_PORTS.provider),
        CASHIER_CONTROL: '1',
        CASHIER_CONTROL_KEY: process.env.CASHIER_CONTROL_KEY ?? '',
      },
    },
    ...(productionBuilt ? [productionServer()] : []),
  ],
});

/** The production build (tsx e2e/production/build.ts, run by npm test) on its https sites. */
function productionServer(): Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]> {
  return {
    command: 'npx tsx e2e/production/serve.ts',
    url: `https://127.0.0.1:${SITES.api.port}/statics/${BUNDLE_FILE_MIN}`,
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'pipe',
    env: { CASHIER_TLS_DIR: process.env.CASHIER_TLS_DIR ?? '', CASHIER_CONTROL_KEY: process.env.CASHIER_CONTROL_KEY ?? '' },
  };
}
