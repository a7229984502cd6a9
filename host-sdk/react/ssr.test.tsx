// Node environment (no DOM): what a server-side render of a page with the widget does.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

const BROWSER_GLOBALS = ['window', 'document', 'location', 'navigator', 'self', 'sessionStorage', 'localStorage'];

afterEach(() => {
  for (const name of BROWSER_GLOBALS) delete (globalThis as Record<string, unknown>)[name];
});

describe('cashier-widget/react on the server', () => {
  it('imports and renders only its container, touching no browser global', async () => {
    // Any read of a browser global by our code, at import or during the render, is recorded (and
    // answered with undefined). Libraries the source imports through shared/ (axios) feature-test
    // `typeof window` at import; the built entry leaves them out, so only our own frames count.
    const touched: string[] = [];
    for (const name of BROWSER_GLOBALS) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get: () => {
          const caller = new Error().stack?.split('\n')[2] ?? '';
          if (!caller.includes('node_modules')) touched.push(`${name} ${caller.trim()}`);
          return undefined;
        },
      });
    }
    vi.resetModules();
    const { CashierWidget } = await import('./index');
    const html = renderToString(
      createElement(CashierWidget, {
        host: 'https://tickets.example.com',
        configuration: { appInstance: 'token-1' },
        buyer: { email: 'ann@example.com' },
        className: 'checkout-widget',
      }),
    );
    expect(html).toBe('<div class="checkout-widget"></div>');
    expect(touched).toEqual([]);
  });
});
