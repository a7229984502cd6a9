/**
 * `npm run stress` (after the development build, `npm run build:dev`): runs the browser suites
 * several rounds in a row beside CPU-busy processes, the load under which races show, and prints
 * per spec file the tests that failed in one round and passed in another (flaky), the failures
 * per round, and `N passed, N failed`. Exits 1 on any failure.
 *
 * Options: --rounds (3); --project chromium|firefox|webkit, repeatable (default all three: the
 * Playwright projects and the WebKit suite, `npm run test:webkit`); --busy (2) CPU-busy processes;
 * --busy-minutes (150: a 3-round run takes about 130 min on 2 cores) after which they stop on their own, should this script die without stopping
 * them. Any other argument is a file filter for both runners (e.g. e2e/bfcache.spec.ts).
 * Each round's JSON report is kept as reports/stress/round-<n>-<suite>.json.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatSummary, playwrightRuns, summarize, type TestRun, vitestRuns } from './report';

const root = resolve(import.meta.dirname, '../..');
const { values, positionals } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    project: { type: 'string', multiple: true, default: ['chromium', 'firefox', 'webkit'] },
    busy: { type: 'string', default: '2' },
    'busy-minutes': { type: 'string', default: '150' },
  },
  allowPositionals: true,
});
const rounds = whole('--rounds', values.rounds, 1);
const busy = whole('--busy', values.busy, 0);
const busyMs = whole('--busy-minutes', values['busy-minutes'], 1) * 60_000;
const projects = values.project;
const playwrightProjects = projects.filter((p) => p !== 'webkit');
const unknown = projects.filter((p) => !['chromium', 'firefox', 'webkit', 'production'].includes(p));
if (unknown.length > 0)
  throw new TypeError(`--project: expected chromium, firefox, production or webkit, got ${unknown.join(', ')}`);

function whole(name: string, value: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new TypeError(`${name}: expected a whole number of at least ${min}, got ${value}`);
  return n;
}

/** Runs `command` in the repository, its output passed through; resolves with its exit code. */
function run(command: string, args: string[]): number {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
}

/** Reads a round's report and keeps a copy; a runner that wrote none counts as one failed run. */
function collect(report: string, round: number, suite: string, parse: (json: unknown) => TestRun[]): TestRun[] {
  const path = resolve(root, report);
  if (!existsSync(path)) return [{ round, project: suite, file: '(no report)', title: `round ${round}`, passed: false }];
  copyFileSync(path, resolve(root, `reports/stress/round-${round}-${suite}.json`));
  return parse(JSON.parse(readFileSync(path, 'utf8')));
}

// Busy loops beside the suites, each ending on its own after --busy-minutes.
const loops: ChildProcess[] = Array.from({ length: busy }, () =>
  spawn(process.execPath, ['-e', `const end = Date.now() + ${busyMs}; while (Date.now() < end);`], { stdio: 'ignore' }),
);
const stopLoops = () => {
  for (const loop of loops) loop.kill();
};
process.on('exit', stopLoops);
process.on('SIGINT', () => process.exit(130));

mkdirSync(resolve(root, 'reports/stress'), { recursive: true });
const runs: TestRun[] = [];
for (let round = 1; round <= rounds; round++) {
  console.log(`\n=== round ${round} of ${rounds} (${busy} busy processes) ===`);
  if (playwrightProjects.length > 0) {
    rmSync(resolve(root, 'reports/e2e.json'), { force: true });
    run('npx', ['playwright', 'test', ...playwrightProjects.map((p) => `--project=${p}`), ...positionals]);
    runs.push(...collect('reports/e2e.json', round, 'e2e', (json) => playwrightRuns(json, round)));
  }
  if (projects.includes('webkit')) {
    rmSync(resolve(root, 'reports/webkit.json'), { force: true });
    run('npx', ['vitest', 'run', '--config', 'vitest.webkit.config.ts', ...positionals]);
    runs.push(...collect('reports/webkit.json', round, 'webkit', (json) => vitestRuns(json, round, root)));
  }
}
stopLoops();

const summary = summarize(runs, rounds);
console.log(`\n${formatSummary(summary)}`);
process.exitCode = summary.failed > 0 ? 1 : 0;
