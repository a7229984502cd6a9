// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashierError } from '../shared';
import { type FrameWatch, watchFrame } from './watchFrame';

// The SDK's watch over its frame (issue 12), with the page's clock in the test's hands:
// performance.now() follows the fake timers' clock, `run(ms)` moves it on firing every check (one
// each 1 000 ms) on the way, and `stall(ms)` moves it with no check running (a frozen or busy page)
// before the next check.

const FRAME_ORIGIN = 'http://127.0.0.1:4174';
const SRC = `${FRAME_ORIGIN}/?parentOrigin=http%3A%2F%2Flocalhost`;
/** performance.now() when the watch begins. */
const START = 10_000;

let stalled = 0;
let iframe: HTMLIFrameElement;
let failures: { code: string; message: string; at: number }[];
let watch: FrameWatch;
let visibility: DocumentVisibilityState;

const record = (error: CashierError) =>
  failures.push({ code: error.code, message: error.message, at: performance.now() - START });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'], now: 0 });
  stalled = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => START + Date.now() + stalled);
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  failures = [];
  iframe = document.createElement('iframe');
  iframe.src = SRC;
  watch = watchFrame(iframe, FRAME_ORIGIN, record);
  document.body.appendChild(iframe);
});

afterEach(() => {
  watch.stop();
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Moves the page's clock on by `ms`, firing every check on the way (and the promise jobs after each). */
const run = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** Moves the page's clock on by `ms` with no check running (a page frozen or stalled), then runs the next check. */
function stall(ms: number) {
  stalled += ms;
  return run(1_000);
}

const speak = (source: MessageEventSource | null = iframe.contentWindow, origin = FRAME_ORIGIN) =>
  window.dispatchEvent(new MessageEvent('message', { data: { penpal: 'SYN' }, source, origin }));
const load = () => iframe.dispatchEvent(new Event('load'));
/** Each failure's code, and the milliseconds since the watch began at which it came. */
const failed = () => failures.map(({ code, at }) => ({ code, at }));

/** A resource timing observer's callback, as the watch gives it. */
type ResourceCallback = (list: { getEntriesByName(name: string): { startTime: number }[] }) => void;

/** Stubs PerformanceObserver: the callbacks of the watches made from now on, for the test to call. */
function stubResourceObservers(): ResourceCallback[] {
  const observers: ResourceCallback[] = [];
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(callback: ResourceCallback) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return observers;
}

describe('watchFrame: a frame that never loads is FRAME_LOAD_FAILED (issue 12)', () => {
  it.each([
    { name: "its document loaded (Chromium's error page, a 404)", end: load },
    { name: "the iframe's error event (Firefox, a CSP block)", end: () => iframe.dispatchEvent(new Event('error')) },
  ])('$name, and the frame never spoke: at the first check 1 500 ms after', async ({ end }) => {
    await run(400);
    end();
    await run(1_000 + 600); // the check at 1 000 is 600 ms after the end, the one at 2 000 is 1 600 ms after
    expect(failed()).toEqual([{ code: 'FRAME_LOAD_FAILED', at: 2_000 }]);
    expect(failures[0]?.message).toBe('The payment frame did not start');
  });

  it.each([
    { clock: 'performance.now()', timelineBehindMs: undefined, ownEntryStart: 200 },
    // performance.now() ahead of the entries' clock (Playwright's clock fakes it): the entry seems to start before the watch
    { clock: 'the document timeline, a frame behind', timelineBehindMs: 60, ownEntryStart: -30 },
  ])(
    'a resource timing entry for its URL (Firefox, a refused connection) ends it, on $clock; an entry from before the watch is another frame',
    async ({ timelineBehindMs, ownEntryStart }) => {
      const observers = stubResourceObservers();
      if (timelineBehindMs !== undefined) {
        Object.defineProperty(document, 'timeline', {
          configurable: true,
          value: { currentTime: performance.now() - timelineBehindMs },
        });
      }
      watch.stop();
      const begun = performance.now();
      watch = watchFrame(iframe, FRAME_ORIGIN, record);
      Reflect.deleteProperty(document, 'timeline');
      const entries = (startTime: number) => ({ getEntriesByName: (name: string) => (name === SRC ? [{ startTime }] : []) });
      // another mount's frame at the same URL, fetched before this one began
      observers[0]?.(entries(begun - (timelineBehindMs ?? 0) - 1));
      await run(1_000);
      observers[0]?.(entries(begun + ownEntryStart)); // this frame's
      await run(1_000);
      expect(failed()).toEqual([]);
      await run(1_000);
      expect(failed()).toEqual([{ code: 'FRAME_LOAD_FAILED', at: 3_000 }]);
    },
  );

  it("a later mount's frame at the same URL ends only its own wait (seed 35 page 4: two healthy frames named dead)", async () => {
    const observers = stubResourceObservers();
    watch.stop();
    const earlier = watchFrame(iframe, FRAME_ORIGIN, record);
    await run(2_000);
    const second = document.createElement('iframe');
    second.src = SRC;
    const laterFailures: string[] = [];
    const later = watchFrame(second, FRAME_ORIGIN, (error) => laterFailures.push(error.code));
    document.body.appendChild(second);
    await run(500);
    // the later frame's document ended (a 404): its entry reaches both observers
    const entry = { getEntriesByName: (name: string) => (name === SRC ? [{ startTime: performance.now() - 400 }] : []) };
    for (const observe of observers) observe(entry);
    await run(3_000);
    expect(laterFailures).toEqual(['FRAME_LOAD_FAILED']);
    expect(failed()).toEqual([]); // the earlier frame is still loading: no sign of its own yet
    earlier.stop();
    later.stop();
  });

  it("ten mounts in one task: one frame's entry ends no other wait; one entry for each ends them all (requests.spec: live frames named dead at 3 s)", async () => {
    const observers = stubResourceObservers();
    watch.stop();
    const frames = Array.from({ length: 10 }, () => {
      const frame = document.createElement('iframe');
      frame.src = SRC;
      return frame;
    });
    const codes = frames.map((): string[] => []);
    const watches = frames.map((frame, i) => watchFrame(frame, FRAME_ORIGIN, (error) => codes[i]?.push(error.code)));
    document.body.append(...frames);
    const entries = (count: number) => ({
      getEntriesByName: (name: string) =>
        name === SRC ? Array.from({ length: count }, () => ({ startTime: performance.now() - 300 })) : [],
    });
    await run(500);
    // the first frame's document ended (its load, and its entry reaching all ten observers)
    frames[0]?.dispatchEvent(new Event('load'));
    for (const observe of observers) observe(entries(1));
    await run(4_000);
    expect(codes).toEqual([['FRAME_LOAD_FAILED'], [], [], [], [], [], [], [], [], []]);
    // the other nine ended with entries only (Firefox refusing the connection): each is named
    for (const observe of observers.slice(1)) observe(entries(9));
    await run(3_000);
    expect(codes).toEqual(frames.map(() => ['FRAME_LOAD_FAILED']));
    for (const each of watches) each.stop();
  });

  it('no sign at all (an origin that never answers, or a very slow network): never FRAME_LOAD_FAILED, the load may still come', async () => {
    await run(60_000);
    expect(failed()).toEqual([]);
    load();
    speak();
    await run(60_000);
    expect(failed()).toEqual([]);
  });

  it.each([
    { name: 'before its load (its script runs first)', first: () => speak(), second: load },
    { name: 'after its load', first: load, second: () => speak() },
  ])('a frame that spoke $name is never FRAME_LOAD_FAILED', async ({ first, second }) => {
    first();
    await run(1_000);
    second();
    await run(60_000);
    expect(failed()).toEqual([]);
  });

  it.each([
    { name: 'another window at the frame origin', speakAs: () => speak(window, FRAME_ORIGIN) },
    { name: 'the frame window from another origin', speakAs: () => speak(iframe.contentWindow, 'http://localhost:4173') },
  ])('a message from $name does not count as the frame speaking', async ({ speakAs }) => {
    load();
    speakAs();
    await run(2_000);
    expect(failed()).toEqual([{ code: 'FRAME_LOAD_FAILED', at: 2_000 }]);
  });

  it('time in which the page was hidden or stalled does not count', async () => {
    load();
    visibility = 'hidden';
    await run(10_000);
    visibility = 'visible';
    await stall(30_000); // a frozen page: the first check back comes 30 s late
    expect(failed()).toEqual([]);
    await run(1_000); // 1 000 ms of the 1 500 ms grace counted
    expect(failed()).toEqual([]);
    await run(1_000);
    expect(failed()).toEqual([{ code: 'FRAME_LOAD_FAILED', at: 43_000 }]); // the stall's late check came at 41 000
  });
});

describe('watchFrame: a frame lost after loading is CONNECTION_LOST (issue 12)', () => {
  it('the iframe loads again after the frame spoke (it navigated or reloaded): at once', async () => {
    speak();
    load();
    await run(2_500);
    expect(failed()).toEqual([]);
    load();
    expect(failed()).toEqual([{ code: 'CONNECTION_LOST', at: 2_500 }]);
    expect(failures[0]?.message).toBe('The payment frame navigated or reloaded');
  });

  it('a first load before the frame spoke is its own document: the next one is the navigation', async () => {
    load();
    speak();
    await run(5_000);
    load();
    expect(failed()).toEqual([{ code: 'CONNECTION_LOST', at: 5_000 }]);
  });

  it.each([
    { name: 'after it spoke', before: () => speak() },
    { name: 'before it spoke', before: () => {} },
  ])('the iframe left the page, $name: when the task that removed it ends, with no check run', async ({ before }) => {
    before();
    await run(1_500);
    iframe.remove();
    expect(failed()).toEqual([]); // not inside the host's own call
    await Promise.resolve();
    expect(failed()).toEqual([{ code: 'CONNECTION_LOST', at: 1_500 }]);
    expect(failures[0]?.message).toBe('The payment frame was removed from the page');
    await run(5_000);
    expect(failures).toHaveLength(1);
  });

  it('a frame that never loads, removed at 199 ms (the chaos run): named then, not at a check a busy page runs late', async () => {
    await run(199);
    iframe.remove();
    await Promise.resolve(); // no timer runs
    expect(failed()).toEqual([{ code: 'CONNECTION_LOST', at: 199 }]);
  });

  it('an ancestor removed takes the iframe out of the page too', async () => {
    const box = document.createElement('div');
    document.body.appendChild(box);
    box.appendChild(iframe);
    await run(1_000);
    box.remove();
    await Promise.resolve();
    expect(failed()).toEqual([{ code: 'CONNECTION_LOST', at: 1_000 }]);
  });

  it('an iframe moved within one task (removed and appended again) is not lost', async () => {
    const box = document.createElement('div');
    document.body.appendChild(box);
    box.appendChild(iframe);
    await run(5_000);
    expect(failed()).toEqual([]);
  });

  it('pings once a check, one at a time, and a frame that answers (even with a rejection, a frame without ping) is never lost', async () => {
    speak();
    let answers = 0;
    const ping = vi.fn(() => (answers++ % 2 ? Promise.resolve() : Promise.reject(new Error('METHOD_NOT_FOUND'))));
    watch.connected(ping);
    await run(30_000);
    expect(ping).toHaveBeenCalledTimes(30);
    expect(failed()).toEqual([]);
  });

  it('a ping unanswered for HEARTBEAT_TIMEOUT_MS (2 500 ms; a crashed or hung renderer): lost at the third check after it, and pings stop', async () => {
    speak();
    const ping = vi.fn(() => new Promise<void>(() => {}));
    watch.connected(ping);
    await run(1_000); // the ping goes out at this check
    expect(ping).toHaveBeenCalledTimes(1);
    await run(2_000);
    expect(failed()).toEqual([]);
    await run(1_000);
    expect(failed()).toEqual([{ code: 'CONNECTION_LOST', at: 4_000 }]);
    expect(failures[0]?.message).toBe('The payment frame did not answer for 2500 ms');
    await run(10_000);
    expect(ping).toHaveBeenCalledTimes(1);
    expect(failures).toHaveLength(1);
  });

  it.each([
    {
      name: 'a hidden page (a background tab, its timers throttled)',
      pause: () => {
        visibility = 'hidden';
        return run(60_000);
      },
    },
    { name: 'a page that stalled (a long task, a slow CPU) or was frozen', pause: () => stall(20_000) },
  ])('a ping unanswered while $name is not held against the frame', async ({ pause }) => {
    speak();
    let answer = () => {};
    const ping = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
    );
    watch.connected(ping);
    await run(1_000);
    expect(ping).toHaveBeenCalledTimes(1);
    await pause();
    visibility = 'visible';
    await run(2_000); // 2 000 ms of running, visible time since the ping went out
    expect(failed()).toEqual([]);
    answer();
    await run(1_000);
    expect(ping).toHaveBeenCalledTimes(2);
    expect(failed()).toEqual([]);
  });

  it('stop() ends it all: nothing fires after', async () => {
    speak();
    watch.connected(() => new Promise(() => {}));
    watch.stop();
    load();
    iframe.remove();
    await run(30_000);
    expect(failed()).toEqual([]);
  });
});
