/** Median, min and max of a sample. */
export interface Summary {
  median: number;
  min: number;
  max: number;
}

/** The median (mean of the two middle values for an even count), min and max; NaN for none. */
export function summarize(values: number[]): Summary {
  if (values.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return { median, min: sorted[0] ?? 0, max: sorted[sorted.length - 1] ?? 0 };
}

/** `412 (380–520)`: median and range, in the unit the values have, with `digits` decimals. */
export function formatSummary(s: Summary, digits = 0): string {
  return `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
}
