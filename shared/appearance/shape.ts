// The shape of `appearance` and `fonts` (DESIGN "Appearance"). The host SDK's entry checks, before
// anything is created, what could reach past a value: every value a short string free of the
// pieces that could fetch, read or leave it, every selector one of the set, every font an https
// URL (checkAppearanceValues, checkFontValues: small on purpose, every page's SDK carries them).
// The frame checks the whole shape (checkAppearance, checkFonts: every name known, every word in
// its list, every font a font file), then parses each value by its grammar (./index.ts).
import { isHttpsOrLoopback } from '../isHttpsOrLoopback';

/** The appearance themes: `auto` follows the buyer's `prefers-color-scheme`, live. */
export const APPEARANCE_THEMES = ['default', 'night', 'flat', 'auto'] as const;
export type AppearanceTheme = (typeof APPEARANCE_THEMES)[number];

/** Where labels sit: above their field (default), or inside it, moving up once it has focus or a value. */
export const APPEARANCE_LABELS = ['above', 'floating'] as const;
export type AppearanceLabels = (typeof APPEARANCE_LABELS)[number];

/** The variables `appearance.variables` takes (docs/appearance.md has each one's grammar and default). */
export const APPEARANCE_VARIABLES = [
  'colorPrimary',
  'colorBackground',
  'colorText',
  'colorTextSecondary',
  'colorDanger',
  'colorBorder',
  'fontFamily',
  'fontSizeBase',
  'borderRadius',
  'spacingUnit',
  'focusRing',
] as const;
export type AppearanceVariable = (typeof APPEARANCE_VARIABLES)[number];

/** The components a rule may style. */
export const APPEARANCE_COMPONENTS = ['.Input', '.Label', '.Error', '.Method', '.Button', '.Notice', '.Dialog'] as const;
/** The states a rule may add to a component (none, a pseudo-class, or a modifier). */
export const APPEARANCE_STATES = ['', ':hover', ':focus', ':disabled', '--invalid', '--selected'] as const;
export type AppearanceSelector = `${(typeof APPEARANCE_COMPONENTS)[number]}${(typeof APPEARANCE_STATES)[number]}`;
/** Every selector `appearance.rules` takes: a component, alone or with one state. */
export const APPEARANCE_SELECTORS: readonly AppearanceSelector[] = APPEARANCE_COMPONENTS.flatMap((component) =>
  APPEARANCE_STATES.map((state): AppearanceSelector => `${component}${state}`),
);

/** The properties a rule may set, camelCase as in Stripe's `rules`. */
export const APPEARANCE_PROPERTIES = [
  'color',
  'backgroundColor',
  'border',
  'borderColor',
  'borderWidth',
  'borderStyle',
  'borderRadius',
  'boxShadow',
  'padding',
  'fontFamily',
  'fontSize',
  'fontWeight',
  'letterSpacing',
  'lineHeight',
  'textTransform',
  'outline',
  'outlineColor',
  'outlineOffset',
  'outlineWidth',
  'transition',
] as const;
export type AppearanceProperty = (typeof APPEARANCE_PROPERTIES)[number];

/**
 * The site's look for the widget: `mountCashier`'s, `<CashierWidget>`'s and `handle.update`'s
 * `appearance` option (docs/appearance.md). Every value is a string the frame parses; anything
 * else is refused with a TypeError naming the key.
 */
export interface Appearance {
  /** The starting look (default `'default'`); `auto` is `default` or `night` by the buyer's colour scheme, live. */
  theme?: AppearanceTheme;
  /** Design tokens, e.g. `{ colorPrimary: '#0a7d4f', borderRadius: '6px' }`. */
  variables?: Partial<Record<AppearanceVariable, string>>;
  /** Per component and state, e.g. `{ '.Input:focus': { borderColor: '#0a7d4f' } }`. */
  rules?: Partial<Record<AppearanceSelector, Partial<Record<AppearanceProperty, string>>>>;
  /** Where labels sit (default `'above'`). */
  labels?: AppearanceLabels;
}

/**
 * A font the frame loads for the widget: `fonts` of `mountCashier` and `<CashierWidget>`
 * (`handle.update` may change `fonts` among the files given at mount: the frame's CSP allows
 * those and no others).
 */
export interface CashierFont {
  /** The family name to use in `fontFamily`: letters, digits, spaces, `-` and `_`, 64 at most. */
  family: string;
  /** An https URL (http on loopback) of a woff2, woff or ttf file; the frame's CSP allows it, and nothing else new. */
  src: string;
  /** `normal`, `bold`, or 100 to 900 in hundreds (default `normal`). */
  weight?: string | number;
  /** `normal` (default) or `italic`. */
  style?: 'normal' | 'italic';
  /** `font-display` (default `swap`: the form shows at once in the fallback). */
  display?: 'auto' | 'block' | 'swap' | 'fallback' | 'optional';
}

/** At most this many fonts. */
export const MAX_FONTS = 8;

