import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, type UserConfig } from 'vite';
import { frameContentSecurityPolicy } from './shared/contentSecurityPolicy';
import { parseStaticsAllowlist } from './shared/statics';

/**
 * One config for every build, switched by mode:
 * - default (`vite build`): the frame app → dist/frame-app, relative asset URLs.
 * - `--mode sdk`: the host SDK → dist/host-sdk/index.js (ES) and cashier.iife.js (window.Cashier).
 * - `--mode widget` / `--mode widget-debug`: the reference cashier widget bundle →
 *   dist/cashier-widget/cashier-widget-lazy-component.bundle.min.js / .bundle.js.
 * - `--mode demo`: the demo host page's script → dist/demo/demo.js (it uses the SDK's script-tag build).
 * Build-time settings: VITE_CASHIER_FRAME_URL, VITE_CASHIER_STATICS_ORIGINS (DESIGN "Host SDK").
 */
const root = import.meta.dirname;
const production = { 'process.env.NODE_ENV': JSON.stringify('production') };

/**
 * Writes the frame app's Content-Security-Policy into its index.html (DESIGN "Security model"):
 * scripts from the frame itself and the statics allowlist of VITE_CASHIER_STATICS_ORIGINS only.
 * The meta tag stands in index.html right after the charset, before any script.
 */
function contentSecurityPolicy(staticsOrigins: string | undefined): Plugin {
  const policy = frameContentSecurityPolicy(parseStaticsAllowlist(staticsOrigins));
  const placeholder = '__CASHIER_FRAME_CSP__';
  return {
    name: 'cashier-frame-csp',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(placeholder)) throw new Error(`frame-app/index.html has no ${placeholder} to write the CSP into`);
      return html.replace(placeholder, policy.replaceAll("'", '&#39;'));
    },
  };
}

export default defineConfig(({ mode }): UserConfig => {
  if (mode === 'sdk') {
    return {
      define: production,
      build: {
        outDir: resolve(root, 'dist/host-sdk'),
        emptyOutDir: true,
        sourcemap: true,
        lib: {
          entry: resolve(root, 'host-sdk/index.ts'),
          name: 'Cashier',
          formats: ['es', 'iife'],
          fileName: (format) => (format === 'es' ? 'index.js' : 'cashier.iife.js'),
        },
      },
    };
  }
  if (mode === 'demo') {
    return {
      define: production,
      build: {
        outDir: resolve(root, 'dist/demo'),
        emptyOutDir: true,
        sourcemap: true,
        lib: { entry: resolve(root, 'host-sdk/demo/demo.ts'), name: 'CashierDemo', formats: ['iife'], fileName: () => 'demo.js' },
      },
    };
  }
  if (mode === 'widget' || mode === 'widget-debug') {
    const debug = mode === 'widget-debug';
    return {
      plugins: [react()],
      define: production,
      build: {
        outDir: resolve(root, 'dist/cashier-widget'),
        emptyOutDir: !debug,
        minify: !debug,
        sourcemap: debug,
        lib: {
          entry: resolve(root, 'cashier-widget/index.tsx'),
          formats: ['es'],
          fileName: () => `cashier-widget-lazy-component.bundle${debug ? '' : '.min'}.js`,
        },
      },
    };
  }
  const staticsOrigins = process.env.VITE_CASHIER_STATICS_ORIGINS ?? loadEnv(mode, root, 'VITE_').VITE_CASHIER_STATICS_ORIGINS;
  return {
    root: resolve(root, 'frame-app'),
    base: './',
    plugins: [react(), contentSecurityPolicy(staticsOrigins)],
    envDir: root,
    build: {
      outDir: resolve(root, 'dist/frame-app'),
      emptyOutDir: true,
      sourcemap: true,
    },
  };
});
