import type { Messages } from '@lingui/core';
import { TECHNICAL_DIFFICULTIES } from './alertMessage';
import { TECHNICAL_DIFFICULTIES_MESSAGE } from './constants';
import { matchLocale } from './locales';

/**
 * The alert's catalogs in every shipped language, compiled by Lingui into the frame's script
 * (issue 23): the alert shows when the bundle cannot load, so its words cannot come with the
 * bundle. One message in twelve languages, a few hundred bytes. The message has no placeholder,
 * so Lingui compiles it to plain text (a string, or a list of strings): the frame reads it from the
 * compiled catalog without Lingui's runtime (2 kB the frame's scripts, at 98 of their 100 kB, need
 * not carry; the bundle brings its own). `shared/alertText.test.ts` checks every language.
 */
const catalogs = import.meta.glob<Messages>('./locales/*.po', { eager: true, import: 'messages' });

/**
 * The failed state's alert text in the shipped language for `tag` (`matchLocale`; undefined:
 * English, where it is the spec's text word for word).
 */
export function alertText(tag: string | undefined): string {
  const compiled = catalogs[`./locales/${matchLocale(tag ?? 'en')}.po`]?.[TECHNICAL_DIFFICULTIES.id];
  // A message without placeholders compiles to its text, or to a list of text pieces.
  const pieces = Array.isArray(compiled) ? compiled : [compiled];
  return pieces.every((p) => typeof p === 'string') && pieces.length > 0 ? pieces.join('') : TECHNICAL_DIFFICULTIES_MESSAGE;
}
