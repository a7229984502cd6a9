/** Longest `saveCard.consentText` the provider stores, in characters. */
export const MAX_CONSENT_TEXT_LENGTH = 500;

/**
 * What is wrong with a card tokenization's `saveCard` (the vault's), or undefined when it is `{ consentText, consentedAt }`:
 * a non-blank text of at most {@link MAX_CONSENT_TEXT_LENGTH} characters and an ISO 8601 date-time.
 */
export function describeSaveCardProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'saveCard must be { consentText, consentedAt }.';
  const { consentText, consentedAt, ...rest } = value as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) return `saveCard.${extra} is not a field of saveCard.`;
  if (typeof consentText !== 'string' || consentText.trim() === '' || consentText.length > MAX_CONSENT_TEXT_LENGTH) {
    return `saveCard.consentText must be the wording the buyer saw, 1–${MAX_CONSENT_TEXT_LENGTH} characters.`;
  }
  if (typeof consentedAt !== 'string' || !/^\d{4}-\d\d-\d\dT/.test(consentedAt) || Number.isNaN(Date.parse(consentedAt))) {
    return 'saveCard.consentedAt must be an ISO 8601 date-time.';
  }
  return undefined;
}
