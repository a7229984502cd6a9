import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './e2e/support/chromium';
import { E2E_PORTS, HOST_ORIGIN, PROVIDER_ORIGIN } from './e2e/support/origins';

/**
 * Browser tests: real Chromium (Debian's, see TOOLCHAIN.md), the host page on
 * http://localhost:4273 and the frame on http://127.0.0.1:4274 (different sites), the provider
 * on http://127.0.0.1:4275 (CASHIER_E2E_PORT_BASE moves all three). One worker: the provider's fault switches are global.
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
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_EXECUTABLE,
      args: [...CHROMIUM_ARGS],
    },
    trace: 'off',
  },
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
