/**
 * The gzip size of each shipped artifact against its budget (STYLE "Build and habits": size is a
 * feature of an embedded widget). `measureSizes()` and `formatSize()` are what `npm run bench`
 * prints; run directly, this file prints the table and, with `--check`, exits 1 when an artifact
 * is over its budget or missing. Run after `npm run build`: `tsx e2e/bench/sizes.ts [--check]`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../../dist');

/**
 * Budgets in bytes, gzip level 9. The frame app and the reference bundle each carry their own
 * React (about 60 kB of each figure); sharing one copy is a planned performance step.
 */
const artifacts = () => [
  { name: 'host SDK, script-tag build (cashier.iife.js)', files: ['host-sdk/cashier.iife.js'], budget: 8_000 },
  { name: 'host SDK, ES module (index.js)', files: ['host-sdk/index.js'], budget: 8_000 },
  { name: 'frame app JS (all of assets/*.js)', files: jsUnder('frame-app/assets'), budget: 110_000 },
  { name: 'bundle, minified', files: ['cashier-widget/cashier-widget-lazy-component.bundle.min.js'], budget: 95_000 },
];

/** One artifact's measurement; `gzip` and `raw` are undefined when a file is missing. */
export interface ArtifactSize {
  name: string;
  budget: number;
  gzip?: number;
  raw?: number;
}

function jsUnder(dir: string): string[] {
  const full = join(dist, dir);
  return existsSync(full)
    ? readdirSync(full)
        .filter((f) => f.endsWith('.js'))
        .map((f) => join(dir, f))
    : [];
}

/** Measures every artifact in dist/ (gzip level 9 and raw bytes). Reads the files now, so run it after the build. */
export function measureSizes(): ArtifactSize[] {
  return artifacts().map((a) => {
    const missing = a.files.length === 0 || a.files.some((f) => !existsSync(join(dist, f)));
    if (missing) return { name: a.name, budget: a.budget };
    const raw = a.files.reduce((n, f) => n + readFileSync(join(dist, f)).length, 0);
    const gzip = a.files.reduce((n, f) => n + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
    return { name: a.name, budget: a.budget, gzip, raw };
  });
}

/** True when the artifact is missing or over its budget. */
export function isOver(size: ArtifactSize): boolean {
  return size.gzip === undefined || size.gzip > size.budget;
}

/** One line of the table, e.g. `bundle, minified: 80.1 kB gzip (250.2 kB raw), budget 95.0 kB: ok`. */
export function formatSize(size: ArtifactSize): string {
  if (size.gzip === undefined || size.raw === undefined) return `${size.name}: missing — run npm run build`;
  const verdict = size.gzip > size.budget ? 'OVER BUDGET' : 'ok';
  return `${size.name}: ${(size.gzip / 1000).toFixed(1)} kB gzip (${(size.raw / 1000).toFixed(1)} kB raw), budget ${(size.budget / 1000).toFixed(1)} kB: ${verdict}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const sizes = measureSizes();
  for (const size of sizes) console.log(formatSize(size));
  const over = sizes.filter(isOver).length;
  if (process.argv.includes('--check') && over > 0) {
    console.error(`${over} artifact(s) over budget or missing`);
    process.exit(1);
  }
}
