import { challengeRecorder } from './chaos/challengeControl';
import { holdPolicySetter } from './chaos/holdControl';
import { localTimingsSetter } from './chaos/localControl';
import { DEFAULT_BOUNDS } from './chaos/observations';
import { planChaos } from './chaos/plan';
import { formatReport, formatViolations } from './chaos/report';
import { runChaos } from './chaos/runChaos';
import { deliveryReader } from './chaos/webhookLog';
import { closedPortUrl } from './support/closedPort';
import { FRAME_ORIGIN, HOST_ORIGIN, PROVIDER_ORIGIN } from './support/origins';
import { controlKeyOfRun } from './support/provider';
import { expect, test } from './support/test';

// Issue 12's seeded chaos run, as CI runs it inside `npm test`: one fixed seed, 50 mounts, in
// Chromium only (the firefox project leaves this file out, playwright.config.ts), against the
// browser tests' servers. One test: its report (the table of faults × outcomes) is attached and
// printed, and it fails with every violation, its seed, mount and replay command. The same run
// from the command line: `npm run chaos -- --seed 35 --mounts 50` (docs/development.md "Chaos run").

/** The seed CI runs: among seeds 1–40, the one whose first 50 mounts draw the most kinds of fault, frame and destroy. */
const CI_SEED = 35;
const CI_MOUNTS = 50;

test(`chaos run: ${CI_MOUNTS} mounts of seed ${CI_SEED} keep every invariant`, async ({
  browser,
  provider,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const report = await runChaos({
    browser,
    urls: { host: HOST_ORIGIN, frame: `${FRAME_ORIGIN}/`, provider: PROVIDER_ORIGIN, closedPort: await closedPortUrl() },
    control: provider,
    api: request,
    recordChallenge: challengeRecorder(request, PROVIDER_ORIGIN, controlKeyOfRun()),
    setHoldPolicy: holdPolicySetter(request, PROVIDER_ORIGIN, controlKeyOfRun()),
    setLocalTimings: localTimingsSetter(request, PROVIDER_ORIGIN, controlKeyOfRun()),
    readDeliveries: deliveryReader(request, HOST_ORIGIN, controlKeyOfRun()),
    plan: planChaos(CI_SEED, CI_MOUNTS),
    bounds: DEFAULT_BOUNDS,
  });
  const printed = formatReport(report);
  await testInfo.attach('chaos report', { body: printed, contentType: 'text/plain' });
  console.log(printed);
  expect(report.violations, formatViolations(report)).toEqual([]);
});
