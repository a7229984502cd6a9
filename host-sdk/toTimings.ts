import type { CashierTimings } from './types';

/**
 * The host's view of a load (issue "a buyer on a phone": lifecycle timings): the frame's
 * `phases` (untrusted, epoch milliseconds) and the host's own `connectedAt` and `readyAt`, as
 * milliseconds since `mountedAt`, rounded to 0.1 ms. A phase the frame did not report, or
 * reported as anything but a finite number, is left out.
 */
export function toTimings(phases: unknown, mountedAt: number, connectedAt: number, readyAt: number): CashierTimings {
  const since = (at: number) => Math.round((at - mountedAt) * 10) / 10;
  const from: Record<string, unknown> = Object(phases); // boxes a primitive: it has none of the phases
  const timings: CashierTimings = { connected: since(connectedAt), ready: since(readyAt) };
  for (const step of ['frameLoaded', 'settingsReceived', 'bundleImported', 'mounted'] as const) {
    const at = from[step];
    if (Number.isFinite(at)) timings[step] = since(at as number);
  }
  if (typeof from.settingsFromCache === 'boolean') timings.settingsFromCache = from.settingsFromCache;
  return timings;
}
