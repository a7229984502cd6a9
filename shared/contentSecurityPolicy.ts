import type { StaticsAllowlist } from './statics';

/**
 * Script sources of the development allowlist (DESIGN "Host SDK": http and https on `localhost`
 * and `127.0.0.1`, any port), in CSP source syntax.
 */
const DEVELOPMENT_SCRIPT_SOURCES = ['http://localhost:*', 'https://localhost:*', 'http://127.0.0.1:*', 'https://127.0.0.1:*'];

/**
 * The frame app's Content-Security-Policy (DESIGN "Security model"): scripts only from the
 * frame's own origin and the statics allowlist, no inline or eval'd script, no plugins, no
 * `<base>` rewrites. Requests (`connect-src`) stay open: the provider host is the integrator's.
 * Returns the policy text for a `<meta http-equiv="Content-Security-Policy">`.
 */
export function frameContentSecurityPolicy(allowlist: StaticsAllowlist): string {
  const statics = allowlist === 'development' ? DEVELOPMENT_SCRIPT_SOURCES : allowlist;
  return [`script-src 'self' ${statics.join(' ')}`, "object-src 'none'", "base-uri 'none'"].join('; ');
}
