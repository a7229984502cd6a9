// The value grammars of `appearance` (DESIGN "Appearance"): each value the page sends is parsed
// into tokens and written out again from them, never passed on as the page wrote it. A value that
// does not parse is refused; the caller names the key.

/**
 * Turns a colour as the page wrote it into the CSS colour the frame writes, or undefined when it is
 * not a colour. The frame passes a real colour parser; nothing here parses colours by hand.
 */
export type ColorParser = (value: string) => string | undefined;

/** A value that did not parse: `expected` says what would have. */
export class GrammarError extends Error {
  constructor(readonly expected: string) {
    super(expected);
  }
}

/** `value` split at top-level `separator` (never inside parentheses); each part trimmed. */
function splitTopLevel(value: string, separator: ',' | ' '): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of value) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (depth < 0) throw new GrammarError('balanced parentheses');
    const splits = separator === ' ' ? /\s/.test(char) : char === separator;
    if (splits && depth === 0) {
      if (current.trim() !== '') parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (depth !== 0) throw new GrammarError('balanced parentheses');
  if (current.trim() !== '') parts.push(current.trim());
  return parts;
}

const NUMBER = '-?(?:\\d+|\\d*\\.\\d+)';
const LENGTH = new RegExp(`^(${NUMBER})(px|rem|em|%)?$`);

/** A length in px, rem, em or %, or a bare 0; written back as parsed. */
export function length(value: string): string {
  const match = LENGTH.exec(value.trim());
  const [, amount = '', unit] = match ?? [];
  const number = Number(amount);
  if (!match || !Number.isFinite(number) || (unit === undefined && number !== 0)) {
    throw new GrammarError('a length in px, rem, em or % (or 0)');
  }
  return `${number}${unit ?? ''}`;
}

/** One to four lengths (padding, radius by corner). */
export function lengths(value: string): string {
  const parts = splitTopLevel(value, ' ');
  if (parts.length < 1 || parts.length > 4) throw new GrammarError('one to four lengths');
  return parts.map(length).join(' ');
}

/** A colour, through the frame's colour parser. */
export function color(value: string, parseColor: ColorParser): string {
  const parsed = parseColor(value.trim());
  if (parsed === undefined) throw new GrammarError('a colour');
  return parsed;
}

/** One of `words`, lower-cased. */
export function keyword(value: string, words: readonly string[]): string {
  const word = value.trim().toLowerCase();
  if (!words.includes(word)) throw new GrammarError(`one of ${words.join(', ')}`);
  return word;
}

/** The generic font families, written as keywords. */
const GENERIC_FAMILIES = [
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'system-ui',
  'ui-sans-serif',
  'ui-serif',
  'ui-monospace',
  'ui-rounded',
];
const FAMILY_NAME = /^[A-Za-z0-9][A-Za-z0-9 _-]{0,63}$/;

