/**
 * What every build step of vite.config.ts shares: where the repository is and where a build
 * writes, the production `process.env.NODE_ENV`, full minification and Lingui's plugin.
 */
import { resolve } from 'node:path';
import { lingui } from '@lingui/vite-plugin';

/** The repository's root. */
export const root = resolve(import.meta.dirname, '..');

/** Where a build writes: `dist/` (CASHIER_DIST_DIR moves it, e.g. the production browser tests' build beside the development one). */
export const dist = (path: string) => resolve(root, process.env.CASHIER_DIST_DIR ?? 'dist', path);

/** React's and the code's production branch, for every build that bundles them. */
export const production = { 'process.env.NODE_ENV': JSON.stringify('production') };

/**
 * Full minification for library builds: Vite leaves an ES library's whitespace unminified
 * (`codegen: false`), which costs a shipped host SDK and bundle about a tenth of their gzip size.
 */
export const fullMinify = { compress: true, mangle: true, codegen: true };

/**
 * Lingui (issue 23): compiles the PO catalogs a module imports, and its `msg` macros to message
 * descriptors (ids only in a production build: the English is in the English catalog), natively,
 * without Babel.
 */
export const linguiPlugin = () => lingui({ macroTransform: true });
