import { isDebugPage } from './isDebugPage';
import { canonicalLocale, defaultLocale } from './resolveLocale';
import type { MountCashierOptions } from './types';

/** Theme when `opts.theme` is not given: the inline look. */
export const DEFAULT_THEME = 'inline';

/** Options with every default applied. */
export type ResolvedOptions = MountCashierOptions & { theme: string; debug: boolean; frameUrl: string; locale: string };

/**
 * Applies the defaults, in this one place: `frameUrl` ← the build's `VITE_CASHIER_FRAME_URL`
 * (checked when built; a development build's is `http://127.0.0.1:4174/`); `theme` ← `'inline'`;
 * `debug` ← `opts.debug === true` or a `debug` page query parameter that is not `false` (spec 2);
 * `locale` ← `opts.locale` canonical, else `doc`'s `<html lang>`, else its window's browser
 * language, else `'en'` (issue 23, `defaultLocale`; no `doc` outside a browser: `'en'`).
 * `appearance` and `fonts` are copied: what was checked is what the frame gets.
 * Expects options that passed `validateOptions`.
 */
export function resolveOptions(
  opts: MountCashierOptions,
  pageUrl: string = location.href,
  doc: Document | undefined = globalThis.document,
): ResolvedOptions {
  return {
    ...opts,
    frameUrl: opts.frameUrl ?? import.meta.env.CASHIER_FRAME_URL,
    theme: opts.theme ?? DEFAULT_THEME,
    debug: opts.debug === true || isDebugPage(pageUrl),
    locale: canonicalLocale(opts.locale) ?? defaultLocale(doc),
    appearance: opts.appearance && structuredClone(opts.appearance),
    fonts: opts.fonts && structuredClone(opts.fonts),
  };
}
