import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

/** React's module names as the widget's tests import them → what the frame serves under them (sharedReact.ts). */
const PREACT_AS_REACT = [
  { find: /^react$/, replacement: `${root}/widget/testing/preactAsReact.ts` },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

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
    environment: 'node',
    restoreMocks: true,
    unstubGlobals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            '{shared,host-sdk,frame-app,provider,demo,testing}/**/*.test.{ts,tsx}',
            'e2e/chaos/**/*.test.ts',
            'e2e/stress/*.test.ts',
            'docs/*.test.ts',
          ],
        },
      },
      {
        // The widget bundle's tests, on the React the frame offers it in a browser: Preact's
        // compat layer (frame-app/build/sharedReact.ts), with React's `act` (widget/testing/preactAsReact.ts).
        // The host SDK's React component and the demo stay on React itself, as a site runs them.
        extends: true,
        resolve: { alias: PREACT_AS_REACT },
        test: { name: 'widget', include: ['widget/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
