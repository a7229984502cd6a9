/**
 * `npm run bench` (after the build): one run prints
 * 1. Ready time against a floor: ours is `mountCashier` → `onApiInit` (e2e/fixtures/test-host.html);
 *    the floor is a cross-site iframe on the frame origin that makes only the unavoidable requests,
 *    the settings GET (preflighted: it carries Authorization) and the bundle fetched in cors mode
 *    (e2e/bench/floor.html, hosted by floor-host.html), timed from creating the iframe to its
 *    message. Cold (fresh context per run) and warm (fresh context, one load, reload, measure),
 *    each at 0 ms and +100 ms per request; ours and the floor alternate run by run.
 * 2. The size table (sizes.ts).
 *
 * Browser setup. CDP throttling (`Network.emulateNetworkConditions`,
 * `Emulation.setCPUThrottlingRate`) applies per target, and a cross-site iframe is its own
 * target in Chromium's default process model. The throttled measurements (+100 ms) run
 * in a browser launched with `--disable-site-isolation-trials` (browsers.ts explains why not also
 * `--disable-features=...`), where the frame shares the page's process and target, and the page
 * target is throttled. That reaches the frame: every throttled run reads the settings request's
 * duration from the frame's own resource timing and the bench prints it (≥ the added latency);
 * the first run of each throttled condition checks that the browser has no iframe target. The 0 ms
 * conditions need no throttling and run in Chromium's default model (frame in its own process,
 * as on desktop), so they include starting the frame's process, for ours and the floor alike.
 * Ours and the floor always share one browser setup per condition.
 *
 * Known limit of CDP emulation, measured on Chromium 156: the added latency is applied to every
 * request, the frame's document included, but not to CORS preflights (an OPTIONS answers in a few
 * ms at +300 ms). Ours and the floor each make one preflighted request before ready, so the ready
 * times under latency are short by one round trip each. Latency is per request, from sent to response headers: no TCP or TLS set-up is emulated.
 *
 * Servers: the `npm start` servers on ports 4373–4375 with fault switches off, plus the floor
 * pages, in a child process (serveBench.ts). Everything is bounded: per-step timeouts, an
 * overall limit (--limit-minutes) with a hard exit a minute after it, and servers and browsers
 * closed in `finally`.
 *
 * Usage: `tsx e2e/bench/bench.ts [--runs 15] [--limit-minutes 20]`.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { startBenchServers } from './benchServers';
import { type FrameProcess, launchBrowser } from './browsers';
import { Deadline } from './deadline';
import { conditionName, measureReadyTimes, READY_CONDITIONS, type ReadyResult } from './readyTime';
import { formatSize, measureSizes } from './sizes';
import { formatSummary, summarize } from './stats';

const PORTS = { host: 4373, frame: 4374, provider: 4375 };
const URLS = { host: `http://localhost:${PORTS.host}/`, frameOrigin: `http://127.0.0.1:${PORTS.frame}` };

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    'limit-minutes': { type: 'string', default: '20' },
  },
});
const count = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new TypeError(`--${name} must be a whole number ≥ 1, got ${value}`);
  return n;
};
const runs = count('runs', values.runs);
const limitMs = count('limit-minutes', values['limit-minutes']) * 60_000;

const started = Date.now();
const deadline = new Deadline(limitMs);
setTimeout(() => {
  console.error('bench: still running a minute past --limit-minutes; exiting (the servers and Chromium exit with us)');
  process.exit(2);
}, limitMs + 60_000).unref();

const FRAMES_LABEL: Record<FrameProcess, string> = { own: 'own process', page: "page's process" };

function printReady(results: ReadyResult[]) {
  console.log('\n1. Ready time (ms): ours = mountCashier → onApiInit; floor = iframe created → settings + bundle fetched');
  console.log(`   median (min–max) of ${runs} runs each; ratio = median ours / median floor`);
  console.log('   condition       frame in        ours             floor            ratio  target');
  for (const r of results) {
    const ours = summarize(r.ours);
    const floor = summarize(r.floor);
    const ratio = ours.median / floor.median;
    const target =
      r.condition.target === undefined
        ? ''
        : `≤ ${r.condition.target.toFixed(2)} ${ratio <= r.condition.target ? 'met' : 'MISSED'}`;
    console.log(
      `   ${conditionName(r.condition).padEnd(15)} ${FRAMES_LABEL[r.condition.frames].padEnd(15)} ${formatSummary(ours).padEnd(16)} ${formatSummary(floor).padEnd(16)} ${ratio.toFixed(2).padEnd(6)} ${target}`,
    );
  }
  console.log('   runs (ms), in order:');
  for (const r of results) {
    console.log(`   ${conditionName(r.condition).padEnd(15)} ours  ${r.ours.map((t) => t.toFixed(0)).join(' ')}`);
    console.log(`   ${''.padEnd(15)} floor ${r.floor.map((t) => t.toFixed(0)).join(' ')}`);
  }
  console.log("   check: the settings request in the frame's own resource timing, median (min–max) ms:");
  for (const r of results) {
    const least = Math.min(...r.oursSettingsMs, ...r.floorSettingsMs);
    const verdict =
      r.condition.latencyMs === 0 ? '' : least >= r.condition.latencyMs ? '  latency reached the frame' : '  NOT THROTTLED';
    console.log(
      `   ${conditionName(r.condition).padEnd(15)} ours ${formatSummary(summarize(r.oursSettingsMs))}, floor ${formatSummary(summarize(r.floorSettingsMs))}${verdict}`,
    );
  }
}

function printSizes() {
  console.log('\n2. Sizes (gzip -9) against their budgets');
  for (const size of measureSizes()) console.log(`   ${formatSize(size)}`);
}

const stopServers = (await startBenchServers(PORTS)).stop;
let browser: Browser | undefined;
try {
  console.log(
    `npm run bench: ${runs} runs per ready-time condition; ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(2)} at the start`,
  );
  const ready: ReadyResult[] = [];
  for (const frames of ['own', 'page'] as const) {
    const conditions = READY_CONDITIONS.filter((c) => c.frames === frames);
    browser = await launchBrowser(frames);
    if (frames === 'own') console.log(`Chromium ${browser.version()}`);
    console.error(`frames in ${FRAMES_LABEL[frames]}:`);
    ready.push(...(await measureReadyTimes(browser, conditions, URLS, runs, deadline)));
    await browser.close();
    browser = undefined;
  }
  printReady(ready);
  printSizes();
  const took = Math.round((Date.now() - started) / 1000);
  console.log(`\nbench took ${Math.floor(took / 60)} min ${took % 60} s; load average ${loadavg()[0]?.toFixed(2)} at the end`);
} finally {
  await browser?.close();
  await stopServers();
}
