/**
 * The phone figure's waterfall (phone.ts): the requests of the page and its frame from the tap
 * on, each with its start and end since the tap, and the "Card number" field's paint last, as the
 * bench prints them for the last phone run.
 */

/** One request of a page or frame: its URL, and its start and response end (epoch ms, `timeOrigin + …`). */
export interface RequestTime {
  url: string;
  start: number;
  end: number;
}

/** In a page or frame: its document's and resources' requests, start and end on the one clock (`timeOrigin + …`). */
export const requestTimes = (): RequestTime[] =>
  [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((e) => ({
    url: e.name,
    start: performance.timeOrigin + e.startTime,
    end: performance.timeOrigin + (e as PerformanceResourceTiming).responseEnd,
  }));

/** The requests started after the tap, in order, as `+start → +end ms  url` since the tap, and the field's paint last. */
export function waterfall(requests: RequestTime[], tapAt: number, visibleAt: number): string[] {
  const ms = (at: number) => `+${Math.round(at - tapAt)}`.padStart(6);
  return [
    ...requests
      .filter((r) => r.start >= tapAt)
      .sort((a, b) => a.start - b.start)
      .map((r) => `${ms(r.start)} → ${ms(r.end)} ms  ${r.url.length > 110 ? `${r.url.slice(0, 110)}…` : r.url}`),
    `${ms(visibleAt)}           "Card number" painted`,
  ];
}
