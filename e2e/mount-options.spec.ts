import { expect, test } from './support/test';

// DESIGN "Host SDK": bad input throws a TypeError naming the option, before anything is created.
const badOptions = [
  { name: 'no element', el: 'none', options: {}, names: 'el' },
  { name: 'no host', el: 'div', options: { host: undefined }, names: 'host' },
  { name: 'host not a URL', el: 'div', options: { host: 'tickets' }, names: 'host' },
  // DESIGN "Security model": https, except on loopback.
  { name: 'host on plain http off loopback', el: 'div', options: { host: 'http://tickets.example.com' }, names: 'host' },
  {
    name: 'frameUrl on plain http off loopback',
    el: 'div',
    options: { frameUrl: 'http://cdn.example.com/cashier/' },
    names: 'frameUrl',
  },
  { name: 'no configuration', el: 'div', options: { configuration: undefined }, names: 'configuration' },
  { name: 'empty appInstance', el: 'div', options: { configuration: { appInstance: '' } }, names: 'appInstance' },
  { name: 'onCrash not a function', el: 'div', options: { onCrash: 'yes' }, names: 'onCrash' },
  { name: 'onApiInit not a function', el: 'div', options: { onApiInit: 42 }, names: 'onApiInit' },
  {
    name: 'revalidateAppInstance not a function',
    el: 'div',
    options: { revalidateAppInstance: {} },
    names: 'revalidateAppInstance',
  },
];

for (const b of badOptions) {
  test(`bad option (${b.name}) → TypeError naming ${b.names}, no iframe`, async ({ page }) => {
    await page.goto('/test-host.html');
    const result = await page.evaluate(({ el, options }) => {
      const w = window as unknown as {
        Cashier: { mountCashier(el: unknown, o: unknown): unknown };
        CASHIER_DEMO: { host: string; frameUrl: string; appInstance: string };
      };
      const target = el === 'div' ? document.body.appendChild(document.createElement('div')) : undefined;
      const base = {
        host: w.CASHIER_DEMO.host,
        frameUrl: w.CASHIER_DEMO.frameUrl,
        configuration: { appInstance: 'secret-token-123' },
      };
      try {
        w.Cashier.mountCashier(target, { ...base, ...options });
        return { threw: false };
      } catch (error) {
        return { threw: true, name: (error as Error).name, message: (error as Error).message };
      }
    }, b);
    expect(result).toMatchObject({ threw: true, name: 'TypeError' });
    expect(result.message).toContain(b.names);
    expect(result.message).not.toContain('secret-token-123');
    await expect(page.locator('iframe')).toHaveCount(0);
  });
}
