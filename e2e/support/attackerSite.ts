import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type { Fixtures } from '@playwright/test';
import type { RunningServer } from '../../provider';
import { startStaticServer } from '../../provider';
import { E2E_PORTS } from './origins';

/**
 * Starts the third-party site of e2e/parent-origin.spec.ts, e2e/foreign-window.spec.ts and
 * e2e/vault.spec.ts on ATTACKER_ORIGIN (`[::1]`, port `E2E_PORTS.attacker`):
 * e2e/fixtures/attacker-site/ (index.html: a page that embeds or opens what the test asks and
 * speaks penpal to the cashier frame; skimmer.html: a page that mounts the genuine widget with a
 * `host` of its own), penpal's own script build at `/penpal.js`, and the development build's
 * script-tag SDK (`/host-sdk/cashier.iife.js` and its bridge) as a site would copy it.
 * Rejects when the port is taken.
 */
export function startAttackerSite(): Promise<RunningServer> {
  // penpal's exports map names its module builds only; its script-tag build (global `Penpal`) sits beside them.
  const penpalScript = resolve(dirname(createRequire(import.meta.url).resolve('penpal')), 'penpal.min.js');
  const sdkDir = resolve(import.meta.dirname, '../../dist/host-sdk');
  const sdkFiles = Object.fromEntries(
    readdirSync(sdkDir)
      .filter((file) => /^cashier(\.iife|-bridge-[\w-]+)\.js$/.test(file))
      // Module scripts (the bridge) load in CORS mode.
      .map((file) => [`/host-sdk/${file}`, { file: resolve(sdkDir, file), headers: { 'Access-Control-Allow-Origin': '*' } }]),
  );
  return startStaticServer({
    root: resolve(import.meta.dirname, '../fixtures/attacker-site'),
    port: E2E_PORTS.attacker,
    hostname: '::1',
    routes: { '/penpal.js': { file: penpalScript }, ...sdkFiles },
  });
}

/**
 * The third-party site as a Playwright worker fixture (`attackerSite`, automatic): started once per
 * worker for the specs that extend their `test` with it, stopped with the worker.
 */
export const attackerSiteFixture: Fixtures<object, { attackerSite: undefined }> = {
  attackerSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a fixture needs from this pattern
    async ({}, use) => {
      const site = await startAttackerSite();
      await use(undefined);
      await site.close();
    },
    { scope: 'worker', auto: true },
  ],
};
