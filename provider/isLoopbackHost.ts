/** `localhost`, `127.0.0.1` or `[::1]`, with an optional port, as a Host header spells them. */
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::(\d{1,5}))?$/i;

/**
 * Whether a request's `Host` header names this server on loopback: `localhost`, `127.0.0.1` or
 * `[::1]` with `port`, the server's own (no port in the header means `defaultPort`, the scheme's).
 * A page on another name that resolves to loopback (DNS rebinding) sends its own name and gets
 * `false`; so does a missing or malformed header.
 */
export function isLoopbackHost(host: string | undefined, port: number, defaultPort: number): boolean {
  const match = LOOPBACK_HOST.exec(host ?? '');
  if (!match) return false;
  return (match[1] === undefined ? defaultPort : Number(match[1])) === port;
}
