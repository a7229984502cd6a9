import { useCallback, useState } from 'react';

/** One line of the log panel "What the widget told this page". */
export interface LogEntry {
  /** Its position in the log, from 0: the React key. */
  id: number;
  /** What happened, e.g. `onApiInit`, `order setup` (the `data-kind` of its `<li>`). */
  kind: string;
  /** The line as shown: the local time, the kind and the detail. */
  text: string;
}

/** Adds a line to the log: `kind` and its `detail` in words. */
export type Log = (kind: string, detail: string) => void;

/** The page's log of what the widget told it: its entries, oldest first, and a stable {@link Log} to add one. */
export function useEventLog(): [entries: LogEntry[], log: Log] {
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const log = useCallback<Log>((kind, detail) => {
    const text = `${new Date().toLocaleTimeString()} ${kind}: ${detail}`;
    setEntries((before) => [...before, { id: before.length, kind, text }]);
  }, []);
  return [entries, log];
}
