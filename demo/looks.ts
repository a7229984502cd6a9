// The demo checkout's looks (issue 35): the appearances its theme picker offers, which the browser
// tests and docs/appearance.md's screenshots use too. The "festival" look shows what a site's own
// brand can be: its colours, a rounded font the demo host serves (Fredoka, SIL OFL 1.1, from
// @fontsource/fredoka), larger corners and floating labels.
import type { Appearance, CashierFont } from '../host-sdk';

/** Where the demo host serves each font file (provider/startAll.ts), by path, and the file it serves. */
export const DEMO_FONT_FILES = {
  '/fonts/fredoka-400.woff2': '@fontsource/fredoka/files/fredoka-latin-400-normal.woff2',
  '/fonts/fredoka-600.woff2': '@fontsource/fredoka/files/fredoka-latin-600-normal.woff2',
} as const;

/** One look: its name in the picker, the `appearance` and the `fonts` (their URLs on `origin`). */
export interface DemoLook {
  label: string;
  appearance?: Appearance;
  fonts?: (origin: string) => CashierFont[];
}

/** The looks, by the `look` query parameter's value. */
export const DEMO_LOOKS = {
  default: { label: 'Default' },
  night: { label: 'Night', appearance: { theme: 'night' } },
  flat: { label: 'Flat', appearance: { theme: 'flat' } },
  festival: {
    label: 'Festival',
    appearance: {
      theme: 'default',
      labels: 'floating',
      variables: {
        colorPrimary: '#7b2cbf',
        colorBackground: '#fff8ef',
        colorText: '#2b193d',
        colorTextSecondary: '#5c4a6e',
        colorBorder: '#8d6fa8',
        focusRing: '#7b2cbf',
        fontFamily: 'Fredoka',
        fontSizeBase: '16px',
        borderRadius: '12px',
        spacingUnit: '4px',
      },
      rules: {
        '.Input:focus': { borderColor: '#7b2cbf', boxShadow: '0 0 0 1px #7b2cbf' },
        '.Label': { fontWeight: '600' },
        '.Method--selected': { color: '#7b2cbf' },
      },
    },
    fonts: (origin) => [
      { family: 'Fredoka', src: `${origin}/fonts/fredoka-400.woff2`, weight: 400 },
      { family: 'Fredoka', src: `${origin}/fonts/fredoka-600.woff2`, weight: 600 },
    ],
  },
} satisfies Record<string, DemoLook>;

export type DemoLookName = keyof typeof DEMO_LOOKS;
