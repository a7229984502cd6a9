/** How long the placeholder may stand in for the form at most (ms): then the form shows with what has arrived. */
export const FIRST_PAINT_CAP_MS = 1_500;

/** The clock {@link createFirstPaint} uses; the frame's window by default. */
export interface FirstPaintTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

/** When the form may replace its placeholder; see {@link createFirstPaint}. */
export interface FirstPaint {
  /** The form waits for `part` to settle too (fulfilled or rejected alike), unless it is open already; undefined is nothing. */
  wait(part: PromiseLike<unknown> | undefined): void;
  /** True once {@link FirstPaint.opened} has resolved. */
  isOpen(): boolean;
  /** Resolves once every part has settled, or once the cap has passed, whichever is first. */
  opened: Promise<void>;
  /** Forgets the cap's timer (unmount); `opened` then never resolves unless it has already. */
  stop(): void;
}

/**
 * The gate of the widget's first form (issue 36 item 1): the form is painted once what decides its
 * height is in (the order's methods and seat hold, the billing fields of the buyer's country, a
 * member's saved cards, the order's wallets), so the buyer never sees it grow as they arrive.
 * Parts given in the task that creates the gate count, since the check runs a microtask later; a
 * part may add another before it settles. Only what the mount knows is a part: an order an update
 * gives later is not. After `capMs` the gate opens with whatever is still on its way, which then
 * shows as it arrives.
 */
export function createFirstPaint(capMs: number, timers: FirstPaintTimers = globalThis): FirstPaint {
  let open = false;
  let pending = 0;
  let release!: () => void;
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  const openNow = () => {
    if (open) return;
    open = true;
    timers.clearTimeout(cap);
    release();
  };
  const cap = timers.setTimeout(openNow, capMs);
  const check = () => {
    if (pending === 0) openNow();
  };
  queueMicrotask(check);
  return {
    wait(part) {
      if (open || !part) return;
      pending += 1;
      const settled = () => {
        pending -= 1;
        check();
      };
      Promise.resolve(part).then(settled, settled);
    },
    isOpen: () => open,
    opened,
    stop: () => timers.clearTimeout(cap),
  };
}
