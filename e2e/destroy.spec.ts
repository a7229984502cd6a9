import { expect, hostEvents, mount, openAndMount, SETTINGS_PATH, test, waitForEvent } from './support/test';

test('destroy while loading: the iframe goes, nothing fires after, destroy twice is safe', async ({ page, provider }) => {
  await provider.fault({ path: SETTINGS_PATH, delayMs: 1500, status: 500, times: 3 });
  await openAndMount(page);
  await expect(page.locator('iframe')).toHaveCount(1);
  await page.evaluate(() => {
    const handle = (window as unknown as { __handles: { destroy(): void }[] }).__handles[0];
    handle?.destroy();
    handle?.destroy();
  });
  await expect(page.locator('iframe')).toHaveCount(0);
  await page.waitForTimeout(2000);
  expect(await hostEvents(page)).toEqual([]);
});

test('destroy after load: api calls reject with DESTROYED', async ({ page }) => {
  await openAndMount(page);
  await waitForEvent(page, 'apiInit');
  const result = await page.evaluate(async () => {
    const w = window as unknown as { __handles: { destroy(): void }[]; __apis: { validate(): Promise<unknown> }[] };
    w.__handles[0]?.destroy();
    try {
      await w.__apis[0]?.validate();
      return 'resolved';
    } catch (error) {
      return (error as { code?: string }).code;
    }
  });
  expect(result).toBe('DESTROYED');
});

test('two widgets on one page load independently', async ({ page }) => {
  await openAndMount(page);
  await mount(page, { theme: 'modal' });
  await expect.poll(async () => (await hostEvents(page)).filter((e) => e.type === 'apiInit').length).toBe(2);
  await expect(page.locator('iframe')).toHaveCount(2);
});
