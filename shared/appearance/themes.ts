// The appearance themes' design tokens (DESIGN "Appearance"): what the widget is styled from. The
// widget writes each token as `var(--cashier-<name>, <default theme's value>)`, so with no
// `appearance` it looks as it always has; the frame sets the custom properties of the theme and
// the site's variables on its document (frame-app/src/appearance), after the contrast check.

/** The themes that have their own tokens; `auto` is `default` or `night` by the buyer's colour scheme. */
export type ThemeName = 'default' | 'night' | 'flat';

/**
 * Every token of a theme. The first eleven are the site's `appearance.variables` of the same name;
 * the rest are the theme's own, which a site changes through `rules`.
 */
export interface ThemeTokens {
  /** Buttons, the chosen payment method, links. */
  colorPrimary: string;
  /** The form's background (`transparent` in `default`: the page shows through, as before appearances). */
  colorBackground: string;
  colorText: string;
  /** Hints and other quieter text. */
  colorTextSecondary: string;
  /** Errors and an invalid field's border. */
  colorDanger: string;
  /** A field's border. */
  colorBorder: string;
  fontFamily: string;
  /** The fields' font size; the other sizes are fractions of it. */
  fontSizeBase: string;
  borderRadius: string;
  /** The spacing unit: gaps and paddings are multiples of it. */
  spacingUnit: string;
  /** The focus ring's colour (its width is the widget's: 3 px). */
  focusRing: string;
  /** Text on a primary-coloured button. */
  buttonText: string;
  /** A field's background. */
  colorInputBackground: string;
  /** A locked field's background. */
  colorInputLocked: string;
  /** A field's border width(s): `flat` draws only the bottom edge. */
  inputBorderWidth: string;
  /** The background and text of a failure notice (payment declined and the like). */
  colorNoticeBackground: string;
  colorNoticeText: string;
  /** `light` or `dark`: which variant of the wallets' buttons their brand rules allow here. */
  scheme: 'light' | 'dark';
}

/** The default theme's tokens: the widget's look before appearances existed, and every token's fallback. */
export const DEFAULT_TOKENS: Readonly<ThemeTokens> = {
  colorPrimary: '#1a56db',
  colorBackground: 'transparent',
  colorText: '#1f2933',
  colorTextSecondary: '#52606d',
  colorDanger: '#c62828',
  // #6b7785 on white is 4.6:1 (WCAG 1.4.11 asks 3:1 of a field's boundary).
  colorBorder: '#6b7785',
  fontFamily: 'system-ui, sans-serif',
  fontSizeBase: '15px',
  borderRadius: '6px',
  spacingUnit: '4px',
  focusRing: '#1a56db',
  buttonText: '#ffffff',
  colorInputBackground: '#ffffff',
  colorInputLocked: '#f0f2f4',
  inputBorderWidth: '1px',
  colorNoticeBackground: '#fdecea',
  colorNoticeText: '#8a1c1c',
  scheme: 'light',
};

/** The tokens of each theme (the widget reads only {@link DEFAULT_TOKENS}: the others stay out of its bundle). */
export const THEMES: Readonly<Record<ThemeName, Readonly<ThemeTokens>>> = {
  default: DEFAULT_TOKENS,
  // Night and flat name only what differs from the default: the sizes and the font are the same.
  night: {
    ...DEFAULT_TOKENS,
    colorPrimary: '#8ab4f8',
    colorBackground: '#14171f',
    colorText: '#e6e8eb',
    colorTextSecondary: '#a9b1bb',
    colorDanger: '#ff8a80',
    colorBorder: '#7b8591',
    focusRing: '#8ab4f8',
    buttonText: '#0b1220',
    colorInputBackground: '#1d2230',
    colorInputLocked: '#262b36',
    colorNoticeBackground: '#3b1d1f',
    colorNoticeText: '#ffb4ab',
    scheme: 'dark',
  },
  flat: {
    ...DEFAULT_TOKENS,
    colorBackground: '#ffffff',
    borderRadius: '4px',
    colorInputBackground: '#eef1f4',
    colorInputLocked: '#e2e6ea',
    inputBorderWidth: '0 0 2px 0',
  },
};

/** The custom property that carries `name`, e.g. `--cashier-colorPrimary`. */
export function tokenProperty(name: keyof ThemeTokens): string {
  return `--cashier-${name}`;
}

/**
 * A token as the widget writes it in a style: `var(--cashier-<name>, <default theme's value>)`,
 * e.g. `token('colorText')` is `var(--cashier-colorText, #1f2933)`.
 */
export function token(name: Exclude<keyof ThemeTokens, 'scheme'>): string {
  return `var(${tokenProperty(name)}, ${DEFAULT_TOKENS[name]})`;
}

/**
 * The class names the widget puts on its parts, which `appearance.rules` selects (the rule
 * `.Input--invalid` styles `class="Input Input--invalid"`); `:hover`, `:focus` and `:disabled`
 * are the elements' own states.
 */
export const APPEARANCE_CLASSES = {
  /** Every text field and select of the form. */
  input: 'Input',
  /** An input whose value is invalid (with `Input`). */
  inputInvalid: 'Input--invalid',
  /** A field's label, and a group's legend. */
  label: 'Label',
  /** A field's error text. */
  error: 'Error',
  /** A payment-method choice (a card, a saved card, PayPal, a wallet). */
  method: 'Method',
  /** The chosen payment method (with `Method`). */
  methodSelected: 'Method--selected',
  /** The widget's own buttons (not the wallets', which keep their brand's look). */
  button: 'Button',
  /** The hold time, failure messages and notes. */
  notice: 'Notice',
  /** The 3-D Secure dialog. */
  dialog: 'Dialog',
  /** A field: its label, control, hint and error (floating labels are laid out from it). */
  field: 'Field',
} as const;

/**
 * The attributes the frame sets on its `<html>` for the widget's own CSS: the labels' place
 * (`above` or `floating`) and the colour scheme (`light` or `dark`, for the wallets' buttons).
 */
export const APPEARANCE_ATTRIBUTES = { labels: 'data-cashier-labels', scheme: 'data-cashier-scheme' } as const;
