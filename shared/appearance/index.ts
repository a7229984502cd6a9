// `appearance` and `fonts` (DESIGN "Appearance"): what a site may change of the widget's look,
// checked key by key and parsed value by value. The SDK checks them before anything is created,
// and the frame again, since it trusts nothing the page sends. What comes out is CSS the frame
// writes from parsed tokens: no selector, property or value text of the page's own.
import { isHttpsOrLoopback } from '../isHttpsOrLoopback';
import * as grammar from './grammar';

export { type ColorParser, FORBIDDEN_IN_VALUES, MAX_VALUE_LENGTH } from './grammar';

/** The appearance themes: `auto` follows the buyer's `prefers-color-scheme`, live. */
export const APPEARANCE_THEMES = ['default', 'night', 'flat', 'auto'] as const;
export type AppearanceTheme = (typeof APPEARANCE_THEMES)[number];

/** Where labels sit: above their field (default), or inside it until the field has a value. */
export const APPEARANCE_LABELS = ['above', 'floating'] as const;
export type AppearanceLabels = (typeof APPEARANCE_LABELS)[number];

type ValueParser = (value: string, parseColor: grammar.ColorParser) => string;
const colorValue: ValueParser = (value, parseColor) => grammar.color(value, parseColor);

/** The variables, each with its grammar and the CSS custom property the frame sets from it. */
const VARIABLES = {
  /** The primary colour: buttons, the chosen payment method, links. */
  colorPrimary: colorValue,
  /** The form's background. */
  colorBackground: colorValue,
  /** The text. */
  colorText: colorValue,
  /** Labels' hints and other quieter text. */
  colorTextSecondary: colorValue,
  /** Errors and the invalid fields' borders. */
  colorDanger: colorValue,
  /** Fields' borders. */
  colorBorder: colorValue,
  /** The font stack; a family of `fonts` must be named here to be used. */
  fontFamily: grammar.fontFamily,
  /** The base font size (px, rem, em); other sizes follow it. */
  fontSizeBase: grammar.length,
  /** The corners of fields, buttons and choices. */
  borderRadius: grammar.length,
  /** The unit of the spacing between fields. */
  spacingUnit: grammar.length,
  /** The colour of the focus ring (its width stays the widget's, for accessibility). */
  focusRing: colorValue,
} satisfies Record<string, ValueParser>;
export type AppearanceVariable = keyof typeof VARIABLES;
/** The variables' names, as `appearance.variables` takes them. */
export const APPEARANCE_VARIABLES = Object.keys(VARIABLES) as AppearanceVariable[];

/** The components a rule may style. */
export const APPEARANCE_COMPONENTS = ['.Input', '.Label', '.Error', '.Method', '.Button', '.Notice', '.Dialog'] as const;
/** The states a rule may add to a component (none, a pseudo-class, or a modifier). */
export const APPEARANCE_STATES = ['', ':hover', ':focus', ':disabled', '--invalid', '--selected'] as const;
export type AppearanceSelector = `${(typeof APPEARANCE_COMPONENTS)[number]}${(typeof APPEARANCE_STATES)[number]}`;
/** Every selector `appearance.rules` takes: a component, alone or with one state. */
export const APPEARANCE_SELECTORS: readonly AppearanceSelector[] = APPEARANCE_COMPONENTS.flatMap((component) =>
  APPEARANCE_STATES.map((state): AppearanceSelector => `${component}${state}`),
);

const TEXT_TRANSFORMS = ['none', 'uppercase', 'lowercase', 'capitalize'];
const BORDER_STYLES = ['none', 'solid', 'dashed', 'dotted', 'double'];

/** The properties a rule may set (camelCase, as in Stripe's `rules`), each with its grammar. */
const PROPERTIES = {
  color: colorValue,
  backgroundColor: colorValue,
  border: grammar.border,
  borderColor: colorValue,
  borderWidth: grammar.length,
  borderStyle: (value: string) => grammar.keyword(value, BORDER_STYLES),
  borderRadius: grammar.lengths,
  boxShadow: grammar.boxShadow,
  padding: grammar.lengths,
  fontFamily: grammar.fontFamily,
  fontSize: grammar.length,
  fontWeight: grammar.fontWeight,
  letterSpacing: grammar.letterSpacing,
  lineHeight: grammar.lineHeight,
  textTransform: (value: string) => grammar.keyword(value, TEXT_TRANSFORMS),
  outline: grammar.border,
  outlineColor: colorValue,
  outlineOffset: grammar.length,
  outlineWidth: grammar.length,
  transition: grammar.transition,
} satisfies Record<string, ValueParser>;
export type AppearanceProperty = keyof typeof PROPERTIES;
/** The properties `appearance.rules` takes. */
export const APPEARANCE_PROPERTIES = Object.keys(PROPERTIES) as AppearanceProperty[];