/** One font family's name (letters, digits, space, `-`, `_`; 64 at most), written as a CSS string. */
export function familyName(value: string): string {
  const name = value.trim().replace(/^(["'])(.*)\1$/, '$2');
  if (!FAMILY_NAME.test(name)) throw new GrammarError('a font family name of letters, digits, spaces, - and _');
  return `"${name}"`;
}

/** A font stack: family names and generic families, comma-separated, 8 at most. */
export function fontFamily(value: string): string {
  const families = splitTopLevel(value, ',');
  if (families.length < 1 || families.length > 8) throw new GrammarError('one to eight font families');
  return families
    .map((family) => (GENERIC_FAMILIES.includes(family.toLowerCase()) ? family.toLowerCase() : familyName(family)))
    .join(', ');
}

/** `normal`, `bold`, or 100 to 900 in hundreds. */
export function fontWeight(value: string | number): string {
  const text = String(value).trim().toLowerCase();
  if (text === 'normal' || text === 'bold' || /^[1-9]00$/.test(text)) return text;
  throw new GrammarError('normal, bold, or 100 to 900 in hundreds');
}

/** `normal`, a unitless number, or a length. */
export function lineHeight(value: string): string {
  const text = value.trim();
  if (text === 'normal') return text;
  if (/^(?:\d+|\d*\.\d+)$/.test(text)) return String(Number(text));
  return length(text);
}

/** `normal` or a length. */
export function letterSpacing(value: string): string {
  return value.trim() === 'normal' ? 'normal' : length(value);
}

const BORDER_STYLES = ['none', 'solid', 'dashed', 'dotted', 'double'];

/** A border or outline: `none`, or a width, a style and a colour, each at most once, any order. */
export function border(value: string, parseColor: ColorParser): string {
  const parts = splitTopLevel(value, ' ');
  if (parts.length === 0) throw new GrammarError('none, or a width, a style and a colour');
  if (parts.length === 1 && parts[0]?.toLowerCase() === 'none') return 'none';
  const seen: { width?: string; style?: string; color?: string } = {};
  for (const part of parts) {
    const slot = LENGTH.test(part) ? 'width' : BORDER_STYLES.includes(part.toLowerCase()) ? 'style' : 'color';
    if (seen[slot] !== undefined || parts.length > 3) throw new GrammarError('a width, a style and a colour, each at most once');
    seen[slot] = slot === 'width' ? length(part) : slot === 'style' ? part.toLowerCase() : color(part, parseColor);
  }
  return [seen.width, seen.style, seen.color].filter((part) => part !== undefined).join(' ');
}

/** A shadow list without images: `none`, or up to 3 of `[inset] <x> <y> [<blur> [<spread>]] [<colour>]`. */
export function boxShadow(value: string, parseColor: ColorParser): string {
  if (value.trim().toLowerCase() === 'none') return 'none';
  const shadows = splitTopLevel(value, ',');
  if (shadows.length < 1 || shadows.length > 3) throw new GrammarError('none, or one to three shadows');
  return shadows
    .map((shadow) => {
      const parts = splitTopLevel(shadow, ' ');
      const inset = parts[0]?.toLowerCase() === 'inset' ? ['inset'] : [];
      const rest = parts.slice(inset.length);
      const sizes = rest.filter((part) => LENGTH.test(part));
      const colours = rest.filter((part) => !LENGTH.test(part));
      if (sizes.length < 2 || sizes.length > 4 || colours.length > 1) {
        throw new GrammarError('shadows of [inset] two to four lengths and at most one colour');
      }
      return [...inset, ...sizes.map(length), ...colours.map((part) => color(part, parseColor))].join(' ');
    })
    .join(', ');
}

/** The properties a transition may animate, as CSS names. */
const TRANSITION_PROPERTIES = [
  'all',
  'color',
  'background-color',
  'border-color',
  'box-shadow',
  'outline-color',
  'opacity',
  'transform',
];
const TIMINGS = ['ease', 'linear', 'ease-in', 'ease-out', 'ease-in-out'];
const DURATION = /^(?:\d+|\d*\.\d+)(ms|s)$/;

/** `none`, or up to 4 of `<property> <duration> [<timing>] [<delay>]`. */
export function transition(value: string): string {
  if (value.trim().toLowerCase() === 'none') return 'none';
  const items = splitTopLevel(value, ',');
  if (items.length < 1 || items.length > 4) throw new GrammarError('none, or one to four transitions');
  return items
    .map((item) => {
      const [property = '', duration = '', ...more] = splitTopLevel(item, ' ').map((part) => part.toLowerCase());
      const timing = more.find((part) => TIMINGS.includes(part));
      const delay = more.find((part) => DURATION.test(part));
      const known = TRANSITION_PROPERTIES.includes(property) && DURATION.test(duration);
      if (!known || more.length > (timing ? 1 : 0) + (delay ? 1 : 0)) {
        throw new GrammarError(`transitions of ${TRANSITION_PROPERTIES.join(', ')} with a duration in ms or s`);
      }
      return [property, duration, timing, delay].filter((part) => part !== undefined).join(' ');
    })
    .join(', ');
}
