import { alertText, frameTitle } from '../shared/catalogText';

/**
 * Puts the mount's own words in the buyer's language: the iframe's `title`, and the text of the
 * alert the SDK shows in its place, when it shows one. `locale` is the mount's locale (a BCP 47
 * tag; a language the widget does not ship falls back as the frame's does, English last). Sets
 * only what differs, so an alert that already says it is not announced again. Part of the bridge:
 * the twelve languages of the shared catalog are fetched with it, never up front; until it
 * arrives the iframe's title and the alert are English.
 */
export function localizeMount(iframe: HTMLIFrameElement, alert: HTMLElement | undefined, locale: string | undefined): void {
  const title = frameTitle(locale);
  if (iframe.title !== title) iframe.title = title;
  const text = alertText(locale);
  if (alert && alert.textContent !== text) alert.textContent = text;
}
