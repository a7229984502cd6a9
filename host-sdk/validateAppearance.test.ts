// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { checkAppearance, checkFonts, FORBIDDEN_IN_VALUES } from '../shared/appearance/shape';
import { validateOptions, validateUpdate } from './validateOptions';

// The SDK entry's check of `appearance` and `fonts` (issue 35 item 3): everything in the issue's
// list of refused values and selectors throws a TypeError naming the key, in `mountCashier` and in
// `handle.update`, before anything is created or sent. The names, the words of `theme`, `labels`,
// `style` and `display`, the font file type and the value grammars are the frame's (issue 36 item
// 4: the script tag carries none of them; shared/appearance/appearance.test.ts,
// frame-app/src/appearance/applyAppearance.test.ts).

const good = () => ({ host: 'https://tickets.example.com', configuration: { appInstance: 'token-1' } });
const attached = () => document.body.appendChild(document.createElement('div'));
const mount = (extra: object) => () => validateOptions(attached(), { ...good(), ...extra });
const update = (changes: object) => () => validateUpdate(changes);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('appearance in mountCashier and handle.update', () => {
  // Each forbidden piece, in a variable, a rule value and a font URL.
  it.each(FORBIDDEN_IN_VALUES)('refuses %j wherever a value goes, naming the key', (piece) => {
    const value = `red ${piece} x`;
    expect(mount({ appearance: { variables: { colorPrimary: value } } })).toThrow(
      new TypeError(
        `mountCashier: opts.appearance.variables.colorPrimary must be free of ${JSON.stringify(piece)} (got ${JSON.stringify(value)})`,
      ),
    );
    expect(update({ appearance: { rules: { '.Input:focus': { borderColor: value } } } })).toThrow(
      new TypeError(
        `update: changes.appearance.rules[".Input:focus"].borderColor must be free of ${JSON.stringify(piece)} (got ${JSON.stringify(value)})`,
      ),
    );
    expect(mount({ fonts: [{ family: 'Festival', src: `https://fonts.example/${piece}.woff2` }] })).toThrow(
      /^mountCashier: opts\.fonts\[0\]\.src must be (free of|an https URL|the URL of a)/,
    );
  });

  it.each([
    ['an upper-case piece', { variables: { colorText: 'URL(x)' } }, 'opts.appearance.variables.colorText must be free of "url("'],
    [
      'a selector not in the set',
      { rules: { 'input[value^="4"]': { color: 'red' } } },
      'opts.appearance.rules has no selector "input[value^=\\"4\\"]"',
    ],
    [
      'a state the component has no such',
      { rules: { '.Input::placeholder': { color: 'red' } } },
      'has no selector ".Input::placeholder"',
    ],
    ['two states', { rules: { '.Input:focus:hover': { color: 'red' } } }, 'has no selector ".Input:focus:hover"'],
    [
      'a value that is an object',
      { variables: { colorText: { toString: (): string => 'red' } } },
      'opts.appearance.variables.colorText must be a string',
    ],
    [
      'a value over 200 characters',
      { variables: { fontFamily: 'a'.repeat(201) } },
      'opts.appearance.variables.fontFamily must be at most 200 characters',
    ],
  ])('refuses %s, naming it', (_, appearance, message) => {
    expect(mount({ appearance })).toThrow(TypeError);
    expect(mount({ appearance })).toThrow(message);
  });

  it.each([
    ['not an array', { family: 'A', src: 'https://f.example/a.woff2' }, 'opts.fonts must be an array of at most 8 fonts'],
    ['http off loopback', [{ family: 'A', src: 'http://f.example/a.woff2' }], 'opts.fonts[0].src must be an https URL'],
    ['a family with a quote', [{ family: 'A"}', src: 'https://f.example/a.woff2' }], 'opts.fonts[0].family must be free of "}"'],
  ])('refuses fonts %s, naming the font and field', (_, fonts, message) => {
    expect(mount({ fonts })).toThrow(TypeError);
    expect(mount({ fonts })).toThrow(`mountCashier: ${message}`);
    expect(update({ fonts })).toThrow(`update: ${message.replace(/^opts/, 'changes')}`);
  });

  // Left to the frame: the SDK lets them through, the frame's full check refuses them naming the key
  // (at the mount, INVALID_ARGUMENT through onCrash; at an update, its rejection).
  it.each([
    [
      'a property not allowed',
      { rules: { '.Input': { backgroundImage: 'none' } } },
      '.appearance.rules[".Input"] has no property "backgroundImage"',
    ],
    ['an unknown variable', { variables: { colorSecret: '#000' } }, '.appearance.variables has no variable "colorSecret"'],
    ['an unknown key', { css: 'x' }, '.appearance has no key "css"'],
    ['a theme not in the list', { theme: 'dark' }, '.appearance.theme must be one of default, night, flat, auto (got "dark")'],
    ['labels not in the list', { labels: 'inside' }, '.appearance.labels must be one of above, floating (got "inside")'],
  ])('leaves %s to the frame, which refuses it naming the key', (_, appearance, message) => {
    expect(mount({ appearance })).not.toThrow();
    expect(update({ appearance })).not.toThrow();
    expect(() => checkAppearance(appearance, 'mountCashier: opts.appearance')).toThrow(`mountCashier: opts${message}`);
  });

  it.each([
    [
      'not a font file',
      [{ family: 'A', src: 'https://f.example/a.css' }],
      '.fonts[0].src must be the URL of a .woff2, .woff or .ttf file',
    ],
    [
      'a unicode range',
      [{ family: 'A', src: 'https://f.example/a.woff2', unicodeRange: 'U+30-39' }],
      '.fonts[0] has no field "unicodeRange"',
    ],
    [
      'a family not a plain name',
      [{ family: 'A.B', src: 'https://f.example/a.woff2' }],
      '.fonts[0].family must be a font family name',
    ],
    [
      'a style not in the list',
      [{ family: 'A', src: 'https://f.example/a.woff2', style: 'oblique' }],
      '.fonts[0].style must be one of normal, italic',
    ],
  ])('leaves fonts with %s to the frame, which refuses them naming the font and field', (_, fonts, message) => {
    expect(mount({ fonts })).not.toThrow();
    expect(update({ fonts })).not.toThrow();
    expect(() => checkFonts(fonts, 'mountCashier: opts.fonts')).toThrow(`mountCashier: opts${message}`);
  });

  it('checks every value of a font, named or not, and of theme and labels, for the forbidden pieces', () => {
    expect(mount({ fonts: [{ family: 'A', src: 'https://f.example/a.woff2', weight: 'url(x)' }] })).toThrow(
      'mountCashier: opts.fonts[0].weight must be free of "url("',
    );
    expect(mount({ fonts: [{ family: 'A', src: 'https://f.example/a.woff2', unicodeRange: '@x' }] })).toThrow(
      'mountCashier: opts.fonts[0].unicodeRange must be free of "@"',
    );
    expect(mount({ fonts: [{ src: 'https://f.example/a.woff2' }] })).toThrow(
      'mountCashier: opts.fonts[0].family must be a string',
    );
    expect(update({ appearance: { theme: 'night;x' } })).toThrow('update: changes.appearance.theme must be free of ";"');
    expect(mount({ appearance: { labels: '<b>' } })).toThrow('mountCashier: opts.appearance.labels must be free of "<"');
  });

  it('accepts a full appearance and fonts, and lets update change them', () => {
    const appearance = {
      theme: 'auto',
      labels: 'floating',
      variables: { colorPrimary: '#0a7d4f', fontFamily: 'Festival, system-ui', borderRadius: '10px' },
      rules: {
        '.Input:focus': { borderColor: '#0a7d4f', boxShadow: '0 0 0 1px #0a7d4f' },
        '.Method--selected': { fontWeight: '600' },
      },
    };
    const fonts = [{ family: 'Festival', src: 'https://fonts.example/festival.woff2', weight: 400, display: 'swap' }];
    expect(mount({ appearance, fonts })).not.toThrow();
    expect(update({ appearance, fonts })).not.toThrow();
    expect(update({ appearance: {} })).not.toThrow();
  });
});
