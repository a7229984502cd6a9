import { describe, expect, it } from 'vitest';
import { formatSummary, playwrightRuns, summarize, vitestRuns } from './report';

// The stress run's counting (e2e/stress/run.ts), on small reports shaped as Playwright's and
// vitest's JSON reporters write them.

/** A Playwright JSON report: one file, a describe block, and each test's status per project. */
function playwrightReport(statuses: { title: string; chromium: string; firefox?: string }[]) {
  return {
    suites: [
      {
        title: 'bfcache.spec.ts',
        file: 'bfcache.spec.ts',
        specs: [],
        suites: [
          {
            title: 'back and forward',
            file: 'bfcache.spec.ts',
            specs: statuses.map(({ title, chromium, firefox }) => ({
              title,
              file: 'bfcache.spec.ts',
              tests: [
                { projectName: 'chromium', status: chromium },
                ...(firefox ? [{ projectName: 'firefox', status: firefox }] : []),
              ],
            })),
          },
        ],
      },
      {
        title: 'slow-widget.spec.ts',
        file: 'slow-widget.spec.ts',
        specs: [{ title: 'onSlow', file: 'slow-widget.spec.ts', tests: [{ projectName: 'firefox', status: 'expected' }] }],
      },
    ],
  };
}

/** A vitest JSON report of the WebKit suite. */
const webkitReport = (purchase: 'passed' | 'failed') => ({
  testResults: [
    {
      name: '/repo/e2e/webkit/purchase.test.ts',
      assertionResults: [
        { fullName: 'WebKit purchase', status: purchase },
        { fullName: 'WebKit later', status: 'skipped' },
      ],
    },
  ],
});

describe('reading the reports', () => {
  it('Playwright: a run per test and project, titled with its describe block, skipped tests left out', () => {
    const runs = playwrightRuns(
      playwrightReport([
        { title: 'restores', chromium: 'unexpected', firefox: 'expected' },
        { title: 'skipped', chromium: 'skipped' },
      ]),
      2,
    );
    expect(runs).toEqual([
      { round: 2, project: 'chromium', file: 'bfcache.spec.ts', title: 'back and forward › restores', passed: false },
      { round: 2, project: 'firefox', file: 'bfcache.spec.ts', title: 'back and forward › restores', passed: true },
      { round: 2, project: 'firefox', file: 'slow-widget.spec.ts', title: 'onSlow', passed: true },
    ]);
  });

  it('vitest: a run per passed or failed test, the file from the root, project webkit', () => {
    expect(vitestRuns(webkitReport('failed'), 1, '/repo')).toEqual([
      { round: 1, project: 'webkit', file: 'e2e/webkit/purchase.test.ts', title: 'WebKit purchase', passed: false },
    ]);
  });
});

describe('summarize', () => {
  // Round 1: bfcache fails in Chromium; round 2: all pass; round 3: it and another fail, WebKit fails.
  const rounds = [
    { restores: 'unexpected', typed: 'expected', webkit: 'passed' as const },
    { restores: 'expected', typed: 'expected', webkit: 'passed' as const },
    { restores: 'unexpected', typed: 'unexpected', webkit: 'failed' as const },
  ];
  const runs = rounds.flatMap((r, i) => [
    ...playwrightRuns(
      playwrightReport([
        { title: 'restores', chromium: r.restores, firefox: 'expected' },
        { title: 'typed', chromium: r.typed },
      ]),
      i + 1,
    ),
    ...vitestRuns(webkitReport(r.webkit), i + 1, '/repo'),
  ]);
  const summary = summarize(runs, 3);

  it('per spec file and project: runs, failed runs, and the tests that failed in a round and passed in another', () => {
    expect(summary.files).toEqual([
      {
        project: 'chromium',
        file: 'bfcache.spec.ts',
        runs: 6,
        failed: 3,
        flaky: ['back and forward › restores', 'back and forward › typed'],
      },
      { project: 'firefox', file: 'bfcache.spec.ts', runs: 3, failed: 0, flaky: [] },
      { project: 'firefox', file: 'slow-widget.spec.ts', runs: 3, failed: 0, flaky: [] },
      { project: 'webkit', file: 'e2e/webkit/purchase.test.ts', runs: 3, failed: 1, flaky: ['WebKit purchase'] },
    ]);
  });

  it('failures per round, and the totals', () => {
    expect(summary.failuresPerRound).toEqual([1, 0, 3]);
    expect({ passed: summary.passed, failed: summary.failed }).toEqual({ passed: 11, failed: 4 });
  });

  it('a test that failed in every round is a failure, not a flake', () => {
    const always = [1, 2].flatMap((round) =>
      playwrightRuns(playwrightReport([{ title: 'restores', chromium: 'unexpected' }]), round),
    );
    expect(summarize(always, 2).files[0]).toMatchObject({ failed: 2, flaky: [] });
  });

  it('prints a row per file with failures, the flaky tests, the rounds and the last line', () => {
    const text = formatSummary(summary);
    expect(text).toMatch(/^bfcache\.spec\.ts \(chromium\) +6 +3 +2$/m);
    expect(text).toMatch(/^e2e\/webkit\/purchase\.test\.ts \(webkit\) +3 +1 +1$/m);
    expect(text).not.toMatch(/slow-widget/);
    expect(text).toContain('flaky: bfcache.spec.ts (chromium) › back and forward › typed');
    expect(text).toContain('failures per round: 1: 1, 2: 0, 3: 3');
    expect(text.split('\n').at(-1)).toBe('11 passed, 4 failed');
  });

  it('no failures: says so', () => {
    expect(formatSummary(summarize(playwrightRuns(playwrightReport([{ title: 'restores', chromium: 'expected' }]), 1), 1))).toBe(
      [
        'spec file (project)                                     runs  failed  flaky',
        '(no failures in 2 spec files)',
        'failures per round: 1: 0',
        '2 passed, 0 failed',
      ].join('\n'),
    );
  });
});
