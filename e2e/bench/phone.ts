/**
 * The phone figure (see bench.ts for the browser setup): the demo checkout in a fresh context
 * per run, throttled like a mid-range phone on a slow mobile connection. Fill "Full name" and
 * "Email address", tap "Continue to payment" (the page creates the order, then mounts the
 * widget), and time until the frame's "Card number" field is visible. The time is taken in the
 * pages: an init script stamps the click in the host page and, in the frame, the first
 * animation frame where the field has a box; both stamps are `performance.timeOrigin +
 * performance.now()`, one clock, since the frame runs in the page's process. Playwright's own
 * view (tap → visible, polling included) is kept as a cross-check. The JavaScript bytes are the
 * CDP `encodedDataLength` (headers + body as transferred) of every JavaScript response of the
 * page and its frame, from the page load until the field is visible; the bytes in all are the
 * same for every response (documents, styles, API replies, 304s).
 *
 * Preload (issue 24): the demo calls `preloadCashier` as it loads, unless its URL says
 * `?preload=off`; with it, a run waits for the warm-up to end (the demo logs "preloadCashier: done",
 * as a buyer choosing tickets gives it time) before filling the form, and the settings requests
 * and script fetches that still go to the network after the tap are counted (a 304 counts; the
 * HTTP cache's own answers do not).
 */
import type { Browser } from '@playwright/test';
import { assertFramesInPageProcess, type Throttling, throttle } from './browsers';
import type { Deadline } from './deadline';
import { summarize } from './stats';
import { requestTimes, waterfall } from './waterfall';

/** Lighthouse's mobile profile: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower. */
export const PHONE_THROTTLING: Required<Throttling> = {
  latencyMs: 150,
  downloadKbitPerS: 1600,
  uploadKbitPerS: 750,
  cpuSlowdown: 4,
};

/** What the phone runs measured. */
export interface PhoneResult {
  /** Click → card field visible, in-page (ms), per run. */
  ms: number[];
  /** Tap → visible as Playwright saw it (ms), per run. */
  playwrightMs: number[];
  /** JavaScript transferred into the frame (frame app + bundle), bytes per run. */
  frameJsBytes: number[];
  /** JavaScript transferred into the host page (demo + host SDK), bytes per run. */
  pageJsBytes: number[];
  /** JavaScript transferred in the last run, by URL (bytes). */
  jsFiles: Map<string, number>;
  /** The settings request's duration in the frame's resource timing, per run. */
  settingsMs: number[];
  /** The frame's CPU probe time over the same probe's unthrottled time (medians of 5), per run. */
  cpuSlowdown: number[];
  /** The same for the host page, per run. */
  pageCpuSlowdown: number[];
  /** CORS preflights sent between the click and the visible field, per run. */
  preflights: number[];
  /** Every response transferred (CDP encodedDataLength), page load → field visible, bytes per run. */
  allBytes: number[];
  /** Widget settings requests sent after the tap (preflights not counted), per run. */
  settingsAfterTap: number[];
  /** Scripts fetched from the network after the tap (304s included), per run. */
  scriptsAfterTap: number[];
  /** Page load → preloadCashier done (ms), per run; empty without preload. */
  preloadMs: number[];
  /** What went to the network after the tap in the last run: `type method status url`. */
  afterTapFiles: string[];
  /** The last run's waterfall: each request of the page and the frame from the tap on, `+start → +end ms  url`, then the field's paint. */
  waterfall: string[];
}

interface StampWindow {
  __benchClickAt?: number;
  __benchCardVisibleAt?: number;
}

const RUN_STEP_MS = 60_000;

/**
 * The in-page stamps, as source text: tsx gives a function's named inner functions its `__name`
 * helper, which the page does not have. In the host page: the click on "Continue to payment".
 * In the frame: the first animation frame in which the "Card number" field has a box, or, in a
 * frame out of view (Chromium renders a cross-site frame below the fold once at most), the change
 * of its document after which the field has one.
 */
