import { isExpiryInFuture } from '../shared';

/** Formats what the buyer types as MM/YY: "1239" → "12/39", "4" → "4". */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * True for a MM/YY (or MM/YYYY) date whose month has not ended at `now`: the current month is
 * still valid. `now` defaults to the current time.
 */
export function isValidExpiry(value: string, now: Date = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return isExpiryInFuture(month, year, now);
}
