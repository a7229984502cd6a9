/**
 * The walk's example-site step: examples/site-checkout's own test (checkout.spec.ts with its
 * mockMode.ts fixture and checkout.ts), run the way a site runs it, once per msw major. Each run is
 * a fresh folder that installs the packed tarball, that msw, and Playwright and esbuild at this
 * repository's versions, and runs the spec in Debian's Chromium and Firefox ESR. It proves the mock
 * mode's peer range (`msw ^2.15 || ^3`): the same handlers, fixture and test under either major.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../e2e/support/chromium';
import { FIREFOX_CHANNEL, FIREFOX_EXECUTABLE, FIREFOX_PREFS } from '../../e2e/support/firefox';

const root = resolve(import.meta.dirname, '../..');
const EXAMPLE = join(root, 'examples/site-checkout');

/** The msw versions a site may have, by major: the peer range's two ends. */
export const MSW_MAJORS = { 2: '^2.15.0', 3: '^3.0.5' } as const;

/** What one run of the example test gave: the msw installed, and the tests per engine. */
export interface ExampleSiteRun {
  msw: string;
  engines: Record<string, { passed: number; failed: number }>;
}

type Run = (command: string, args: string[], cwd: string, seconds: number) => string;

/** The version of `name` installed under `dir`. */
function installedVersion(dir: string, name: string): string {
  return (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The site's Playwright configuration: the example's spec in both engines, one worker. */
function playwrightConfig(): string {
  const config = {
    testDir: 'tests',
    workers: 1,
    forbidOnly: true,
    retries: 0,
    timeout: 30_000,
    expect: { timeout: 8_000 },
    reporter: [['list'], ['json', { outputFile: 'report.json' }]],
    projects: [
      {
        name: 'chromium',
        use: { browserName: 'chromium', launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: [...CHROMIUM_ARGS] } },
      },
      {
        name: 'firefox',
        use: {
          browserName: 'firefox',
          channel: FIREFOX_CHANNEL,
          headless: true,
          launchOptions: { executablePath: FIREFOX_EXECUTABLE, firefoxUserPrefs: { ...FIREFOX_PREFS } },
        },
      },
    ],
  };
  return `import { defineConfig } from '@playwright/test';\n\nexport default defineConfig(${JSON.stringify(config, null, 2)});\n`;
}

/** Tests per project in a Playwright JSON report. */
function countByEngine(report: unknown): ExampleSiteRun['engines'] {
  const engines: ExampleSiteRun['engines'] = {};
  type Suite = { suites?: Suite[]; specs?: { tests: { projectName: string; status: string }[] }[] };
  const walk = (suite: Suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const counts = engines[test.projectName] ?? { passed: 0, failed: 0 };
        engines[test.projectName] = counts;
        if (test.status === 'expected') counts.passed += 1;
        else counts.failed += 1;
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of (report as { suites: Suite[] }).suites) walk(suite);
  return engines;
}

/**
 * Makes the site in `dir` with `cashier-widget` from `tarball` and msw `mswRange`, and runs the
 * example's test there with `run`; returns the msw it got and the per-engine counts.
 * @throws Error (from `run`) with the output when the install fails or a test fails.
 */
export function runExampleSiteTest(dir: string, tarball: string, mswRange: string, run: Run): ExampleSiteRun {
  mkdirSync(join(dir, 'tests'), { recursive: true });
  for (const file of ['checkout.spec.ts', 'checkout.ts', 'mockMode.ts']) cpSync(join(EXAMPLE, file), join(dir, 'tests', file));
  writeFileSync(join(dir, 'playwright.config.ts'), playwrightConfig());
  const manifest = {
    name: 'example-site-checkout',
    private: true,
    version: '0.0.0',
    type: 'module',
    devDependencies: {
      'cashier-widget': `file:${tarball}`,
      msw: mswRange,
      '@playwright/test': installedVersion(root, '@playwright/test'),
      esbuild: installedVersion(root, 'esbuild'),
    },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], dir, 150);
  const msw = installedVersion(dir, 'msw');
  let failure: unknown;
  try {
    run('npx', ['playwright', 'test'], dir, 240);
  } catch (error) {
    failure = error;
  }
  const report = join(dir, 'report.json');
  const engines = existsSync(report) ? countByEngine(JSON.parse(readFileSync(report, 'utf8'))) : {};
  const counts = Object.entries(engines).map(([name, n]) => `${name} ${n.passed} passed, ${n.failed} failed`);
  console.log(`  msw ${msw}: ${counts.join('; ') || 'no report'}`);
  if (failure) throw failure;
  return { msw, engines };
}
