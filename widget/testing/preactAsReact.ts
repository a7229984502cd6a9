/**
 * `react` as the widget's unit tests see it (vitest.config.ts, the `widget` project): Preact's
 * React-compatible API, which is what the frame offers the bundle in a browser
 * (frame-app/build/sharedReact.ts, issue 36 item 4), plus an `act` that keeps React's contract.
 * The tests run the renderer the buyer runs.
 */
import { setImmediate } from 'node:timers';
import { act as preactAct } from 'preact/test-utils';

// @ts-expect-error preact/compat's types declare `export =` for CommonJS; its ES module has named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';

/** One turn of the real event loop: every promise chain already under way settles first (fake timers do not stop it). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The widget's DOM changed during `body` (any node under the document). */
async function changedDuring(body: () => Promise<void>): Promise<boolean> {
  let changed = false;
  const observer = new MutationObserver(() => {
    changed = true;
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  await body();
  changed ||= observer.takeRecords().length > 0;
  observer.disconnect();
  return changed;
}

/**
 * React's `act` on Preact: runs `callback`, renders and runs the effects it caused, and resolves
 * with the callback's result (Preact's own `act` resolves with nothing). A sync callback's
 * renders are done when `act` returns, as in React. For an async callback it then waits as
 * React's async `act` does: turns of the event loop, each rendered, until one turn changes
 * nothing in the document (at most 20), so an answer the callback only started (a provider
 * reply, a payment's next step) is shown before `act` settles.
 */
export function act<T>(callback: () => T | Promise<T>): Promise<T> {
  let result: T | undefined;
  let pending = false;
  const done = preactAct(() => {
    const value = callback();
    if (!isThenable(value)) {
      result = value;
      return undefined;
    }
    pending = true;
    return Promise.resolve(value).then((settled) => {
      result = settled;
    });
  });
  if (!pending) return done.then(() => result as T);
  return done.then(async () => {
    for (let round = 0; round < 20; round++) {
      if (!(await changedDuring(() => preactAct(turn)))) break;
    }
    return result as T;
  });
}
