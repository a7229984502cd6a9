import type { I18n } from '@lingui/core';

/** Props of `BlikField` (issue 38). */
export interface BlikFieldProps {
  /** Prefix for element ids, unique per mount: the input is `${idPrefix}-blikCode`. */
  idPrefix: string;
  /** The code typed so far: digits only, at most 6 (what `onChange` gave). */
  value: string;
  /** The field's error, translated (`i18n._(validateBlikCode(value))`); undefined when valid. */
  error?: string;
  /** The form is locked (a payment under way): the field is read-only, as the card fields are, and refuses edits. */
  disabled: boolean;
  /** The id of the element that says why the field is locked (CardForm's `${idPrefix}-locked`); described by it while `disabled`. Default: none. */
  lockedId?: string;
  /** Called with the typed code, digits only (Arabic-Indic and full-width digits made ASCII), at most 6. */
  onChange(value: string): void;
  /** BLIK's translator's Lingui instance (`(await loadBlikWords(locale)).i18n`). */
  i18n: I18n;
}
