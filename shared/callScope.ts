import { CashierError, ErrorCode } from './CashierError';

/**
 * The provider client's call scopes: a destroy signal and an overall deadline per call, and the
 * check of a deadline option (shared/providerClient.ts).
 */

/** A call's abort scope: the destroy signal, and a deadline that aborts on its own. */
export interface DeadlineScope {
  signal: AbortSignal | undefined;
  /** True once the deadline (not the destroy signal) aborted the call. */
  expired(): boolean;
  close(): void;
}

export function openDeadline(outer: AbortSignal | undefined, deadlineMs: number | undefined): DeadlineScope {
  if (deadlineMs === undefined) return { signal: outer, expired: () => false, close: () => undefined };
  const controller = new AbortController();
  let expired = false;
  const follow = () => controller.abort(outer?.reason);
  const timer = setTimeout(() => {
    if (controller.signal.aborted) return;
    expired = true;
    controller.abort();
  }, deadlineMs);
  if (outer?.aborted) follow();
  else outer?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    expired: () => expired,
    close() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', follow);
    },
  };
}

/** `promise`, or a DESTROYED rejection as soon as `signal` aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CashierError(ErrorCode.Destroyed, 'Revalidating the app instance was aborted.'));
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** `value` when undefined or a positive finite number of milliseconds; else INVALID_ARGUMENT. */
export function checkDeadline(name: string, value: unknown): number | undefined {
  if (value === undefined || (typeof value === 'number' && Number.isFinite(value) && value > 0)) return value;
  throw new CashierError(
    ErrorCode.InvalidArgument,
    `${name} must be a positive number of milliseconds, got ${typeof value === 'number' ? value : typeof value}.`,
  );
}
