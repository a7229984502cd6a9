import { CashierError, ErrorCode, PARENT_ORIGIN_PARAM } from '../../shared';

/** What {@link resolveParentOrigin} reads from the frame's window. */
export interface FrameLocation {
  /** The frame URL's query string, e.g. `?parentOrigin=http%3A%2F%2Flocalhost%3A4173`. */
  search: string;
  /** `location.ancestorOrigins` where the browser has it (Chromium, WebKit). */
  ancestorOrigins?: ArrayLike<string>;
  /** `document.referrer`, the fallback where ancestorOrigins is missing (Firefox). */
  referrer: string;
  /** False when the page is not inside a frame at all. */
  framed: boolean;
}

/**
 * The host page's origin, as the host SDK announced it in the frame URL, confirmed against the
 * browser's own record of who embeds us (DESIGN "Security model"). The frame talks to that
 * origin only. Throws CashierError `PARENT_ORIGIN_MISMATCH` when it is missing, malformed, or
 * not the embedding origin; the frame then connects to nobody.
 */
export function resolveParentOrigin(where: FrameLocation): string {
  const announced = new URLSearchParams(where.search).get(PARENT_ORIGIN_PARAM);
  const fail = (why: string) => new CashierError(ErrorCode.ParentOriginMismatch, `The frame will not connect: ${why}.`);
  if (!where.framed) throw fail('it is not inside a frame');
  if (!announced) throw fail(`its URL has no ${PARENT_ORIGIN_PARAM}`);
  const origin = originOf(announced);
  if (!origin || origin !== announced) throw fail(`${PARENT_ORIGIN_PARAM} is not an origin`);
  const actual = where.ancestorOrigins?.length ? where.ancestorOrigins[0] : originOf(where.referrer);
  if (actual !== origin) throw fail(`it is embedded by ${actual ?? 'an unknown origin'}, not ${origin}`);
  return origin;
}

function originOf(url: string): string | undefined {
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : undefined;
  } catch {
    return undefined;
  }
}
