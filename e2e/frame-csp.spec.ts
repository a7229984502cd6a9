import { FRAME_ORIGIN } from './support/origins';
import { expect, openAndMount, test, waitForEvent } from './support/test';

// DESIGN "Security model": the frame app ships a Content-Security-Policy that allows scripts
// only from itself and the statics allowlist. In the frame, an injected inline script and a
// script from a non-loopback origin must not run; the bundle from the allowlisted statics did.
// The policy's refusals are read from the frame's own `securitypolicyviolation` events, which
// Chromium and Firefox both fire; console text is no common ground (Firefox's CSP reports do not
// reach Playwright's console over WebDriver BiDi).
test('the frame runs the allowlisted bundle but no inline script and no script from elsewhere', async ({ page }) => {
  await openAndMount(page);
  await waitForEvent(page, 'apiInit');
  const frame = page.frames().find((f) => f.url().startsWith(FRAME_ORIGIN));
  if (!frame) throw new Error('no frame on the frame origin');

  const outcome = await frame.evaluate(async () => {
    const w = window as unknown as { __inlineRan?: boolean; __violations: { blocked: string; directive: string }[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      w.__violations.push({ blocked: event.blockedURI, directive: event.effectiveDirective }),
    );
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

  // Both refusals came from the policy (not, say, from a failed DNS lookup); both engines name
  // the directive that applies to script elements and module imports.
  const violations = () =>
    frame.evaluate(() => (window as unknown as { __violations: { blocked: string; directive: string }[] }).__violations);
  await expect.poll(violations).toEqual(
    expect.arrayContaining([
      { blocked: 'inline', directive: 'script-src-elem' },
      { blocked: 'https://cdn.example.invalid/evil.js', directive: 'script-src-elem' },
    ]),
  );
});
