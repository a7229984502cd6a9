import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFirstPaint } from './createFirstPaint';

// The gate of the first form (issue 36 item 1): open once every part has settled, or at the cap.

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A promise settled by hand. */
function deferred() {
  let resolve!: (value?: unknown) => void;
  let reject!: (error?: Error) => void;
  const promise = new Promise<unknown>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every queued promise callback run. */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('createFirstPaint', () => {
  it('no parts: open a microtask after creation', async () => {
    const gate = createFirstPaint(1_500);
    expect(gate.isOpen()).toBe(false);
    await flush();
    expect(gate.isOpen()).toBe(true);
  });

  it.each([
    { name: 'both fulfilled', settle: ['resolve', 'resolve'] as const },
    { name: 'one rejected (a failed request counts as in)', settle: ['resolve', 'reject'] as const },
  ])('parts given in the same task: open once the last has settled, $name', async ({ settle }) => {
    const gate = createFirstPaint(1_500);
    const parts = [deferred(), deferred()];
    for (const part of parts) gate.wait(part.promise);
    await flush();
    parts[0]?.[settle[0]](new Error('no'));
    await flush();
    expect(gate.isOpen(), 'one part still on its way').toBe(false);
    parts[1]?.[settle[1]](new Error('no'));
    await flush();
    expect(gate.isOpen()).toBe(true);
  });

  it('a part may add another before it settles (an update: its methods, then its hold)', async () => {
    const gate = createFirstPaint(1_500);
    const hold = deferred();
    gate.wait(
      Promise.resolve().then(() => {
        gate.wait(hold.promise);
      }),
    );
    await flush();
    expect(gate.isOpen()).toBe(false);
    hold.resolve();
    await flush();
    expect(gate.isOpen()).toBe(true);
  });

  it('the cap opens it with parts still on their way; parts after that are not waited for', async () => {
    const gate = createFirstPaint(1_500);
    gate.wait(deferred().promise);
    await vi.advanceTimersByTimeAsync(1_499);
    expect(gate.isOpen()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(gate.isOpen()).toBe(true);
    await expect(gate.opened).resolves.toBeUndefined();
    gate.wait(deferred().promise);
    expect(gate.isOpen()).toBe(true);
  });

  it('opened before the cap: the cap timer is gone', async () => {
    const gate = createFirstPaint(1_500);
    gate.wait(Promise.resolve());
    await flush();
    expect(gate.isOpen()).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stop() (unmount) before anything settled: the cap never fires', async () => {
    const gate = createFirstPaint(1_500);
    gate.wait(deferred().promise);
    gate.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(gate.isOpen()).toBe(false);
  });
});
