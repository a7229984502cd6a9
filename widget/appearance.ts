// The widget's side of the appearance contract (issue 35, shared/appearance/themes.ts): its styles
// read the theme's tokens as custom properties, each with the default theme's value as fallback, so
// with no `appearance` the widget computes exactly the px and colours it always had.
import { APPEARANCE_CLASSES, DEFAULT_TOKENS, token } from '../shared/appearance/themes';

export { APPEARANCE_CLASSES, token };

const BASE_PX = Number.parseFloat(DEFAULT_TOKENS.fontSizeBase);

/**
 * A font size that was `px` in the default look, as a fraction of fontSizeBase:
 * `fontSize(13)` is `calc(var(--cashier-fontSizeBase, 15px) * 13 / 15)`, exactly 13 px by default
 * (a division, not a rounded factor such as 0.8667, which would compute 13.0005 px).
 */
export const fontSize = (px: number) => `calc(${token('fontSizeBase')} * ${px} / ${BASE_PX})`;

/** `units` spacing units: `space(3)` is `calc(var(--cashier-spacingUnit, 4px) * 3)`, 12 px by default. */
export const space = (units: number) => `calc(${token('spacingUnit')} * ${units})`;

/** The class names of `names` that are on (`classes('Method', chosen && 'Method--selected')`), space-separated. */
export const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * The text's line height, unitless everywhere (the form's root, inputs, the dialog): a line is the
 * same height in any font a site chooses. 1.2, about the `normal` of the default system-ui fonts
 * (1.15 to 1.2 in Chromium and Firefox here: a 15 px field's line measured 18 px), so the form keeps
 * its height; 1.4 made it 68 px taller, which pushed the demo's Place order below the fold.
 */
export const LINE_HEIGHT = 1.2;
