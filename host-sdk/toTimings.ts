import type { ContrastAdjustment } from '../shared/appearance/contrast';
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
  const adjustments = contrastAdjustments(from.contrastAdjustments);
  if (adjustments) timings.contrastAdjustments = adjustments;
  return timings;
}

/** The frame's contrast adjustments (issue 35) when they are an array of at most 16 well-formed entries, copied field by field. */
function contrastAdjustments(value: unknown): ContrastAdjustment[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > 16) return undefined;
  const entries = value.map((entry): ContrastAdjustment | undefined => {
    const { variable, against, from, to, ratio, adjusted, required } = Object(entry);
    const words = [variable, against, from, to].every((word) => typeof word === 'string' && /^[\w#.:"[\]-]{1,60}$/.test(word));
    const numbers = [ratio, adjusted, required].every(Number.isFinite);
    return words && numbers ? { variable, against, from, to, ratio, adjusted, required } : undefined;
  });
  return entries.every((entry) => entry !== undefined) ? entries : undefined;
}
