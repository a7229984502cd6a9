import { isDebugPage } from './isDebugPage';
import type { MountCashierOptions } from './types';

/** Frame app URL when neither `opts.frameUrl` nor the build-time `VITE_CASHIER_FRAME_URL` is set. */
export const FALLBACK_FRAME_URL = 'http://127.0.0.1:4174/';

/** Theme when `opts.theme` is not given: the inline look. */
export const DEFAULT_THEME = 'inline';

/** Options with every default applied. */
export type ResolvedOptions = MountCashierOptions & { theme: string; debug: boolean; frameUrl: string };

/**
 * Applies the defaults, in this one place: `frameUrl` ← build-time `VITE_CASHIER_FRAME_URL`, else
 * {@link FALLBACK_FRAME_URL}; `theme` ← `'inline'`; `debug` ← `opts.debug === true` or a `debug`
 * page query parameter that is not `false` (spec 2). Expects options that passed `validateOptions`.
 */
export function resolveOptions(opts: MountCashierOptions, pageUrl: string = location.href): ResolvedOptions {
  return {
    ...opts,
    frameUrl: opts.frameUrl ?? defaultFrameUrl(),
    theme: opts.theme ?? DEFAULT_THEME,
    debug: opts.debug === true || isDebugPage(pageUrl),
  };
}

function defaultFrameUrl(): string {
  const fromBuild: unknown = import.meta.env.VITE_CASHIER_FRAME_URL;
  return typeof fromBuild === 'string' && fromBuild !== '' ? fromBuild : FALLBACK_FRAME_URL;
}
