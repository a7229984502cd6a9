/**
 * Calls one of the host's own callbacks so that its faults cannot break the SDK: a throw, or a
 * rejection of a returned promise, is reported with `console.error` and goes no further.
 */
export function callSafely<A extends unknown[]>(name: string, callback: ((...args: A) => unknown) | undefined, ...args: A): void {
  if (!callback) return;
  try {
    const result = callback(...args);
    if (isThenable(result)) result.then(undefined, (error: unknown) => report(name, error));
  } catch (error) {
    report(name, error);
  }
}

function report(name: string, error: unknown): void {
  console.error(`mountCashier: opts.${name} threw`, error);
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
