import { PROVIDER_ORIGIN } from './support/origins';
import {
  expect,
  hostEvents,
  MIN_BUNDLE_PATH,
  mount,
  openAndMount,
  test,
  waitForEvent,
  waitForEvents,
  widgetFrame,
} from './support/test';

// DESIGN "The bundle" and the phone issue: the frame offers its one React to bundles through an
// import map (Preact's React-compatible API since issue 36 item 4); the reference bundle uses it,
// and a bundle with its own React, or with none, still loads and mounts.

test('the reference bundle renders with the frame’s React, Preact’s compat layer: one runtime file loaded, the bundle ships none', async ({
  page,
  provider,
}) => {
  await openAndMount(page);
  await waitForEvent(page, 'apiInit');
  await expect(widgetFrame(page).getByLabel('Card number', { exact: true })).toBeVisible();
  expect(await provider.requests(MIN_BUNDLE_PATH)).toHaveLength(1);

  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (!frame) throw new Error('no frame');
  const seen = await frame.evaluate(async () => {
    const map = JSON.parse(document.querySelector('script[type="importmap"]')?.textContent ?? '{}') as {
      imports: Record<string, string>;
    };
    const react = (await import(/* @vite-ignore */ 'react')) as Record<string, unknown> & { version: string };
    const scripts = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);
    // Preact's compat names its internals apart from React's own (which React 19 calls
    // __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE).
    const preact =
      '__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED' in react &&
      !('__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE' in react);
    return { specifiers: Object.keys(map.imports).sort(), version: react.version, preact, scripts };
  });
  // React's three, and the frame's appearance module (issue 35), imported only by a mount that styles the widget.
  expect(seen.specifiers).toEqual(['cashier-frame-appearance', 'react', 'react-dom/client', 'react/jsx-runtime']);
  expect(seen.scripts.filter((p) => /\/appearance-[\w-]+\.js$/.test(p))).toEqual([]);
  // Preact's compat says it is React 19 to libraries that ask.
  expect(seen.version).toMatch(/^19\./);
  expect(seen.preact).toBe(true);
  // The runtime comes from the frame's origin, once; the bundle is the only file from the statics.
  expect(seen.scripts.filter((p) => /preact-runtime-[\w-]+\.js$/.test(p))).toHaveLength(1);
  const bundleText = await (await page.request.get(`${PROVIDER_ORIGIN}${MIN_BUNDLE_PATH}`)).text();
  expect(bundleText).toMatch(/from\s*["']react["']/);
  expect(bundleText).not.toContain('__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE');
});

const ownBundles = [
  {
    name: 'a bundle with its own React',
    base: `${PROVIDER_ORIGIN}/statics/standalone`,
    shows: 'Card number',
    method: 'validate',
  },
  { name: 'a bundle with no React', base: `${PROVIDER_ORIGIN}/fixtures/plain-dom`, shows: 'Plain DOM widget', method: 'ping' },
];
for (const bundle of ownBundles) {
  test(`${bundle.name} still loads and mounts in the frame`, async ({ page, provider }) => {
    await provider.settings({ widgetStaticsBaseUrl: bundle.base });
    await openAndMount(page);
    const [init] = await waitForEvent(page, 'apiInit');
    expect(init?.methods).toContain(bundle.method);
    await expect(widgetFrame(page).getByText(bundle.shows, { exact: true }).first()).toBeVisible();
    expect((await hostEvents(page)).map((e) => e.type)).toEqual(['apiInit']);
  });
}

test('onApiInit gives the load phases in ms since mountCashier, in order; a second widget’s settings come from the page cache', async ({
  page,
}) => {
  await openAndMount(page);
  const [first] = await waitForEvent(page, 'apiInit');
  if (first?.type !== 'apiInit') throw new Error('no apiInit');
  const t = first.timings;
  const order = [t.frameLoaded, t.connected, t.settingsReceived, t.bundleImported, t.mounted, t.ready];
  for (const ms of order) expect(typeof ms).toBe('number');
  expect(order).toEqual([...(order as number[])].sort((a, b) => a - b));
  expect(t.frameLoaded).toBeGreaterThan(0);
  expect(t.ready).toBeLessThanOrEqual(first.at + 1);
  expect(t.settingsFromCache).toBe(false);

  await mount(page);
  const [, second] = await waitForEvents(page, 'apiInit', 2);
  expect(second?.type === 'apiInit' && second.timings.settingsFromCache).toBe(true);
});
