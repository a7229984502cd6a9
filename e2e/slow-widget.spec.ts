import { expect, hostEvents, MIN_BUNDLE_PATH, openAndMount, test, waitForEvent } from './support/test';

// Spec 4 and 9: a widget not ready within 10 000 ms counts as slow. The host hears it once
// through onSlow, and the widget keeps waiting: onApiInit still arrives, and no crash.
test('a bundle that takes 11 s → onSlow once at ~10 s, then onApiInit, no crash', async ({ page, provider }) => {
  test.setTimeout(40_000);
  await provider.fault({ path: MIN_BUNDLE_PATH, delayMs: 11_000 });
  await openAndMount(page);

  const [slow] = await waitForEvent(page, 'slow', 15_000);
  expect(slow?.ms).toBeGreaterThanOrEqual(10_000);
  expect(slow?.ms).toBeLessThan(11_000);
  expect((await hostEvents(page)).map((e) => e.type)).toEqual(['slow']);

  const [init] = await waitForEvent(page, 'apiInit', 10_000);
  expect(init?.at).toBeGreaterThanOrEqual(11_000);
  expect((await hostEvents(page)).map((e) => e.type)).toEqual(['slow', 'apiInit']);
});
