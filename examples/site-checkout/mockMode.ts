// mockMode.ts: a Playwright `test` whose `mock` fixture runs the real widget against cashier-widget/testing.
import { defineNetworkFixture } from '@msw/playwright';
import { test as base } from '@playwright/test';
import { createMockProvider, frameAppHandlers, type MockProvider, startMockServer } from 'cashier-widget/testing';
import type { RequestHandler } from 'msw';

export const test = base.extend<{ mock: MockProvider }>({
  mock: async ({ context }, use) => {
    // The provider and the card vault: loopback servers of the same handlers (for Firefox, below).
    const handlers: RequestHandler[] = [];
    const server = await startMockServer({ handlers });
    const mock = createMockProvider({ host: server.url });
    const vault = await startMockServer({ handlers, port: Number(new URL(mock.vaultOrigin).port) });
    handlers.push(...mock.handlers);
    // The browser context's requests: the frame (at the URL the package was built with), the
    // provider, the vault and the bundle. The frame is a cross-origin iframe: a service worker
    // on the page would not see its requests.
    const network = defineNetworkFixture({
      context,
      handlers: [...frameAppHandlers(), ...mock.handlers],
      skipAssetRequests: false,
    });
    await network.enable();
    // Firefox over WebDriver BiDi hides a routed request's body: such a request goes on to the
    // loopback server, which hands the same handlers the request as the browser sent it.
    for (const origin of [mock.host, mock.vaultOrigin]) {
      await context.route(`${origin}/**`, (route) => {
        const request = route.request();
        const hidden = request.postDataBuffer() === null && Number(request.headers()['content-length'] ?? 0) > 0;
        return hidden ? route.continue() : route.fallback();
      });
    }
    await use(mock);
    await network.disable();
    await Promise.all([server.close(), vault.close()]);
  },
});
