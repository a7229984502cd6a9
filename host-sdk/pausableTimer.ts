/** A timer that counts only the time it is not paused. */
export interface PausableTimer {
  /** Stops the count (idempotent); the time left is kept. */
  pause(): void;
  /** Counts on from where it paused (idempotent). */
  resume(): void;
  /** Stops it for good: `onExpire` is never called after. */
  clear(): void;
}

/**
 * Calls `onExpire` once `ms` milliseconds of unpaused time have passed (issue 22: the relayed
 * `pay` timeout counts network time, not the time a buyer spends in a 3-D Secure challenge).
 * Starts paused when `paused` is true.
 */
export function pausableTimer(ms: number, onExpire: () => void, paused = false): PausableTimer {
  let left = ms;
  let startedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cleared = false;
  const resume = () => {
    if (cleared || timer !== undefined) return;
    startedAt = Date.now();
    timer = setTimeout(() => {
      cleared = true;
      onExpire();
    }, left);
  };
  if (!paused) resume();
  return {
    pause() {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      left = Math.max(0, left - (Date.now() - startedAt));
    },
    resume,
    clear() {
      cleared = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
