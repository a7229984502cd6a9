/**
 * A GUID of version 1 to 5 with the RFC 4122 variant: the union of validator's `isUUID` patterns
 * for those five versions, in one expression (the frame's bootstrap then carries none of
 * validator's other UUID patterns).
 */
const GUID_V1_TO_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * True when `s` is a GUID of version 1 to 5 (spec section 5: the settings request adds `msid`
 * only then). Never throws.
 */
export function isValidGuid(s: string): boolean {
  return typeof s === 'string' && GUID_V1_TO_V5.test(s);
}
