// Builds the production build that the production browser tests deploy (e2e/production/deployment.ts):
// `npm run build` with the deployment's frame URL and statics origin, into dist-production/
// beside the development build in dist/. Run: `tsx e2e/production/build.ts`.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { PRODUCTION_BUILD_ENV, PRODUCTION_DIST } from './deployment';

const result = spawnSync('npm', ['run', 'build'], {
  cwd: resolve(import.meta.dirname, '../..'),
  env: { ...process.env, ...PRODUCTION_BUILD_ENV, CASHIER_DIST_DIR: PRODUCTION_DIST, CASHIER_BUILD: '' },
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
