/** What {@link installSetImmediate} needs of the frame's window. */
export interface ImmediateWindow {
  MessageChannel: typeof MessageChannel;
  addEventListener(type: 'pageshow', listener: (event: PageTransitionEvent) => void): void;
  setImmediate?: (callback: (...args: unknown[]) => void, ...args: unknown[]) => unknown;
}

/**
 * Gives the frame's window a `setImmediate` that survives the back/forward cache (issue 19),
 * for React's scheduler, which takes a global `setImmediate` over its own MessageChannel (read
 * once, when react-dom is evaluated: install this first). Firefox drops a MessagePort message
 * posted as the page goes into the cache (Firefox ESR 153, with or without a frame), and the
 * scheduler waits for its one message before it posts another: one lost message and the page's
 * React never renders again. Here each callback waits in a queue, one message at a time runs
 * the next, and on `pageshow` with `persisted` a message is posted again for any left waiting
 * (a message that did arrive finds the queue moved on: nothing runs twice). Callbacks run in
 * order, with their arguments; one that throws is reported as an uncaught error and the next
 * still runs. Does nothing when the window already has a `setImmediate`.
 */
export function installSetImmediate(win: ImmediateWindow): void {
  if (typeof win.setImmediate === 'function') return;
  const queue: (() => void)[] = [];
  const channel = new win.MessageChannel();
  let posted = false;
  const post = () => {
    if (posted || queue.length === 0) return;
    posted = true;
    channel.port2.postMessage(null);
  };
  channel.port1.onmessage = () => {
    posted = false;
    const next = queue.shift();
    post(); // before running it: a callback that throws does not stop the queue
    next?.();
  };
  win.setImmediate = (callback, ...args) => {
    queue.push(() => callback(...args));
    post();
  };
  win.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    posted = false;
    post();
  });
}
