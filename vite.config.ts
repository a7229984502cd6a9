import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { dist, fullMinify, linguiPlugin, production, root } from './build/common.ts';
import { widgetBundle } from './build/widgetBundle.ts';
import { axiosWithoutStatusNames } from './frame-app/build/axiosWithoutStatusNames.ts';
import { axiosXhrOnly } from './frame-app/build/axiosXhrOnly.ts';
import { bundlePins, pinnedBundleIntegrity, STATICS_PATH_VARIABLE, staticsPath } from './frame-app/build/bundlePins.ts';
import { FRAME_MODULES_MANIFEST, frameDocument, frameModulesManifest } from './frame-app/build/frameDocument.ts';
import { isSharedReactRuntime, sharedReact, sharedReactInput } from './frame-app/build/sharedReact.ts';
import { FRAME_APPEARANCE_SPECIFIER, SHARED_REACT_SPECIFIERS } from './frame-app/src/frameModules.ts';
import { compactErrorCodes } from './host-sdk/build/compactErrorCodes.ts';
import { SDK_ENTRIES, SDK_EXTERNAL } from './host-sdk/build/sdkEntries.ts';
import { findBridgeFile, SCRIPT_FILE, sriHash, sriManifestPlugin } from './host-sdk/build/sriManifest.ts';
import { readBuildEnv, resolveBuildSettings } from './shared/buildEnv.ts';

/**
 * One config for every build, switched by mode:
 * - `--mode frame-react`: the frame's import-map modules → dist/frame-app (React for bundles,
 *   hashed names, and a manifest for the next step). Runs first: it empties the folder.
 * - default (`vite build`): the frame document → dist/frame-app/index.html, with its bootstrap
 *   script inlined, the import map (with the pinned bundles' integrity, security review M2: so it runs
 *   after the widget steps, whose files it hashes), the preloads and the CSP, and
 *   .vite/cashier-frame.json (what the build compiled in, for the mock mode; frame-app/build/frameDocument.ts).
 * - `--mode sdk`, then `sdk-bridge`, then `sdk-script`: the host SDK → dist/host-sdk/index.js (ES,
 *   with its bridge chunk), cashier-bridge-<hash>.js and cashier.iife.js (window.Cashier), see hostSdk*.
 * - `--mode widget` / `--mode widget-debug`: the reference cashier widget bundle (build/widgetBundle.ts), React external
 *   (the frame offers its own) → dist/cashier-widget/cashier-widget-lazy-component.bundle.min.js / .bundle.js.
 *   Built before the frame document, which pins both by URL and hash.
 * - `--mode widget-standalone`: the same bundle with its own React → dist/cashier-widget/standalone/,
 *   to prove a bundle that brings its own React still loads.
 * - `--mode demo`: the demo checkout's pages' scripts → dist/demo/ (demoPages): the React checkout and
 *   the script-tag page.
 * Build-time settings (DESIGN "Host SDK", shared/buildEnv.ts): VITE_CASHIER_FRAME_URL (the SDK's default
 * frameUrl), VITE_CASHIER_STATICS_ORIGINS (the frame's statics allowlist and CSP) and
 * VITE_CASHIER_VAULT_ORIGIN (where the frame sends card data, and its CSP's frame-src), all required and
 * https off loopback unless CASHIER_BUILD=development (npm run build:dev) allows http on loopback and fills
 * in the loopback defaults; VITE_CASHIER_PAYPAL_ORIGIN (the PayPal approval page's origin; optional: none, no PayPal);
 * VITE_CASHIER_PAYMENTS_ORIGIN (the local payment methods' pages origin; optional: none, no redirect methods).
 * `npm run build` checks them first (shared/checkBuildEnv.ts); every step resolves them again,
 * so a step run on its own refuses a bad environment too, before it writes anything.
 */
const frameOutDir = dist('frame-app');
const sdkOutDir = dist('host-sdk');
const CSP_PLACEHOLDER = '__CASHIER_FRAME_CSP__';

/** The build entry name of each import-map specifier: `react-dom/client` → `react-dom-client`. */
const frameModuleEntries: Record<string, string> = Object.fromEntries(
  SHARED_REACT_SPECIFIERS.map((specifier) => [specifier, specifier.replaceAll('/', '-')]),
);

/**
 * The host SDK's ES module build, one file per SDK_ENTRIES entry (`index.js`, `react.js`, React
 * external): the entry a host page runs up front, and the bridge (penpal, host methods, settings
 * cache) as a chunk it imports at the first mount (issue 10).
 * No comments: the ES build kept nine `@__PURE__` annotations (30 B gzip). They only help a
 * bundler drop unused code, and a site that imports the SDK calls mountCashier, which uses it all.
 */
