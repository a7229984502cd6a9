import { type CSSProperties, type ReactNode, type RefObject, useLayoutEffect } from 'react';
import { APPEARANCE_CLASSES as C, classes, fontSize, LINE_HEIGHT, space, token } from './appearance';

/** Props of {@link FormField}. */
export interface FormFieldProps {
  /** The control's id; its hint is `${id}-hint`, its error `${id}-error`. */
  id: string;
  /** The label's text, translated. */
  label: string;
  /** The format the field expects, shown under the label and read with it; none when undefined. */
  hint?: string;
  /** The field's error, translated; undefined when valid. */
  error?: string;
  style?: CSSProperties;
  /** The control (an input or a select) with the id, described by {@link describedBy}. */
  children: ReactNode;
}

/**
 * Keeps the typed card out of attributes under `root`. React copies a controlled input's value into
 * its `value` attribute (at each commit, and again after each change event), where a selector such
 * as `input[value^="4"]` could match it; a field's live value no selector can match. A
 * MutationObserver removes the attribute of each card field (`autocomplete="cc-…"`: name, number,
 * expiry, security code) in the microtask after React wrote it or added the field, before any
 * style is computed. (React 19 sets a field's live value before its attribute, so removing the
 * attribute never empties the field.)
 */
export function useNoValueAttributes(root: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = root.current as HTMLElement;
    const drop = () => {
      for (const input of element.querySelectorAll('input[autocomplete^=cc-]')) input.removeAttribute('value');
    };
    drop();
    const observer = new MutationObserver(drop);
    // Added nodes too: a field made again (the card chosen after pay at the venue, a new card
    // after a saved one) gets its attribute before it is attached, so no attribute change is seen.
    // Added nodes too: React 19 writes a re-made field's attribute after attaching it (seen in
    // jsdom: the card chosen again after pay at the venue), but a field attached with its
    // attribute already written would show no attribute change.
    observer.observe(element, { subtree: true, childList: true, attributeFilter: ['value'] });
    return () => observer.disconnect();
  }, [root]);
}

/**
 * Puts a controlled field's value back when the form refuses a change (it is locked). React puts
 * a controlled input back by itself after every change event; Preact, which the frame offers as
 * its React (issue 36 item 4), writes a field's value only when it renders, and a refused change
 * renders nothing.
 */
export function refuseChange(input: HTMLInputElement, value: string): void {
  if (input.value !== value) input.value = value;
}

/** The ids that describe a control: its hint, its error and the locked explanation, as present. */
export const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** The attributes {@link controlProps} gives a control. */
export interface ControlProps {
  id: string;
  name: string;
  className: string;
  'aria-required': 'true';
  'aria-invalid': 'true' | 'false';
  'aria-describedby': string | undefined;
  style: CSSProperties;
}

/**
 * What every control of the form carries (an input or a select): its id and name, the class its
 * focus ring hangs on and the appearance's `Input` (with `Input--invalid` while it has an error), required, invalid while it has an error, described by its hint (when it has
 * one), its error and, while the form is locked, the locked explanation (`lockedId`); and its look.
 */
export function controlProps(
  id: string,
  name: string,
  error: unknown,
  hinted: boolean,
  locked: boolean,
  lockedId: string,
): ControlProps {
  return {
    id,
    name,
    className: classes('cw-input', C.input, !!error && C.inputInvalid),
    'aria-required': 'true' as const,
    'aria-invalid': error ? ('true' as const) : ('false' as const),
    'aria-describedby': describedBy(hinted && `${id}-hint`, !!error && `${id}-error`, locked && lockedId),
    style: { ...fieldStyles.input, ...(error ? fieldStyles.inputInvalid : {}), ...(locked ? fieldStyles.inputLocked : {}) },
  };
}

/**
 * One labelled field of the payment form: label, hint (WCAG 3.3.2: a placeholder alone disappears
 * as the buyer types, and is not read by every screen reader), the control, and its error in a
 * live region that is always present, so the error a blur brings is announced (WCAG 4.1.3).
 */
export function FormField({ id, label, hint, error, style, children }: FormFieldProps) {
  return (
    <div className={C.field} style={{ ...fieldStyles.field, ...style }}>
      <label htmlFor={id} className={C.label} style={fieldStyles.label}>
        {label}
      </label>
      {hint && (
        <span id={`${id}-hint`} style={fieldStyles.hint}>
          {hint}
        </span>
      )}
      {children}
      <span
        id={`${id}-error`}
        aria-live="polite"
        className={error ? C.error : undefined}
        style={error ? fieldStyles.error : fieldStyles.visuallyHidden}
      >
        {error}
      </span>
    </div>
  );
}

/**
 * The form's shared styles: fields, their controls and the visually hidden text. Colours, sizes and
 * spacings are the appearance's tokens (their defaults are the look before appearances).
 */
export const fieldStyles: Record<string, CSSProperties> = {
  field: { display: 'flex', flexDirection: 'column', gap: space(1), minWidth: 0 },
  label: { fontSize: fontSize(13), fontWeight: 600, lineHeight: LINE_HEIGHT },
  hint: { fontSize: fontSize(12), lineHeight: LINE_HEIGHT, color: token('colorTextSecondary') },
  // A control is as wide as its field, never its default 20 characters: the form fits any frame.
  input: {
    font: 'inherit',
    fontSize: token('fontSizeBase'),
    lineHeight: LINE_HEIGHT,
    paddingBlock: space(2),
    paddingInline: space(2.5),
    // #6b7785 on white is 4.6:1 (WCAG 1.4.11 asks 3:1 of a field's boundary). Longhands, not the
    // `border` shorthand: when an error clears, React removes inputInvalid's borderColor, and with a
    // shorthand nothing would set the colour again (the field lost its boundary colour).
    borderWidth: token('inputBorderWidth'),
    borderStyle: 'solid',
    borderColor: token('colorBorder'),
    borderRadius: token('borderRadius'),
    width: '100%',
    minWidth: 0,
    boxSizing: 'border-box',
    background: token('colorInputBackground'),
    color: 'inherit',
  },
  inputInvalid: { borderColor: token('colorDanger'), boxShadow: `inset 0 0 0 1px ${token('colorDanger')}` },
  inputLocked: { background: token('colorInputLocked'), color: token('colorTextSecondary') },
  error: { fontSize: fontSize(12), lineHeight: LINE_HEIGHT, color: token('colorDanger') },
  /** A line of text in the form (a note, a status), and a radio's or a checkbox's label: 14 px by default. */
  note: { margin: 0, fontSize: fontSize(14) },
  /** A failure notice (a decline, an expired hold): its own background, 14 px by default. */
  notice: {
    margin: 0,
    paddingBlock: space(2),
    paddingInline: space(2.5),
    borderRadius: token('borderRadius'),
    background: token('colorNoticeBackground'),
    color: token('colorNoticeText'),
    fontSize: fontSize(14),
  },

  choice: { display: 'flex', alignItems: 'center', gap: space(1.5), fontSize: fontSize(14) },
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
