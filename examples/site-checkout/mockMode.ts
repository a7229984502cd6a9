// mockMode.ts: a Playwright `test` whose `mock` fixture runs the real widget against cashier-widget/testing.
import { test as base } from '@playwright/test';
import { createMockProvider, frameAppHandlers, type MockProvider, startMockServer } from 'cashier-widget/testing';
import { getResponse, type RequestHandler } from 'msw';

// This machine, as the fixture counts it: a request for any other host is answered by the handlers or refused.
const isLoopback = (url: string) => ['localhost', '127.0.0.1'].includes(new URL(url).hostname);

export const test = base.extend<{ mock: MockProvider }>({
  mock: async ({ context }, use) => {
    // The provider and the card vault: loopback servers of the same handlers (for Firefox, below).
    const handlers: RequestHandler[] = [];
    const server = await startMockServer({ handlers });
    const mock = createMockProvider({ host: server.url });
    const vault = await startMockServer({ handlers, port: Number(new URL(mock.vaultOrigin).port) });
    handlers.push(...frameAppHandlers(), ...mock.handlers);
    // Every request of the browser context (the frame at the URL the package was built with, the
    // provider, the vault, the bundle) is answered by the handlers, through msw's getResponse. The
    // frame is a cross-origin iframe: a service worker on the page would not see its requests.
    await context.route('**/*', async (route) => {
      const request = route.request();
      const body = request.postDataBuffer();
      // Firefox over WebDriver BiDi hides a routed request's body: such a request goes on to the
      // loopback server, which hands the same handlers the request as the browser sent it. One for
      // another host (a production frame's real vault) is refused: test cards never leave this machine.
      if (body === null && Number(request.headers()['content-length'] ?? 0) > 0) {
        return isLoopback(request.url()) ? route.continue() : route.abort('blockedbyclient');
      }
      const init = { method: request.method(), headers: request.headers(), body: body && new Uint8Array(body) };
      const response = await getResponse(handlers, new Request(request.url(), init));
      // Nothing answered: your own pages on loopback go on; a request for any other host is refused.
      if (!response) return isLoopback(request.url()) ? route.fallback() : route.abort('blockedbyclient');
      const reply = Buffer.from(await response.arrayBuffer());
      return route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body: reply });
    });
    await use(mock);
    await Promise.all([server.close(), vault.close()]);
  },
});
