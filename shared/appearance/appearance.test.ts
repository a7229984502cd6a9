import { describe, expect, it } from 'vitest';
import {
  APPEARANCE_PROPERTIES,
  APPEARANCE_SELECTORS,
  APPEARANCE_VARIABLES,
  FORBIDDEN_IN_VALUES,
  fontFaceRule,
  parseAppearance,
  parseFonts,
} from './index';

// A colour parser of the test's own, standing in for the frame's: hex and three names, written
// back lower-cased. What is under test is that every colour goes through the parser given.
const parseColor = (value: string) =>
  /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(value) || ['red', 'white', 'black'].includes(value.toLowerCase())
    ? value.toLowerCase()
    : undefined;
const PATH = 'mountCashier: opts.appearance';
/** An object that holds itself: JSON cannot show it. */
const circular = () => {
  const value: Record<string, unknown> = {};
  value.self = value;
  return value;
};
const parse = (value: unknown) => parseAppearance(value, PATH, parseColor);

describe('parseAppearance: every key checked, every value parsed and written again', () => {
  it('reads every variable and rule into CSS written from parsed tokens', () => {
    expect(
      parse({
        theme: 'night',
        labels: 'floating',
        variables: {
          colorPrimary: '#0A7D4F',
          colorBackground: 'WHITE',
          colorText: 'black',
          colorTextSecondary: '#555',
          colorDanger: 'red',
          colorBorder: '#ccc',
          fontFamily: "Festival Sans, 'Open Sans', system-ui",
          fontSizeBase: '16.0px',
          borderRadius: '6px',
          spacingUnit: '0.25rem',
          focusRing: '#0a7d4f',
        },
        rules: {
          '.Input': { border: '1px solid #ccc', padding: '8px  12px', boxShadow: 'inset 0 1px 2px #000, 0 0 0 1px red' },
          '.Input:focus': { outline: '2px solid #0a7d4f', outlineOffset: '2px' },
          '.Label': { textTransform: 'UPPERCASE', letterSpacing: '0.05em', fontWeight: 600, lineHeight: '1.5' },
          '.Method--selected': { backgroundColor: 'white', borderRadius: '4px 4px 0 0' },
          '.Button:hover': { transition: 'background-color 150ms ease-in, box-shadow .2s' },
        },
      }),
    ).toEqual({
      theme: 'night',
      labels: 'floating',
      variables: {
        colorPrimary: '#0a7d4f',
        colorBackground: 'white',
        colorText: 'black',
        colorTextSecondary: '#555',
        colorDanger: 'red',
        colorBorder: '#ccc',
        fontFamily: '"Festival Sans", "Open Sans", system-ui',
        fontSizeBase: '16px',
        borderRadius: '6px',
        spacingUnit: '0.25rem',
        focusRing: '#0a7d4f',
      },
      rules: {
        '.Input': { border: '1px solid #ccc', padding: '8px 12px', 'box-shadow': 'inset 0 1px 2px #000, 0 0 0 1px red' },
        '.Input:focus': { outline: '2px solid #0a7d4f', 'outline-offset': '2px' },
        '.Label': { 'text-transform': 'uppercase', 'letter-spacing': '0.05em', 'font-weight': '600', 'line-height': '1.5' },
        '.Method--selected': { 'background-color': 'white', 'border-radius': '4px 4px 0 0' },
        '.Button:hover': { transition: 'background-color 150ms ease-in, box-shadow .2s' },
      },
    });
  });

  it('defaults: the default theme, labels above, nothing else', () => {
    expect(parse({})).toEqual({ theme: 'default', labels: 'above', variables: {}, rules: {} });
  });

  it('takes every pinned variable, selector (7 components × 6 states) and property', () => {
    expect(APPEARANCE_VARIABLES).toEqual([
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
    ]);
    expect(APPEARANCE_SELECTORS).toHaveLength(42);
    expect(APPEARANCE_SELECTORS).toContain('.Dialog--invalid');
    expect(APPEARANCE_PROPERTIES).not.toContain('backgroundImage');
  });

  describe('refuses, with a TypeError naming the key', () => {
    it.each(FORBIDDEN_IN_VALUES)('a value holding %j, in a variable and in a rule', (piece) => {
      const hostile = `#fff ${piece}x`;
      expect(() => parse({ variables: { colorPrimary: hostile } })).toThrow(
        new TypeError(`${PATH}.variables.colorPrimary must be free of ${JSON.stringify(piece)} (got ${JSON.stringify(hostile)})`),
      );
      expect(() => parse({ rules: { '.Input:focus': { boxShadow: hostile } } })).toThrow(
        `${PATH}.rules[".Input:focus"].boxShadow must be free of ${JSON.stringify(piece)}`,
      );
    });

    it.each([
      [
        'URL( in capitals',
        { variables: { colorBackground: 'URL(https://evil.example/?4242)' } },
        '.variables.colorBackground must be free of "url("',
      ],
      [
        'a colour the parser does not take',
        { variables: { colorText: 'rebeccapurple' } },
        '.variables.colorText must be a colour',
      ],
      [
        'a length without a unit',
        { variables: { borderRadius: '6' } },
        '.variables.borderRadius must be a length in px, rem, em or % (or 0)',
      ],
      ['a length in another unit', { variables: { spacingUnit: '1vw' } }, '.variables.spacingUnit must be a length'],
      ['a calc()', { variables: { fontSizeBase: 'calc(1px + 1em)' } }, '.variables.fontSizeBase must be a length'],
      ['a number where a string goes', { variables: { colorText: {} } }, '.variables.colorText must be a string'],
      [
        'a font family with quotes inside',
        { variables: { fontFamily: '"a"b"' } },
        '.variables.fontFamily must be a font family name',
      ],
      [
        'a value over 200 characters',
        { variables: { fontFamily: 'a'.repeat(201) } },
        '.variables.fontFamily must be at most 200 characters',
      ],
      ['an unknown variable', { variables: { colorLink: 'red' } }, '.variables has no variable "colorLink"'],
      [
        'a selector reaching the typed card',
        { rules: { 'input[value^="4"]': { color: 'red' } } },
        '.rules has no selector "input[value^=\\"4\\"]"',
      ],
      ['a descendant selector', { rules: { '.Input .Label': { color: 'red' } } }, '.rules has no selector ".Input .Label"'],
      ['two states at once', { rules: { '.Input:hover:focus': { color: 'red' } } }, '.rules has no selector'],
      [
        'a property off the allowlist',
        { rules: { '.Input': { backgroundImage: 'none' } } },
        '.rules[".Input"] has no property "backgroundImage"',
      ],
      ['content', { rules: { '.Label': { content: '"x"' } } }, '.rules[".Label"] has no property "content"'],
      [
        'a border with two colours',
        { rules: { '.Input': { border: '1px red black' } } },
        '.rules[".Input"].border must be a width, a style and a colour',
      ],
      [
        'a shadow of one length',
        { rules: { '.Input': { boxShadow: '1px red' } } },
        '.rules[".Input"].boxShadow must be shadows of',
      ],
      [
        'a transition of a property off the list',
        { rules: { '.Button': { transition: 'background-image 1s' } } },
        '.rules[".Button"].transition must be transitions of',
      ],
      [
        'an unbalanced parenthesis',
        { rules: { '.Button': { boxShadow: '0 0 1px rgb(0' } } },
        '.rules[".Button"].boxShadow must be balanced parentheses',
      ],
      [
        'an empty border',
        { rules: { '.Input': { border: '  ' } } },
        '.rules[".Input"].border must be none, or a width, a style and a colour',
      ],
      [
        'a circular value',
        { variables: { colorText: circular() } },
        '.variables.colorText must be a string (got [object Object])',
      ],
      ['an unknown theme', { theme: 'dark' }, '.theme must be one of default, night, flat, auto (got "dark")'],
      ['an unknown labels', { labels: 'inside' }, '.labels must be one of above, floating'],
      ['an unknown key', { colors: {} }, ' has no key "colors"'],
    ])('%s', (_, appearance, message) => {
      expect(() => parse(appearance)).toThrow(TypeError);
      expect(() => parse(appearance)).toThrow(`${PATH}${message}`);
    });

    it('not an object', () => {
      expect(() => parse('night')).toThrow(`${PATH} must be an object { theme?, variables?, rules?, labels? } (got "night")`);
    });
  });
});

