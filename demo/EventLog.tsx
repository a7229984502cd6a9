import type { CashierTimings } from 'cashier-widget/react';
import { timingRows } from './timingRows';
import type { LogEntry } from './useEventLog';

/** Props of {@link EventLog}. */
export interface EventLogProps {
  /** The log's lines, oldest first. */
  entries: LogEntry[];
  /** What `onApiInit` reported; undefined until the widget is ready. */
  timings?: CashierTimings;
}

/** The panel "What the widget told this page": the ready time, the load phases and the log (`#events li[data-kind]`). */
export function EventLog({ entries, timings }: EventLogProps) {
  return (
    <section className="panel log" aria-labelledby="log-title">
      <h2 id="log-title">What the widget told this page</h2>
      <p>
        Ready in <strong id="ready-time">{timings ? `${Math.round(timings.ready)} ms` : '—'}</strong>
      </p>
      <dl id="timings" aria-label="Load phases, in ms since mountCashier">
        {timings &&
          timingRows(timings).flatMap(([label, value]) => [
            <dt key={`${label}-dt`}>{label}</dt>,
            <dd key={`${label}-dd`}>{value}</dd>,
          ])}
      </dl>
      <ol id="events">
        {entries.map((entry) => (
          <li key={entry.id} data-kind={entry.kind}>
            {entry.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
