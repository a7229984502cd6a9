import type { ErrorCode } from './CashierError';

/**
 * Error names of the platform, penpal and our own code: the only part of a foreign error that
 * reaches a message (any other name could be text chosen by whoever threw).
 */
const KNOWN_NAMES: ReadonlySet<string> = new Set([
  'Error',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'ReferenceError',
  'EvalError',
  'URIError',
  'AggregateError',
  'DOMException',
  'AbortError',
  'NetworkError',
  'SecurityError',
  'InvalidStateError',
  'InvalidCharacterError',
  'NotAllowedError',
  'NotSupportedError',
  'QuotaExceededError',
  'TimeoutError',
  'DataCloneError',
  'PenpalError',
  'CashierError',
]);

/**
 * A host-safe description of `thrown`, an error from outside our own messages (not an axios
 * failure, not a CashierError): its message may be an HTML error page, a token, a card number or
 * any text, so it is never passed on. Returns, in at most 90 characters, what kind of value was
 * thrown (its `name` when it is one of the platform's, else "an error" or the `typeof`) and `code`,
 * e.g. `a TypeError (BUNDLE_CRASHED; its message is withheld)`, for the caller to put after its own
 * words saying what failed.
 */
export function describeForeignError(thrown: unknown, code: ErrorCode): string {
  return `${kindOf(thrown)} (${code}; its message is withheld)`;
}

/** "a TypeError", "an error", "a thrown string", …: never text the thrower chose. */
function kindOf(thrown: unknown): string {
  const name: unknown = typeof thrown === 'object' && thrown !== null ? (thrown as { name?: unknown }).name : undefined;
  if (typeof name === 'string' && KNOWN_NAMES.has(name)) return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
  if (thrown instanceof Error || (typeof thrown === 'object' && thrown !== null)) return 'an error';
  return `a thrown ${typeof thrown}`;
}
