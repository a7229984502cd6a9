import { type CSSProperties, type InputHTMLAttributes, useLayoutEffect, useSyncExternalStore } from 'react';
import { formatCardNumber } from './cardNumber';
import type { FormStore } from './createFormStore';
import { formatExpiry } from './expiry';
import { type CardField, FIELD_LABELS, validateField } from './validateCardForm';

/** Input attributes per field: autofill hints and keyboards. */
const INPUTS: Record<CardField, InputHTMLAttributes<HTMLInputElement>> = {
  cardholderName: { autoComplete: 'cc-name', type: 'text' },
  cardNumber: { autoComplete: 'cc-number', inputMode: 'numeric', type: 'text', placeholder: '1234 1234 1234 1234' },
  expirationDate: { autoComplete: 'cc-exp', inputMode: 'numeric', type: 'text' },
  securityCode: { autoComplete: 'cc-csc', inputMode: 'numeric', type: 'text' },
  email: { autoComplete: 'email', type: 'email', inputMode: 'email' },
};

/**
 * The format a field expects, shown under its label and read with it (WCAG 3.3.2: a placeholder
 * alone disappears as the buyer types, and is not read by every screen reader). Expiry and
 * security code share a row, so both have one and their inputs line up.
 */
const HINTS: Partial<Record<CardField, string>> = { expirationDate: 'MM/YY', securityCode: '3 or 4 digits' };

/**
 * Focus rings (WCAG 2.4.7, 1.4.11): a 3 px blue ring outside the field, the same whether the field
 * is valid or not, so it stays distinct from an invalid field's red border. Inline styles cannot
 * say :focus-visible, hence this one rule set, scoped by class.
 */
const FOCUS_CSS = '.cw-input:focus,.cw-radio:focus-visible{outline:3px solid #1a56db;outline-offset:2px}';

const FORMATTERS: Partial<Record<CardField, (v: string) => string>> = {
  cardNumber: formatCardNumber,
  expirationDate: formatExpiry,
  securityCode: (v) => v.replace(/\D/g, '').slice(0, 4),
};

/** Props of {@link CardForm}. */
export interface CardFormProps {
  store: FormStore;
  /** Prefix for element ids, unique per mount. */
  idPrefix: string;
  theme: string;
  /** Called once, after the first render is on screen. */
  onReady: () => void;
}

/** Why the form takes no edits while it is locked; the fields and the method choice point at it. */
export const LOCKED_EXPLANATION = 'Your payment details cannot be changed until we know the outcome of this payment.';

/**
 * The card payment form: five labelled fields, errors shown on blur and on validate(). While the
 * store is locked (a payment running or its outcome unknown) the fields are read-only, the method
 * radios disabled, and each of them is described by {@link LOCKED_EXPLANATION}, shown under the
 * notice when there is one (a lost reply) and visually hidden otherwise.
 */
