// `appearance` and `fonts` (DESIGN "Appearance"): what a site may change of the widget's look,
// checked key by key and parsed value by value. The SDK checks their shape before anything is
// created (./shape.ts), and the frame checks it again and parses each value, since it trusts
// nothing the page sends. What comes out is CSS the frame writes from parsed tokens: no selector,
// property or value text of the page's own.
import * as grammar from './grammar';
import {
  APPEARANCE_PROPERTIES,
  APPEARANCE_SELECTORS,
  APPEARANCE_VARIABLES,
  type Appearance,
  type AppearanceLabels,
  type AppearanceProperty,
  type AppearanceSelector,
  type AppearanceTheme,
  type AppearanceVariable,
  type CashierFont,
  checkAppearance,
  checkFonts,
  checkValue,
  FONT_FORMATS,
  fail,
  fontExtension,
} from './shape';

export type { ColorParser } from './grammar';
export * from './shape';

type ValueParser = (value: string, parseColor: grammar.ColorParser) => string;
const colorValue: ValueParser = (value, parseColor) => grammar.color(value, parseColor);

/** Each variable's grammar. */
const VARIABLES: Record<AppearanceVariable, ValueParser> = {
  colorPrimary: colorValue,
  colorBackground: colorValue,
  colorText: colorValue,
  colorTextSecondary: colorValue,
  colorDanger: colorValue,
  colorBorder: colorValue,
  fontFamily: grammar.fontFamily,
  fontSizeBase: grammar.length,
  borderRadius: grammar.length,
  spacingUnit: grammar.length,
  focusRing: colorValue,
};

const TEXT_TRANSFORMS = ['none', 'uppercase', 'lowercase', 'capitalize'];
const BORDER_STYLES = ['none', 'solid', 'dashed', 'dotted', 'double'];

/** Each rule property's grammar. */
const PROPERTIES: Record<AppearanceProperty, ValueParser> = {
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
};

/** {@link Appearance} as the frame applies it: each value written from its parsed tokens, properties as CSS names. */
export interface ParsedAppearance {
  theme: AppearanceTheme;
  labels: AppearanceLabels;
  variables: Partial<Record<AppearanceVariable, string>>;
  rules: Partial<Record<AppearanceSelector, Record<string, string>>>;
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

/**
 * Parses the `appearance` option at `path` (e.g. `mountCashier: opts.appearance`) with the frame's
 * colour parser.
 * @throws TypeError naming the key (`…appearance.variables.colorPrimary`, `…appearance.rules[".Input"].color`)
 *   for a value that is not a string, is over {@link MAX_VALUE_LENGTH} characters, holds a piece of
 *   {@link FORBIDDEN_IN_VALUES}, or does not parse; and for an unknown key, variable, selector or property.
 */
export function parseAppearance(value: unknown, path: string, parseColor: grammar.ColorParser): ParsedAppearance {
  checkAppearance(value, path);
  const { theme = 'default', labels = 'above', variables = {}, rules = {} } = value as Appearance;
  const parsed: ParsedAppearance = { theme, labels, variables: {}, rules: {} };
  for (const name of APPEARANCE_VARIABLES) {
    const given = variables[name];
    if (given !== undefined) parsed.variables[name] = parseValue(`${path}.variables.${name}`, given, VARIABLES[name], parseColor);
  }
  for (const selector of APPEARANCE_SELECTORS) {
    const rule = rules[selector];
    if (rule === undefined) continue;
    const rulePath = `${path}.rules[${JSON.stringify(selector)}]`;
    const declarations: Record<string, string> = {};
    for (const property of APPEARANCE_PROPERTIES) {
      const given = rule[property];
      if (given === undefined) continue;
      const css = property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      declarations[css] = parseValue(`${rulePath}.${property}`, given, PROPERTIES[property], parseColor);
    }
    parsed.rules[selector] = declarations;
  }
  return parsed;
}

/** A value whose shape was checked, parsed by its grammar; a value that does not parse is refused naming `path`. */
function parseValue(path: string, value: unknown, parse: ValueParser, parseColor: grammar.ColorParser): string {
  const text = checkValue(path, value);
  try {
    return parse(text, parseColor);
  } catch (error) {
    if (error instanceof grammar.GrammarError) fail(path, error.expected, value);
    throw error;
  }
}

/**
 * Parses the `fonts` option at `path` (e.g. `mountCashier: opts.fonts`): each font's family
 * name, its URL (as `URL` writes it), format, weight (default `normal`), style (`normal`) and
 * display (`swap`).
 * @throws TypeError naming the font and field (`…fonts[0].src`), as {@link checkFonts}, and for a
 *   weight that is not `normal`, `bold` or 100 to 900 in hundreds.
 */
export function parseFonts(value: unknown, path: string): ParsedFont[] {
  checkFonts(value, path);
  return Array.from(value as CashierFont[]).map((font, index) => {
    const at = `${path}[${index}]`;
    const url = new URL(font.src);
    return {
      family: parseValue(
        `${at}.family`,
        font.family,
        (text) => grammar.familyName(text).slice(1, -1),
        () => undefined,
      ),
      src: url.href,
      format: FONT_FORMATS[fontExtension(url) ?? 'woff2'],
      weight: font.weight === undefined ? 'normal' : parseValue(`${at}.weight`, font.weight, grammar.fontWeight, () => undefined),
      style: font.style ?? 'normal',
      display: font.display ?? 'swap',
    };
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
