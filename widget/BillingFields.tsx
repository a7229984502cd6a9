import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useMemo, useSyncExternalStore } from 'react';
import type { FormStore } from './createFormStore';
import { controlProps, FormField, refuseChange } from './FormField';
import { type CardField, FIELD_LABELS, isAsked, POSTAL_CODE_LABELS, SUBDIVISION_LABELS, validateField } from './validateCardForm';

/** Props of {@link BillingFields}. */
export interface BillingFieldsProps {
  store: FormStore;
  i18n: I18n;
  /** Prefix for element ids, unique per mount. */
  idPrefix: string;
  /** The id of the locked explanation, which describes every field while the form is locked. */
  lockedId: string;
  /** The buyer chose another country: load its address format. */
  onCountry: (country: string) => void;
}

/**
 * The card's billing address as its country needs it (issue 23 item 7): the country (names in the
 * buyer's language from `Intl.DisplayNames`, sorted by them), then, where the country's address
 * format has them, its state or province (the provider's list) and its postal code, checked
 * against the format's pattern. Autofill tokens `country`, `address-level1`, `postal-code`.
 * Nothing until the provider's countries are loaded.
 */
export function BillingFields({ store, i18n, idPrefix, lockedId, onCountry }: BillingFieldsProps) {
  const { values, errors, billing, locked, locale } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const countries = useMemo(() => {
    if (!billing) return [];
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(locale);
    return billing.countries
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [billing, locale]);
  if (!billing) return null;
  const rules = { format: billing.format };
  const { postalCode, subdivision } = billing.format ?? {};
  const example = postalCode?.example ?? '';

  const control = (name: CardField) => ({
    ...controlProps(`${idPrefix}-${name}`, name, errors[name], name === 'postalCode', locked, lockedId),
    value: values[name],
    onBlur: () => {
      if (store.getSnapshot().values[name] !== '') store.setError(name, validateField(name, store.getSnapshot().values, rules));
    },
  });
  const change = (name: CardField, input: HTMLInputElement | HTMLSelectElement) => {
    if (store.getSnapshot().locked) {
      if (input instanceof HTMLInputElement) refuseChange(input, store.getSnapshot().values[name]);
      return;
    }
    store.setValue(name, input.value);
    if (errors[name]) store.setError(name, validateField(name, store.getSnapshot().values, rules));
  };
  const error = (name: CardField) => {
    const e = errors[name];
    return e && i18n._(e);
  };

  return (
    <>
      <FormField id={`${idPrefix}-country`} label={i18n._(FIELD_LABELS.country)} error={error('country')}>
        {/* A select cannot be read-only: while locked it is disabled, and the explanation still describes it. */}
        <select {...control('country')} autoComplete="country" disabled={locked} onChange={(e) => onCountry(e.target.value)}>
          {values.country === '' && (
            <option value="">
              {i18n._(msg({ message: 'Choose…', comment: 'The empty first option of a drop-down list (country, state)' }))}
            </option>
          )}
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </FormField>
      {subdivision && isAsked('subdivision', rules) && (
        <FormField
          id={`${idPrefix}-subdivision`}
          label={i18n._(SUBDIVISION_LABELS[subdivision.label][0])}
          error={error('subdivision')}
        >
          <select
            {...control('subdivision')}
            autoComplete="address-level1"
            disabled={locked}
            onChange={(e) => change('subdivision', e.currentTarget)}
          >
            <option value="">{i18n._(msg`Choose…`)}</option>
            {billing.states.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        </FormField>
      )}
      {postalCode && (
        <FormField
          id={`${idPrefix}-postalCode`}
          label={i18n._(POSTAL_CODE_LABELS[postalCode.label][0])}
          hint={i18n._(msg`For example ${example}`)}
          error={error('postalCode')}
        >
          <input
            {...control('postalCode')}
            // `:placeholder-shown` is how a floating label knows an empty field (CardForm's CSS).
            placeholder=" "
            type="text"
            autoComplete="postal-code"
            dir="ltr"
            readOnly={locked}
            onChange={(e) => change('postalCode', e.currentTarget)}
          />
        </FormField>
      )}
    </>
  );
}
