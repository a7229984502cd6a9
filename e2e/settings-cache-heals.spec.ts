import { PROVIDER_ORIGIN } from './support/origins';
import { tokenFingerprint } from './support/provider';
import { expect, hostEvents, mount, SETTINGS_PATH, test, waitForEvent, waitForEvents } from './support/test';

// Issue 12, finding 6: the page's settings cache (spec 4) heals. Settings whose statics are gone
// are dropped, and a widget's own failure is not handed to the widgets waiting on its request.
// The default-accepted token of the reference provider is `demo-app-instance`.

test('cached settings whose bundle is gone are dropped: after a statics redeploy the next mount asks again and loads', async ({
  page,
  provider,
}) => {
  // The settings point at a release no longer on the statics origin: its bundle answers 404.
  await provider.settings({ widgetStaticsBaseUrl: `${PROVIDER_ORIGIN}/statics/removed-release` });
  await page.goto('/test-host.html');
  await mount(page);
  const [crash] = await waitForEvent(page, 'crash');
  expect(crash).toMatchObject({ index: 0, code: 'BUNDLE_LOAD_FAILED' });

  // The redeploy: the provider now names the statics that are there.
  await provider.settings({});
  await mount(page);
  const [ready] = await waitForEvents(page, 'apiInit', 1);
  expect(ready).toMatchObject({ index: 1 });
  expect(await provider.requests(SETTINGS_PATH)).toHaveLength(2);
  expect((await hostEvents(page)).filter((e) => e.type === 'crash')).toHaveLength(1);
});

test("the fetching widget's own 400 is not handed on: one waiting widget fetches with its own token, and both waiting widgets load", async ({
  page,
  provider,
}) => {
  await provider.appInstances({ add: ['second-app-instance'] });
  // Widget 0's request: a 400 for its token, answered after a second so the others wait on it.
  await provider.fault({
    path: SETTINGS_PATH,
    status: 400,
    delayMs: 1000,
    body: { message: 'Bad app instance', details: { applicationError: { code: 'INVALID_APP_INSTANCE' } } },
  });
  await page.goto('/test-host.html');
  await mount(page);
  await expect.poll(async () => (await provider.requests(SETTINGS_PATH)).length).toBe(1);
  const second = { configuration: { appInstance: 'second-app-instance' } };
  await mount(page, second);
  await mount(page, second);

  const [crash] = await waitForEvent(page, 'crash');
  expect(crash).toMatchObject({ index: 0, code: 'SETTINGS_LOAD_FAILED', message: expect.stringContaining('HTTP 400') });
  const ready = await waitForEvents(page, 'apiInit', 2);
  expect(ready.map((e) => e.index).sort()).toEqual([1, 2]);
  // One request of widget 0's, then one for both waiting widgets, with their token.
  expect((await provider.requests(SETTINGS_PATH)).map((r) => r.tokenFingerprint)).toEqual([
    tokenFingerprint('demo-app-instance'),
    tokenFingerprint('second-app-instance'),
  ]);
});
