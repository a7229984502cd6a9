import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import { describe, expect, it } from 'vitest';
import { enforceContrast, type Palette, parseColor, TEXT_CONTRAST, UI_CONTRAST } from './contrast';
import { parseAppearance } from './index';

extend([a11yPlugin]);

const LIGHT: Palette = {
  colorBackground: '#ffffff',
  colorText: '#1a1a1a',
  colorTextSecondary: '#595959',
  colorPrimary: '#0a5c3b',
  colorDanger: '#b3261e',
  colorBorder: '#767676',
  focusRing: '#0a5c3b',
  buttonText: '#ffffff',
};

describe('parseColor: colord reads the colour, the frame writes hex', () => {
  it.each([
    ['#0A7D4F', '#0a7d4f'],
    ['rebeccapurple', '#663399'],
    ['rgb(0 128 0 / 50%)', '#00800080'],
    ['hsl(0, 100%, 50%)', '#ff0000'],
  ])('%s → %s', (value, hex) => {
    expect(parseColor(value)).toBe(hex);
  });

  it.each(['url(x)', 'red;', 'expression(1)', '', 'var(--x)', '#12'])('%j is not a colour', (value) => {
    expect(parseColor(value)).toBeUndefined();
  });

  it('is the parser parseAppearance refuses with', () => {
    expect(() => parseAppearance({ variables: { colorText: 'reddish' } }, 'opts.appearance', parseColor)).toThrow(
      'opts.appearance.variables.colorText must be a colour (got "reddish")',
    );
  });
});

describe('enforceContrast: every pair a buyer reads passes WCAG 2.1 AA', () => {
  it('a palette that passes is kept as it is, with no adjustment', () => {
    expect(enforceContrast(LIGHT)).toEqual({ palette: LIGHT, adjustments: [] });
  });

  it('#777 text on white (4.47:1) moves to the nearest shade that passes; the ratio before and after is reported', () => {
    const { palette, adjustments } = enforceContrast({ ...LIGHT, colorText: '#777777' });
    expect(adjustments).toEqual([
      {
        variable: 'colorText',
        against: 'colorBackground',
        from: '#777777',
        to: palette.colorText,
        ratio: 4.47,
        adjusted: expect.any(Number),
        required: TEXT_CONTRAST,
      },
    ]);
    const moved = colord(palette.colorText);
    expect(moved.contrast('#fff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // The nearest: one step (1 % HSL lightness) darker, #747474 at 4.67:1, where #767676 would be
    // 4.54:1 but is not a step of the search.
    expect(palette.colorText).toBe('#747474');
    expect(adjustments[0]?.adjusted).toBe(4.67);
    expect(moved.isDark()).toBe(true);
  });

  it('a night palette with dim text: the text is lightened, the background never moves', () => {
    const { palette, adjustments } = enforceContrast({
      ...LIGHT,
      colorBackground: '#14161a',
      colorText: '#444444',
      colorTextSecondary: '#aaaaaa',
      colorBorder: '#8a8a8a',
      colorDanger: '#ff6b6b',
      focusRing: '#7fd1ae',
      colorPrimary: '#7fd1ae',
      buttonText: '#14161a',
    });
    expect(palette.colorBackground).toBe('#14161a');
    expect(adjustments.map((a) => a.variable)).toEqual(['colorText']);
    expect(colord(palette.colorText).contrast('#14161a')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(colord(palette.colorText).brightness()).toBeGreaterThan(colord('#444444').brightness());
  });

  it('a light border (#ccc, 1.6:1) and focus ring move to 3:1, the UI components ratio', () => {
    const { adjustments } = enforceContrast({ ...LIGHT, colorBorder: '#cccccc', focusRing: '#9fd9ff' });
    expect(adjustments.map(({ variable, required }) => [variable, required])).toEqual([
      ['colorBorder', UI_CONTRAST],
      ['focusRing', UI_CONTRAST],
    ]);
    for (const { to, adjusted } of adjustments) {
      expect(adjusted).toBeGreaterThanOrEqual(UI_CONTRAST);
      expect(colord(to).contrast('#fff')).toBeLessThan(TEXT_CONTRAST); // 3:1 asked, not 4.5:1
    }
  });

  it('white button text on a yellow brand: the text moves, the brand colour never does', () => {
    const { palette, adjustments } = enforceContrast({ ...LIGHT, colorPrimary: '#ffd400', focusRing: '#7a6500' });
    expect(palette.colorPrimary).toBe('#ffd400');
    expect(adjustments).toEqual([expect.objectContaining({ variable: 'buttonText', against: 'colorPrimary', from: '#ffffff' })]);
    expect(colord(palette.buttonText).contrast('#ffd400')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('text with alpha is checked as painted over the background', () => {
    const { adjustments } = enforceContrast({ ...LIGHT, colorTextSecondary: 'rgba(0, 0, 0, 0.3)' });
    expect(adjustments).toEqual([expect.objectContaining({ variable: 'colorTextSecondary', from: '#b3b3b3' })]);
  });

  it('the ratio is checked on the colour as written (#rrggbb): every adjustment passes once rounded', () => {
    // Greys and hues near each threshold: a shade that passes only before rounding to whole channels must not be chosen.
    for (let grey = 0x60; grey <= 0x90; grey += 1) {
      for (const hue of ['', 'c0', '40']) {
        const hex = `#${grey.toString(16)}${grey.toString(16)}${hue || grey.toString(16)}`;
        const { palette, adjustments } = enforceContrast({
          ...LIGHT,
          colorText: hex,
          colorBorder: `#${(grey + 0x50).toString(16).repeat(3)}`,
        });
        for (const { variable, to, adjusted, required } of adjustments) {
          expect(palette[variable as keyof Palette]).toBe(to);
          expect(colord(to).contrast('#fff'), `${variable} ${hex} → ${to}`).toBe(adjusted);
          expect(adjusted).toBeGreaterThanOrEqual(required);
        }
      }
    }
  });

  it('refuses a colour colord does not read, naming it', () => {
    expect(() => enforceContrast({ ...LIGHT, colorDanger: 'danger' })).toThrow(
      new TypeError('enforceContrast: colorDanger is not a colour (got "danger")'),
    );
  });
});
