// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { FORBIDDEN_IN_VALUES } from '../shared/appearance/shape';
import { validateOptions, validateUpdate } from './validateOptions';

// The SDK entry's check of `appearance` and `fonts` (issue 35 item 3): everything in the issue's
// list of refused values and selectors throws a TypeError naming the key, in `mountCashier` and in
// `handle.update`, before anything is created or sent. The value grammars are the frame's
// (shared/appearance/appearance.test.ts, frame-app/src/appearance/applyAppearance.test.ts).

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
      'a property not allowed',
      { rules: { '.Input': { backgroundImage: 'none' } } },
      'opts.appearance.rules[".Input"] has no property "backgroundImage"',
    ],
    ['an unknown variable', { variables: { colorSecret: '#000' } }, 'opts.appearance.variables has no variable "colorSecret"'],
    ['an unknown key', { css: 'x' }, 'opts.appearance has no key "css"'],
    [
      'a theme not in the list',
      { theme: 'dark' },
      'opts.appearance.theme must be one of default, night, flat, auto (got "dark")',
    ],
    ['labels not in the list', { labels: 'inside' }, 'opts.appearance.labels must be one of above, floating (got "inside")'],
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
    [
      'not a font file',
      [{ family: 'A', src: 'https://f.example/a.css' }],
      'opts.fonts[0].src must be the URL of a .woff2, .woff or .ttf file',
    ],
    ['a family with a quote', [{ family: 'A"}', src: 'https://f.example/a.woff2' }], 'opts.fonts[0].family must be free of "}"'],
    [
      'a unicode range',
      [{ family: 'A', src: 'https://f.example/a.woff2', unicodeRange: 'U+30-39' }],
      'opts.fonts[0] has no field "unicodeRange"',
    ],
  ])('refuses fonts %s, naming the font and field', (_, fonts, message) => {
    expect(mount({ fonts })).toThrow(TypeError);
    expect(mount({ fonts })).toThrow(`mountCashier: ${message}`);
    expect(update({ fonts })).toThrow(`update: ${message.replace(/^opts/, 'changes')}`);
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
