/** A short description of a received value for a TypeError message: strings quoted and cut at 60 characters, objects by kind. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : describeType(value);
}

/** The kind of a value only, never its content: for secrets such as the app instance token. */
export function describeType(value: unknown): string {
  if (value == null) return String(value);
  if (typeof value === 'string') return value.trim() ? 'a string' : 'a blank string';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
