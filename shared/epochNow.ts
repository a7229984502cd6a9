/**
 * The current time as epoch milliseconds with sub-millisecond precision
 * (`performance.timeOrigin + performance.now()`): comparable between the host page and the frame,
 * which have different `performance.now()` origins. Used for the load phases (FramePhases).
 */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}