export function CardForm({ store, idPrefix, theme, onReady }: CardFormProps) {
  const {
    values,
    errors,
    methods = [],
    method,
    notice,
    locked,
    challenge,
  } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  // Layout effect: the form is in the DOM; the host hears "ready" without waiting for a paint.
  useLayoutEffect(() => onReady(), [onReady]);
  const modal = theme === 'modal';
  const card = method === 'CARD';
  const lockedId = `${idPrefix}-locked`;
  const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

  const field = (name: CardField, style?: CSSProperties) => {
    const id = `${idPrefix}-${name}`;
    const error = errors[name];
    const hint = HINTS[name];
    return (
      <div style={{ ...styles.field, ...style }}>
        <label htmlFor={id} style={styles.label}>
          {FIELD_LABELS[name]}
        </label>
        {hint && (
          <span id={`${id}-hint`} style={styles.hint}>
            {hint}
          </span>
        )}
        <input
          {...INPUTS[name]}
          id={id}
          name={name}
          className="cw-input"
          value={values[name]}
          readOnly={locked}
          aria-required="true"
          aria-invalid={error ? 'true' : 'false'}
          aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`, locked && lockedId)}
          style={{ ...styles.input, ...(error ? styles.inputInvalid : {}), ...(locked ? styles.inputLocked : {}) }}
          onChange={(e) => {
            if (store.getSnapshot().locked) return;
            const format = FORMATTERS[name];
            store.setValue(name, format ? format(e.target.value) : e.target.value);
            if (error) store.setError(name, validateField(name, store.getSnapshot().values));
          }}
          onBlur={() => {
            if (store.getSnapshot().values[name] !== '') store.setError(name, validateField(name, store.getSnapshot().values));
          }}
        />
        {/* Always present, so the error a blur brings is announced (WCAG 4.1.3): a live region must be in the page before its text changes. */}
        <span id={`${id}-error`} aria-live="polite" style={error ? styles.error : styles.visuallyHidden}>
          {error}
        </span>
      </div>
    );
  };

  return (
    <form
      noValidate
      aria-label="Payment"
      // Behind the 3-D Secure dialog (issue 22): out of reach of focus and of assistive technology.
      inert={challenge !== undefined}
      style={{ ...styles.form, ...(modal ? styles.modal : {}) }}
      onSubmit={(e) => e.preventDefault()}
    >
      <style>{FOCUS_CSS}</style>
      {notice && (
        <p role="alert" style={styles.notice}>
          {notice}
        </p>
      )}
      {locked && (
        // Shown under a notice (a lost reply); otherwise (a pay running) only announced, so that
        // the form does not jump while the buyer waits.
        <p id={lockedId} style={notice ? styles.note : styles.visuallyHidden}>
          {LOCKED_EXPLANATION}
        </p>
      )}
      {methods.length > 1 && (
        <fieldset style={styles.methods} disabled={locked} aria-describedby={describedBy(locked && lockedId)}>
          <legend style={styles.label}>Payment method</legend>
          {methods.map((m) => (
            <label key={m.type} style={styles.method}>
              <input
                type="radio"
                className="cw-radio"
                name={`${idPrefix}-method`}
                value={m.type}
                checked={method === m.type}
                disabled={locked}
                onChange={() => store.setMethod(m.type)}
              />
              {m.label}
            </label>
          ))}
        </fieldset>
      )}
      {card ? (
        <>
          {field('cardholderName')}
          {field('cardNumber')}
          <div style={styles.row}>
            {field('expirationDate', styles.rowField)}
            {field('securityCode', styles.rowField)}
          </div>
          {field('email')}
        </>
      ) : (
        <p style={styles.note}>You pay at the venue when you arrive. Your tickets are reserved when you place the order.</p>
      )}
    </form>
  );
}

const styles: Record<string, CSSProperties> = {
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: 12,
    padding: 16,
    fontFamily: 'system-ui, sans-serif',
    color: '#1f2933',
    overflowWrap: 'break-word',
  },
  modal: { padding: 8, gap: 8 },
  // Expiry and security code share a row while each can be 140 px wide, and wrap below that.
  row: { display: 'flex', flexWrap: 'wrap', gap: 12 },
  rowField: { flex: '1 1 140px' },
  field: { display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 },
  label: { fontSize: 13, fontWeight: 600 },
  hint: { fontSize: 12, color: '#52606d' },
  // An input is as wide as its field, never its default 20 characters: the form fits any frame.
  input: {
    font: 'inherit',
    fontSize: 15,
    padding: '8px 10px',
    // #6b7785 on white is 4.6:1 (WCAG 1.4.11 asks 3:1 of a field's boundary).
    border: '1px solid #6b7785',
    borderRadius: 6,
    width: '100%',
    minWidth: 0,
    boxSizing: 'border-box',
  },
  inputInvalid: { borderColor: '#c62828', boxShadow: 'inset 0 0 0 1px #c62828' },
  inputLocked: { background: '#f0f2f4', color: '#52606d' },
  error: { fontSize: 12, color: '#c62828' },
  notice: { margin: 0, padding: '8px 10px', borderRadius: 6, background: '#fdecea', color: '#8a1c1c', fontSize: 14 },
  // A fieldset is min-content wide by default; the method radios wrap instead.
  methods: { display: 'flex', flexWrap: 'wrap', gap: '8px 16px', border: 0, padding: 0, margin: 0, minWidth: 0 },
  method: { display: 'flex', alignItems: 'center', gap: 6, fontSize: 14 },
  note: { margin: 0, fontSize: 14 },
  visuallyHidden: {
    position: 'absolute',
    width: 1,
    height: 1,
    margin: -1,
    padding: 0,
    border: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
};
