import tlds from 'tlds' with { type: 'json' };
import isEmail from 'validator/lib/isEmail.js';
import { EMAIL_DOMAIN_MAX_LENGTH, EMAIL_LOCAL_PART_MAX_LENGTH } from './constants';

const knownTopLevelDomains: ReadonlySet<string> = new Set(tlds);

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
  // byte counts) would reject addresses the spec allows, so they are switched off.
  return isEmail(s, { require_tld: true, allow_display_name: false, allow_ip_domain: false, ignore_max_length: true });
}
