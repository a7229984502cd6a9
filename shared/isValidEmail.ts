import tlds from 'tlds' with { type: 'json' };
import isEmail from 'validator/lib/isEmail.js';
import isFQDN from 'validator/lib/isFQDN.js';
import { EMAIL_DOMAIN_MAX_LENGTH, EMAIL_LOCAL_PART_MAX_LENGTH } from './constants';

/**
 * IANA's top-level domains as the `tlds` package lists them (internationalised ones in Unicode),
 * plus the ASCII (punycode) form of each internationalised one, as an address may use either.
 */
const knownTopLevelDomains: ReadonlySet<string> = new Set(tlds.flatMap((tld) => [tld, ...asciiFormOf(tld)]));

function asciiFormOf(tld: string): string[] {
  if (/^[a-z0-9-]+$/.test(tld)) return [];
  try {
    return [new URL(`http://a.${tld}`).hostname.slice(2)];
  } catch {
    return [];
  }
}

/**
 * The e-mail check of spec section 5: the local part is at most 64 characters and does not end
 * with a dot; the domain is at most 253 characters and ends in a known top-level domain (IANA's
 * list, from the `tlds` package). The address syntax itself is validator's `isEmail`. Never throws.
 */
export function isValidEmail(s: string): boolean {
  if (typeof s !== 'string') return false;
  const at = s.lastIndexOf('@');
  if (at <= 0) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  if (local.length > EMAIL_LOCAL_PART_MAX_LENGTH || local.endsWith('.')) return false;
  if (domain.length > EMAIL_DOMAIN_MAX_LENGTH) return false;
  const tld = domain.slice(domain.lastIndexOf('.') + 1).toLowerCase();
  if (!knownTopLevelDomains.has(tld)) return false;
  // Lengths are the spec's (checked above, in characters); validator's own limits (254 in all,
  // byte counts) would reject addresses the spec allows, so they are switched off in isEmail.
  // That also switches off isEmail's 63-character limit per domain label, so the domain is
  // checked by validator's isFQDN on its own, with its label limit on.
  return (
    isEmail(s, { require_tld: true, allow_display_name: false, allow_ip_domain: false, ignore_max_length: true }) &&
    isFQDN(domain, { require_tld: true, allow_underscores: false, allow_trailing_dot: false })
  );
}
