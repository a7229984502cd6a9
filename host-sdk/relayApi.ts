import { CashierError, ErrorCode } from '../shared';
import type { CashierApi } from './types';

/** Sends one api call to the frame; resolves to the frame's untrusted `ApiCallResult`. */
export type CallApi = (method: string, args: unknown[]) => Promise<unknown>;

/**
 * Builds the host's {@link CashierApi} from the method names the frame announced (untrusted: a
 * non-array gives an empty api; non-string and repeated names are skipped). Each method calls
 * `callApi(name, args)` and resolves to the result's `value` when `ok`, or rejects with the
 * `CashierError` rebuilt from its `error`; a reply of another shape rejects with `INVALID_RESPONSE`.
 */
export function relayApi(methodNames: unknown, callApi: CallApi): CashierApi {
  const names = Array.isArray(methodNames) ? methodNames.filter((name) => typeof name === 'string') : [];
  // fromEntries defines own properties: a name like `__proto__` stays a plain key.
  return Object.fromEntries(names.map((name) => [name, async (...args: unknown[]) => unwrapResult(await callApi(name, args))]));
}

/** The value of an `ApiCallResult`; throws the rebuilt CashierError of a failed one. */
export function unwrapResult(result: unknown): unknown {
  const reply: Record<string, unknown> = Object(result); // boxes a primitive, so `in` is safe
  if (reply.ok === true && 'value' in reply) return reply.value;
  if (reply.ok === false && 'error' in reply) throw CashierError.fromSerialized(reply.error);
  throw new CashierError(ErrorCode.InvalidResponse, 'The frame sent a malformed api result');
}
