// Contrast that holds whatever the site's palette (DESIGN "Appearance"): the frame parses the
// site's colours with colord, checks each pair a buyer reads against WCAG 2.1 AA (4.5:1 for text,
// 3:1 for a field's border and the focus ring), and moves a colour that fails to the nearest shade
// that passes. The site learns of each move.
import { type Colord, colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import namesPlugin from 'colord/plugins/names';
import type { ColorParser } from './grammar';

extend([a11yPlugin, namesPlugin]);

/** WCAG 2.1 AA: normal text (1.4.3). */
export const TEXT_CONTRAST = 4.5;
/** WCAG 2.1 AA: user interface components, e.g. a field's border and the focus ring (1.4.11). */
export const UI_CONTRAST = 3;

/**
 * A CSS colour (hex, `rgb()`, `hsl()`, a named colour) as `#rrggbb` or `#rrggbbaa`, or undefined
 * when colord does not read it as a colour. The frame's {@link ColorParser}.
 */
export const parseColor: ColorParser = (value) => {
  const parsed = colord(value);
  return parsed.isValid() ? parsed.toHex() : undefined;
};

/** The colours a buyer reads, as the frame resolves them from its theme and the site's variables. */
export interface Palette {
  colorBackground: string;
  colorText: string;
  colorTextSecondary: string;
  colorPrimary: string;
  colorDanger: string;
  colorBorder: string;
  focusRing: string;
  /** The text on a primary button (the theme's; the site has no variable for it). */
  buttonText: string;
}

/** One colour the frame moved, and why: `onApiInit`'s timings report these to the site. */
export interface ContrastAdjustment {
  /** The colour moved: a variable (`colorText`), the theme's `buttonText`, or a rule's property (`rules[".Input"].color`). */
  variable: string;
  /** What it is read against: `colorBackground`, `colorPrimary`, or a rule's background (`rules[".Button"].background-color`). */
  against: string;
  /** The colour before and after, `#rrggbb`. */
  from: string;
  to: string;
  /** The contrast ratio before and after (floored to 2 decimals, as WCAG tools show it). */
  ratio: number;
  adjusted: number;
  /** The ratio required: {@link TEXT_CONTRAST} or {@link UI_CONTRAST}. */
  required: number;
}

/** The pairs checked: what is read, against what, at which ratio. */
const PAIRS: readonly [Exclude<keyof Palette, 'colorBackground' | 'colorPrimary'>, 'colorBackground' | 'colorPrimary', number][] =
  [
    ['colorText', 'colorBackground', TEXT_CONTRAST],
    ['colorTextSecondary', 'colorBackground', TEXT_CONTRAST],
    ['colorDanger', 'colorBackground', TEXT_CONTRAST],
    ['colorBorder', 'colorBackground', UI_CONTRAST],
    ['focusRing', 'colorBackground', UI_CONTRAST],
    ['buttonText', 'colorPrimary', TEXT_CONTRAST],
  ];

/** `color` painted over the opaque `under`: its alpha composited away. */
function over(color: Colord, under: Colord): Colord {
  const { r, g, b, a } = color.toRgb();
  const base = under.toRgb();
  const mix = (top: number, bottom: number) => top * a + bottom * (1 - a);
  // Whole channels, as the colour will be written: the ratio checked is the ratio shown.
  return colord(colord({ r: mix(r, base.r), g: mix(g, base.g), b: mix(b, base.b), a: 1 }).toHex());
}

/**
 * The shade of `color` nearest to it (the smallest change of HSL lightness, in steps of 1 %) whose
 * contrast with `against` is at least `required`. Pure black or white ends each direction, and one
 * of them passes any ratio up to 4.58:1 against any colour, so the search always ends.
 */
function nearestPassing(color: Colord, against: Colord, required: number): Colord {
  for (let step = 1; step <= 100; step += 1) {
    // Each candidate as it will be written (whole channels, `#rrggbb`): rounding may cost 0.03.
    const candidates = [color.darken(step / 100), color.lighten(step / 100)].map((candidate) => colord(candidate.toHex()));
    const passing = candidates.find((candidate) => candidate.contrast(against) >= required);
    if (passing) return passing;
  }
  return colord('#000').contrast(against) >= colord('#fff').contrast(against) ? colord('#000') : colord('#fff');
}

/**
 * `palette` with every pair a buyer reads at WCAG 2.1 AA: each colour that fails against its
 * background moves to its nearest passing shade; the background and the primary colour (the
 * site's brand) never move. A colour with alpha is checked as painted over its background.
 * @returns the palette to apply (`#rrggbb` each) and one {@link ContrastAdjustment} per colour moved.
 * @throws TypeError when a colour of `palette` is not one colord reads (the parser lets none through).
 */
export function enforceContrast(palette: Palette): { palette: Palette; adjustments: ContrastAdjustment[] } {
  const read = (name: keyof Palette) => {
    const parsed = colord(palette[name]);
    if (!parsed.isValid()) throw new TypeError(`enforceContrast: ${name} is not a colour (got ${JSON.stringify(palette[name])})`);
    return parsed;
  };
  const background = over(read('colorBackground'), colord('#fff'));
  const primary = over(read('colorPrimary'), background);
  const grounds = { colorBackground: background, colorPrimary: primary };
  const result: Palette = { ...palette, colorBackground: background.toHex(), colorPrimary: primary.toHex() };
  const adjustments: ContrastAdjustment[] = [];
  for (const [variable, against, required] of PAIRS) {
    const ground = grounds[against];
    const color = over(read(variable), ground);
    const ratio = color.contrast(ground);
    if (ratio >= required) {
      result[variable] = color.toHex();
      continue;
    }
    const moved = nearestPassing(color, ground, required);
    result[variable] = moved.toHex();
    adjustments.push({
      variable,
      against,
      from: color.toHex(),
      to: moved.toHex(),
      ratio,
      adjusted: moved.contrast(ground),
      required,
    });
  }
  return { palette: result, adjustments };
}

/**
 * `color` checked against the opaque `ground` (each a colour colord reads; `color` with alpha is
 * painted over it) at `required`: undefined when it passes, else the nearest shade that does, with
 * the ratios before and after. The frame checks the colours of the site's `rules` with it.
 */
export function checkPair(
  color: string,
  ground: string,
  required: number,
): { from: string; to: string; ratio: number; adjusted: number } | undefined {
  const under = over(colord(ground), colord('#fff'));
  const shown = over(colord(color), under);
  const ratio = shown.contrast(under);
  if (ratio >= required) return undefined;
  const moved = nearestPassing(shown, under, required);
  return { from: shown.toHex(), to: moved.toHex(), ratio, adjusted: moved.contrast(under) };
}
