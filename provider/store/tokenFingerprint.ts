import { createHash } from 'node:crypto';

/**
 * How the provider records an app instance token (`/__control/requests`): `tok:` and the first
 * 8 hex digits of its SHA-256, e.g. `tok:c3215426` for `demo-app-instance`. Tests compare a
 * recorded request with the fingerprint of the token they expect; the token itself is never kept.
 */
export function tokenFingerprint(token: string): string {
  return `tok:${createHash('sha256').update(token).digest('hex').slice(0, 8)}`;
}
