// The frame's side of `appearance` and `fonts` (DESIGN "Appearance"): it trusts nothing the page
// sent, so it checks the shape again and parses every value with its grammar and a real colour
// parser (colord), keeps each colour a buyer reads at WCAG 2.1 AA, and writes the result through
// the CSSOM: custom properties the widget's styles read (shared/appearance/themes.ts), rules on the
// fixed class selectors, and FontFace objects it loads at once. No text of the page's becomes CSS.
// Loaded only when a mount has an appearance or fonts (the import map's `cashier-frame-appearance`).
import { type ContrastAdjustment, enforceContrast, type Palette, parseColor } from '../../../shared/appearance/contrast';
import {
  type AppearanceSelector,
  type ParsedAppearance,
  type ParsedFont,
  parseAppearance,
  parseFonts,
} from '../../../shared/appearance/index';
import {
  APPEARANCE_ATTRIBUTES,
  THEMES,
  type ThemeName,
  type ThemeTokens,
  tokenProperty,
} from '../../../shared/appearance/themes';
import { adjustRuleContrast } from './ruleContrast';

/** The part of a `MediaQueryList` the appearance uses. */
export interface ColourSchemeQuery {
  readonly matches: boolean;
  addEventListener(type: 'change', listener: () => void): void;
  removeEventListener(type: 'change', listener: () => void): void;
}

/** What the frame gives {@link createAppearance}: its document and window's media queries and FontFace. */
export interface AppearanceEnvironment {
  document: Document;
  matchMedia: (query: string) => ColourSchemeQuery;
  /** The FontFace constructor; absent where the browser has none (the fonts are then not loaded). */
  FontFace?: new (
    family: string,
    source: string,
    descriptors?: FontFaceDescriptors,
  ) => FontFace;
}

/** One `apply`'s outcome: the colours moved to keep WCAG 2.1 AA contrast (none: empty). */
export interface AppearanceReport {
  contrastAdjustments: ContrastAdjustment[];
}

/** The frame's appearance: applies the page's `appearance` and `fonts`, and follows `auto`'s colour scheme. */
export interface AppearanceController {
  /**
   * Checks, parses and applies `appearance` (undefined: the default look) and `fonts` (undefined:
   * those applied before, at first none). `path` names the option in errors, e.g. `mountCashier: opts`.
   * The first `fonts` given (at the mount or in an update) are the only files the frame's CSP
   * allows, for the document's life: a later font file is refused.
   * @throws TypeError naming the key, before anything changes.
   */
  apply(appearance: unknown, fonts: unknown, path: string): AppearanceReport;
  /**
   * A warm-up's part (`preloadCashier` with `appearance` or `fonts`): loads the font files now,
   * so the mount finds them cached, and applies `appearance` to the waiting document, so a mount
   * with the same appearance finds it applied and parses nothing (issue 35's phone figure). Writes
   * no policy (the mount does). What does not parse is left for the mount to refuse.
   */
  warm(appearance: unknown, fonts: unknown): void;
  /** Stops following the colour scheme. */
  dispose(): void;
}

const DARK = '(prefers-color-scheme: dark)';
/** The generic families every font stack ends with, when the site's names none: the form shows at once in them. */
const FALLBACK_STACK = 'system-ui, sans-serif';

/**
 * Creates the frame's appearance controller for `env.document`. The first {@link AppearanceController.apply}
 * with `fonts` writes the Content-Security-Policy `font-src` of exactly those files (`'none'` for
 * an empty list), a policy a later script cannot widen, so no other font is ever fetched. Before
 * it, no font is fetched either: only `fonts` make FontFaces, and no value may hold a URL.
 */
