import { relative } from 'node:path';

/** One test's run in one round: where it is, and whether it passed. */
export interface TestRun {
  round: number;
  /** The Playwright project (`chromium`, `firefox`), or `webkit` for the vitest WebKit suite. */
  project: string;
  /** The spec file, from the repository's root (Playwright: from its `testDir`). */
  file: string;
  title: string;
  passed: boolean;
}

interface PlaywrightSuite {
  title?: string;
  file?: string;
  specs?: { title: string; file: string; tests: { projectName: string; status: string }[] }[];
  suites?: PlaywrightSuite[];
}

/**
 * The runs in a Playwright JSON report (reports/e2e.json) for `round`. A skipped test is no run; an
 * `unexpected` or `flaky` one failed (retries are 0, so `flaky` should not occur).
 */
export function playwrightRuns(report: unknown, round: number): TestRun[] {
  const runs: TestRun[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const path = suite.file && suite.title === suite.file ? titles : suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status !== 'skipped')
          runs.push({
            round,
            project: test.projectName,
            file: spec.file,
            title: [...path, spec.title].join(' › '),
            passed: test.status === 'expected',
          });
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of (report as { suites?: PlaywrightSuite[] }).suites ?? []) walk(suite, []);
  return runs;
}

/** The runs in vitest's JSON report (the WebKit suite's reports/webkit.json) for `round`; file paths relative to `root`. */
export function vitestRuns(report: unknown, round: number, root: string): TestRun[] {
  const files = (report as { testResults?: { name: string; assertionResults: { fullName: string; status: string }[] }[] })
    .testResults;
  return (files ?? []).flatMap((file) =>
    file.assertionResults
      .filter((a) => a.status === 'passed' || a.status === 'failed')
      .map((a) => ({
        round,
        project: 'webkit',
        file: relative(root, file.name),
        title: a.fullName,
        passed: a.status === 'passed',
      })),
  );
}

/** A spec file's runs over every round: its tests that failed in one round and passed in another, and its failed runs. */
export interface FileSummary {
  project: string;
  file: string;
  runs: number;
  failed: number;
  /** Tests of the file that both failed and passed across the rounds. */
  flaky: string[];
}

/** What a stress run came to. */
export interface StressSummary {
  files: FileSummary[];
  /** Failed runs per round, by round number (1-based), every round listed. */
  failuresPerRound: number[];
  passed: number;
  failed: number;
}

/** Sums `runs` over `rounds` rounds: per spec file (per project), per round, and in all. */
export function summarize(runs: readonly TestRun[], rounds: number): StressSummary {
  const files = new Map<string, FileSummary>();
  const outcomes = new Map<string, Set<boolean>>();
  const failuresPerRound = Array.from({ length: rounds }, () => 0);
  for (const run of runs) {
    const key = `${run.project}\0${run.file}`;
    const file = files.get(key) ?? { project: run.project, file: run.file, runs: 0, failed: 0, flaky: [] };
    files.set(key, file);
    file.runs++;
    if (!run.passed) {
      file.failed++;
      failuresPerRound[run.round - 1] = (failuresPerRound[run.round - 1] ?? 0) + 1;
    }
    const testKey = `${key}\0${run.title}`;
    const seen = outcomes.get(testKey) ?? new Set<boolean>();
    outcomes.set(testKey, seen.add(run.passed));
    if (seen.size === 2 && !file.flaky.includes(run.title)) file.flaky.push(run.title);
  }
  const failed = runs.filter((run) => !run.passed).length;
  return {
    files: [...files.values()].sort((a, b) => a.project.localeCompare(b.project) || a.file.localeCompare(b.file)),
    failuresPerRound,
    passed: runs.length - failed,
    failed,
  };
}

/** The printed report: a row per spec file with failures (flaky tests, failed runs), the failures per round, and the last line `N passed, N failed`. */
export function formatSummary(summary: StressSummary): string {
  const troubled = summary.files.filter((f) => f.failed > 0);
  const lines = ['spec file (project)                                     runs  failed  flaky'];
  for (const f of troubled)
    lines.push(
      `${`${f.file} (${f.project})`.padEnd(54)} ${String(f.runs).padStart(5)} ${String(f.failed).padStart(7)} ${String(f.flaky.length).padStart(6)}`,
    );
  if (troubled.length === 0) lines.push(`(no failures in ${summary.files.length} spec files)`);
  for (const f of troubled) for (const title of f.flaky) lines.push(`flaky: ${f.file} (${f.project}) › ${title}`);
  lines.push(`failures per round: ${summary.failuresPerRound.map((n, i) => `${i + 1}: ${n}`).join(', ')}`);
  lines.push(`${summary.passed} passed, ${summary.failed} failed`);
  return lines.join('\n');
}
