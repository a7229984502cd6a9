import type { Charge } from '../../shared';

/** When the first read of a pending charge goes out: 2 000 ms after the watch starts (the issue: at most every 2 s). */
export const PENDING_FIRST_READ_MS = 2_000;
/** How much longer each wait is than the one before: ×1.5. */
export const PENDING_BACKOFF = 1.5;
/** The longest wait between two reads: 10 000 ms (a local payment settles within 10 s). */
export const PENDING_MAX_WAIT_MS = 10_000;

/** The clock {@link watchPending} waits on; the frame's window by default. */
export interface PendingTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

/** True for a charge that is still being confirmed: REQUIRES_ACTION, or PENDING (a local method's). */
export const isUnsettled = (charge: Charge): boolean => charge.status === 'PENDING' || charge.status === 'REQUIRES_ACTION';

/**
 * Watches a local method's charge that is not settled yet (issue 38: PENDING, or a BLIK code
 * waiting for the buyer's app): reads it with `read` (`GET charges/{id}`, retried by the client)
 * {@link PENDING_FIRST_READ_MS} after the start, then after waits growing ×{@link PENDING_BACKOFF}
 * up to {@link PENDING_MAX_WAIT_MS}, until a read shows it settled; `onSettled` is then called
 * once with that charge. A failed read is read again after the next wait.
 * @returns stop: no read goes out after it (the mount's unmount), and `onSettled` is never called.
 */
export function watchPending(
  chargeId: string,
  read: (chargeId: string) => Promise<Charge>,
  onSettled: (charge: Charge) => void,
  timers: PendingTimers = globalThis,
): () => void {
  let stopped = false;
  let timer: unknown;
  const wait = (ms: number) => {
    timer = timers.setTimeout(() => {
      read(chargeId).then(
        (charge) => {
          if (stopped) return;
          if (isUnsettled(charge)) wait(Math.min(ms * PENDING_BACKOFF, PENDING_MAX_WAIT_MS));
          else {
            stopped = true;
            onSettled(charge);
          }
        },
        () => {
          if (!stopped) wait(Math.min(ms * PENDING_BACKOFF, PENDING_MAX_WAIT_MS));
        },
      );
    }, ms);
  };
  wait(PENDING_FIRST_READ_MS);
  return () => {
    stopped = true;
    timers.clearTimeout(timer);
  };
}
