import { FRAME_ORIGIN, HOST_ORIGIN } from './support/origins';
import { expect, mount, test, waitForEvent } from './support/test';

// DESIGN "Security model": the iframe carries referrerpolicy="origin", so the frame sees its parent's
// origin in document.referrer (its check where location.ancestorOrigins is missing) whatever the host
// page's own policy, and never the page's path or query.
test('a host page sending Referrer-Policy: no-referrer: the frame still sees the parent origin as its referrer', async ({
  page,
}) => {
  const response = await page.goto('/test-host-no-referrer.html?order=secret-order-path');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await mount(page);
  await waitForEvent(page, 'apiInit');

  const frame = page.frames().find((f) => f.url().startsWith(`${FRAME_ORIGIN}/`));
  expect(await frame?.evaluate(() => document.referrer)).toBe(`${HOST_ORIGIN}/`);
  await expect(page.locator('iframe')).toHaveAttribute('referrerpolicy', 'origin');

  // The control: an iframe without the attribute, on the same page, gets no referrer at all.
  await page.evaluate((src) => {
    const plain = document.createElement('iframe');
    plain.id = 'plain';
    plain.src = src;
    document.body.appendChild(plain);
    return new Promise((resolve) => plain.addEventListener('load', resolve, { once: true }));
  }, `${FRAME_ORIGIN}/?control`);
  const plain = page.frames().find((f) => f.url() === `${FRAME_ORIGIN}/?control`);
  expect(plain).toBeDefined();
  expect(await plain?.evaluate(() => document.referrer)).toBe('');
});
