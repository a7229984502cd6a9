import { FieldValueType, FormFieldType, isValidEmail } from '../shared';

// The demo checkout's buyer form: its fields, typed with the spec's enumerations, how each is
// rendered, and how the values are read and checked.

/** A buyer form field, typed with the spec's form field and field value type enumerations. */
export interface BuyerField {
  name: string;
  label: string;
  type: FormFieldType;
  valueType: FieldValueType;
  required: boolean;
  /** How the value is checked beyond "present": `email` uses the spec's e-mail rule. */
  format?: 'email';
}

/** The demo checkout's buyer form. */
export const BUYER_FIELDS: BuyerField[] = [
  { name: 'fullName', label: 'Full name', type: FormFieldType.NAME, valueType: FieldValueType.TEXT, required: true },
  {
    name: 'email',
    label: 'Email address',
    type: FormFieldType.INPUT,
    valueType: FieldValueType.TEXT,
    required: true,
    format: 'email',
  },
  { name: 'address', label: 'Address', type: FormFieldType.ADDRESS_SHORT, valueType: FieldValueType.ADDRESS, required: false },
];

/** How a buyer field is rendered, by its spec form field type: a `<textarea>`, or an `<input>` of `type` with `autoComplete`. */
export type FieldControl = { element: 'textarea' } | { element: 'input'; type: 'date' | 'email' | 'text'; autoComplete: string };

/** The control for `field`. Throws Error for a form field type the demo does not render. */
export function fieldControl(field: BuyerField): FieldControl {
  switch (field.type) {
    case FormFieldType.TEXTAREA:
    case FormFieldType.ADDRESS_FULL:
      return { element: 'textarea' };
    case FormFieldType.NAME:
    case FormFieldType.INPUT:
    case FormFieldType.ADDRESS_SHORT:
    case FormFieldType.DATE:
      return {
        element: 'input',
        type: field.type === FormFieldType.DATE ? 'date' : field.format === 'email' ? 'email' : 'text',
        autoComplete:
          field.type === FormFieldType.NAME
            ? 'name'
            : field.format === 'email'
              ? 'email'
              : field.type === FormFieldType.ADDRESS_SHORT
                ? 'street-address'
                : 'on',
      };
    default:
      throw new Error(`The demo does not render ${field.type} fields.`);
  }
}

/** The label a buyer field shows: "(optional)" after one that is not required. */
export const fieldLabel = (field: BuyerField): string => (field.required ? field.label : `${field.label} (optional)`);

/** Renders one labelled input per buyer field into `container`, by {@link fieldControl} (`buyer-<name>` ids). */
export function renderBuyerFields(container: HTMLElement): void {
  const document = container.ownerDocument;
  for (const field of BUYER_FIELDS) {
    const id = `buyer-${field.name}`;
    const wrapper = document.createElement('div');
    wrapper.className = 'buyer-field';
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = fieldLabel(field);
    const control = fieldControl(field);
    let input: HTMLInputElement | HTMLTextAreaElement;
    if (control.element === 'textarea') input = document.createElement('textarea');
    else {
      const el = document.createElement('input');
      el.type = control.type;
      el.autocomplete = control.autoComplete as AutoFill;
      input = el;
    }
    input.id = id;
    input.name = field.name;
    input.required = field.required;
    wrapper.append(label, input);
    container.appendChild(wrapper);
  }
}

/**
 * Checks the buyer's values, keyed by field name (untrimmed, as typed): the trimmed non-empty
 * values, or the first problem in words (spec 5's e-mail rule) with the `buyer-<name>` id of its field.
 */
export function checkBuyer(
  values: Readonly<Record<string, string | undefined>>,
): { buyer: Record<string, string> } | { problem: string; fieldId: string } {
  const buyer: Record<string, string> = {};
  for (const field of BUYER_FIELDS) {
    const fieldId = `buyer-${field.name}`;
    const value = (values[field.name] ?? '').trim();
    if (field.required && value === '') return { problem: `Enter your ${field.label.toLowerCase()}.`, fieldId };
    if (value !== '' && field.format === 'email' && !isValidEmail(value)) {
      return { problem: 'Enter a valid email address.', fieldId };
    }
    if (value !== '') buyer[field.name] = value;
  }
  return { buyer };
}

/** The buyer's values from the fields {@link renderBuyerFields} made in `doc`, checked by {@link checkBuyer}. */
export function readBuyer(doc: Document): { buyer: Record<string, string> } | { problem: string; fieldId: string } {
  const values = Object.fromEntries(
    BUYER_FIELDS.map((field) => [field.name, (doc.getElementById(`buyer-${field.name}`) as HTMLInputElement).value]),
  );
  return checkBuyer(values);
}

/**
 * Marks the buyer field with the problem `readBuyer` found (or none, `undefined`) for assistive
 * technology (issue 14): `aria-invalid` on each field, and the invalid one described by the
 * form's error line (`#order-error`).
 */
export function markInvalid(doc: Document, fieldId: string | undefined): void {
  for (const field of doc.querySelectorAll<HTMLElement>('#buyer-fields input, #buyer-fields textarea')) {
    const invalid = field.id === fieldId;
    field.setAttribute('aria-invalid', String(invalid));
    if (invalid) field.setAttribute('aria-describedby', 'order-error');
    else field.removeAttribute('aria-describedby');
  }
}
