/**
 * Throws a `TypeError` when the frame would share the host page's origin outside development
 * (DESIGN "Security model": the frame origin must differ from the host origin; a loopback frame
 * origin counts as development and is allowed).
 */
export function checkFrameOrigin(frameUrl: string, pageOrigin: string): void {
  const { origin, hostname } = new URL(frameUrl);
  if (origin === pageOrigin && !isLoopback(hostname)) {
    throw new TypeError(`mountCashier: opts.frameUrl must be on another origin than the host page (got ${origin})`);
  }
}

/** True for `localhost`, `*.localhost`, `127.0.0.0/8` and `[::1]`. */
export function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' || hostname.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]'
  );
}
