import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

/**
 * Unit tests sit beside the code (`*.test.ts[x]`); browser tests live in e2e/ and run under Playwright,
 * except the chaos run's and the stress run's own unit tests, which sit beside them in e2e/chaos/ and e2e/stress/.
 */
export default defineConfig({
  // Lingui as the builds use it (vite.config.ts): PO catalogs compiled, `msg` macros transformed.
  plugins: [react(), lingui({ macroTransform: true })],
  // The demo site's server imports the server entry by its package name, as a site does; tsx maps
  // it with tsconfig.json's paths, Vitest with this alias (to the source, not a build in dist/).
  resolve: { alias: [{ find: /^cashier-widget\/server$/, replacement: `${root}/shared/server.ts` }] },
  test: {
    include: [
      '{shared,host-sdk,frame-app,provider,widget,demo,testing}/**/*.test.{ts,tsx}',
      'e2e/chaos/**/*.test.ts',
      'e2e/stress/*.test.ts',
      'docs/*.test.ts',
    ],
    environment: 'node',
    restoreMocks: true,
    unstubGlobals: true,
  },
});
