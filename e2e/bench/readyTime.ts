/**
 * Time from `mountCashier` to `onApiInit` in real Chromium, host page and frame on different
 * sites, every server on loopback (the same servers as `npm start`, on bench ports).
 * Each run uses a fresh browser context (cold HTTP cache). Prints every run, the median, and
 * the min and max. Run after `npm run build`: `tsx e2e/bench/readyTime.ts [runs]` (default 15).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';

const runs = Number(process.argv[2] ?? 15);
const ports = { host: 4373, frame: 4374, provider: 4375 };
const root = resolve(import.meta.dirname, '../..');

function startServers(): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'provider/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      CASHIER_HOST_PORT: String(ports.host),
      CASHIER_FRAME_PORT: String(ports.frame),
      CASHIER_PROVIDER_PORT: String(ports.provider),
      CASHIER_CONTROL: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error('servers did not start within 20 s')), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ctrl-C')) {
        clearTimeout(timer);
        resolveStart(child);
      }
    });
    child.on('exit', (code) => reject(new Error(`servers exited with ${code}`)));
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const servers = await startServers();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`http://localhost:${ports.host}/test-host.html`);
    await page.evaluate(() => (window as unknown as { testMount(o: object): number }).testMount({}));
    const handle = await page.waitForFunction(
      () =>
        (window as unknown as { __events: { type: string; at: number }[] }).__events.find(
          (e) => e.type === 'apiInit' || e.type === 'crash',
        ),
      undefined,
      { timeout: 15_000 },
    );
    const event = (await handle.jsonValue()) as { type: string; at: number };
    if (event.type !== 'apiInit') throw new Error(`run ${i + 1}: the widget crashed instead of loading`);
    times.push(event.at);
    await context.close();
  }
  console.log(`mountCashier → onApiInit, ${runs} cold runs (ms): ${times.map((t) => t.toFixed(0)).join(' ')}`);
  console.log(
    `median ${median(times).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  servers.kill('SIGTERM');
}
