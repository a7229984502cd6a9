import type { CashierApi } from '../shared';
import { CashierError, ErrorCode, rebuildCashierError } from '../shared';

/** Sends one api call to the frame; resolves to the frame's untrusted `ApiCallResult`. */
export type CallApi = (method: string, args: unknown[]) => Promise<unknown>;

/** The methods {@link CashierApi} types: the api always has them, announced or not. */
const TYPED_METHODS: readonly (keyof CashierApi)[] = ['validate', 'pay'];

/**
 * Builds the host's {@link CashierApi} from the method names the frame announced (untrusted: a
 * non-array gives only the typed methods; non-string and repeated names are skipped). It always
 * has `validate` and `pay`, so a typed call never meets `undefined`: a widget that did not offer
 * one answers it with `API_METHOD_NOT_FOUND`. Each method calls `callApi(name, args)` and resolves
 * to the result's `value` when `ok`, or rejects with the `CashierError` rebuilt from its `error`;
 * a reply of another shape rejects with `INVALID_RESPONSE`.
 */
export function relayApi(methodNames: unknown, callApi: CallApi): CashierApi {
  const announced = Array.isArray(methodNames) ? methodNames.filter((name) => typeof name === 'string') : [];
  const names = new Set<string>([...TYPED_METHODS, ...announced]);
  // fromEntries defines own properties: a name like `__proto__` stays a plain key.
  const api = Object.fromEntries(
    [...names].map((name) => [name, async (...args: unknown[]) => unwrapResult(await callApi(name, args))]),
  );
  // The values are the frame's, untrusted at run time; their types are the widget api's contract.
  return api as unknown as CashierApi;
}

/** The value of an `ApiCallResult`; throws the rebuilt CashierError of a failed one. */
export function unwrapResult(result: unknown): unknown {
  const reply: Record<string, unknown> = Object(result); // boxes a primitive, so `in` is safe
  if (reply.ok === true && 'value' in reply) return reply.value;
  if (reply.ok === false && 'error' in reply) throw rebuildCashierError(reply.error);
  throw new CashierError(ErrorCode.InvalidResponse, 'The frame sent a malformed api result');
}
