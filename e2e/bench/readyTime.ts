/**
 * Ready time, ours against the floor (see bench.ts for the setup and why). Ours: `testMount({})`
 * on e2e/fixtures/test-host.html, from `mountCashier` to `onApiInit`. Floor:
 * `floorMount()` on e2e/bench/floor-host.html, from creating the iframe of e2e/bench/floor.html
 * to its message (settings GET with its preflight, then the bundle fetched). Both times are taken
 * in the host page with performance.now. Each run also reads the frame's own resource timing of
 * the settings request, which shows whether the added latency reached the frame.
 */
import type { Browser, Page } from '@playwright/test';
import { assertFramesInPageProcess, type FrameProcess, throttle } from './browsers';
import type { Deadline } from './deadline';

/** One condition of the table; `target` is the highest acceptable ours/floor ratio, if any. */
export interface ReadyCondition {
  cache: 'cold' | 'warm';
  latencyMs: number;
  frames: FrameProcess;
  target?: number;
}

/** The four conditions: the 0 ms ones unthrottled in Chromium's default process model. */
export const READY_CONDITIONS: ReadyCondition[] = [
  { cache: 'cold', latencyMs: 0, frames: 'own', target: 1.3 },
  { cache: 'warm', latencyMs: 0, frames: 'own' },
  { cache: 'cold', latencyMs: 100, frames: 'page', target: 1.15 },
  { cache: 'warm', latencyMs: 100, frames: 'page' },
];

/** What one condition measured, run by run (ms). */
export interface ReadyResult {
  condition: ReadyCondition;
  ours: number[];
  floor: number[];
  /** The settings request's duration in the frame's resource timing, per run. */
  oursSettingsMs: number[];
  floorSettingsMs: number[];
}

type Kind = 'ours' | 'floor';

interface BenchWindow {
  testMount(options: object): number;
  floorMount(): void;
  __events: { type: string; at?: number; message?: string }[];
}

const RUN_STEP_MS = 20_000;
const PATHS: Record<Kind, string> = { ours: '/test-host.html', floor: '/bench/floor-host.html' };

/** `cold, +100 ms` */
export function conditionName(c: ReadyCondition): string {
  return `${c.cache}, +${c.latencyMs} ms`;
}

/**
 * Runs each condition `runs` times, ours and floor alternately (ABBA order, so drift and the
 * machine's other load hit both alike). `browser` must be of the condition's process model.
 * Throws on a crash, a timeout, or when a throttled condition's frame runs out of process.
 */
export async function measureReadyTimes(
  browser: Browser,
  conditions: ReadyCondition[],
  urls: { host: string; frameOrigin: string },
  runs: number,
  deadline: Deadline,
): Promise<ReadyResult[]> {
  const results: ReadyResult[] = [];
  for (const condition of conditions) {
    const result: ReadyResult = { condition, ours: [], floor: [], oursSettingsMs: [], floorSettingsMs: [] };
    const started = Date.now();
    for (let i = 0; i < runs; i += 1) {
      const order: Kind[] = i % 2 === 0 ? ['ours', 'floor'] : ['floor', 'ours'];
      for (const kind of order) {
        const sample = await runOnce(browser, condition, kind, urls, deadline, i === 0);
        result[kind].push(sample.at);
        result[kind === 'ours' ? 'oursSettingsMs' : 'floorSettingsMs'].push(sample.settingsMs);
      }
    }
    console.error(
      `  ${conditionName(condition)}: ${runs} runs of ours and the floor in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    results.push(result);
  }
  return results;
}

/** One run in a fresh context: load (and for `warm`, load once more after a reload) and measure. */
async function runOnce(
  browser: Browser,
  condition: ReadyCondition,
  kind: Kind,
  urls: { host: string; frameOrigin: string },
  deadline: Deadline,
  checkProcess: boolean,
): Promise<{ at: number; settingsMs: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (condition.latencyMs > 0) await throttle(context, page, { latencyMs: condition.latencyMs });
    await page.goto(new URL(PATHS[kind], urls.host).href, { timeout: deadline.step(RUN_STEP_MS) });
    let sample = await mountAndWait(page, kind, urls.frameOrigin, deadline);
    if (condition.cache === 'warm') {
      await page.reload({ timeout: deadline.step(RUN_STEP_MS) });
      sample = await mountAndWait(page, kind, urls.frameOrigin, deadline);
    }
    if (checkProcess && condition.frames === 'page') await assertFramesInPageProcess(browser);
    return sample;
  } finally {
    await context.close();
  }
}

async function mountAndWait(page: Page, kind: Kind, frameOrigin: string, deadline: Deadline) {
  await page.evaluate((k) => {
    const w = window as unknown as BenchWindow;
    if (k === 'ours') w.testMount({});
    else w.floorMount();
  }, kind);
  const handle = await page.waitForFunction(
    () => (window as unknown as BenchWindow).__events.find((e) => ['apiInit', 'crash', 'ready', 'failed'].includes(e.type)),
    undefined,
    { timeout: deadline.step(RUN_STEP_MS) },
  );
  const event = (await handle.jsonValue()) as BenchWindow['__events'][number];
  if ((event.type !== 'apiInit' && event.type !== 'ready') || event.at === undefined) {
    throw new Error(`${kind}: ${event.type} instead of ready${event.message ? `: ${event.message}` : ''}`);
  }
  const frame = page.frames().find((f) => f !== page.mainFrame() && f.url().startsWith(frameOrigin));
  if (!frame) throw new Error(`${kind}: no frame on ${frameOrigin}`);
  const settingsMs = await frame.evaluate(
    () => performance.getEntriesByType('resource').find((e) => e.name.includes('/widget-settings'))?.duration ?? Number.NaN,
  );
  return { at: event.at, settingsMs };
}
