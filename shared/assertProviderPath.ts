import { CashierError, ErrorCode } from './CashierError';
import { PAYMENTS_CHECKOUT_BASE_PATH } from './paths';

const PREFIX = `${PAYMENTS_CHECKOUT_BASE_PATH}/`;
/** RFC 3986 `pchar`: unreserved, sub-delims, ":", "@" and percent-encodings (checked below). */
const SEGMENT = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%]+$/;
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/;

/**
 * Guard for the path of a provider call (DESIGN "Security model": the app instance token goes to
 * the provider host and nowhere else). Returns `path` when it is a relative path under
 * `/_serverless/payments-checkout-server/` made of non-empty RFC 3986 segments, none of which
 * climbs (see `climbs`: `.` or `..`, also percent-encoded, between encoded slashes or before
 * `;`): so no absolute or protocol-relative URL, no backslash, no query or fragment, no way out
 * of the base path. Throws CashierError `INVALID_ARGUMENT` otherwise.
 */
export function assertProviderPath(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith(PREFIX)) throw invalidPath(path);
  for (const segment of path.slice(PREFIX.length).split('/')) {
    if (!SEGMENT.test(segment) || BAD_PERCENT.test(segment)) throw invalidPath(path);
    if (climbs(segment)) throw invalidPath(path);
  }
  return path;
}

/**
 * True when `segment`, percent-decoded, holds a `.` or `..` step: on its own, between encoded
 * slashes or backslashes (`..%2F..`, which a decoding proxy would follow), or before `;params`
 * (`..;`, which some servers treat as `..`). Undecodable segments count as climbing.
 */
function climbs(segment: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return true;
  }
  return decoded.split(/[\\/]/).some((step) => {
    const name = step.split(';')[0];
    return name === '.' || name === '..';
  });
}

function invalidPath(path: unknown): CashierError {
  const got = typeof path === 'string' ? JSON.stringify(path.slice(0, 120)) : typeof path;
  return new CashierError(
    ErrorCode.InvalidArgument,
    `Provider request path must be a path under "${PREFIX}" without "." or ".." segments, got ${got}.`,
  );
}
