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

/** Props of `BlikConfirm` (issue 38). */
export interface BlikConfirmProps {
  /** When the code stops waiting for the buyer's confirmation (the charge's `nextAction.expiresAt`, ISO 8601, the provider's clock). */
  expiresAt: string;
  /** The provider's clock minus the local clock, in ms; the time left is counted on the provider's clock. */
  skewMs: number;
  /** BLIK's translator's Lingui instance. */
  i18n: I18n;
  /** The local clock in ms (tests). Default: `Date.now`. */
  now?: () => number;
}
