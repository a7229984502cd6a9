import type { Messages } from '@lingui/core';
import { TECHNICAL_DIFFICULTIES } from './alertMessage';
import { FRAME_TITLE_MESSAGE, TECHNICAL_DIFFICULTIES_MESSAGE } from './constants';
import { FRAME_TITLE } from './frameTitleMessage';
import { matchLocale } from './locales';

/**
 * The words the frame and the host SDK show without a bundle, in every shipped language: the
 * technical-difficulties alert and the frame's title (`shared/locales/*.po`), compiled by Lingui
 * into the script that imports this module: the alert shows when the bundle cannot
 * load, so its words cannot come with the bundle. Two messages in twelve languages, a few hundred
 * bytes. Neither has a placeholder, so Lingui compiles each to plain text (a string, or a list of
 * strings): they are read from the compiled catalog without Lingui's runtime (2 kB the frame's
 * scripts need not carry; the bundle brings its own). English, the source language, is not
 * compiled in: its words are the constants (`TECHNICAL_DIFFICULTIES_MESSAGE`, `FRAME_TITLE_MESSAGE`,
 * which widget/i18n/catalogs.test.ts checks against en.po), which the frame and the host SDK's entry
 * carry anyway; a second copy would cost 86 B gzip in each script. `shared/catalogText.test.ts`
 * checks every language.
 */
const catalogs = import.meta.glob<Messages>(['./locales/*.po', '!./locales/en.po'], { eager: true, import: 'messages' });

/** The text of message `id` in the shipped language for `tag` (`matchLocale`), or `english` (English, or a catalog without it). */
function catalogText(tag: string | undefined, id: string, english: string): string {
  const compiled = catalogs[`./locales/${matchLocale(tag ?? 'en')}.po`]?.[id];
  // A message without placeholders compiles to its text, or to a list of text pieces.
  const pieces = Array.isArray(compiled) ? compiled : [compiled];
  return pieces.every((p) => typeof p === 'string') && pieces.length > 0 ? pieces.join('') : english;
}

/**
 * The failed state's alert text in the shipped language for `tag` (`matchLocale`; undefined:
 * English, where it is the spec's text word for word).
 */
export function alertText(tag: string | undefined): string {
  return catalogText(tag, TECHNICAL_DIFFICULTIES.id, TECHNICAL_DIFFICULTIES_MESSAGE);
}

/** The frame's accessible name in the shipped language for `tag` (`matchLocale`; undefined: English, `FRAME_TITLE_MESSAGE`). */
export function frameTitle(tag: string | undefined): string {
  return catalogText(tag, FRAME_TITLE.id, FRAME_TITLE_MESSAGE);
}