const stampScript = (frameOrigin: string) => `(() => {
  const now = () => performance.timeOrigin + performance.now();
  if (location.origin === ${JSON.stringify(frameOrigin)}) {
    const look = () => {
      if (window.__benchCardVisibleAt !== undefined) return true;
      const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim().startsWith('Card number'));
      const field = label && label.control;
      const box = field && field.getBoundingClientRect();
      if (!(box && box.width > 0 && box.height > 0 && getComputedStyle(field).visibility !== 'hidden')) return false;
      window.__benchCardVisibleAt = now();
      return true;
    };
    const frame = () => look() || requestAnimationFrame(frame);
    requestAnimationFrame(frame);
    // Chromium renders a cross-site frame below the fold once at most, then no animation frame
    // runs there: a field laid out after that is stamped as it enters the document.
    const added = new MutationObserver(() => look() && added.disconnect());
    added.observe(document, { subtree: true, childList: true });
  } else {
    addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('#continue') && window.__benchClickAt === undefined) window.__benchClickAt = now();
    }, true);
  }
})();`;

const PROBE_REPEATS = 5;

/** Busy work of a fixed size (about 40 ms unthrottled here); returns its duration (ms). */
function cpuProbe(): number {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < 10_000_000; i += 1) x = (x + i * 7) % 1_000_003;
  return x < 0 ? -1 : performance.now() - started;
}