function hostSdk(frameUrl: string): UserConfig {
  return {
    // The bridge chunk's words in every language (host-sdk/localizeMount.ts, shared/catalogText.ts).
    plugins: [linguiPlugin(), compactErrorCodes()],
    define: { ...production, 'import.meta.env.CASHIER_FRAME_URL': JSON.stringify(frameUrl) },
    build: {
      outDir: sdkOutDir,
      emptyOutDir: true,
      sourcemap: true,
      lib: {
        entry: Object.fromEntries(Object.entries(SDK_ENTRIES).map(([name, file]) => [name, resolve(root, file)])),
        formats: ['es'],
        fileName: (_format, entryName) => `${entryName}.js`,
      },
      rolldownOptions: {
        external: SDK_EXTERNAL,
        output: {
          minify: fullMinify,
          comments: false,
          // The bridge, and the code that both it and index.js use (index.js imports that at once).
          chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'bridge-[hash].js' : 'core-[hash].js'),
        },
      },
    },
  };
}

/**
 * The script-tag build's bridge: `cashier-bridge-<hash>.js`, an ES module on its own (its own copy
 * of the shared code; `CashierError` is one class across copies by its brand), which
 * `cashier.iife.js` loads beside itself (host-sdk/loadBridgeScript.ts). Runs before `sdk-script`.
 */
function hostSdkBridge(): UserConfig {
  return {
    // Its words in every language (host-sdk/localizeMount.ts, shared/catalogText.ts).
    plugins: [linguiPlugin(), compactErrorCodes()],
    define: production,
    build: {
      outDir: sdkOutDir,
      emptyOutDir: false,
      sourcemap: true,
      rolldownOptions: {
        input: { 'cashier-bridge': resolve(root, 'host-sdk/connectFrame.ts') },
        preserveEntrySignatures: 'strict',
        output: { format: 'es', entryFileNames: '[name]-[hash].js', minify: fullMinify, comments: false },
      },
    },
  };
}

/**
 * The script-tag build: `cashier.iife.js` sets `window.Cashier` (DESIGN "Host SDK") and loads the
 * bridge file that `sdk-bridge` wrote, by name and Subresource Integrity hash; then `sri.json`
 * records both files' hashes (host-sdk/build/sriManifest.ts).
 * No Symbol.toStringTag 'Module' on window.Cashier (41 B gzip): DESIGN's `{ mountCashier }` is a
 * plain object, and nothing reads the tag.
 */
function hostSdkScript(frameUrl: string): UserConfig {
  const bridgeFile = findBridgeFile(sdkOutDir);
  const integrity = sriHash(readFileSync(join(sdkOutDir, bridgeFile)));
  return {
    // dist/host-sdk/sri.json: the hashes of cashier.iife.js and the bridge, for sites' integrity attributes.
    plugins: [sriManifestPlugin(sdkOutDir), compactErrorCodes()],
    define: {
      ...production,
      'import.meta.env.CASHIER_FRAME_URL': JSON.stringify(frameUrl),
      'import.meta.env.CASHIER_BRIDGE_FILE': JSON.stringify(bridgeFile),
      'import.meta.env.CASHIER_BRIDGE_INTEGRITY': JSON.stringify(integrity),
    },
    resolve: { alias: [{ find: /^\.\/loadBridge$/, replacement: resolve(root, 'host-sdk/loadBridgeScript.ts') }] },
    build: {
      outDir: sdkOutDir,
      emptyOutDir: false,
      sourcemap: true,
      lib: { entry: resolve(root, 'host-sdk/index.ts'), name: 'Cashier', formats: ['iife'], fileName: () => SCRIPT_FILE },
      rolldownOptions: { output: { minify: fullMinify, comments: false, generatedCode: { symbols: false } } },
    },
  };
}

/**
 * The demo pages' scripts, ES modules in dist/demo/ (served at /demo/ beside their chunks):
 * `demo.js`, the React checkout (demo/main.tsx, React bundled in), which imports
 * `cashier-widget/react` by package name as a site does: here the built package entry,
 * dist/host-sdk/react.js (the `sdk` step builds it first); and `scriptTag.js`, the script-tag page's
 * (demo/scriptTag.ts, on window.Cashier). The HTML pages are served as written (provider/startAll.ts).
 */
