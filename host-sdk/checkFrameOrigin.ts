import { isLoopbackHostname } from '../shared';

/**
 * Throws a `TypeError` when the frame would share the host page's origin outside development
 * (DESIGN "Security model": the frame origin must differ from the host origin; a loopback frame
 * origin counts as development and is allowed).
 */
export function checkFrameOrigin(frameUrl: string, pageOrigin: string): void {
  const { origin, hostname } = new URL(frameUrl);
  if (origin === pageOrigin && !isLoopbackHostname(hostname)) {
    throw new TypeError(`mountCashier: opts.frameUrl must be on another origin than the host page (got ${origin})`);
  }
}
