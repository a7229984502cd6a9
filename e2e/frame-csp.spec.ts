import { FRAME_ORIGIN } from './support/origins';
import { expect, openAndMount, test, waitForEvent } from './support/test';

// DESIGN "Security model": the frame app ships a Content-Security-Policy that allows scripts
// only from itself and the statics allowlist. In the frame, an injected inline script and a
// script from a non-loopback origin must not run; the bundle from the allowlisted statics did.
test('the frame runs the allowlisted bundle but no inline script and no script from elsewhere', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await openAndMount(page);
  await waitForEvent(page, 'apiInit');
  const frame = page.frames().find((f) => f.url().startsWith(FRAME_ORIGIN));
  if (!frame) throw new Error('no frame on the frame origin');

  const outcome = await frame.evaluate(async () => {
    const w = window as unknown as { __inlineRan?: boolean };
    const inline = document.createElement('script');
    inline.textContent = 'window.__inlineRan = true;';
    document.head.append(inline);
    let remote: string;
    const elsewhere: string = 'https://cdn.example.invalid/evil.js';
    try {
      await import(/* @vite-ignore */ elsewhere);
      remote = 'loaded';
    } catch (error) {
      remote = String(error);
    }
    return { inlineRan: w.__inlineRan === true, remote };
  });
  expect(outcome.inlineRan).toBe(false);
  expect(outcome.remote).not.toBe('loaded');
  await expect.poll(() => violations.length).toBeGreaterThanOrEqual(2);
  expect(violations.join('\n')).toContain('cdn.example.invalid');
});