/**
 * What no appearance value may contain, case-insensitively: ways to fetch (`url(`, `image-set(`),
 * to read the page's or the form's data (`attr(`, `var(`), or to leave the value (`@`, `\`, `;`,
 * `{`, `}`, `/*`, `<`).
 */
export const FORBIDDEN_IN_VALUES = ['url(', 'image-set(', 'attr(', 'var(', '@', '\\', ';', '{', '}', '/*', '<'] as const;

/** The longest value accepted, in characters. */
export const MAX_VALUE_LENGTH = 200;

/** The first forbidden piece in `value` ({@link FORBIDDEN_IN_VALUES}), if any. */
export function forbiddenIn(value: string): string | undefined {
  const lower = value.toLowerCase();
  return FORBIDDEN_IN_VALUES.find((piece) => lower.includes(piece));
}

/** The font file types, by extension, with their `format()` names. */
export const FONT_FORMATS = { woff2: 'woff2', woff: 'woff', ttf: 'truetype' } as const;
/** `font-display` values. */
export const FONT_DISPLAYS = ['auto', 'block', 'swap', 'fallback', 'optional'] as const;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` for a message: JSON, at most 60 characters. */
function show(value: unknown): string {
  let text: string;
  try {
    text = value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
  } catch {
    text = typeof value === 'bigint' ? `${value}n` : Object.prototype.toString.call(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** @throws TypeError `<path> must be <expected> (got <value>)`. */
export function fail(path: string, expected: string, value: unknown): never {
  throw new TypeError(`${path} must be ${expected} (got ${show(value)})`);
}

/**
 * Checks one value at `path`: a string (or a number, written as one) of at most
 * {@link MAX_VALUE_LENGTH} characters with no piece of {@link FORBIDDEN_IN_VALUES}.
 * @returns the value as a string.
 */
export function checkValue(path: string, value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') fail(path, 'a string', value);
  const text = String(value);
  if (text.length > MAX_VALUE_LENGTH) fail(path, `at most ${MAX_VALUE_LENGTH} characters`, value);
  const forbidden = forbiddenIn(text);
  if (forbidden !== undefined) fail(path, `free of ${JSON.stringify(forbidden)}`, value);
  return text;
}

/** The keys of `value` not in `known`, refused with the first one named. */
function refuseUnknownKeys(path: string, value: Record<string, unknown>, known: readonly string[], what: string): void {
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  if (unknown !== undefined) throw new TypeError(`${path} has no ${what} ${JSON.stringify(unknown)}; known: ${known.join(', ')}`);
}

/** Checks that `value` at `path` is one of `words`. */
function checkOneOf(path: string, value: unknown, words: readonly string[]): void {
  if (!words.includes(value as string)) fail(path, `one of ${words.join(', ')}`, value);
}

/** Checks each value of `record` that is not `undefined` with {@link checkValue}, at `<path>.<name>`. */
function checkValues(path: string, record: Record<string, unknown>): void {
  for (const name of Object.keys(record)) {
    if (record[name] !== undefined) checkValue(`${path}.${name}`, record[name]);
  }
}

/**
 * What the SDK's entry checks of `appearance` at `path` before anything is created (issue 35 item
 * 3): the part of {@link checkAppearance} that keeps a value from reaching past itself. Every value
 * (`theme`, `labels`, each variable, each rule's property) is a string of at most
 * {@link MAX_VALUE_LENGTH} characters with no piece of {@link FORBIDDEN_IN_VALUES}, and every
 * rule's selector is one of {@link APPEARANCE_SELECTORS}. The names (keys, variables, properties)
 * and the words of `theme` and `labels` are the frame's to check, with the value grammars: a
 * mistake there fails the mount (or the update) with INVALID_ARGUMENT naming the key. Small on
 * purpose: every page with the script tag downloads it (issue 36 item 4).
 * @throws TypeError naming the key (`…appearance.variables.colorPrimary`, `…appearance.rules[".Input"].color`).
 */
export function checkAppearanceValues(value: unknown, path: string): void {
  if (!isRecord(value)) fail(path, 'an object { theme?, variables?, rules?, labels? }', value);
  const { variables = {}, rules = {} } = value;
  if (value.theme !== undefined) checkValue(`${path}.theme`, value.theme);
  if (value.labels !== undefined) checkValue(`${path}.labels`, value.labels);
  if (!isRecord(variables)) fail(`${path}.variables`, 'an object', variables);
  if (!isRecord(rules)) fail(`${path}.rules`, 'an object', rules);
  refuseUnknownKeys(`${path}.rules`, rules, APPEARANCE_SELECTORS, 'selector');
  checkValues(`${path}.variables`, variables);
  for (const [selector, rule] of Object.entries(rules)) {
    const rulePath = `${path}.rules[${JSON.stringify(selector)}]`;
    if (rule !== undefined && !isRecord(rule)) fail(rulePath, 'an object of properties', rule);
    if (rule !== undefined) checkValues(rulePath, rule);
  }
}

/**
 * Checks the shape of `appearance` at `path` (e.g. `mountCashier: opts.appearance`) in full, as
 * the frame does: {@link checkAppearanceValues}, then every name.
 * @throws TypeError naming the key (`…appearance.variables.colorPrimary`,
 *   `…appearance.rules[".Input"].color`): an unknown key, variable, selector or property; a theme or
 *   labels value not in the list; a value that is not a string, is over {@link MAX_VALUE_LENGTH}
 *   characters or holds a piece of {@link FORBIDDEN_IN_VALUES}.
 */
export function checkAppearance(value: unknown, path: string): void {
  checkAppearanceValues(value, path);
  const appearance = value as Record<string, unknown>;
  refuseUnknownKeys(path, appearance, ['theme', 'variables', 'rules', 'labels'], 'key');
  const { theme = 'default', labels = 'above', variables = {}, rules = {} } = appearance;
  checkOneOf(`${path}.theme`, theme, APPEARANCE_THEMES);
  checkOneOf(`${path}.labels`, labels, APPEARANCE_LABELS);
  refuseUnknownKeys(`${path}.variables`, variables as Record<string, unknown>, APPEARANCE_VARIABLES, 'variable');
  for (const [selector, rule] of Object.entries(rules as Record<string, Record<string, unknown> | undefined>)) {
    if (rule !== undefined)
      refuseUnknownKeys(`${path}.rules[${JSON.stringify(selector)}]`, rule, APPEARANCE_PROPERTIES, 'property');
  }
}

/** The file type of a font URL by its path's extension, if it is one of {@link FONT_FORMATS}. */
export function fontExtension(url: URL): keyof typeof FONT_FORMATS | undefined {
  return /\.(woff2|woff|ttf)$/i.exec(url.pathname)?.[1]?.toLowerCase() as keyof typeof FONT_FORMATS | undefined;
}

/**
 * What the SDK's entry checks of `fonts` at `path` before anything is created (issue 35 item 3),
 * the part of {@link checkFonts} that keeps a font from reaching past itself: an array of at most
 * {@link MAX_FONTS} objects, each with a `family` and a `src` and every field's value as
 * {@link checkValue} wants it, the `src` an https URL (http on loopback). The rest (the fields'
 * names, the family's grammar, the font file type, `style` and `display`) is the frame's to check:
 * a mistake there fails the mount (or the update) with INVALID_ARGUMENT naming the font and field.
 * @throws TypeError naming the font and field (`…fonts[0].src`).
 */
export function checkFontValues(value: unknown, path: string): void {
  if (!Array.isArray(value) || value.length > MAX_FONTS) fail(path, `an array of at most ${MAX_FONTS} fonts`, value);
  // Array.from: a hole in a sparse array is an undefined font, refused like any other.
  Array.from(value as unknown[]).forEach((font: unknown, index) => {
    const at = `${path}[${index}]`;
    if (!isRecord(font)) fail(at, 'an object { family, src, weight?, style?, display? }', font);
    checkValue(`${at}.family`, font.family);
    const src = checkValue(`${at}.src`, font.src);
    if (!isHttpsOrLoopback(src)) fail(`${at}.src`, 'an https URL (http only on localhost, 127.0.0.1)', src);
    checkValues(at, font);
  });
}

/**
 * Checks the shape of `fonts` at `path` (e.g. `mountCashier: opts.fonts`) in full, as the frame
 * does: {@link checkFontValues}, then each font's fields.
 * @throws TypeError naming the font and field (`…fonts[0].src`): not an array of at most
 *   {@link MAX_FONTS} objects; an unknown field; a family that is not a plain name of at most 64
 *   letters, digits, spaces, `-` and `_`; a `src` that is not an https URL (http on loopback) of a
 *   .woff2, .woff or .ttf file without credentials, or holds a forbidden piece; a bad style or display.
 */
export function checkFonts(value: unknown, path: string): void {
  checkFontValues(value, path);
  (value as Record<string, unknown>[]).forEach((font, index) => {
    const at = `${path}[${index}]`;
    refuseUnknownKeys(at, font, ['family', 'src', 'weight', 'style', 'display'], 'field');
    if (!/^["']?[A-Za-z0-9][A-Za-z0-9 _-]{0,63}["']?$/.test(String(font.family).trim())) {
      fail(`${at}.family`, 'a font family name of letters, digits, spaces, - and _', font.family);
    }
    const url = new URL(String(font.src));
    if (fontExtension(url) === undefined || url.username !== '' || url.password !== '') {
      fail(`${at}.src`, 'the URL of a .woff2, .woff or .ttf file, without credentials', font.src);
    }
    if (font.style !== undefined) checkOneOf(`${at}.style`, font.style, ['normal', 'italic']);
    if (font.display !== undefined) checkOneOf(`${at}.display`, font.display, FONT_DISPLAYS);
  });
}
