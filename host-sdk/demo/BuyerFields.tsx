import { BUYER_FIELDS, fieldControl, fieldLabel } from './buyerForm';

/** Props of {@link BuyerFields}. */
export interface BuyerFieldsProps {
  /** What the buyer typed, by field name. */
  values: Readonly<Record<string, string>>;
  /** Called with the field's name and its new value as the buyer types. */
  onChange: (name: string, value: string) => void;
  /** The id (`buyer-<name>`) of the field the last check found wanting: `aria-invalid`, described by `#order-error`. */
  invalidField?: string;
  /** True once the order is made: the fields are closed. */
  disabled: boolean;
}

/** The buyer's details: one labelled control per BUYER_FIELDS entry (`buyer-<name>` ids), by its spec form field type. */
export function BuyerFields({ values, onChange, invalidField, disabled }: BuyerFieldsProps) {
  return (
    <div id="buyer-fields">
      {BUYER_FIELDS.map((field) => {
        const id = `buyer-${field.name}`;
        const control = fieldControl(field);
        const common = {
          id,
          name: field.name,
          required: field.required,
          disabled,
          value: values[field.name] ?? '',
          'aria-invalid': invalidField === undefined ? undefined : invalidField === id,
          'aria-describedby': invalidField === id ? 'order-error' : undefined,
        };
        return (
          <div className="buyer-field" key={field.name}>
            <label htmlFor={id}>{fieldLabel(field)}</label>
            {control.element === 'textarea' ? (
              <textarea {...common} onChange={(e) => onChange(field.name, e.target.value)} />
            ) : (
              <input
                {...common}
                type={control.type}
                autoComplete={control.autoComplete}
                onChange={(e) => onChange(field.name, e.target.value)}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
