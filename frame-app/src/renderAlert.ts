import { MODAL_THEME, TECHNICAL_DIFFICULTIES_MESSAGE } from '../../shared';

/** The alert's inline styles, as CSSOM properties. */
export type AlertStyle = Partial<
  Pick<CSSStyleDeclaration, 'color' | 'backgroundColor' | 'margin' | 'padding' | 'borderRadius' | 'fontSize' | 'lineHeight'>
>;

/** Alert colours of spec section 2: red text for theme modal, a grey background otherwise. */
export const ALERT_STYLES: Record<'modal' | 'inline', AlertStyle> = {
  modal: { color: 'rgb(214, 48, 49)', margin: '0', padding: '12px 0', fontSize: '14px', lineHeight: '1.5' },
  inline: {
    color: 'rgb(51, 51, 51)',
    backgroundColor: 'rgb(240, 240, 240)',
    margin: '0',
    padding: '12px 16px',
    borderRadius: '6px',
    fontSize: '14px',
    lineHeight: '1.5',
  },
};

/**
 * Shows the failed-state alert (spec 2, 8; DESIGN "Loader states") in `element`, replacing what
 * it held: a `<p role="alert">` with the spec's message word for word, red text for theme
 * `modal` and a grey background for any other theme. Plain DOM, part of the frame's bootstrap
 * script: the alert never waits on React, nor fails with it. Returns the alert element.
 */
export function renderAlert(element: HTMLElement, theme: string): HTMLElement {
  const alert = element.ownerDocument.createElement('p');
  alert.setAttribute('role', 'alert');
  alert.textContent = TECHNICAL_DIFFICULTIES_MESSAGE;
  Object.assign(alert.style, theme === MODAL_THEME ? ALERT_STYLES.modal : ALERT_STYLES.inline);
  element.replaceChildren(alert);
  return alert;
}
