// The contrast of the site's `rules` (DESIGN "Appearance"): a rule may set a text colour, a
// background, a border or an outline of its own, and each must stay readable like the variables:
// text at 4.5:1 against the background it is on, a border or outline at 3:1 (WCAG 2.1 AA). A colour
// that fails moves to its nearest passing shade, reported like a variable's.
import { type ContrastAdjustment, checkPair, TEXT_CONTRAST, UI_CONTRAST } from '../../../shared/appearance/contrast';
import type { AppearanceSelector } from '../../../shared/appearance/shape';
import type { ThemeTokens } from '../../../shared/appearance/themes';

/** What each component's text and background are when its rule does not say: the tokens they are drawn with. */
const DRAWN_WITH: Record<string, { text: keyof ThemeTokens; ground: keyof ThemeTokens }> = {
  '.Input': { text: 'colorText', ground: 'colorInputBackground' },
  '.Label': { text: 'colorText', ground: 'colorBackground' },
  '.Error': { text: 'colorDanger', ground: 'colorBackground' },
  '.Method': { text: 'colorText', ground: 'colorBackground' },
  '.Button': { text: 'colorText', ground: 'colorBackground' },
  '.Notice': { text: 'colorNoticeText', ground: 'colorNoticeBackground' },
  '.Dialog': { text: 'colorText', ground: 'colorInputBackground' },
};

/** A parsed colour at the end of a parsed border or outline (`1px solid #aabbcc`). */
const TRAILING_COLOUR = /#[0-9a-f]{6}(?:[0-9a-f]{2})?$/;

/**
 * `declarations` of the rule for `selector` (parsed: colours as `#rrggbb[aa]`, CSS property names)
 * with each colour a buyer reads moved, if need be, to pass against its ground; each move is pushed
 * onto `adjustments`. `tokens` are the applied tokens (after the variables' own check). A rule that
 * sets a background but no text colour gets the component's text colour, checked on it.
 */
export function adjustRuleContrast(
  selector: AppearanceSelector,
  declarations: Readonly<Record<string, string>>,
  tokens: ThemeTokens,
  adjustments: ContrastAdjustment[],
): Record<string, string> {
  const component = /^\.[A-Za-z]+/.exec(selector)?.[0] ?? '.Input';
  const drawn = DRAWN_WITH[component] ?? { text: 'colorText', ground: 'colorBackground' };
  const result = { ...declarations };
  const ground = result['background-color'] ?? tokens[drawn.ground];
  const groundName = result['background-color'] ? `rules[${JSON.stringify(selector)}].background-color` : drawn.ground;
  const check = (property: string, color: string, required: number) => {
    const failed = checkPair(color, ground, required);
    if (!failed) return color;
    adjustments.push({ variable: `rules[${JSON.stringify(selector)}].${property}`, against: groundName, required, ...failed });
    return failed.to;
  };
  if (result.color !== undefined || result['background-color'] !== undefined) {
    result.color = check('color', result.color ?? tokens[drawn.text], TEXT_CONTRAST);
  }
  for (const property of ['border-color', 'outline-color']) {
    const value = result[property];
    if (value !== undefined) result[property] = check(property, value, UI_CONTRAST);
  }
  for (const property of ['border', 'outline']) {
    const value = result[property];
    const colour = value === undefined ? undefined : TRAILING_COLOUR.exec(value)?.[0];
    if (value !== undefined && colour !== undefined) {
      result[property] = value.replace(TRAILING_COLOUR, check(property, colour, UI_CONTRAST));
    }
  }
  return result;
}
