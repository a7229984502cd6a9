import { BUYER_FIELDS, fieldControl, fieldLabel } from './buyerForm';

/** Props of {@link BuyerFields}. */
export interface BuyerFieldsProps {
  /** The id (`buyer-<name>`) of the field the last check found wanting: `aria-invalid`, described by `#order-error`. */
  invalidField?: string;
  /** True once the order is made: the fields are closed. */
  disabled: boolean;
}

/**
 * The buyer's details: one labelled control per BUYER_FIELDS entry (`buyer-<name>` ids, named by
 * the field), by its spec form field type. Uncontrolled: the form reads them when it is submitted
 * (a value set without input events, as autofill or a test driver may, counts too).
 */
export function BuyerFields({ invalidField, disabled }: BuyerFieldsProps) {
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
          'aria-invalid': invalidField === undefined ? undefined : invalidField === id,
          'aria-describedby': invalidField === id ? 'order-error' : undefined,
        };
        return (
          <div className="buyer-field" key={field.name}>
            <label htmlFor={id}>{fieldLabel(field)}</label>
            {control.element === 'textarea' ? (
              <textarea {...common} />
            ) : (
              <input {...common} type={control.type} autoComplete={control.autoComplete} />
            )}
          </div>
        );
      })}
    </div>
  );
}
