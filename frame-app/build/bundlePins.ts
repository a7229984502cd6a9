import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE_FILE_DEBUG, BUNDLE_FILE_MIN } from '../../shared/constants.ts';

/** One bundle file a production frame build may import (security review M2). */
export interface BundlePin {
  /** Its path on every allowlisted statics origin, e.g. `/v42/cashier-widget-lazy-component.bundle.min.js`. */
  path: string;
  /** Its Subresource Integrity hash, `sha384-…`. */
  integrity: string;
}

/** The build setting naming the bundle folder's path on the statics origins (docs/deploy.md "Build"). */
export const STATICS_PATH_VARIABLE = 'VITE_CASHIER_STATICS_PATH';

/**
 * The bundle folder's path on the statics origins from `VITE_CASHIER_STATICS_PATH` (default `/`),
 * always with one leading and one trailing `/`.
 * @throws TypeError naming the variable when it is not a plain absolute path (a query, fragment,
 * `..`, an empty segment (`//host/`), a backslash or a scheme would make the pinned URL something
 * else than what it reads).
 */
export function staticsPath(value: string | undefined): string {
  const path = value?.trim() || '/';
  const segments = path.replace(/^\/|\/$/g, '').split('/');
  const plain = path === '/' || segments.every((segment) => /^[A-Za-z0-9._~-]+$/.test(segment) && !/^\.\.?$/.test(segment));
  if (!path.startsWith('/') || !plain) {
    throw new TypeError(
      `${STATICS_PATH_VARIABLE} is ${JSON.stringify(value)}: expected the bundle folder's path on the statics origins, e.g. /v42/ (segments of letters, digits, . _ ~ -; no query, no .., no //)`,
    );
  }
  return `${path.replace(/\/+$/, '')}/`;
}

/**
 * The pins of the widget build in `widgetDir` (`dist/cashier-widget/`): the minified and the debug
 * bundle under `folder` on the statics origins, each with the sha384 of its bytes as built.
 * The widget steps must run before the frame's (package.json "build").
 * @throws Error naming the file when a bundle is missing.
 */
export function bundlePins(widgetDir: string, folder: string): BundlePin[] {
  return [BUNDLE_FILE_MIN, BUNDLE_FILE_DEBUG].map((file) => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(widgetDir, file));
    } catch (error) {
      throw new Error(`bundle pins: ${join(widgetDir, file)} is missing; build the widget before the frame (${error})`);
    }
    return { path: `${folder}${file}`, integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}` };
  });
}

/**
 * Every URL the frame may import with its integrity: each allowlisted origin with each pin's path,
 * for the import map's `integrity` (the browser refuses a module whose bytes differ) and, as its
 * keys, for the loader's exact-URL check (frame-app/src/loadSteps.ts).
 */
export function pinnedBundleIntegrity(origins: readonly string[], pins: readonly BundlePin[]): Record<string, string> {
  return Object.fromEntries(origins.flatMap((origin) => pins.map((pin) => [new URL(pin.path, origin).href, pin.integrity])));
}
