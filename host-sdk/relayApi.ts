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
  const api: CashierApi = {};
  const names = Array.isArray(methodNames) ? methodNames.filter((n): n is string => typeof n === 'string') : [];
  for (const name of new Set(names)) {
    const method = async (...args: unknown[]) => unwrapResult(await callApi(name, args));
    Object.defineProperty(api, name, { value: method, enumerable: true });
  }
  return api;
}

/** The value of an `ApiCallResult`; throws the rebuilt CashierError of a failed one. */
export function unwrapResult(result: unknown): unknown {
  if (typeof result === 'object' && result !== null && 'ok' in result) {
    if (result.ok === true && 'value' in result) return result.value;
    if (result.ok === false && 'error' in result) throw CashierError.fromSerialized(result.error);
  }
  throw new CashierError(ErrorCode.InvalidResponse, 'The payment frame sent an api result of an unexpected shape');
}
