/**
 * The script-tag build's Subresource Integrity manifest (issue 20 item 3): `dist/host-sdk/sri.json`,
 * `{ "cashier.iife.js": "sha384-…", "cashier-bridge-<hash>.js": "sha384-…" }`, the hash of each
 * file as it was written, so a site pins `<script src=".../cashier.iife.js" integrity="…">` without
 * computing it. Written by the `sdk-script` build step (vite.config.ts) once `cashier.iife.js` is
 * on disk; published in the package as `cashier-widget/sri.json`.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The manifest's file name, beside `cashier.iife.js`. */
export const SRI_MANIFEST = 'sri.json';
/** The script-tag build's file name. */
export const SCRIPT_FILE = 'cashier.iife.js';
/** The name of the bridge file `cashier.iife.js` loads beside itself: `cashier-bridge-<hash>.js`. */
const BRIDGE_FILE = /^cashier-bridge-[\w-]+\.js$/;

/** The Subresource Integrity value of `bytes`: `sha384-` and the base64 SHA-384 digest. */
export function sriHash(bytes: string | Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/**
 * The bridge file's name in `dir`.
 * @throws Error when `dir` has no `cashier-bridge-<hash>.js`, or more than one (which would it load?).
 */
export function findBridgeFile(dir: string): string {
  const found = readdirSync(dir).filter((f) => BRIDGE_FILE.test(f));
  if (found.length !== 1) {
    throw new Error(
      `expected one cashier-bridge-<hash>.js in ${dir}, found ${found.length}: run vite build --mode sdk-bridge first`,
    );
  }
  return found[0] as string;
}

/**
 * Hashes `cashier.iife.js` and the bridge in `dir` and writes `dir/sri.json`; returns what it wrote.
 * @throws Error when either file is missing.
 */
export function writeSriManifest(dir: string): Record<string, string> {
  const manifest = Object.fromEntries(
    [SCRIPT_FILE, findBridgeFile(dir)].map((file) => [file, sriHash(readFileSync(join(dir, file)))]),
  );
  writeFileSync(join(dir, SRI_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** A Vite plugin for the `sdk-script` step: writes the manifest into `dir` after the bundle is written. */
export function sriManifestPlugin(dir: string): Plugin {
  return { name: 'cashier-sri-manifest', apply: 'build', writeBundle: () => void writeSriManifest(dir) };
}
