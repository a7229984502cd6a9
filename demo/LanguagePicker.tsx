import { useMemo } from 'react';
import { languageOptions } from './languagePicker';

/** Props of {@link LanguagePicker}. */
export interface LanguagePickerProps {
  /** The locale shown as chosen: one of the widget's 12 (`matchLocale`). */
  value: string;
  /** Called with the locale the buyer chose. */
  onChange: (locale: string) => void;
}

/** "Payment form language": the widget's 12 locales, each named in its own language and marked with its own `lang`. */
export function LanguagePicker({ value, onChange }: LanguagePickerProps) {
  const options = useMemo(languageOptions, []);
  return (
    <p className="language">
      <label htmlFor="widget-language">Payment form language</label>
      <select id="widget-language" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([tag, name]) => (
          <option key={tag} value={tag} lang={tag}>
            {name}
          </option>
        ))}
      </select>
    </p>
  );
}
