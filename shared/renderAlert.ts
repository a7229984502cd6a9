import { MODAL_THEME, TECHNICAL_DIFFICULTIES_MESSAGE } from './constants';

/**
 * What every alert has, as CSS text: no margin, 14 px type on 1.5 lines, in the frame document's
 * font (frame-app/index.html), which the host SDK's alert outside the frame must name itself.
 */
const ALERT_BASE = "margin:0;font:14px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;";

/**
 * The alert's inline styles per theme, as CSS text (spec section 2): red text for theme modal, a
 * grey background otherwise. The modal alert has an opaque white background of its own: its red
 * (#d63031, 4.85:1 on white) keeps WCAG 1.4.3's 4.5:1 on whatever the host page is, where on the
 * frame's transparent background a dark host page would fail it (issue 14).
 */
export const ALERT_STYLES: Record<'modal' | 'inline', string> = {
  modal: `${ALERT_BASE}color:#d63031;background:#fff;padding:12px 16px;border-radius:6px`,
  inline: `${ALERT_BASE}color:#333;background:#f0f0f0;padding:12px 16px;border-radius:6px`,
};

/**
 * The failed-state alert (spec 2, 8; DESIGN "Loader states"), created in `doc` and not attached:
 * a `<p role="alert">` with `text`, by default the spec's message word for word (the frame passes
 * it in the buyer's language: `alertText`, issue 23), red text for theme `modal` and a
 * grey background for any other theme. Plain DOM, shared by the frame (its bootstrap script: the
 * alert never waits on React, nor fails with it) and the host SDK, which shows it in the mount
 * element when the frame cannot (FRAME_LOAD_FAILED, CONNECTION_LOST; issue 12).
 */
export function createAlert(doc: Document, theme: string, text: string = TECHNICAL_DIFFICULTIES_MESSAGE): HTMLElement {
  const alert = doc.createElement('p');
  alert.setAttribute('role', 'alert');
  alert.textContent = text;
  alert.style.cssText = theme === MODAL_THEME ? ALERT_STYLES.modal : ALERT_STYLES.inline;
  return alert;
}

/** Shows the alert ({@link createAlert}) in `element`, replacing what it held. Returns the alert element. */
export function renderAlert(element: HTMLElement, theme: string, text?: string): HTMLElement {
  const alert = createAlert(element.ownerDocument, theme, text);
  element.replaceChildren(alert);
  return alert;
}