export function createAppearance(env: AppearanceEnvironment): AppearanceController {
  const { document } = env;
  const root = document.documentElement;
  const style = document.createElement('style');
  document.head.append(style);
  const dark = env.matchMedia(DARK);
  let current: ParsedAppearance | undefined;
  /** The page's `appearance` as rendered last (JSON) and that render's report: the same again renders nothing. */
  let rendered: { json: string; report: AppearanceReport } | undefined;
  /** The font files the CSP allows: the first apply's. */
  let allowedFonts: Set<string> | undefined;
  const loaded = new Map<string, FontFace>();

  const render = (): AppearanceReport => {
    const appearance = current as ParsedAppearance;
    const themeName: ThemeName = appearance.theme === 'auto' ? (dark.matches ? 'night' : 'default') : appearance.theme;
    const tokens: ThemeTokens = { ...THEMES[themeName], ...appearance.variables };
    if (appearance.variables.colorBackground !== undefined) {
      // The site's background is the fields' too: its text colour is read on them.
      tokens.colorInputBackground = appearance.variables.colorBackground;
    }
    if (appearance.variables.fontFamily !== undefined)
      tokens.fontFamily = `${appearance.variables.fontFamily}, ${FALLBACK_STACK}`;
    const { palette, adjustments } = enforceContrast(paletteOf(tokens));
    // `transparent` stays: the page shows through the default theme, as it always has.
    const background = tokens.colorBackground === 'transparent' ? 'transparent' : palette.colorBackground;
    Object.assign(tokens, palette, { colorBackground: background });
    for (const name of Object.keys(tokens) as (keyof ThemeTokens)[]) {
      if (name !== 'scheme') root.style.setProperty(tokenProperty(name), tokens[name]);
    }
    root.setAttribute(APPEARANCE_ATTRIBUTES.labels, appearance.labels);
    root.setAttribute(APPEARANCE_ATTRIBUTES.scheme, tokens.scheme);
    // The browser's own parts (radio buttons, a select's arrow, scrollbars) in the theme's scheme too.
    root.style.setProperty('color-scheme', tokens.scheme);
    const sheet = style.sheet as CSSStyleSheet;
    while (sheet.cssRules.length > 0) sheet.deleteRule(0);
    for (const [selector, declarations] of Object.entries(appearance.rules) as [AppearanceSelector, Record<string, string>][]) {
      const checked = adjustRuleContrast(selector, declarations, tokens, adjustments);
      // The selector is one of the fixed set (parseAppearance refused any other); each value goes
      // in through setProperty, which takes one value or nothing.
      const rule = sheet.cssRules[sheet.insertRule(`${selector}{}`, sheet.cssRules.length)] as CSSStyleRule;
      for (const [property, value] of Object.entries(checked)) rule.style.setProperty(property, value, 'important');
    }
    return { contrastAdjustments: adjustments };
  };

  const onScheme = () => {
    if (current?.theme === 'auto' && rendered) rendered = { ...rendered, report: render() };
  };
  dark.addEventListener('change', onScheme);

  /** Renders `parsed` (the page's `json`) and keeps its report: the same JSON again renders nothing. */
  const show = (json: string, parsed: ParsedAppearance): AppearanceReport => {
    current = parsed;
    rendered = { json, report: render() };
    return rendered.report;
  };
  // The page's value arrived by structured clone: its JSON is the value, keys in its order.
  const jsonOf = (appearance: unknown) => JSON.stringify(appearance ?? {});

  return {
    apply(appearance, fonts, path) {
      const json = jsonOf(appearance);
      // Rendered already (a warm-up's, or the same update again): nothing to parse or write.
      const parsed = rendered?.json === json ? undefined : parseAppearance(appearance ?? {}, `${path}.appearance`, parseColor);
      const parsedFonts = fonts === undefined ? undefined : parseFonts(fonts, `${path}.fonts`);
      if (allowedFonts === undefined) {
        // The first fonts given fix the policy (an apply without fonts fetches none: no value may hold a URL).
        if (parsedFonts) {
          allowedFonts = new Set(parsedFonts.map((font) => font.src));
          writeFontPolicy(document, [...allowedFonts]);
        }
      } else {
        parsedFonts?.forEach((font, index) => {
          if (!allowedFonts?.has(font.src)) {
            throw new TypeError(
              `${path}.fonts[${index}].src must be one of the font files given first (the frame's policy allows those only; got ${JSON.stringify(font.src)})`,
            );
          }
        });
      }
      if (parsedFonts) loadFonts(env, parsedFonts, loaded);
      return parsed ? show(json, parsed) : (rendered as NonNullable<typeof rendered>).report;
    },
    warm(appearance, fonts) {
      try {
        if (fonts !== undefined) loadFonts(env, parseFonts(fonts, 'preloadCashier: options.fonts'), loaded);
      } catch {
        // the mount refuses them, naming the key
      }
      try {
        const json = jsonOf(appearance);
        if (appearance !== undefined && rendered?.json !== json) {
          show(json, parseAppearance(appearance, 'preloadCashier: options.appearance', parseColor));
        }
      } catch {
        // the mount refuses it, naming the key
      }
    },
    dispose() {
      dark.removeEventListener('change', onScheme);
    },
  };
}

/** The colours a buyer reads, from the tokens: the primary button's text is the theme's. */
function paletteOf(tokens: ThemeTokens): Palette {
  const { colorBackground, colorText, colorTextSecondary, colorPrimary, colorDanger, colorBorder, focusRing, buttonText } =
    tokens;
  return { colorBackground, colorText, colorTextSecondary, colorPrimary, colorDanger, colorBorder, focusRing, buttonText };
}

/** Appends the meta policy `font-src` of exactly `sources` (none: `'none'`); policies only narrow, so it holds for the document's life. */
function writeFontPolicy(document: Document, sources: readonly string[]): void {
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  // Each source is a URL as `URL` writes it, from a checked https (or loopback) font file URL: no
  // space, comma or semicolon is left in it, so it is one source expression.
  meta.content = `font-src ${sources.length > 0 ? sources.join(' ') : "'none'"}`;
  document.head.append(meta);
}

/**
 * Adds each font (once per file, family, weight and style) to the document and loads it now, at the
 * mount, whatever the buyer does next: a font used only by a state's rule (`.Input--invalid`)
 * would otherwise be fetched when that state arises, telling the font's server about it. The
 * face is written from the parsed fields, never with a `unicode-range`.
 */
function loadFonts(env: AppearanceEnvironment, fonts: readonly ParsedFont[], loaded: Map<string, FontFace>): void {
  if (!env.FontFace) return;
  for (const font of fonts) {
    const key = JSON.stringify([font.src, font.family, font.weight, font.style]);
    if (loaded.has(key)) continue;
    const face = new env.FontFace(font.family, `url(${JSON.stringify(font.src)}) format("${font.format}")`, {
      weight: font.weight,
      style: font.style,
      display: font.display,
    });
    loaded.set(key, face);
    env.document.fonts.add(face);
    face.load().catch(() => undefined); // a font that fails leaves the fallback: nothing to tell
  }
}
