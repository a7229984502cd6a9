/**
 * The layout figure (issue 36 item 1): does the widget move the page under the buyer? The demo
 * checkout in Chromium's default process model (the frame cross-site, in its own process, where
 * Chromium throttles the rendering of a frame that is out of view), at 390 × 844, 320 × 640 and
 * 1280 × 900. Each run:
 * 1. loads the demo with a spacer of 1.5 viewport heights above the widget's container (`#cashier`),
 *    so the frame starts below the fold at every size, as on a phone;
 * 2. fills the buyer's details and taps "Continue to payment", then waits until the widget is
 *    ready (`onApiInit` in the demo's event log) and `SETTLE_MS` more, the frame still out of view;
 * 3. takes the frame's height, scrolls it into view (a script scroll: not input, so the browser
 *    excludes none of the shifts it causes), and takes the height again 1 s and 3 s later.
 *
 * The page's CLS is Chromium's own `layout-shift` entries of the top document without recent
 * input (the browser's exclusion of shifts just after a tap or key), grouped into session windows
 * as Core Web Vitals do (gap < 1 s, window ≤ 5 s), the largest window counted; the sum of every
 * such shift from load to 3 s after the scroll is printed too, and it is the figure held to
 * the limit (it can only be larger). The frame's own shifts inside its document are printed beside.
 */
import type { Browser } from '@playwright/test';
import type { Deadline } from './deadline';

/** The limits: CLS and the frame's height before and after it is seen. */
export const LAYOUT_LIMITS = { cls: 0.01, heightPx: 4 };
/** The viewports measured (CSS px). */
export const LAYOUT_VIEWPORTS = [
  { width: 390, height: 844, mobile: true },
  { width: 320, height: 640, mobile: true },
  { width: 1280, height: 900, mobile: false },
] as const;
/** How long the widget has, once ready and out of view, before the buyer scrolls to it (ms). */
const SETTLE_MS = 1_500;
const STEP_MS = 30_000;

/** One run at one viewport. */
export interface LayoutRun {
  viewport: string;
  /** The sum of the top document's layout shifts without recent input, load → 3 s after the scroll. */
  shiftSum: number;
  /** The largest session window of those shifts (CLS as Core Web Vitals count it). */
  cls: number;
  /** The frame's own shifts (its document's entries without recent input), summed. */
  frameShiftSum: number;
  /** The iframe's height just before the scroll, 1 s and 3 s after it (px). */
  heights: [number, number, number];
}

/** The shifts recorder, as source text (tsx's `__name` helper is not in the pages). */
const RECORDER = `(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push({ t: e.startTime, v: e.value });
  }).observe({ type: 'layout-shift', buffered: true });
  if (window === top) {
    const sheet = new CSSStyleSheet(); // the demo's CSP allows no <style>; the CSSOM is not a style source
    sheet.replaceSync('#cashier::before { content: ""; display: block; height: 150vh; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
})();`;

type Shift = { t: number; v: number };

/** The largest session window's sum (gap under 1 s, at most 5 s long). */
export function largestWindow(shifts: readonly Shift[]): number {
  let best = 0;
  let sum = 0;
  let start = Number.NEGATIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const { t, v } of shifts) {
    if (t - last >= 1_000 || t - start >= 5_000) {
      sum = 0;
      start = t;
    }
    sum += v;
    last = t;
    best = Math.max(best, sum);
  }
  return best;
}

/** Runs the layout figure `runs` times per viewport on `browser` (Chromium's default process model). */
export async function measureLayout(browser: Browser, host: string, runs: number, deadline: Deadline): Promise<LayoutRun[]> {
  const results: LayoutRun[] = [];
  for (const viewport of LAYOUT_VIEWPORTS) {
    for (let i = 0; i < runs; i += 1) results.push(await runOnce(browser, host, viewport, deadline));
  }
  return results;
}

async function runOnce(
  browser: Browser,
  host: string,
  viewport: (typeof LAYOUT_VIEWPORTS)[number],
  deadline: Deadline,
): Promise<LayoutRun> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.mobile,
    hasTouch: viewport.mobile,
    deviceScaleFactor: viewport.mobile ? 3 : 1,
  });
  try {
    await context.addInitScript({ content: RECORDER });
    const page = await context.newPage();
    await page.goto(host, { timeout: deadline.step(STEP_MS) });
    await page.getByLabel('Full name').fill('Ada Lovelace', { timeout: deadline.step(STEP_MS) });
    await page.getByLabel('Email address').fill('ada@example.com', { timeout: deadline.step(STEP_MS) });
    await page.getByRole('button', { name: 'Continue to payment' }).click({ timeout: deadline.step(STEP_MS) });
    await page.locator('#events li[data-kind="onApiInit"]').waitFor({ state: 'attached', timeout: deadline.step(STEP_MS) });
    await page.waitForTimeout(SETTLE_MS);
    const iframe = page.locator('#cashier iframe');
    const height = () => iframe.evaluate((el) => el.getBoundingClientRect().height);
    const inView = await iframe.evaluate((el) => el.getBoundingClientRect().top < innerHeight);
    if (inView)
      throw new Error(
        `layout bench at ${viewport.width}×${viewport.height}: the frame was in view before the scroll (${await iframe.evaluate((el) => JSON.stringify([scrollY, el.getBoundingClientRect().top, document.activeElement?.outerHTML.slice(0, 80)]))})`,
      );
    const before = await height();
    await iframe.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(1_000);
    const second = await height();
    await page.waitForTimeout(2_000);
    const third = await height();
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    const frame = await (await iframe.elementHandle())?.contentFrame();
    const frameShifts = frame
      ? await frame.evaluate(() => (window as unknown as { __shifts?: Shift[] }).__shifts ?? []).catch(() => [])
      : [];
    return {
      viewport: `${viewport.width}×${viewport.height}`,
      shiftSum: shifts.reduce((n, s) => n + s.v, 0),
      cls: largestWindow(shifts),
      frameShiftSum: frameShifts.reduce((n, s) => n + s.v, 0),
      heights: [before, second, third],
    };
  } finally {
    await context.close();
  }
}
