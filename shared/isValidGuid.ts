import isUUID from 'validator/lib/isUUID.js';

/**
 * True when `s` is a GUID of version 1 to 5 (spec section 5: the settings request adds `msid`
 * only then). Built on validator's `isUUID`; never throws.
 */
export function isValidGuid(s: string): boolean {
  if (typeof s !== 'string') return false;
  return ([1, 2, 3, 4, 5] as const).some((version) => isUUID(s, version));
}
