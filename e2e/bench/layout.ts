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
 *
 * The in-view figure (issue 36 item 1, "the first painted height is the settled one"): the demo with
 * no spacer, the payment step scrolled to the top of the viewport as soon as "Continue to payment" is
 * tapped, so the frame loads in view and is rendered every frame. An init script in the frame samples its document's height
 * (what observeHeight tells the host: the body's box, rounded up) at every animation frame, i.e.
 * every height a painted frame had; from the first frame painted with the payment form (its
 * `<form>`: the card fields, or a member's saved card chosen) to 1 s later it counts the steps
 * (changes of height) and gives the first and the settled height, and the height painted just
 * before the form (a placeholder, or nothing). At 390 × 844 and 1280 × 900, for a guest and for the returning buyer (`?buyer=returning`:
 * saved cards and PayPal).
 */
import type { Browser, BrowserContext } from '@playwright/test';
import type { Deadline } from './deadline';

/** The limits: CLS and the frame's height before and after it is seen. */
export const LAYOUT_LIMITS = { cls: 0.01, heightPx: 4 };
/** The viewports measured (CSS px). */
export const LAYOUT_VIEWPORTS = [
  { width: 390, height: 844, mobile: true },
  { width: 320, height: 640, mobile: true },
  { width: 1280, height: 900, mobile: false },
] as const;
/** The in-view figure's viewports (CSS px) and buyers (the demo's `?buyer=`). */
export const IN_VIEW_VIEWPORTS = [LAYOUT_VIEWPORTS[0], LAYOUT_VIEWPORTS[2]] as const;
export const IN_VIEW_BUYERS = ['guest', 'returning'] as const;
/** How long after the form's first paint the in-view figure watches the height (ms). */
const IN_VIEW_WATCH_MS = 1_000;
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

/** One in-view run: the frame's document height as painted, from the form's first paint. */
export interface InViewRun {
  viewport: string;
  buyer: (typeof IN_VIEW_BUYERS)[number];
  /** The height of the last frame painted before the form (a placeholder); 0 when nothing was painted. */
  beforePx: number;
  /** The height in the first frame painted with the form (px). */
  firstPx: number;
  /** The height IN_VIEW_WATCH_MS later (px). */
  settledPx: number;
  /** The heights painted in that second, in order, each differing from the one before. */
  heights: number[];
  /**
   * Of `heights`' steps, those painted before the page's first `handle.update` reached the frame
   * (all of them when none did): the issue allows a change of height on an update, not otherwise.
   */
  stepsBeforeUpdate: number;
  /** When the page's first `handle.update` reached the frame, in ms after the form's first paint (negative: before it). */
  updateAtMs?: number;
  /** Tap on "Continue to payment" → the form's first paint (ms). */
  tapToFormMs: number;
}

/**
 * The frame's height sampler, as source text: in a child frame, from its document's start, at
 * every animation frame, the body's height rounded up (observeHeight's measure) and whether the
 * payment form is there; a sample only when either changed, until IN_VIEW_WATCH_MS + 500 ms
 * after the form's first paint. It also notes when each `handle.update` of the page reaches the
 * frame: penpal's call message of `update`, which comes through the MessagePort penpal's handshake
 * set up, so every `message` listener added to a port is preceded by one that notes it. Times are
 * epoch ms (performance.timeOrigin + now).
 */
const SAMPLER = `(() => {
  if (window === top) return;
  const samples = (window.__heights = []);
  const updates = (window.__updates = []);
  const now = () => performance.timeOrigin + performance.now();
  const add = MessagePort.prototype.addEventListener;
  const noteUpdate = (event) => {
    const data = event.data;
    if (data && data.namespace === "penpal" && data.type === "CALL" && Array.isArray(data.methodPath) && data.methodPath[0] === "update") updates.push(now());
  };
  MessagePort.prototype.addEventListener = function (type, listener, options) {
    if (type === "message") add.call(this, "message", noteUpdate);
    return add.call(this, type, listener, options);
  };
  let formAt;
  const tick = () => {
    const body = document.body;
    if (body) {
      const h = Math.ceil(body.getBoundingClientRect().height);
      const form = document.querySelector("form") !== null;
      if (form && formAt === undefined) formAt = now();
      const last = samples[samples.length - 1];
      if (!last || last.h !== h || last.form !== form) samples.push({ t: now(), h, form });
    }
    if (formAt === undefined || now() - formAt < ${IN_VIEW_WATCH_MS + 500}) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

type HeightSample = { t: number; h: number; form: boolean };

/**
 * The in-view figure of one run's samples and the times the page's updates reached the frame (see
 * {@link InViewRun}); undefined when the form never painted.
 */
export function readHeights(
  samples: readonly HeightSample[],
  updates: readonly number[] = [],
): Omit<InViewRun, 'viewport' | 'buyer' | 'tapToFormMs'> | undefined {
  const first = samples.findIndex((s) => s.form);
  const start = samples[first];
  if (!start) return undefined;
  const watched = samples.slice(first).filter((s) => s.t <= start.t + IN_VIEW_WATCH_MS);
  const changes = watched.filter((s, i) => i === 0 || s.h !== watched[i - 1]?.h);
  const heights = changes.map((s) => s.h);
  const updateAt = updates[0];
  return {
    beforePx: samples[first - 1]?.h ?? 0,
    firstPx: start.h,
    settledPx: heights[heights.length - 1] ?? start.h,
    heights,
    stepsBeforeUpdate: changes.slice(1).filter((s) => updateAt === undefined || s.t < updateAt).length,
    ...(updateAt === undefined ? {} : { updateAtMs: updateAt - start.t }),
  };
}

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

/** Runs the in-view figure `runs` times per viewport and buyer on `browser`. */
export async function measureInView(browser: Browser, host: string, runs: number, deadline: Deadline): Promise<InViewRun[]> {
  const results: InViewRun[] = [];
  for (const buyer of IN_VIEW_BUYERS) {
    for (const viewport of IN_VIEW_VIEWPORTS) {
      for (let i = 0; i < runs; i += 1) results.push(await inViewOnce(browser, host, viewport, buyer, deadline));
    }
  }
  return results;
}

/** A browser context at `viewport`'s size; a mobile one is a touch phone with a 3× screen. */
function newViewportContext(browser: Browser, viewport: (typeof LAYOUT_VIEWPORTS)[number]): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.mobile,
    hasTouch: viewport.mobile,
    deviceScaleFactor: viewport.mobile ? 3 : 1,
  });
}

async function inViewOnce(
  browser: Browser,
  host: string,
  viewport: (typeof IN_VIEW_VIEWPORTS)[number],
  buyer: InViewRun['buyer'],
  deadline: Deadline,
): Promise<InViewRun> {
  const context = await newViewportContext(browser, viewport);
  try {
    await context.addInitScript({ content: SAMPLER });
    const page = await context.newPage();
    await page.goto(buyer === 'returning' ? `${host}?buyer=returning` : host, { timeout: deadline.step(STEP_MS) });
    await page.getByLabel('Full name').fill('Ada Lovelace', { timeout: deadline.step(STEP_MS) });
    await page.getByLabel('Email address').fill('ada@example.com', { timeout: deadline.step(STEP_MS) });
    // The demo's preload is done, as when a buyer takes the time to choose tickets.
    await page.locator('#events li[data-kind="preloadCashier"]').waitFor({ state: 'attached', timeout: deadline.step(STEP_MS) });
    const continueButton = page.getByRole('button', { name: 'Continue to payment' });
    await continueButton.scrollIntoViewIfNeeded({ timeout: deadline.step(STEP_MS) });
    const tapAt = await page.evaluate(() => performance.timeOrigin + performance.now());
    await continueButton.click({ timeout: deadline.step(STEP_MS) });
    // In view while it loads: the payment step's heading at the viewport's top, the frame below it (the
    // demo focuses that heading once the order is made, which then scrolls nothing).
    await page.evaluate(() => document.getElementById('payment-title')?.scrollIntoView({ block: 'start' }));
    const iframe = page.locator('#cashier iframe');
    await iframe.waitFor({ state: 'attached', timeout: deadline.step(STEP_MS) });
    const frame = await (await iframe.elementHandle())?.contentFrame();
    if (!frame) throw new Error('in-view layout bench: no widget frame');
    const sampled = () => frame.evaluate(() => (window as unknown as { __heights?: HeightSample[] }).__heights ?? []);
    const updated = () => frame.evaluate(() => (window as unknown as { __updates?: number[] }).__updates ?? []);
    const wait = Date.now() + deadline.step(STEP_MS);
    let figure = readHeights(await sampled());
    while (!figure && Date.now() < wait) {
      await page.waitForTimeout(100);
      figure = readHeights(await sampled());
    }
    if (!figure)
      throw new Error(
        `in-view layout bench at ${viewport.width}×${viewport.height}: the form never painted (frame ${frame.url()}, last samples ${JSON.stringify((await sampled()).slice(-3))})`,
      );
    await page.waitForTimeout(IN_VIEW_WATCH_MS + 200);
    const samples = await sampled();
    const done = readHeights(samples, await updated());
    const formAt = samples.find((s) => s.form)?.t ?? tapAt;
    if (!done) throw new Error('in-view layout bench: the samples went');
    const inView = await iframe.evaluate((el) => el.getBoundingClientRect().top < innerHeight);
    if (!inView) throw new Error(`in-view layout bench at ${viewport.width}×${viewport.height}: the frame was not in view`);
    return { viewport: `${viewport.width}×${viewport.height}`, buyer, ...done, tapToFormMs: formAt - tapAt };
  } finally {
    await context.close();
  }
}

async function runOnce(
  browser: Browser,
  host: string,
  viewport: (typeof LAYOUT_VIEWPORTS)[number],
  deadline: Deadline,
): Promise<LayoutRun> {
  const context = await newViewportContext(browser, viewport);
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
