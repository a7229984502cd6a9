import { describe, expect, it, vi } from 'vitest';
import { type ImmediateWindow, installSetImmediate } from './installSetImmediate';

/**
 * A window whose MessageChannel the test delivers by hand (`deliver`), or drops (`drop`: what
 * Firefox does to a message posted as the page goes into the back/forward cache).
 */
function fakeWindow() {
  const inFlight: (() => void)[] = [];
  let pageshow: ((event: PageTransitionEvent) => void) | undefined;
  class FakeChannel {
    port1 = { onmessage: null as null | (() => void) };
    port2 = { postMessage: () => inFlight.push(() => this.port1.onmessage?.()) };
  }
  const win: ImmediateWindow = {
    MessageChannel: FakeChannel as unknown as typeof MessageChannel,
    addEventListener: (_type, listener) => {
      pageshow = listener;
    },
  };
  return {
    win,
    inFlight: () => inFlight.length,
    deliver: () => inFlight.shift()?.(),
    drop: () => inFlight.splice(0),
    pageshow: (persisted: boolean) => pageshow?.({ persisted } as PageTransitionEvent),
  };
}

describe('installSetImmediate', () => {
  it('runs the callbacks in order with their arguments, one message at a time', () => {
    const fake = fakeWindow();
    installSetImmediate(fake.win);
    const calls: unknown[] = [];
    fake.win.setImmediate?.((...args) => calls.push(args), 'a', 1);
    fake.win.setImmediate?.(() => calls.push('b'));
    expect(calls).toEqual([]);
    expect(fake.inFlight()).toBe(1);
    fake.deliver();
    expect(calls).toEqual([['a', 1]]);
    fake.deliver();
    expect(calls).toEqual([['a', 1], 'b']);
    expect(fake.inFlight()).toBe(0);
  });

  it('a message dropped as the page went into the cache is posted again on pageshow with persisted; nothing runs twice', () => {
    const fake = fakeWindow();
    installSetImmediate(fake.win);
    const work = vi.fn();
    fake.win.setImmediate?.(work);
    fake.drop(); // the page went into the cache with the message in flight
    fake.win.setImmediate?.(work); // the scheduler waits for its message: still none posted
    expect(fake.inFlight()).toBe(0);
    fake.pageshow(false);
    expect(fake.inFlight()).toBe(0);
    fake.pageshow(true);
    fake.deliver();
    fake.deliver();
    expect(work).toHaveBeenCalledTimes(2);
    // A message that did arrive after all finds nothing left: pageshow posts one more, it runs nothing.
    fake.pageshow(true);
    expect(fake.inFlight()).toBe(0);
    fake.win.setImmediate?.(work);
    fake.pageshow(true);
    fake.deliver();
    fake.deliver();
    expect(work).toHaveBeenCalledTimes(3);
  });

  it('a callback that throws does not stop the next', () => {
    const fake = fakeWindow();
    installSetImmediate(fake.win);
    const next = vi.fn();
    fake.win.setImmediate?.(() => {
      throw new Error('render failed');
    });
    fake.win.setImmediate?.(next);
    expect(() => fake.deliver()).toThrow('render failed');
    fake.deliver();
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('keeps a setImmediate the window already has', () => {
    const fake = fakeWindow();
    const own = vi.fn();
    fake.win.setImmediate = own;
    installSetImmediate(fake.win);
    expect(fake.win.setImmediate).toBe(own);
  });
});
