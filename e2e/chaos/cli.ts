/**
 * `npm run chaos -- --seed N --mounts M` (after the development build): issue 12's seeded chaos
 * run in Debian's Chromium. Starts the browser tests' servers (provider/startAll.ts, on the ports
 * of CASHIER_E2E_PORT_BASE: host page on localhost, frame and provider on 127.0.0.1) with the
 * provider's fault switches on, runs the plan of the seed (plan.ts), prints the table of faults ×
 * outcomes and every violation with its seed, mount and plan, and exits 1 on any violation.
 *
 * Options: --seed (default 1), --mounts (default 50), --only 3,17 (those mounts, at their
 * planned times on their pages), --page 4 (every mount of those pages), --pages-at-once (3),
 * the bounds in ms: --outcome-bound-ms (25000), --dead-frame-bound-ms (4000 from the frame's document end:
 * the host SDK names a frame that never loads FRAME_LOAD_FAILED, issue 12), --lost-frame-bound-ms (5000),
 * --pay-bound-ms (30000), --challenge-bound-ms (3000: a 3-D Secure answer to its pay's outcome); --json FILE writes the whole report; --limit-minutes (60) ends a run
 * that hangs.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium, request } from '@playwright/test';
import { startAll } from '../../provider';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium';
import { closedPortUrl } from '../support/closedPort';
import { E2E_PORTS } from '../support/origins';
import { ProviderControl } from '../support/provider';
import { challengeRecorder } from './challengeControl';
import { holdPolicySetter } from './holdControl';
import { localTimingsSetter } from './localControl';
import { type Bounds, DEFAULT_BOUNDS } from './observations';
import { planChaos } from './plan';
import { formatReport } from './report';
import { runChaos } from './runChaos';
import { deliveryReader } from './webhookLog';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    mounts: { type: 'string', default: '50' },
    only: { type: 'string' },
    page: { type: 'string' },
    'pages-at-once': { type: 'string', default: '3' },
    'outcome-bound-ms': { type: 'string', default: String(DEFAULT_BOUNDS.outcomeMs) },
    'dead-frame-bound-ms': { type: 'string', default: String(DEFAULT_BOUNDS.deadFrameMs) },
    'lost-frame-bound-ms': { type: 'string', default: String(DEFAULT_BOUNDS.lostFrameMs) },
    'pay-bound-ms': { type: 'string', default: String(DEFAULT_BOUNDS.payMs) },
    'challenge-bound-ms': { type: 'string', default: String(DEFAULT_BOUNDS.challengeMs) },
    json: { type: 'string' },
    'limit-minutes': { type: 'string', default: '60' },
  },
});

const whole = (name: string, value: string | undefined, least: number) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < least) throw new TypeError(`--${name} must be a whole number ≥ ${least}, got ${value}`);
  return n;
};
const list = (name: string, value: string | undefined) =>
  value === undefined ? [] : value.split(',').map((v) => whole(name, v.trim(), 0));

const seed = whole('seed', values.seed, 0);
const plan = planChaos(seed, whole('mounts', values.mounts, 1));
const onlyMounts = list('only', values.only);
const onlyPages = list('page', values.page);
for (const m of onlyMounts)
  if (m >= plan.mounts.length) throw new TypeError(`--only ${m}: the run has mounts 0 to ${plan.mounts.length - 1}`);
for (const p of onlyPages)
  if (p >= plan.pages.length) throw new TypeError(`--page ${p}: the run has pages 0 to ${plan.pages.length - 1}`);
const only =
  onlyMounts.length + onlyPages.length === 0
    ? undefined
    : new Set([...onlyMounts, ...onlyPages.flatMap((p) => plan.pages[p] ?? [])]);
const bounds: Bounds = {
  outcomeMs: whole('outcome-bound-ms', values['outcome-bound-ms'], 1),
  deadFrameMs: whole('dead-frame-bound-ms', values['dead-frame-bound-ms'], 1),
  lostFrameMs: whole('lost-frame-bound-ms', values['lost-frame-bound-ms'], 1),
  payMs: whole('pay-bound-ms', values['pay-bound-ms'], 1),
  challengeMs: whole('challenge-bound-ms', values['challenge-bound-ms'], 1),
};
const limitMs = whole('limit-minutes', values['limit-minutes'], 1) * 60_000;
setTimeout(() => {
  console.error(
    `chaos: still running after --limit-minutes ${limitMs / 60_000}; exiting (the servers and Chromium exit with us)`,
  );
  process.exit(2);
}, limitMs).unref();

// The control key of this run: made here, given to the provider and to the control client.
const controlKey = randomBytes(32).toString('hex');
const servers = await startAll(E2E_PORTS, { controlKey });
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: [...CHROMIUM_ARGS], timeout: 30_000 });
const api = await request.newContext();
let failed = true;
try {
  const report = await runChaos({
    browser,
    urls: {
      host: servers.urls.host.replace(/\/$/, ''),
      frame: servers.urls.frame,
      provider: servers.urls.provider,
      closedPort: await closedPortUrl(),
    },
    control: new ProviderControl(api, servers.urls.provider, controlKey),
    api,
    recordChallenge: challengeRecorder(api, servers.urls.provider, controlKey),
    setHoldPolicy: holdPolicySetter(api, servers.urls.provider, controlKey),
    setLocalTimings: localTimingsSetter(api, servers.urls.provider, controlKey),
    readDeliveries: deliveryReader(api, servers.urls.host.replace(/\/$/, ''), controlKey),
    plan,
    ...(only ? { only } : {}),
    pagesAtOnce: whole('pages-at-once', values['pages-at-once'], 1),
    bounds,
    progress: (line) => console.error(line),
  });
  console.log(formatReport(report));
  if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
  failed = report.violations.length > 0;
} finally {
  await api.dispose();
  await browser.close();
  await servers.close();
}
process.exit(failed ? 1 : 0);
