import type { CSSProperties } from 'react';
import { fontSize, LINE_HEIGHT, space, token } from './appearance';
import { cardFormStyles } from './CardForm';

/** Props of {@link FormSkeleton}. */
export interface FormSkeletonProps {
  /** The spec's theme: `modal` has the form's tighter padding and gaps. */
  theme: string;
  /** True when an order is known: its seat hold's line is kept a place above the fields. */
  order: boolean;
}

/** A line of text `px` tall by default (the form's sizes are fractions of fontSizeBase), as a box. */
const line = (px: number) => `calc(${fontSize(px)} * ${LINE_HEIGHT})`;
/** A text field's box: its line, its padding (2 units above and below) and its borders. */
const INPUT = `calc(${token('fontSizeBase')} * ${LINE_HEIGHT} + ${space(4)} + 2px)`;
/** The fields of the card form a buyer most often sees: [hinted, width of the label's bar]. */
const FIELDS: readonly (readonly [boolean, string])[] = [
  [false, '40%'], // cardholder name
  [false, '30%'], // card number
  // expiry and security code share a row (below)
  [false, '20%'], // country
  [true, '30%'], // postal code
  [false, '15%'], // email
];

/**
 * The payment form's placeholder (issue 36 item 1), shown while what decides the form's height is
 * on its way (createFirstPaint): the card form's shape in the appearance's tokens (its spacing,
 * font size, radius and a field's locked colour), every box as tall as the field it stands for, so
 * the frame is about as tall as the form that replaces it. No words, hidden from assistive
 * technology; a slow pulse unless the buyer asks for reduced motion.
 */
export function FormSkeleton({ theme, order }: FormSkeletonProps) {
  const modal = theme === 'modal';
  const field = (hinted: boolean, label: string, key: string, style?: CSSProperties) => (
    <div key={key} style={{ ...styles.field, ...style }}>
      <div style={{ ...styles.bar, height: line(13), width: label }} />
      {hinted && <div style={{ ...styles.bar, height: line(12), width: '25%' }} />}
      <div style={styles.input} />
    </div>
  );
  const [name, number, ...billing] = FIELDS.map(([hinted, width], i) => field(hinted, width, `f${i}`));
  return (
    <div aria-hidden="true" data-cashier-skeleton="" style={{ ...styles.form, ...(modal ? styles.modal : {}) }}>
      <style>{SKELETON_CSS}</style>
      {order && <div style={{ ...styles.bar, height: line(14), width: '55%' }} />}
      {name}
      {number}
      <div style={styles.row}>
        {field(true, '45%', 'expiry', styles.rowField)}
        {field(true, '55%', 'code', styles.rowField)}
      </div>
      {billing}
    </div>
  );
}

const SKELETON_CSS =
  '@keyframes cw-skeleton{50%{opacity:.55}}' +
  '@media (prefers-reduced-motion:no-preference){[data-cashier-skeleton]{animation:cw-skeleton 1.6s ease-in-out infinite}}';

const styles: Record<string, CSSProperties> = {
  // The card form's own box and its expiry and security code row.
  form: cardFormStyles.form,
  modal: cardFormStyles.modal,
  row: cardFormStyles.row,
  rowField: cardFormStyles.rowField,
  field: { display: 'flex', flexDirection: 'column', gap: space(1), minWidth: 0 },
  bar: { background: token('colorInputLocked'), borderRadius: token('borderRadius') },
  input: {
    height: INPUT,
    boxSizing: 'border-box',
    borderRadius: token('borderRadius'),
    background: token('colorInputLocked'),
  },
};
