import type { ErrorCode } from './CashierError';

/**
 * The shape of the platform's error names (`TypeError`, `DOMException`, `AbortError`, penpal's
 * `PenpalError`): the only part of a foreign error that reaches a message. Anything else could be
 * text chosen by whoever threw.
 */
const ERROR_NAME = /^(?:[A-Z][A-Za-z]{0,30})?(?:Error|Exception)$/;

/**
 * A host-safe description of `thrown`, an error from outside our own messages (not an axios
 * failure, not a CashierError): its message may be an HTML error page, a token, a card number or
 * any text, so it is never passed on. Returns, in at most 110 characters, what kind of value was
 * thrown (its `name` when shaped like the platform's, else "an error" or the `typeof`) and `code`,
 * e.g. `a TypeError (BUNDLE_CRASHED; its message is withheld)`, for the caller to put after its own
 * words saying what failed.
 */
export function describeForeignError(thrown: unknown, code: ErrorCode): string {
  return `${kindOf(thrown)} (${code}; its message is withheld)`;
}

/** "a TypeError", "an error", "a thrown string", …: never text the thrower chose. */
function kindOf(thrown: unknown): string {
  const name: unknown = typeof thrown === 'object' && thrown !== null ? (thrown as { name?: unknown }).name : undefined;
  if (typeof name === 'string' && ERROR_NAME.test(name)) return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
  if (typeof thrown === 'object' && thrown !== null) return 'an error';
  return `a thrown ${typeof thrown}`;
}
