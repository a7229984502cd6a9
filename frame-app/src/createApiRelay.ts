import {
  type ApiCallResult,
  CashierError,
  type CashierWidgetApi,
  describeForeignError,
  ErrorCode,
  isErrorCode,
  rebuildCashierError,
  type SerializedCashierError,
} from '../../shared';

/** Holds the api the bundle handed to `onApiInit` and answers the host's relayed calls. */
export interface ApiRelay {
  /** Keeps `api`; returns the names of its function-valued keys (what the host can call). */
  setApi(api: CashierWidgetApi): string[];
  /** Forgets the api: later calls answer API_METHOD_NOT_FOUND. */
  clear(): void;
  /** FrameMethods.callApi: never rejects; a throw or a non-cloneable value comes back as an error result. */
  callApi(method: string, args: unknown[]): Promise<ApiCallResult>;
}

/** Creates the frame side of the api relay (DESIGN "The bundle": each function-valued key becomes a host method). */
export function createApiRelay(): ApiRelay {
  let api: CashierWidgetApi | undefined;
  return {
    setApi(next) {
      api = next;
      return Object.keys(next).filter((key) => typeof next[key] === 'function');
    },
    clear() {
      api = undefined;
    },
    async callApi(method, args) {
      const fn = typeof method === 'string' && api && Object.hasOwn(api, method) ? api[method] : undefined;
      if (typeof fn !== 'function') {
        const error = new CashierError(ErrorCode.ApiMethodNotFound, `The widget has no api method ${String(method)}.`);
        return { ok: false, error: error.toJSON() };
      }
      try {
        const value: unknown = await fn.apply(api, Array.isArray(args) ? args : []);
        structuredClone(value);
        return { ok: true, value };
      } catch (thrown) {
        return { ok: false, error: toSerialized(thrown, method) };
      }
    },
  };
}

/**
 * The bundle has its own copy of CashierError (it is built apart from the frame), so its errors
 * are recognised by shape: a known `code` and a `message` keep their code; anything else is
 * API_CALL_FAILED naming `method`, without the thrown message (it may hold any text:
 * {@link describeForeignError}).
 */
export function toSerialized(thrown: unknown, method: string): SerializedCashierError {
  if (thrown instanceof CashierError) return thrown.toJSON();
  const code = typeof thrown === 'object' && thrown !== null ? (thrown as { code?: unknown }).code : undefined;
  if (isErrorCode(code) && typeof (thrown as { message?: unknown }).message === 'string') {
    return rebuildCashierError(thrown).toJSON();
  }
  const what = describeForeignError(thrown, ErrorCode.ApiCallFailed);
  return new CashierError(ErrorCode.ApiCallFailed, `${method} failed: ${what}.`).toJSON();
}