/**
 * The site's look for the widget: `mountCashier`'s, `<CashierWidget>`'s and `handle.update`'s
 * `appearance` option. Every value is a string the frame parses; anything else is refused.
 */
export interface Appearance {
  /** The starting look (default `'default'`); `auto` is `default` or `night` by the buyer's colour scheme. */
  theme?: AppearanceTheme;
  /** Design tokens, e.g. `{ colorPrimary: '#0a7d4f', borderRadius: '6px' }`. */
  variables?: Partial<Record<AppearanceVariable, string>>;
  /** Per component and state, e.g. `{ '.Input:focus': { borderColor: '#0a7d4f' } }`. */
  rules?: Partial<Record<AppearanceSelector, Partial<Record<AppearanceProperty, string>>>>;
  /** Where labels sit (default `'above'`). */
  labels?: AppearanceLabels;
}

/** {@link Appearance} as the frame applies it: each value written from its parsed tokens, properties as CSS names. */
export interface ParsedAppearance {
  theme: AppearanceTheme;
  labels: AppearanceLabels;
  variables: Partial<Record<AppearanceVariable, string>>;
  rules: Partial<Record<AppearanceSelector, Record<string, string>>>;
}

/** A font the frame loads for the widget: `fonts` of `mountCashier`, `<CashierWidget>` and `handle.update`. */
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

/** {@link CashierFont} as the frame writes its `@font-face`: every field parsed. */
export interface ParsedFont {
  family: string;
  src: string;
  format: 'woff2' | 'woff' | 'truetype';
  weight: string;
  style: 'normal' | 'italic';
  display: NonNullable<CashierFont['display']>;
}

/** At most this many fonts. */
export const MAX_FONTS = 8;

const isRecord = (value: unknown): value is Record<string, unknown> =>
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
function fail(path: string, expected: string, value: unknown): never {
  throw new TypeError(`${path} must be ${expected} (got ${show(value)})`);
}

/** `value` parsed by `parse` at `path`, after the checks every value gets (a string, short, nothing forbidden). */
function parseValue(path: string, value: unknown, parse: (text: string) => string): string {
  if (typeof value !== 'string' && typeof value !== 'number') fail(path, 'a string', value);
  const text = String(value);
  if (text.length > grammar.MAX_VALUE_LENGTH) fail(path, `at most ${grammar.MAX_VALUE_LENGTH} characters`, value);
  const forbidden = grammar.forbiddenIn(text);
  if (forbidden !== undefined) fail(path, `free of ${JSON.stringify(forbidden)}`, value);
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof grammar.GrammarError) fail(path, error.expected, value);
    throw error;
  }
}

/** The keys of `value` not in `known`, refused with the first one named. */
function refuseUnknownKeys(path: string, value: Record<string, unknown>, known: readonly string[], what: string): void {
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  if (unknown !== undefined) throw new TypeError(`${path} has no ${what} ${JSON.stringify(unknown)}; known: ${known.join(', ')}`);
}

/**
 * Parses the `appearance` option at `path` (e.g. `mountCashier: opts.appearance`) with the frame's
 * colour parser.
 * @throws TypeError naming the key (`…appearance.variables.colorPrimary`, `…appearance.rules[".Input"].color`)
 *   for a value that is not a string, is over {@link MAX_VALUE_LENGTH} characters, holds a piece of
 *   {@link FORBIDDEN_IN_VALUES}, or does not parse; and for an unknown key, variable, selector or property.
 */
