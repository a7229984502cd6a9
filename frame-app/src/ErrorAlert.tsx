import type { CSSProperties } from 'react';
import { MODAL_THEME, TECHNICAL_DIFFICULTIES_MESSAGE } from '../../shared';

/** Alert colours of spec section 2: red text for theme modal, a grey background otherwise. */
export const ALERT_STYLES: Record<'modal' | 'inline', CSSProperties> = {
  modal: { color: 'rgb(214, 48, 49)', margin: 0, padding: '12px 0', fontSize: 14, lineHeight: 1.5 },
  inline: {
    color: 'rgb(51, 51, 51)',
    backgroundColor: 'rgb(240, 240, 240)',
    margin: 0,
    padding: '12px 16px',
    borderRadius: 6,
    fontSize: 14,
    lineHeight: 1.5,
  },
};

/** The failed-state alert (spec 8): `role="alert"`, the spec's message word for word. */
export function ErrorAlert({ theme }: { theme: string }) {
  const style = theme === MODAL_THEME ? ALERT_STYLES.modal : ALERT_STYLES.inline;
  return (
    <p role="alert" style={style}>
      {TECHNICAL_DIFFICULTIES_MESSAGE}
    </p>
  );
}
