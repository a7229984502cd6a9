// Prints one plain line "N passed, N failed" totalling the unit (vitest), e2e (Playwright) and
// webkit (vitest + webdriverio) reports that `npm test` wrote into reports/. A missing report
// counts as nothing run. Every e2e test runs once per engine (a Playwright project each), and
// every run counts.
// Usage: node .ci/summarize.mjs [exit status of npm test]; a failed run with no failed test
// is said to have failed in a step that is not a test (lint, typecheck, build, size budgets,
// or the setup of the WebKit suite: servers, Xvfb, WebKitWebDriver).
import { existsSync, readFileSync } from 'node:fs';

const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined);
const unit = read('reports/unit.json');
const e2e = read('reports/e2e.json');
const webkit = read('reports/webkit.json');

let passed = 0;
let failed = 0;
if (unit) {
  passed += unit.numPassedTests ?? 0;
  failed += unit.numFailedTests ?? 0;
}
if (webkit) {
  passed += webkit.numPassedTests ?? 0;
  failed += webkit.numFailedTests ?? 0;
}
if (e2e?.stats) {
  passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected ?? 0;
}
console.log(`unit: ${unit ? `${unit.numPassedTests} passed, ${unit.numFailedTests} failed` : 'no report'}`);
console.log(`e2e: ${e2e?.stats ? `${e2e.stats.expected} passed, ${e2e.stats.unexpected} failed${byEngine(e2e)}` : 'no report'}`);
console.log(`webkit: ${webkit ? `${webkit.numPassedTests} passed, ${webkit.numFailedTests} failed` : 'no report'}`);
const status = Number(process.argv[2] ?? 0);
if (status !== 0 && failed === 0) {
  console.log(
    `npm test exited ${status} in a step that is not a test (lint, typecheck, build, size budgets or the WebKit suite's setup): see above`,
  );
}
console.log(`${passed} passed, ${failed} failed`);

/** " (chromium 60 passed, 0 failed; firefox …)": the e2e runs per Playwright project (engine). */
function byEngine(report) {
  const engines = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const run of spec.tests ?? []) {
        const counts = engines.get(run.projectName) ?? { passed: 0, failed: 0 };
        if (run.status === 'expected' || run.status === 'flaky') counts.passed += 1;
        if (run.status === 'unexpected') counts.failed += 1;
        engines.set(run.projectName, counts);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  if (engines.size === 0) return '';
  return ` (${[...engines].map(([name, c]) => `${name} ${c.passed} passed, ${c.failed} failed`).join('; ')})`;
}