/** Runs the demo checkout `runs` times on `browser` (frames in the page process). */
export async function measurePhone(
  browser: Browser,
  urls: { host: string; frameOrigin: string },
  runs: number,
  deadline: Deadline,
  preload = false,
  look?: string,
): Promise<PhoneResult> {
  const result: PhoneResult = {
    ms: [],
    playwrightMs: [],
    frameJsBytes: [],
    pageJsBytes: [],
    jsFiles: new Map(),
    settingsMs: [],
    cpuSlowdown: [],
    pageCpuSlowdown: [],
    preflights: [],
    allBytes: [],
    settingsAfterTap: [],
    scriptsAfterTap: [],
    preloadMs: [],
    afterTapFiles: [],
    waterfall: [],
  };
  const probeBaseline = await unthrottledProbe(browser);
  const started = Date.now();
  // `look` (issue 35): the demo's `?look=` (demo/looks.ts), e.g. `festival`, a full appearance with a custom font.
  const query = new URLSearchParams({ ...(preload ? {} : { preload: 'off' }), ...(look ? { look } : {}) }).toString();
  const run = { ...urls, host: query ? `${urls.host}?${query}` : urls.host };
  for (let i = 0; i < runs; i += 1) await runOnce(browser, run, deadline, probeBaseline, result, i === 0);
  console.error(
    `  phone${preload ? ', preload' : ', no preload'}${look ? `, ${look} look` : ''}: ${runs} runs in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return result;
}

/** The median of PROBE_REPEATS probe times. */
async function probe(run: () => Promise<number>): Promise<number> {
  const times = [];
  for (let i = 0; i < PROBE_REPEATS; i += 1) times.push(await run());
  return summarize(times).median;
}

async function unthrottledProbe(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  try {
    return await probe(() => page.evaluate(cpuProbe));
  } finally {
    await page.close();
  }
}

async function runOnce(
  browser: Browser,
  urls: { host: string; frameOrigin: string },
  deadline: Deadline,
  probeBaseline: number,
  result: PhoneResult,
  checkProcess: boolean,
) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript({ content: stampScript(urls.frameOrigin) });
    const page = await context.newPage();
    const cdp = await throttle(context, page, PHONE_THROTTLING);
    const scripts = new Map<string, { url: string; frameId: string | undefined }>();
    const js: { url: string; frameId: string | undefined; bytes: number }[] = [];
    let preflights = 0;
    let allBytes = 0;
    let tappedYet = false;
    const afterTap = { settings: 0, scripts: 0, files: [] as string[] };
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Preflight') preflights += 1;
      if (e.response.mimeType.includes('javascript')) scripts.set(e.requestId, { url: e.response.url, frameId: e.frameId });
    });
    // Requests sent after the tap; only those that reached the network have ExtraInfo (a 304 counts, a cache hit does not).
    const sentAfterTap = new Map<string, { type: string; method: string; url: string }>();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (tappedYet) sentAfterTap.set(e.requestId, { type: e.type ?? '', method: e.request.method, url: e.request.url });
    });
    cdp.on('Network.responseReceivedExtraInfo', (e) => {
      const sent = sentAfterTap.get(e.requestId);
      if (!sent) return;
      afterTap.files.push(`${sent.type} ${sent.method} ${e.statusCode} ${sent.url}`);
      if (sent.method !== 'OPTIONS' && sent.url.includes('/widget-settings')) afterTap.settings += 1;
      if (sent.type === 'Script') afterTap.scripts += 1;
    });
    cdp.on('Network.loadingFinished', (e) => {
      allBytes += e.encodedDataLength;
      const script = scripts.get(e.requestId);
      if (script) js.push({ ...script, bytes: e.encodedDataLength });
    });

    const loading = performance.now();
    await page.goto(urls.host, { timeout: deadline.step(RUN_STEP_MS) });
    if (!urls.host.includes('preload=off')) {
      await page
        .locator('#events li[data-kind="preloadCashier"]')
        .waitFor({ state: 'attached', timeout: deadline.step(RUN_STEP_MS) });
      result.preloadMs.push(performance.now() - loading);
    }
    const mainFrameId = (await cdp.send('Page.getFrameTree')).frameTree.frame.id;
    await page.getByLabel('Full name').fill('Ada Lovelace', { timeout: deadline.step(RUN_STEP_MS) });
    await page.getByLabel('Email address').fill('ada@example.com', { timeout: deadline.step(RUN_STEP_MS) });
    const preflightsBefore = preflights;
    const tapped = performance.now();
    tappedYet = true;
    await page.getByRole('button', { name: 'Continue to payment' }).tap({ timeout: deadline.step(RUN_STEP_MS) });
    const widget = page.frameLocator('#cashier iframe');
    await widget.getByLabel('Card number').waitFor({ state: 'visible', timeout: deadline.step(RUN_STEP_MS) });
    result.playwrightMs.push(performance.now() - tapped);
    result.preflights.push(preflights - preflightsBefore);
    result.allBytes.push(allBytes);
    result.settingsAfterTap.push(afterTap.settings);
    result.scriptsAfterTap.push(afterTap.scripts);
    result.afterTapFiles = afterTap.files;
    const sum = (files: typeof js) => files.reduce((n, f) => n + f.bytes, 0);
    result.frameJsBytes.push(sum(js.filter((f) => f.frameId !== mainFrameId)));
    result.pageJsBytes.push(sum(js.filter((f) => f.frameId === mainFrameId)));
    result.jsFiles = new Map(js.map((f) => [f.url, f.bytes]));

    const frame = page.frames().find((f) => f !== page.mainFrame() && f.url().startsWith(urls.frameOrigin));
    if (!frame) throw new Error(`phone: no frame on ${urls.frameOrigin}`);
    const visibleAt = await (
      await frame.waitForFunction(() => (window as unknown as StampWindow).__benchCardVisibleAt, undefined, {
        timeout: deadline.step(10_000),
      })
    ).jsonValue();
    const clickAt = await page.evaluate(() => (window as unknown as StampWindow).__benchClickAt);
    if (typeof visibleAt !== 'number' || typeof clickAt !== 'number') throw new Error('phone: the in-page stamps are missing');
    result.ms.push(visibleAt - clickAt);
    result.waterfall = waterfall(
      [...(await page.evaluate(requestTimes)), ...(await frame.evaluate(requestTimes))],
      clickAt,
      visibleAt,
    );
    // The widget's own load phases (onApiInit's timings, as the demo lists them), ms since mountCashier.
    await page
      .locator('#timings dd')
      .first()
      .waitFor({ timeout: deadline.step(10_000) });
    const phases = await page.locator('#timings dt, #timings dd').allTextContents();
    result.waterfall.push(
      `load phases since mountCashier: ${phases.map((text, i) => (i % 2 ? `${text}; ` : `${text} `)).join('')}`,
    );
    result.settingsMs.push(
      await frame.evaluate(
        () => performance.getEntriesByType('resource').find((e) => e.name.includes('/widget-settings'))?.duration ?? Number.NaN,
      ),
    );
    result.cpuSlowdown.push((await probe(() => frame.evaluate(cpuProbe))) / probeBaseline);
    result.pageCpuSlowdown.push((await probe(() => page.evaluate(cpuProbe))) / probeBaseline);
    if (checkProcess) await assertFramesInPageProcess(browser);
  } finally {
    await context.close();
  }
}

/**
 * `earlier` and `later` as one result (`earlier` undefined: `later`): the per-run figures in run
 * order; the last run's files are `later`'s. For runs of two conditions taken in turn.
 */
export function mergePhone(earlier: PhoneResult | undefined, later: PhoneResult): PhoneResult {
  if (!earlier) return later;
  const merged = { ...later };
  for (const key of Object.keys(later) as (keyof PhoneResult)[]) {
    const [a, b] = [earlier[key], later[key]];
    if (Array.isArray(a) && Array.isArray(b) && key !== 'afterTapFiles' && key !== 'waterfall')
      (merged[key] as unknown[]) = [...a, ...b];
  }
  return merged;
}
