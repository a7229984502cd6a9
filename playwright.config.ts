import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './e2e/support/chromium';
import { FIREFOX_CHANNEL, FIREFOX_EXECUTABLE, FIREFOX_PREFS } from './e2e/support/firefox';
import { E2E_PORTS, HOST_ORIGIN, PROVIDER_ORIGIN } from './e2e/support/origins';

/**
 * Browser tests: every spec runs once per engine, in Debian's Chromium and Debian's Firefox ESR
 * (see TOOLCHAIN.md), the host page on http://localhost:4273 and the frame on
 * http://127.0.0.1:4274 (different sites), the provider on http://127.0.0.1:4275
 * (CASHIER_E2E_PORT_BASE moves all three). One worker: the provider's fault switches are global,
 * so the two projects run one after the other against the same servers.
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
  ],
  webServer: {
    command: 'npx tsx provider/start.ts',
    url: `${PROVIDER_ORIGIN}/__control/requests`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'pipe',
    env: {
      CASHIER_HOST_PORT: String(E2E_PORTS.host),
      CASHIER_FRAME_PORT: String(E2E_PORTS.frame),
      CASHIER_PROVIDER_PORT: String(E2E_PORTS.provider),
      CASHIER_CONTROL: '1',
    },
  },
});
