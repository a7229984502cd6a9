import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { remote } from 'webdriverio';
import { fetchProviderControl } from '../support/fetchRequest';
import type { ProviderControl } from '../support/provider';
import { WEBKIT_CAPABILITIES } from './webkitgtk';

/** What a WebKit test file works with. */
export interface WebKitContext {
  /** The file's MiniBrowser session (opened before its first test). */
  browser(): WebdriverIO.Browser;
  /** The reference provider's control API, reset before each test. */
  provider: ProviderControl;
}

/**
 * Registers the hooks of a WebKit test file: one MiniBrowser session on globalSetup's
 * WebKitWebDriver for the whole file, deleted after it, and `provider.reset()` before each test.
 */
export function webkitPerFile(): WebKitContext {
  const provider = fetchProviderControl();
  let session: WebdriverIO.Browser | undefined;
  beforeAll(async () => {
    const { hostname, port } = inject('webkitDriver');
    session = await remote({
      hostname,
      port,
      path: '/',
      logLevel: 'error',
      waitforTimeout: 8_000,
      capabilities: WEBKIT_CAPABILITIES,
    });
  });
  afterAll(async () => {
    await session?.deleteSession();
  });
  beforeEach(async () => {
    await provider.reset();
  });
  return {
    browser() {
      if (!session) throw new Error('no WebKit session: webkitPerFile() opens it in beforeAll');
      return session;
    },
    provider,
  };
}
