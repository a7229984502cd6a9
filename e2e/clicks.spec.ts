import type { Frame, Page } from '@playwright/test';
import {
  installFrameMousedowns,
  installHostProbe,
  readFrameMousedowns,
  readHostProbe,
  readIframeHeight,
} from './support/clickProbe';
import { FRAME_ORIGIN } from './support/origins';
import { expect, openAndMount, test, waitForEvent, widgetFrame } from './support/test';

// Issue 36 item 3, "Clicks reach the host": a click on the host page's button right under the
// widget reaches the page, while and right after the frame changes height on a buyer's action
// (the billing country: the United States asks a state and a ZIP code, Germany a postal code
// only, so the frame grows or shrinks by a field), and after Playwright's scroll brings the button
// into view. Each test counts the button's click events on the page and the mousedowns inside the
// frame: 20 of 20 on the page, none in the frame.
//
// Chromium sends a click to the cross-site frame when its compositor's hit-test data, a frame
// behind the page's layout, still has the frame under the point (the button had just moved up into
// the frame's old box, or the page had just scrolled); before host-sdk/createFrame.ts gave the iframe
// rounded corners, 0 of 10 clicks after such a scroll reached the page.

const CLICKS = 20;

/** Mounts a widget with the host button right under its container; resolves with the widget's frame. */
async function mountWithButtonBelow(page: Page): Promise<Frame> {
  await openAndMount(page);
  await waitForEvent(page, 'apiInit');
  await expect(widgetFrame(page).locator('[autocomplete="country"]')).toHaveValue('US');
  await page.evaluate(installHostProbe);
  const frame = page.frames().find((f) => f.url().startsWith(FRAME_ORIGIN));
  if (!frame) throw new Error('the widget frame is not among the page frames');
  await frame.evaluate(installFrameMousedowns);
  return frame;
}

const hostProbe = (page: Page) => page.evaluate(readHostProbe);
const frameMousedowns = (frame: Frame) => frame.evaluate(readFrameMousedowns);
const iframeHeight = (page: Page) => page.evaluate(readIframeHeight);
const country = (page: Page) => widgetFrame(page).locator('[autocomplete="country"]');

/** The buyer chooses `code` as the billing country, and the frame settles at the height it asks for. */
async function settleAt(page: Page, code: 'US' | 'DE'): Promise<string> {
  await country(page).selectOption(code);
  let height = '';
  await expect
    .poll(async () => {
      const before = await iframeHeight(page);
      await page.waitForTimeout(150);
      height = await iframeHeight(page);
      return before !== '' && before === height;
    })
    .toBe(true);
  return height;
}

/**
 * Waits, polling every animation frame, until the host gave the iframe a height other than
 * `before`; resolves with the button's centre then, and what the page's own hit test finds there.
 */
async function buttonAfterResize(page: Page, before: string) {
  const found = await page.waitForFunction(
    (h) => {
      const iframe = document.querySelector('iframe');
      const rect = document.getElementById('host-button')?.getBoundingClientRect();
      if (!iframe || !rect || iframe.style.height === h) return false;
      const [x, y] = [rect.left + rect.width / 2, rect.top + rect.height / 2];
      return { x, y, atPoint: document.elementFromPoint(x, y)?.id ?? '' };
    },
    before,
    { polling: 'raf' },
  );
  return (await found.jsonValue()) as { x: number; y: number; atPoint: string };
}

/** Runs `click` CLICKS times and expects each to reach the host's button and none to go into the frame. */
async function expectEveryClickOnTheHost(page: Page, frame: Frame, click: (i: number) => Promise<string>): Promise<void> {
  const lost: string[] = [];
  for (let i = 0; i < CLICKS; i++) {
    const [clicksBefore, framedBefore] = [(await hostProbe(page)).clicks, await frameMousedowns(frame)];
    const what = await click(i);
    // Wait until the click arrived somewhere: on the page, or in the frame.
    const arrived = async () => (await hostProbe(page)).clicks - clicksBefore + (await frameMousedowns(frame)) - framedBefore;
    await expect.poll(arrived, `click ${i} (${what}) arrived`).toBeGreaterThan(0);
    if ((await hostProbe(page)).clicks === clicksBefore) lost.push(`${i}: ${what}, into the frame`);
  }
  expect(lost, `${CLICKS - lost.length} of ${CLICKS} clicks reached the host`).toEqual([]);
  expect((await hostProbe(page)).mousedowns.filter((target) => target !== 'host-button')).toEqual([]);
}

test.describe('a click on the host button right under the frame reaches the host', () => {
  test.setTimeout(120_000);

  test('during a resize: sent as soon as the host gave the frame its new height (it shrinks and grows in turn)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 800, height: 1000 });
    const frame = await mountWithButtonBelow(page);
    await expectEveryClickOnTheHost(page, frame, async (i) => {
      const [from, to] = i % 2 ? (['DE', 'US'] as const) : (['US', 'DE'] as const);
      const before = await settleAt(page, from);
      await country(page).selectOption(to);
      const at = await buttonAfterResize(page, before);
      expect(at.atPoint, "the page's own hit test").toBe('host-button');
      await page.mouse.click(at.x, at.y);
      return `${from} to ${to}, from ${before}`;
    });
  });

  test('right after a resize: one or two painted frames, 20 or 60 ms after the new height', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 1000 });
    const frame = await mountWithButtonBelow(page);
    const waits: [string, (page: Page) => Promise<unknown>][] = [
      ['1 frame', (p) => p.evaluate(() => new Promise((r) => requestAnimationFrame(r)))],
      ['2 frames', (p) => p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))],
      ['20 ms', (p) => p.waitForTimeout(20)],
      ['60 ms', (p) => p.waitForTimeout(60)],
    ];
    await expectEveryClickOnTheHost(page, frame, async (i) => {
      const [from, to] = i % 2 ? (['DE', 'US'] as const) : (['US', 'DE'] as const);
      const [label, wait] = waits[Math.floor(i / 2) % waits.length] as (typeof waits)[number];
      const before = await settleAt(page, from);
      await country(page).selectOption(to);
      await buttonAfterResize(page, before);
      await wait(page);
      await page.locator('#host-button').click();
      return `${from} to ${to}, ${label} after`;
    });
  });

  test("after the frame grew and pushed it below the fold: Playwright's scroll, then its click", async ({ page }) => {
    const frame = await mountWithButtonBelow(page);
    await expectEveryClickOnTheHost(page, frame, async (i) => {
      await page.setViewportSize({ width: 800, height: 1000 });
      const before = await settleAt(page, 'DE');
      // The viewport ends 4 px under the button; the US's extra field pushes it out of view.
      const bottom = await page.evaluate(() =>
        Math.ceil(document.getElementById('host-button')?.getBoundingClientRect().bottom ?? 0),
      );
      await page.setViewportSize({ width: 800, height: bottom + 4 });
      await page.evaluate(() => scrollTo(0, 0));
      await country(page).selectOption('US');
      // Half the clicks go as soon as the frame grew, half once it has settled.
      if (i % 2) await settleAt(page, 'US');
      else await buttonAfterResize(page, before);
      await page.locator('#host-button').click();
      return i % 2 ? 'scrolled into view after the growth' : 'scrolled into view as it grew';
    });
  });
});
