/**
 * The reference cashier widget bundle's build (vite.config.ts, modes `widget`, `widget-debug` and
 * `widget-standalone`): widget/index.tsx as an ES library, React external (the frame offers its
 * own) or bundled in (standalone), its chunks (catalogs, saved cards, PayPal, wallets) named apart.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';
import { SHARED_REACT_SPECIFIERS } from '../frame-app/src/frameModules.ts';
import { dist, fullMinify, linguiPlugin, production, root } from './common.ts';

/**
 * validator's ES modules in place of its CommonJS ones (`validator/lib/x.js` → `validator/es/lib/x.js`,
 * the same code) in the widget bundle: no CommonJS interop wrappers, 480 B gzip of its 25 kB budget
 * (issue 24). The sources keep the CommonJS paths: Node and Playwright cannot load the ES ones
 * (extensionless imports in a package without `"type": "module"`), Vite can.
 */
const validatorAsEsModules = [{ find: /^validator\/lib\/(.*)$/, replacement: 'validator/es/lib/$1' }];

/**
 * The name (before its hash) of a chunk of the widget bundle: `paypal` (the PayPal panel),
 * `paypal-<locale>` (its catalogs), `wallets` and `wallets-<locale>` (the Apple Pay and Google Pay
 * buttons and their catalogs), `saved-cards-savedCards` and `saved-cards-<locale>` (the saved
 * cards and their catalogs), `local-redirect` and `local-redirect-<locale>` (issue 38: the iDEAL,
 * Bancontact and Klarna panel and its catalogs), `blik` and `blik-<locale>` (the BLIK field and
 * countdown and their catalogs), `local-shared` (what both families use: the payment's session and the
 * pending watch), `catalog-<locale>` (the bundle's catalogs).
 */
function widgetChunkName(chunk: { name: string; facadeModuleId: string | null }): string {
  if (chunk.name === 'localSession') return 'local-shared';
  if (chunk.name === 'RedirectPanel') return 'local-redirect';
  if (chunk.facadeModuleId?.includes('/localMethods/redirect/')) return `local-redirect-${chunk.name}`;
  if (chunk.facadeModuleId?.includes('/localMethods/blik/locales/')) return `blik-${chunk.name}`;
  if (chunk.facadeModuleId?.includes('/localMethods/blik/')) return 'blik';
  if (chunk.name === 'PayPalPanel') return 'paypal';
  if (chunk.facadeModuleId?.includes('/paypal/')) return `paypal-${chunk.name}`;
  if (chunk.name === 'WalletButtons') return 'wallets';
  if (chunk.facadeModuleId?.includes('/wallets/')) return `wallets-${chunk.name}`;
  return `${chunk.facadeModuleId?.includes('/savedCards/') ? 'saved-cards' : 'catalog'}-${chunk.name}`;
}

/**
 * The widget bundle: `min` → dist/cashier-widget/cashier-widget-lazy-component.bundle.min.js, `debug` →
 * its unminified twin with source maps (.bundle.js), `standalone` → the minified bundle with its own
 * React in dist/cashier-widget/standalone/. Built before the frame document, which pins them by URL and hash.
 */
export function widgetBundle(variant: 'min' | 'debug' | 'standalone'): UserConfig {
  return {
    plugins: [react(), linguiPlugin()],
    define: production,
    resolve: { alias: validatorAsEsModules },
    build: {
      outDir: dist(variant === 'standalone' ? 'cashier-widget/standalone' : 'cashier-widget'),
      emptyOutDir: variant === 'min',
      minify: variant !== 'debug',
      sourcemap: variant === 'debug',
      lib: {
        entry: resolve(root, 'widget/index.tsx'),
        formats: ['es'],
        fileName: () => `cashier-widget-lazy-component.bundle${variant === 'debug' ? '' : '.min'}.js`,
      },
      rolldownOptions: {
        ...(variant === 'standalone' ? {} : { external: [...SHARED_REACT_SPECIFIERS] }),
        // Reading a property has no side effect in the bundle's code or its dependencies (no getter
        // is read for its effect): unused reads go, 160 B gzip of the bundle's 25 kB budget.
        treeshake: { propertyReadSideEffects: false },
        // The saved-cards chunk (issue 25) imports what it shares with the bundle from the bundle
        // itself, which has always loaded first: with the library's default ('strict') that code
        // would move to a third file that every buyer downloads beside the bundle.
        preserveEntrySignatures: 'allow-extension',
        // The catalogs (issue 23): one chunk per language beside the bundle, fetched when chosen;
        // the saved cards' chunk and its own catalogs (issue 25), fetched only for a member with
        // cards; PayPal's panel and its own catalogs (issue 25), fetched only for an order that
        // offers PayPal. Each is named apart (widgetChunkName), so that each has its own budget.
        output: {
          chunkFileNames: (chunk) => `${widgetChunkName(chunk)}-[hash]${variant === 'debug' ? '.debug' : ''}.js`,
          // Minified: no comments either (the /* @__PURE__ */ marks the minifier leaves, 120 B gzip).
          ...(variant === 'debug' ? {} : { minify: fullMinify, comments: false }),
        },
      },
    },
  };
}
