import type { Page } from '@playwright/test';
import { ErrorCode, TECHNICAL_DIFFICULTIES_MESSAGE } from '../shared';
import { installClock } from './support/clock';
import { closedPortUrl } from './support/closedPort';
import { FRAME_ORIGIN } from './support/origins';
import { destroyAfterCrash, expect, mount, SETTINGS_PATH, test, waitForEvent } from './support/test';

// Issue 12: a frame that cannot load is named within 4 s, with no added latency, and the buyer sees
// the spec's alert, which the host SDK shows in the mount element since the frame cannot. Each row
// is a way the frame fails to load, with the iframe events each engine fires for it (checked, so a
// change in an engine shows here): Chromium loads an error page for all three; Firefox loads a 404
// page, fires `error` on a CSP-blocked iframe, and fires nothing for a refused connection, where
// only its resource timing entry for the frame URL tells the SDK that the document ended.
// Without the SDK's watch each row ended in CONNECTION_FAILED after the 20 000 ms handshake.

/** The most the host page may wait for FRAME_LOAD_FAILED (issue 12). */
const NAMED_WITHIN_MS = 4_000;

interface Row {
  name: string;
  /** The host page that mounts the widget. */
  hostPage: string;
  /** Where the widget's frame is said to be. */
  frameUrl: () => Promise<string>;
  theme: string;
  /** The computed colours of the alert for `theme` (spec 2). */
  alert: { color: string; background: string };
  /** The iframe's `load` and `error` events, per engine. */
  frameEvents: { chromium: string[]; firefox: string[] };
}

const MODAL = { color: 'rgb(214, 48, 49)', background: 'rgb(255, 255, 255)' };
const INLINE = { color: 'rgb(51, 51, 51)', background: 'rgb(240, 240, 240)' };

const rows: Row[] = [
  {
    name: 'the frame origin is down (a closed port)',
    hostPage: '/test-host.html',
    frameUrl: closedPortUrl,
    theme: 'modal',
    alert: MODAL,
    frameEvents: { chromium: ['load'], firefox: [] },
  },
  {
    name: 'the frame URL answers 404',
    hostPage: '/test-host.html',
    frameUrl: async () => `${FRAME_ORIGIN}/no-such-frame/`,
    theme: 'inline',
    alert: INLINE,
    frameEvents: { chromium: ['load'], firefox: ['load'] },
  },
  {
    name: "the host page's CSP frame-src blocks the frame origin",
    hostPage: '/test-host-frame-src-self.html',
    frameUrl: async () => `${FRAME_ORIGIN}/`,
    theme: 'dark',
    alert: INLINE,
    frameEvents: { chromium: ['load'], firefox: ['error'] },
  },
];

for (const row of rows) {
  test(`${row.name}: FRAME_LOAD_FAILED within 4 s, once, the alert in the mount element, nothing after destroy`, async ({
    page,
    provider,
    browserName,
  }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await installClock(page);
    await page.goto(row.hostPage);
    await mount(page, { frameUrl: await row.frameUrl(), theme: row.theme });

    const [crash] = await waitForEvent(page, 'crash', NAMED_WITHIN_MS + 2_000);
    expect(crash).toMatchObject({ code: ErrorCode.FrameLoadFailed, name: 'CashierError', isCashierError: true });
    expect(crash?.at, 'ms from mountCashier to onCrash').toBeLessThan(NAMED_WITHIN_MS);
    test.info().annotations.push({ type: 'onCrash', description: `${Math.round(crash?.at ?? 0)} ms after mountCashier` });
    const container = page.locator('#mount-0');
    const alert = container.getByRole('alert');
    await expect(alert).toHaveText(TECHNICAL_DIFFICULTIES_MESSAGE);
    await expect(alert).toHaveCSS('color', row.alert.color);
    await expect(alert).toHaveCSS('background-color', row.alert.background);
    await expect(container.locator('iframe'), 'the dead iframe').toHaveCount(0);
    expect(await frameEvents(page), `the iframe's events in ${browserName}`).toEqual(row.frameEvents[browserName as 'chromium']);

    const events = await destroyAfterCrash(page, alert);
    expect(events.filter((e) => e.type === 'apiInit')).toEqual([]);
    expect(await provider.requests(SETTINGS_PATH), 'settings requests: no frame app ran').toEqual([]);
    // Firefox reports the CSP block itself as a page error; anything else would be ours.
    expect(pageErrors.filter((error) => !error.startsWith('Content-Security-Policy:'))).toEqual([]);
  });
}

test("the alert the SDK shows looks exactly like the frame's own (same theme, computed styles)", async ({ page, provider }) => {
  await provider.fault({ path: SETTINGS_PATH, status: 503, times: 3 }); // the first widget's frame fails and shows its alert
  await page.goto('/test-host.html');
  await mount(page, { theme: 'inline' });
  await mount(page, { theme: 'inline', frameUrl: `${FRAME_ORIGIN}/no-such-frame/` });
  const frameAlert = page.frameLocator('#mount-0 iframe').getByRole('alert');
  const sdkAlert = page.locator('#mount-1').getByRole('alert');
  await expect(frameAlert).toHaveText(TECHNICAL_DIFFICULTIES_MESSAGE);
  await expect(sdkAlert).toHaveText(TECHNICAL_DIFFICULTIES_MESSAGE);
  const styles = [frameAlert, sdkAlert].map((alert) =>
    alert.evaluate((element) => {
      const style = getComputedStyle(element);
      return [
        'color',
        'background-color',
        'font-family',
        'font-size',
        'font-weight',
        'line-height',
        'margin',
        'padding',
        'border-radius',
        'display',
      ].map((name) => `${name}: ${style.getPropertyValue(name)}`);
    }),
  );
  const [inFrame, bySdk] = await Promise.all(styles);
  expect(bySdk).toEqual(inFrame);
});

/** The `load` and `error` events the first widget's iframe fired (e2e/fixtures/test-host.html). */
function frameEvents(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __frameEvents: string[][] }).__frameEvents[0] ?? []);
}
