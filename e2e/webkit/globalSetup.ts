import type { TestProject } from 'vitest/node';
import { BUNDLE_FILE_MIN } from '../../shared/constants';
import { closedPort } from '../support/closedPort';
import { E2E_PORTS, HOST_ORIGIN, PROVIDER_ORIGIN } from '../support/origins';
import { controlKeyOfRun } from '../support/provider';
import { type Service, startService, waitUntilReady } from './startService';
import { requireWebKitBinaries, WEBKIT_BINARIES } from './webkitgtk';

// The WebKit suite's machinery, started once for all its files and stopped at the end, also
// when a test or this setup fails: the servers (as playwright.config.ts's webServer), an Xvfb
// display, and WebKitWebDriver on it. vitest.webkit.config.ts sets CASHIER_E2E_PORT_BASE first.

const READY_TIMEOUT_MS = 30_000;

const answers = (url: string) => async () => (await fetch(url)).ok;

/**
 * Starts the host, frame and provider servers with the fault switches on, behind the run's
 * control key (vitest.webkit.config.ts makes it); throws if the ports are taken.
 */
async function startServers(): Promise<Service> {
  // A route that needs no key: the statics.
  const providerUrl = `${PROVIDER_ORIGIN}/statics/${BUNDLE_FILE_MIN}`;
  if (await answers(providerUrl)().catch(() => false)) {
    throw new Error(`${providerUrl} already answers: another run uses these ports (set CASHIER_E2E_PORT_BASE to move them)`);
  }
  const servers = startService('servers (npx tsx provider/start.ts)', 'npx', ['tsx', 'provider/start.ts'], {
    env: {
      CASHIER_HOST_PORT: String(E2E_PORTS.host),
      CASHIER_FRAME_PORT: String(E2E_PORTS.frame),
      CASHIER_PROVIDER_PORT: String(E2E_PORTS.provider),
      CASHIER_CONTROL: '1',
      CASHIER_CONTROL_KEY: controlKeyOfRun(),
    },
  });
  // The provider listens first and the host page last (provider/startAll.ts): wait for both.
  await waitUntilReady(
    servers,
    `${providerUrl} and the host page`,
    async () => {
      return (await answers(providerUrl)()) && (await answers(`${HOST_ORIGIN}/test-host.html`)());
    },
    READY_TIMEOUT_MS,
  );
  return servers;
}

/** Starts Xvfb on a display it picks itself (`-displayfd`); resolves with the service and `:N`. */
async function startDisplay(): Promise<{ xvfb: Service; display: string }> {
  const xvfb = startService(
    'Xvfb',
    WEBKIT_BINARIES.display.path,
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {
      fd3: true,
    },
  );
  let written = '';
  xvfb.child.stdio[3]?.on('data', (chunk: Buffer) => {
    written += chunk.toString();
  });
  await waitUntilReady(xvfb, 'a display number', async () => written.includes('\n'), READY_TIMEOUT_MS);
  return { xvfb, display: `:${written.trim()}` };
}

/** Starts WebKitWebDriver on `display` and a free port; resolves when its /status answers. */
async function startDriver(display: string): Promise<{ driver: Service; port: number }> {
  const port = await closedPort();
  const driver = startService('WebKitWebDriver', WEBKIT_BINARIES.driver.path, [`--port=${port}`], { env: { DISPLAY: display } });
  await waitUntilReady(driver, `/status on port ${port}`, answers(`http://127.0.0.1:${port}/status`), READY_TIMEOUT_MS);
  return { driver, port };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  requireWebKitBinaries();
  const started: Service[] = [];
  const stopAll = async () => {
    // Last started, first stopped: the driver (and its browsers) before the display and the servers.
    for (const service of [...started].reverse()) await service.stop();
  };
  try {
    started.push(await startServers());
    const { xvfb, display } = await startDisplay();
    started.push(xvfb);
    const { driver, port } = await startDriver(display);
    started.push(driver);
    project.provide('webkitDriver', { hostname: '127.0.0.1', port });
    console.log(`WebKit suite: servers from port ${E2E_PORTS.host}, Xvfb ${display}, WebKitWebDriver on port ${port}`);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
