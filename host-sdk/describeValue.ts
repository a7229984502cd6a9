const MAX_SHOWN_CHARS = 60;

/** A short description of a received value for a TypeError message: strings quoted and cut, objects by kind. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > MAX_SHOWN_CHARS ? `${value.slice(0, MAX_SHOWN_CHARS)}…` : value;
    return JSON.stringify(shown);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return describeType(value);
}

/** The kind of a value only, never its content: for secrets such as the app instance token. */
export function describeType(value: unknown): string {
  if (value === undefined || value === null) return String(value);
  if (typeof value === 'string') return value.trim() === '' ? 'a blank string' : 'a string';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
