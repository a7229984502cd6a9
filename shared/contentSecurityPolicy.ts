import type { StaticsAllowlist } from './statics';
import { DEVELOPMENT_VAULT } from './vault.ts';

/**
 * Where the frame build writes the document's Content-Security-Policy, relative to the frame
 * folder, for the server or CDN that sends it as a response header (docs/deploy.md).
 */
export const FRAME_CSP_FILE = '.vite/content-security-policy.txt';

/**
 * Script sources of the development allowlist (DESIGN "Host SDK": http and https on `localhost`
 * and `127.0.0.1`, any port), in CSP source syntax.
 */
const DEVELOPMENT_SCRIPT_SOURCES = ['http://localhost:*', 'https://localhost:*', 'http://127.0.0.1:*', 'https://127.0.0.1:*'];

/** An origin as a CSP source: http(s), a host name without wildcards, an optional port; nothing else. */
const BARE_ORIGIN = /^https?:\/\/(?:[a-z0-9-]+\.)*[a-z0-9-]+(?::\d{1,5})?$/;

/**
 * The frame app's Content-Security-Policy (DESIGN "Security model"): scripts only from the
 * frame's own origin, the statics allowlist and the inline scripts named by `inlineScriptHashes`
 * (the frame document's own bootstrap script and import map, as CSP hash sources such as
 * `'sha256-…'`); no other inline or eval'd script, no plugins, no `<base>` rewrites, no form
 * submission (`form-action 'none'`: the sandbox allows forms and the inputs have names, so a native
 * submit would put card fields in the frame's URL; a nested challenge page has its own policy); frames inside
 * the frame only from the card vault (`vaultOrigin`, VITE_CASHIER_VAULT_ORIGIN: a bank's challenge
 * page is shown from there and nowhere else; a development build's vault is on loopback, any port;
 * none given: no frames at all). Requests (`connect-src`) stay open: the provider host is the
 * integrator's, and card data is kept to the vault by the frame's client (shared/vault.ts).
 * Returns the policy text for a `<meta http-equiv="Content-Security-Policy">` or a response header.
 * @throws TypeError when an entry of `inlineScriptHashes` is not a sha256/384/512 hash source, or an
 * allowlist entry or `vaultOrigin` is not a bare origin (a wildcard such as `https://*.example.com`
 * would let every subdomain's scripts run, though the loader allows only the exact origin).
 */
export function frameContentSecurityPolicy(
  allowlist: StaticsAllowlist,
  inlineScriptHashes: readonly string[] = [],
  vaultOrigin?: string,
): string {
  for (const hash of inlineScriptHashes) {
    if (!/^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/.test(hash)) {
      throw new TypeError(`frameContentSecurityPolicy: ${JSON.stringify(hash)} is not a CSP hash source like 'sha256-…'`);
    }
  }
  const origins = [
    ...(allowlist === 'development' ? [] : allowlist),
    ...(vaultOrigin && vaultOrigin !== DEVELOPMENT_VAULT ? [vaultOrigin] : []),
  ];
  for (const origin of origins) {
    if (!BARE_ORIGIN.test(origin)) {
      throw new TypeError(
        `frameContentSecurityPolicy: ${JSON.stringify(origin)} is not a bare origin like https://static.example.com (no wildcard, path or bare scheme)`,
      );
    }
  }
  const statics = allowlist === 'development' ? DEVELOPMENT_SCRIPT_SOURCES : allowlist;
  const frames =
    vaultOrigin === undefined ? ["'none'"] : vaultOrigin === DEVELOPMENT_VAULT ? DEVELOPMENT_SCRIPT_SOURCES : [vaultOrigin];
  return [
    `script-src 'self' ${[...statics, ...inlineScriptHashes].join(' ')}`,
    `frame-src ${frames.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
