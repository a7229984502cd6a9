import { describe, expect, it } from 'vitest';
import {
  installFrameMousedowns,
  installHostProbe,
  readFrameMousedowns,
  readHostProbe,
  readIframeHeight,
} from '../support/clickProbe';
import { HOST_ORIGIN } from '../support/origins';
import { inFrame, openAndMount, waitForEvents } from './dom';
import { webkitPerFile } from './webkitPerFile';

/**
 * e2e/clicks.spec.ts in WebKitGTK, issue 36 item 3, "Clicks reach the host": a click on the host
 * page's button right under the widget's frame reaches the page, at the moment the frame changes
 * height on a buyer's action (the billing country: the United States asks a state and a ZIP code,
 * Germany a postal code only, so the frame grows or shrinks by a field), and after WebDriver's
 * scroll brings the button into view once the frame grew and pushed it below the fold. Each test
 * sends 20 clicks and checks, as each returns, the button's click events on the page and the
 * mousedowns inside the frame: 20 of 20 on the page, none in the frame.
 *
 * The resize clicks are WebDriver pointer actions at the button's centre, sent as soon as an
 * animation-frame poll on the page sees the frame's new height (a WebDriver round trip later,
 * not within the same frame as Playwright's); the scroll clicks are WebDriver element clicks.
 */

const { browser } = webkitPerFile();
const CLICKS = 20;

/** Opens the test host, mounts a widget and puts the host button right under its container. */
async function mountWithButtonBelow(): Promise<void> {
  const b = browser();
  await openAndMount(b, HOST_ORIGIN);
  await waitForEvents(b, 'apiInit', 1);
  await b.execute(installHostProbe);
  await inFrame(b, 'iframe', async () => {
    await expect.poll(() => b.$('[autocomplete="country"]').getValue()).toBe('US');
    await b.execute(installFrameMousedowns);
  });
}

const hostClicks = async () => (await browser().execute(readHostProbe)).clicks;
const frameMousedowns = () => inFrame(browser(), 'iframe', () => browser().execute(readFrameMousedowns));
const iframeHeight = () => browser().execute(readIframeHeight);

/** The buyer chooses `code` as the billing country in the frame. */
const chooseCountry = (code: 'US' | 'DE') =>
  inFrame(browser(), 'iframe', () => browser().$('[autocomplete="country"]').selectByAttribute('value', code));

/** Chooses `code` and waits until the frame's height holds for 150 ms; returns it. */
async function settleAt(code: 'US' | 'DE'): Promise<string> {
  await chooseCountry(code);
  let height = '';
  await expect
    .poll(async () => {
      const before = await iframeHeight();
      await browser().pause(150);
      height = await iframeHeight();
      return before !== '' && before === height;
    })
    .toBe(true);
  return height;
}

/**
 * Polls every animation frame on the page until the host gave the iframe a height other than
 * `before`; returns the button's centre then, and what the page's own hit test finds there.
 */
function buttonAfterResize(before: string) {
  return browser().execute(
    (h) =>
      new Promise<{ x: number; y: number; atPoint: string }>((resolve) => {
        const poll = () => {
          const iframe = document.querySelector('iframe');
          const rect = document.getElementById('host-button')?.getBoundingClientRect();
          if (!iframe || !rect || iframe.style.height === h) return void requestAnimationFrame(poll);
          const [x, y] = [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
          resolve({ x, y, atPoint: document.elementFromPoint(x, y)?.id ?? '' });
        };
        poll();
      }),
    before,
  );
}

/** Runs `click` CLICKS times; each must reach the host's button, and none go into the frame. */
async function expectEveryClickOnTheHost(click: (i: number) => Promise<string>): Promise<void> {
  const lost: string[] = [];
  for (let i = 0; i < CLICKS; i++) {
    const [clicksBefore, framedBefore] = [await hostClicks(), await frameMousedowns()];
    const what = await click(i);
    // WebKitGTK's automation returns once the page handled the input: no waiting here.
    const [onPage, inTheFrame] = [(await hostClicks()) - clicksBefore, (await frameMousedowns()) - framedBefore];
    if (onPage !== 1 || inTheFrame !== 0) lost.push(`${i}: ${what}: ${onPage} on the page, ${inTheFrame} in the frame`);
  }
  expect(lost, `${CLICKS - lost.length} of ${CLICKS} clicks reached the host`).toEqual([]);
  const probe = await browser().execute(readHostProbe);
  expect(probe.clicks).toBe(CLICKS);
  expect(probe.mousedowns.filter((target) => target !== 'host-button')).toEqual([]);
}

describe('a click on the host button right under the frame reaches the host in WebKit', () => {
  it('during a resize: a pointer click at the button as soon as the host gave the frame its new height (it shrinks and grows in turn)', async () => {
    await mountWithButtonBelow();
    await expectEveryClickOnTheHost(async (i) => {
      const [from, to] = i % 2 ? (['DE', 'US'] as const) : (['US', 'DE'] as const);
      const before = await settleAt(from);
      await chooseCountry(to);
      const at = await buttonAfterResize(before);
      expect(at.atPoint, "the page's own hit test").toBe('host-button');
      await browser().action('pointer').move({ x: at.x, y: at.y, origin: 'viewport' }).down().up().perform();
      return `${from} to ${to}, from ${before}, at ${at.x},${at.y}`;
    });
  }, 180_000);

  it("after the frame grew and pushed it below the fold: WebDriver's scroll, then its click", async () => {
    await mountWithButtonBelow();
    const b = browser();
    await expectEveryClickOnTheHost(async (i) => {
      const before = await settleAt('DE');
      // A spacer above the widget: the viewport ends 4 px under the button; the US's extra field pushes it out of view.
      await b.execute(() => {
        const spacer = document.getElementById('spacer') ?? document.createElement('div');
        spacer.id = 'spacer';
        spacer.style.height = '0';
        document.getElementById('mount-0')?.before(spacer);
        const bottom = Math.ceil(document.getElementById('host-button')?.getBoundingClientRect().bottom ?? 0);
        spacer.style.height = `${Math.max(0, innerHeight - 4 - bottom)}px`;
        scrollTo(0, 0);
      });
      await chooseCountry('US');
      // Half the clicks go as soon as the frame grew, half once it has settled.
      if (i % 2) {
        let height = '';
        await expect
          .poll(async () => {
            const h = await iframeHeight();
            await b.pause(150);
            height = await iframeHeight();
            return h !== before && h === height;
          })
          .toBe(true);
      } else await buttonAfterResize(before);
      const below = await b.execute(() => {
        scrollTo(0, 0);
        return (document.getElementById('host-button')?.getBoundingClientRect().top ?? 0) >= innerHeight;
      });
      expect(below, 'the button is below the fold before the click').toBe(true);
      await b.$('#host-button').click();
      return i % 2 ? 'scrolled into view after the growth' : 'scrolled into view as it grew';
    });
  }, 180_000);
});