describe('parseFonts: a font the frame loads itself, from a font file URL only', () => {
  const FONTS = 'mountCashier: opts.fonts';

  it('reads each font and writes its @font-face, with no unicode-range', () => {
    const [font] = parseFonts([{ family: 'Festival Sans', src: 'https://fonts.example/festival.woff2?v=2', weight: 700 }], FONTS);
    expect(font).toEqual({
      family: 'Festival Sans',
      src: 'https://fonts.example/festival.woff2?v=2',
      format: 'woff2',
      weight: '700',
      style: 'normal',
      display: 'swap',
    });
    expect(fontFaceRule(font as NonNullable<typeof font>)).toBe(
      '@font-face{font-family:"Festival Sans";src:url("https://fonts.example/festival.woff2?v=2") format("woff2");font-weight:700;font-style:normal;font-display:swap}',
    );
    expect(
      parseFonts([{ family: 'Mono', src: 'http://127.0.0.1:4173/mono.ttf', style: 'italic', display: 'optional' }], FONTS)[0],
    ).toMatchObject({
      format: 'truetype',
      style: 'italic',
      display: 'optional',
    });
  });

  it.each([
    ['not an array', { family: 'A', src: 'https://f.example/a.woff2' }, ' must be an array of at most 8 fonts'],
    [
      'nine fonts',
      Array.from({ length: 9 }, () => ({ family: 'A', src: 'https://f.example/a.woff2' })),
      ' must be an array of at most 8 fonts',
    ],
    ['a hole in the array', new Array(2), '[0] must be an object { family, src, weight?, style?, display? } (got undefined)'],
    ['http off loopback', [{ family: 'A', src: 'http://f.example/a.woff2' }], '[0].src must be an https URL'],
    [
      'a stylesheet',
      [{ family: 'A', src: 'https://f.example/a.css' }],
      '[0].src must be the URL of a .woff2, .woff or .ttf file',
    ],
    ['credentials', [{ family: 'A', src: 'https://u:p@f.example/a.woff2' }], '[0].src must be free of "@"'],
    ['a family that breaks out', [{ family: 'A"}body{', src: 'https://f.example/a.woff2' }], '[0].family must be free of "{"'],
    ['a family with a quote', [{ family: 'A"B', src: 'https://f.example/a.woff2' }], '[0].family must be a font family name'],
    [
      'a unicode-range field',
      [{ family: 'A', src: 'https://f.example/a.woff2', unicodeRange: 'U+34' }],
      '[0] has no field "unicodeRange"',
    ],
    [
      'a bad weight',
      [{ family: 'A', src: 'https://f.example/a.woff2', weight: 650 }],
      '[0].weight must be normal, bold, or 100 to 900',
    ],
    [
      'a bad style',
      [{ family: 'A', src: 'https://f.example/a.woff2', style: 'oblique' }],
      '[0].style must be one of normal, italic',
    ],
    [
      'a bad display',
      [{ family: 'A', src: 'https://f.example/a.woff2', display: 'late' }],
      '[0].display must be one of auto, block, swap, fallback, optional',
    ],
  ])('refuses %s, naming the font and field', (_, fonts, message) => {
    expect(() => parseFonts(fonts, FONTS)).toThrow(TypeError);
    expect(() => parseFonts(fonts, FONTS)).toThrow(`${FONTS}${message}`);
  });
});
