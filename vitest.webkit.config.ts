import { randomBytes } from 'node:crypto';
import { defineConfig } from 'vitest/config';

/**
 * The WebKit browser tests (e2e/webkit/*.test.ts): webdriverio drives WebKitGTK's MiniBrowser
 * through WebKitWebDriver on an Xvfb display, all started by e2e/webkit/globalSetup.ts with the
 * servers. One file at a time in one fork: the provider's fault switches are global.
 *
 * Ports: three from CASHIER_E2E_PORT_BASE, default 4673 here (Playwright's suite uses 4273), so
 * both suites can run at once. Set before anything reads e2e/support/origins.ts: globalSetup in
 * this process, the test files in the fork, which inherits the environment.
 */
process.env.CASHIER_E2E_PORT_BASE ??= String(4373 + 300);
// The provider's control key for this run (X-Cashier-Control-Key): the servers globalSetup starts
// and the test files' ProviderControl read it from the environment, as the ports.
process.env.CASHIER_CONTROL_KEY ||= randomBytes(32).toString('hex');

export default defineConfig({
  test: {
    include: ['e2e/webkit/*.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/webkit/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    expect: { poll: { timeout: 8_000, interval: 100 } },
    reporters: ['default', ['json', { outputFile: 'reports/webkit.json' }]],
  },
});
