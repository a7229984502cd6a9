/**
 * Runs the development build (`npm run build:dev`) and fails when it printed a warning (issue 13:
 * clean build output, so a real warning is seen). A warning is a line from Vite, Rolldown or our
 * build steps that says `warn`, `warning` or `(!)`; npm's own `npm warn` lines about the machine's
 * npm config are not the build's and are passed over. Used by `npm test`; prints the build's output.
 * Exits with the build's code, or 1 naming each warning line.
 */
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['run', 'build:dev'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
const output = `${run.stdout}${run.stderr}`;
process.stdout.write(output);
if (run.status !== 0) process.exit(run.status ?? 1);
const warnings = output.split('\n').filter((line) => /\bwarn(ing)?\b|\(!\)/i.test(line) && !/^npm warn\b/i.test(line.trim()));
if (warnings.length > 0) {
  console.error(`\nThe build printed ${warnings.length} warning line(s):\n${warnings.join('\n')}`);
  process.exit(1);
}
