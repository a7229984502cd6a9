/**
 * The hostnames on which plain http is accepted: this machine, for development (DESIGN "Security
 * model"). Exactly these two, as `URL#hostname` spells them: no `*.localhost`, no other 127.x, no `[::1]`.
 */
const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1'];

/** True when `hostname` (as `URL#hostname` gives it) is `localhost` or `127.0.0.1`. */
export function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_HOSTNAMES.includes(hostname);
}

/**
 * The one transport rule (DESIGN "Security model": https, except on loopback): true when `value`
 * is a string holding an absolute `https:` URL, or an `http:` URL on `localhost` or `127.0.0.1`.
 * The host SDK's `host` and `frameUrl`, the frame's `host`, the statics and the build-time
 * `VITE_CASHIER_FRAME_URL` and `VITE_CASHIER_STATICS_ORIGINS` are all held to it.
 */
export function isHttpsOrLoopback(value: unknown): value is string {
  try {
    const { protocol, hostname } = new URL(value as string);
    return typeof value === 'string' && (protocol === 'https:' || (protocol === 'http:' && isLoopbackHostname(hostname)));
  } catch {
    return false;
  }
}
