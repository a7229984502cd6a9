/** A timer that stops while paused. */
export interface PausableTimer {
  /** Stops the count (idempotent). */
  pause(): void;
  /** Counts again, the whole time afresh (idempotent). */
  resume(): void;
  /** Stops it for good: `onExpire` is never called after. */
  clear(): void;
}

/**
 * Calls `onExpire` once `ms` milliseconds passed unpaused since the start or the last resume
 * (issue 22: the relayed `pay` timeout counts network time, not the time a buyer spends in a 3-D
 * Secure challenge; after a challenge the pay has the whole time again for reading its outcome).
 * Starts paused when `paused` is true.
 */
export function pausableTimer(ms: number, onExpire: () => void, paused = false): PausableTimer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cleared = false;
  const pause = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const resume = () => {
    if (!cleared && !timer) timer = setTimeout(onExpire, ms);
  };
  if (!paused) resume();
  return {
    pause,
    resume,
    clear() {
      pause();
      cleared = true;
    },
  };
}
