import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type { RunningServer } from '../../provider/listen';
import { startStaticServer } from '../../provider/startStaticServer';
import { E2E_PORTS } from './origins';

/**
 * Starts the third-party site of e2e/parent-origin.spec.ts and e2e/foreign-window.spec.ts on
 * ATTACKER_ORIGIN (`[::1]`, port `E2E_PORTS.attacker`): e2e/fixtures/attacker-site/ (a page that
 * embeds or opens what the test asks and speaks penpal to the cashier frame; one that imitates the
 * frame towards a host page) and penpal's own script build at `/penpal.js`.
 * Rejects when the port is taken.
 */
export function startAttackerSite(): Promise<RunningServer> {
  // penpal's exports map names its module builds only; its script-tag build (global `Penpal`) sits beside them.
  const penpalScript = resolve(dirname(createRequire(import.meta.url).resolve('penpal')), 'penpal.min.js');
  return startStaticServer({
    root: resolve(import.meta.dirname, '../fixtures/attacker-site'),
    port: E2E_PORTS.attacker,
    hostname: '::1',
    routes: { '/penpal.js': { file: penpalScript } },
  });
}
