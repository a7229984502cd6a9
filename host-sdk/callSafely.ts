/**
 * Calls one of the host's own callbacks so that its faults cannot break the SDK: a throw, or a
 * rejection of a returned promise, is reported with `console.error` and goes no further.
 */
export function callSafely<A extends unknown[]>(name: string, callback: ((...args: A) => unknown) | undefined, ...args: A): void {
  const report = (error: unknown) => console.error(`mountCashier: opts.${name} threw`, error);
  try {
    // Promise.resolve adopts a returned thenable, so its rejection is reported too.
    Promise.resolve(callback?.(...args)).catch(report);
  } catch (error) {
    report(error);
  }
}
