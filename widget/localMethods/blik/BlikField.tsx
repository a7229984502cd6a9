import { msg } from '@lingui/core/macro';
import { controlProps, FormField, refuseChange } from '../../FormField';
import type { BlikFieldProps } from './blikTypes';

const LABEL = msg({
  message: 'BLIK code',
  comment: 'Label of the field for the 6-digit BLIK code (BLIK is a brand name: keep it)',
});
const HINT = msg({
  message: '6 digits from your banking app',
  comment: 'Hint under the "BLIK code" label: where the buyer finds the code',
});

/**
 * `text` as the BLIK code it means: Arabic-Indic (٠-٩, ۰-۹) and full-width (０-９) digits as ASCII
 * (a numeric keyboard in Arabic or Japanese may type them; each is its digit in its low 4 bits),
 * everything else dropped (a pasted "777 123"), at most 6 digits.
 */
export const toBlikCode = (text: string) =>
  text
    .replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]/g, (d) => String(d.charCodeAt(0) & 15))
    .replace(/\D/g, '')
    .slice(0, 6);

/**
 * The BLIK code field (issue 38): "BLIK code" with the hint "6 digits from your banking app", a
 * numeric keyboard (`inputMode="numeric"`), the code the bank's text message or app offers
 * (`autocomplete="one-time-code"`), `pattern` saying 6 digits, and the error through {@link FormField} (invalid and described by it).
 * Keeps the first 6 digits only, so a pasted "777 123" becomes 777123; no `maxLength`, which
 * would cut that paste to "777 12" before the field sees it. While `disabled` it is
 * read-only (it keeps focus and stays readable) and puts a refused edit back.
 */
export function BlikField({ idPrefix, value, error, disabled, lockedId = '', onChange, i18n }: BlikFieldProps) {
  const id = `${idPrefix}-blikCode`;
  return (
    <FormField id={id} label={i18n._(LABEL)} hint={i18n._(HINT)} error={error}>
      <input
        {...controlProps(id, 'blikCode', error, true, disabled, lockedId)}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        dir="ltr"
        value={value}
        readOnly={disabled}
        onChange={(e) => {
          const input = e.currentTarget;
          if (disabled) return refuseChange(input, value);
          const code = toBlikCode(input.value);
          // What was not a digit goes at once (Preact renders nothing when the code is unchanged).
          refuseChange(input, code);
          onChange(code);
        }}
      />
    </FormField>
  );
}
