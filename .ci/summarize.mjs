// Prints one plain line "N passed, N failed" totalling the unit (vitest) and e2e (Playwright)
// reports that `npm test` wrote into reports/. A missing report counts as nothing run.
import { existsSync, readFileSync } from 'node:fs';

const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined);
const unit = read('reports/unit.json');
const e2e = read('reports/e2e.json');

let passed = 0;
let failed = 0;
if (unit) {
  passed += unit.numPassedTests ?? 0;
  failed += unit.numFailedTests ?? 0;
}
if (e2e?.stats) {
  passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected ?? 0;
}
console.log(`unit: ${unit ? `${unit.numPassedTests} passed, ${unit.numFailedTests} failed` : 'no report'}`);
console.log(`e2e: ${e2e?.stats ? `${e2e.stats.expected} passed, ${e2e.stats.unexpected} failed` : 'no report'}`);
console.log(`${passed} passed, ${failed} failed`);
