import type { CashierTimings } from 'cashier-widget';

/** The load phases the demo lists, in the order a load passes them. */
const PHASES: readonly [keyof CashierTimings, string][] = [
  ['frameLoaded', 'Frame document loaded'],
  ['connected', 'Connected'],
  ['settingsReceived', 'Settings received'],
  ['bundleImported', 'Bundle imported'],
  ['mounted', 'Mounted'],
  ['ready', 'Ready (onApiInit)'],
];

/**
 * The rows the demo shows for `onApiInit`'s timings: a label and "N ms" since mountCashier per
 * phase the widget reported, the settings marked "(page cache)" when another widget's request
 * gave them.
 */
export function timingRows(timings: CashierTimings): [label: string, value: string][] {
  return PHASES.flatMap(([phase, label]): [string, string][] => {
    const ms = timings[phase];
    if (typeof ms !== 'number') return [];
    const cached = phase === 'settingsReceived' && timings.settingsFromCache ? ' (page cache)' : '';
    return [[label, `${Math.round(ms)} ms${cached}`]];
  });
}