export function parseAppearance(value: unknown, path: string, parseColor: grammar.ColorParser): ParsedAppearance {
  if (!isRecord(value)) fail(path, 'an object { theme?, variables?, rules?, labels? }', value);
  refuseUnknownKeys(path, value, ['theme', 'variables', 'rules', 'labels'], 'key');
  const { theme = 'default', labels = 'above', variables = {}, rules = {} } = value;
  if (!APPEARANCE_THEMES.includes(theme as AppearanceTheme))
    fail(`${path}.theme`, `one of ${APPEARANCE_THEMES.join(', ')}`, theme);
  if (!APPEARANCE_LABELS.includes(labels as AppearanceLabels))
    fail(`${path}.labels`, `one of ${APPEARANCE_LABELS.join(', ')}`, labels);
  if (!isRecord(variables)) fail(`${path}.variables`, 'an object', variables);
  if (!isRecord(rules)) fail(`${path}.rules`, 'an object', rules);
  refuseUnknownKeys(`${path}.variables`, variables, APPEARANCE_VARIABLES, 'variable');
  refuseUnknownKeys(`${path}.rules`, rules, APPEARANCE_SELECTORS, 'selector');
  const parsed: ParsedAppearance = {
    theme: theme as AppearanceTheme,
    labels: labels as AppearanceLabels,
    variables: {},
    rules: {},
  };
  for (const name of APPEARANCE_VARIABLES) {
    if (variables[name] === undefined) continue;
    parsed.variables[name] = parseValue(`${path}.variables.${name}`, variables[name], (text) =>
      VARIABLES[name](text, parseColor),
    );
  }
  for (const selector of APPEARANCE_SELECTORS) {
    const rule = rules[selector];
    if (rule === undefined) continue;
    const rulePath = `${path}.rules[${JSON.stringify(selector)}]`;
    if (!isRecord(rule)) fail(rulePath, 'an object of properties', rule);
    refuseUnknownKeys(rulePath, rule, APPEARANCE_PROPERTIES, 'property');
    const declarations: Record<string, string> = {};
    for (const property of APPEARANCE_PROPERTIES) {
      if (rule[property] === undefined) continue;
      const css = property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      declarations[css] = parseValue(`${rulePath}.${property}`, rule[property], (text) => PROPERTIES[property](text, parseColor));
    }
    parsed.rules[selector] = declarations;
  }
  return parsed;
}

const FONT_FORMATS = { woff2: 'woff2', woff: 'woff', ttf: 'truetype' } as const;
const FONT_DISPLAYS = ['auto', 'block', 'swap', 'fallback', 'optional'] as const;

/**
 * Parses the `fonts` option at `path` (e.g. `mountCashier: opts.fonts`).
 * @throws TypeError naming the font and field (`…fonts[0].src`): not an array of at most
 *   {@link MAX_FONTS} objects; a family that is not a plain name; a `src` that is not an https URL
 *   (http on loopback) of a .woff2, .woff or .ttf file, or holds a forbidden piece; a bad weight,
 *   style or display; an unknown field.
 */
export function parseFonts(value: unknown, path: string): ParsedFont[] {
  if (!Array.isArray(value) || value.length > MAX_FONTS) fail(path, `an array of at most ${MAX_FONTS} fonts`, value);
  // Array.from: a hole in a sparse array is an undefined font, refused like any other.
  return Array.from(value as unknown[]).map((font: unknown, index) => {
    const at = `${path}[${index}]`;
    if (!isRecord(font)) fail(at, 'an object { family, src, weight?, style?, display? }', font);
    refuseUnknownKeys(at, font, ['family', 'src', 'weight', 'style', 'display'], 'field');
    const family = parseValue(`${at}.family`, font.family, (text) => grammar.familyName(text).slice(1, -1));
    const src = parseValue(`${at}.src`, font.src, (text) => {
      if (!isHttpsOrLoopback(text)) throw new grammar.GrammarError('an https URL (http only on localhost, 127.0.0.1)');
      const url = new URL(text);
      const extension = /\.(woff2|woff|ttf)$/i.exec(url.pathname)?.[1]?.toLowerCase();
      if (extension === undefined || url.username !== '' || url.password !== '') {
        throw new grammar.GrammarError('the URL of a .woff2, .woff or .ttf file, without credentials');
      }
      return url.href;
    });
    const format =
      FONT_FORMATS[
        (/\.(woff2|woff|ttf)$/i.exec(new URL(src).pathname)?.[1]?.toLowerCase() ?? 'woff2') as keyof typeof FONT_FORMATS
      ];
    const weight = font.weight === undefined ? 'normal' : parseValue(`${at}.weight`, font.weight, grammar.fontWeight);
    const style = font.style ?? 'normal';
    if (style !== 'normal' && style !== 'italic') fail(`${at}.style`, 'normal or italic', style);
    const display = font.display ?? 'swap';
    if (!FONT_DISPLAYS.includes(display as ParsedFont['display']))
      fail(`${at}.display`, `one of ${FONT_DISPLAYS.join(', ')}`, display);
    return { family, src, format, weight, style, display: display as ParsedFont['display'] };
  });
}

/**
 * The `@font-face` rule for a parsed font, written by the frame: family, one source, weight, style
 * and display; never a `unicode-range`.
 */
export function fontFaceRule(font: ParsedFont): string {
  const src = `url(${JSON.stringify(font.src)}) format("${font.format}")`;
  return `@font-face{font-family:"${font.family}";src:${src};font-weight:${font.weight};font-style:${font.style};font-display:${font.display}}`;
}
