import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FRAME_BUILD_FILE, type FrameBuildRecord } from '../shared/frameBuild';

/** What {@link readFrameBuild} found: a built frame app and what its build compiled in. */
export interface FrameBuild extends FrameBuildRecord {
  /** The folder of the built frame app (`index.html` and its scripts), absolute. */
  frameDir: string;
  /**
   * The local payment methods' pages origin (`VITE_CASHIER_PAYMENTS_ORIGIN`): a bare
   * origin, or `'development'` (the frame's host name, one port up); absent when the record has none.
   */
  paymentsOrigin?: string;
}

/**
 * Where the built frame app sits beside this module: in the repository (testing/, beside dist/), then
 * in the published package (dist/host-sdk/testing.js beside dist/frame-app).
 * @throws Error when none of the places holds an `index.html`.
 */
export function defaultFrameDir(): string {
  const candidates = ['../dist/frame-app', '../frame-app'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  const found = candidates.find((dir) => existsSync(resolve(dir, 'index.html')));
  if (!found) {
    throw new Error(`no built frame app (index.html) in ${candidates.join(' or ')}; run npm run build:dev, or pass frameDir.`);
  }
  return found;
}

/**
 * The folder `frameDir` (absolute), or the package's own built frame app when undefined.
 * @throws TypeError naming `frameDir` when it is given but holds no `index.html`; Error when no default is found.
 */
export function resolveFrameDir(frameDir: string | undefined, where: string): string {
  if (frameDir === undefined) return defaultFrameDir();
  if (typeof frameDir !== 'string' || !existsSync(resolve(frameDir, 'index.html'))) {
    throw new TypeError(`${where}: frameDir must be a folder holding the built frame app's index.html, got ${String(frameDir)}.`);
  }
  return resolve(frameDir);
}

const isHttpUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^/]/.test(value) && URL.canParse(value);

/**
 * Reads what a built frame app was compiled with (`.vite/cashier-frame.json`, written by the frame
 * build since the mock mode's defaults): its default `frameUrl` (absolute http(s)), its statics
 * allowlist (bare origins, or `'development'`: any loopback origin) and its card vault origin (a
 * bare origin, or `'development'`: the frame's host name, two ports up; `developmentVaultOrigin`).
 * Node only; reads the files synchronously.
 * @param frameDir the built frame app's folder; default the package's own `dist/frame-app`.
 * @throws TypeError naming `frameDir` when it holds no `index.html`; Error when no built frame app is
 * found, or its record is missing (a build older than the record: build again) or malformed.
 */
export function readFrameBuild(frameDir?: string): FrameBuild {
  const dir = resolveFrameDir(frameDir, 'readFrameBuild');
  const file = resolve(dir, FRAME_BUILD_FILE);
  let record: Partial<FrameBuildRecord>;
  try {
    record = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`readFrameBuild: cannot read ${file} (${(error as Error).message}); build the frame app again.`);
  }
  const { frameUrl, staticsAllowlist, staticsPath, vaultOrigin, payPalOrigin } = record ?? {};
  const { paymentsOrigin } = (record ?? {}) as { paymentsOrigin?: unknown };
  const allowlistOk =
    staticsAllowlist === 'development' ||
    (Array.isArray(staticsAllowlist) && staticsAllowlist.length > 0 && staticsAllowlist.every(isHttpUrl));
  if (!isHttpUrl(frameUrl) || !allowlistOk || !(vaultOrigin === 'development' || isHttpUrl(vaultOrigin))) {
    throw new Error(`readFrameBuild: ${file} is not a frame build record (frameUrl, staticsAllowlist, vaultOrigin).`);
  }
  return {
    frameDir: dir,
    frameUrl: frameUrl as string,
    staticsAllowlist: staticsAllowlist === 'development' ? 'development' : [...(staticsAllowlist as string[])],
    vaultOrigin: vaultOrigin as string,
    ...(typeof staticsPath === 'string' && staticsPath.startsWith('/') ? { staticsPath } : {}),
    // Optional (a build without one, or a record written before it): ignored unless it is one.
    ...(payPalOrigin === 'development' || isHttpUrl(payPalOrigin) ? { payPalOrigin } : {}),
    ...(paymentsOrigin === 'development' || isHttpUrl(paymentsOrigin) ? { paymentsOrigin: paymentsOrigin as string } : {}),
  };
}