function demoPages(): UserConfig {
  return {
    plugins: [react()],
    define: production,
    resolve: {
      alias: [{ find: /^cashier-widget\/react$/, replacement: resolve(sdkOutDir, 'react.js') }],
      // One React, the page's, also for the SDK entry wherever CASHIER_DIST_DIR puts it.
      dedupe: ['react', 'react-dom'],
    },
    build: {
      outDir: dist('demo'),
      emptyOutDir: true,
      sourcemap: true,
      rolldownOptions: {
        input: { demo: resolve(root, 'demo/main.tsx'), scriptTag: resolve(root, 'demo/scriptTag.ts') },
        preserveEntrySignatures: false,
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  };
}

export default defineConfig(({ mode }): UserConfig => {
  const env = readBuildEnv(root);
  const settings = resolveBuildSettings(env);
  if (mode === 'sdk') return hostSdk(settings.frameUrl);
  if (mode === 'sdk-bridge') return hostSdkBridge();
  if (mode === 'sdk-script') return hostSdkScript(settings.frameUrl);
  if (mode === 'demo') return demoPages();
  if (mode === 'widget') return widgetBundle('min');
  if (mode === 'widget-debug') return widgetBundle('debug');
  if (mode === 'widget-standalone') return widgetBundle('standalone');
  if (mode === 'frame-react') {
    return {
      plugins: [
        sharedReact(SHARED_REACT_SPECIFIERS),
        frameModulesManifest(frameModuleEntries, { [FRAME_APPEARANCE_SPECIFIER]: 'appearance' }),
      ],
      define: production,
      build: {
        outDir: frameOutDir,
        emptyOutDir: true,
        // Maps written for the operator's error tracking, but not named in the files: the package
        // ships the frame app for the mock mode without them, and a devtools 404 helps nobody.
        sourcemap: 'hidden',
        rolldownOptions: {
          input: {
            ...Object.fromEntries(
              Object.entries(frameModuleEntries).map(([specifier, name]) => [name, sharedReactInput(specifier)]),
            ),
            // The frame's appearance module (issue 35), imported on demand, never preloaded.
            appearance: resolve(root, 'frame-app/src/appearance/applyAppearance.ts'),
          },
          preserveEntrySignatures: 'strict',
          output: {
            entryFileNames: '[name]-[hash].js',
            chunkFileNames: '[name]-[hash].js',
            // One file for React itself; the entries are thin facades over it.
            codeSplitting: { groups: [{ name: 'preact-runtime', test: isSharedReactRuntime }] },
          },
        },
      },
    };
  }
  const allowlist = settings.staticsAllowlist;
  // A production frame imports only the bundles built beside it, by exact URL and integrity (the
  // widget steps ran first); a development frame any bundle its allowlist allows (the tests'
  // fixtures, the new-user walk's mock bundle on its own loopback allowlist).
  const folder = staticsPath(env[STATICS_PATH_VARIABLE]);
  const pinned = settings.kind === 'production' && allowlist !== 'development';
  const bundleIntegrity = pinned ? pinnedBundleIntegrity(allowlist, bundlePins(dist('cashier-widget'), folder)) : {};
  return {
    root: resolve(root, 'frame-app'),
    base: './',
    define: {
      'import.meta.env.CASHIER_STATICS_ALLOWLIST': JSON.stringify(allowlist),
      'import.meta.env.CASHIER_PINNED_BUNDLES': JSON.stringify(pinned ? Object.keys(bundleIntegrity) : null),
      'import.meta.env.CASHIER_VAULT_ORIGIN': JSON.stringify(settings.vaultOrigin),
      'import.meta.env.CASHIER_PAYPAL_ORIGIN': JSON.stringify(settings.payPalOrigin ?? ''),
      'import.meta.env.CASHIER_PAYMENTS_ORIGIN': JSON.stringify(settings.paymentsOrigin ?? ''),
    },
    // validator's own ES build (the same functions): no CommonJS wrapper or interop helpers in the
    // bootstrap script, whose bytes all stand before the settings request.
    resolve: { alias: [{ find: /^validator\/lib\/(.+)\.js$/, replacement: 'validator/es/lib/$1.js' }] },
    plugins: [
      // axios's fetch adapter is never chosen in a browser (xhr comes first): ~3 kB gzip less before the settings request.
      axiosXhrOnly(),
      // axios's table of HTTP status names is read by nothing in the frame: ~0.8 kB gzip less before the settings request.
      axiosWithoutStatusNames(),
      // The alert's and the frame title's words in every language (shared/catalogText.ts, issue 23).
      linguiPlugin(),
      frameDocument({
        manifestPath: resolve(frameOutDir, FRAME_MODULES_MANIFEST),
        frameUrl: settings.frameUrl,
        allowlist,
        bundleIntegrity,
        staticsPath: folder,
        vaultOrigin: settings.vaultOrigin,
        payPalOrigin: settings.payPalOrigin,
        paymentsOrigin: settings.paymentsOrigin,
        placeholder: CSP_PLACEHOLDER,
      }),
    ],
    envDir: root,
    build: {
      outDir: frameOutDir,
      emptyOutDir: false,
      assetsDir: '',
      sourcemap: false,
      modulePreload: { polyfill: false },
    },
  };
});
