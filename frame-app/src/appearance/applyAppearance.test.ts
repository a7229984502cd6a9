// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APPEARANCE_PROPERTIES,
  APPEARANCE_SELECTORS,
  APPEARANCE_VARIABLES,
  FORBIDDEN_IN_VALUES,
} from '../../../shared/appearance/shape';
import { THEMES } from '../../../shared/appearance/themes';
import { type AppearanceEnvironment, createAppearance } from './applyAppearance';

// The frame's appearance (issue 35): it parses again what the SDK checked (a page can skip the
// SDK and post to the frame), keeps contrast, and writes every value through the CSSOM.

/** A colour-scheme query the test flips, like the emulated one of the browser tests. */
function scheme(dark = false) {
  const listeners = new Set<() => void>();
  return {
    query: {
      get matches() {
        return dark;
      },
      addEventListener: (_: string, listener: () => void) => {
        listeners.add(listener);
      },
      removeEventListener: (_: string, listener: () => void) => {
        listeners.delete(listener);
      },
    },
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

/** A FontFace stand-in recording what the frame builds and loads. */
function fontFaces() {
  const made: { family: string; source: string; descriptors?: FontFaceDescriptors; loaded: boolean }[] = [];
  class FakeFontFace {
    entry: (typeof made)[number];
    constructor(family: string, source: string, descriptors?: FontFaceDescriptors) {
      this.entry = { family, source, descriptors, loaded: false };
      made.push(this.entry);
    }
    load() {
      this.entry.loaded = true;
      return Promise.resolve(this);
    }
  }
  return { made, FontFace: FakeFontFace as unknown as AppearanceEnvironment['FontFace'] };
}

function setUp(dark = false) {
  const colourScheme = scheme(dark);
  const faces = fontFaces();
  Object.defineProperty(document, 'fonts', { configurable: true, value: { add: vi.fn() } });
  const appearance = createAppearance({ document, matchMedia: () => colourScheme.query, FontFace: faces.FontFace });
  const root = document.documentElement;
  const token = (name: string) => root.style.getPropertyValue(`--cashier-${name}`);
  const rules = () => [...(document.querySelector('style')?.sheet?.cssRules ?? [])].map((rule) => rule.cssText);
  const fontPolicy = () => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content');
  return { appearance, colourScheme, faces, root, token, rules, fontPolicy };
}

afterEach(() => {
  document.head.replaceChildren();
  document.documentElement.removeAttribute('style');
});

const PATH = 'mountCashier: opts';

describe('the frame applies appearance through the CSSOM', () => {
  it('sets each variable as its custom property, parsed', () => {
    const { appearance, token } = setUp();
    appearance.apply(
      {
        variables: {
          colorPrimary: 'rgb(10, 125, 79)',
          colorBackground: '#fffdf7',
          colorText: '#222',
          colorTextSecondary: '#555',
          colorDanger: 'firebrick',
          colorBorder: '#666',
          fontFamily: "'Festival', serif",
          fontSizeBase: '16px',
          borderRadius: '10px',
          spacingUnit: '5px',
          focusRing: '#0a7d4f',
        },
      },
      undefined,
      PATH,
    );
    expect(token('colorPrimary')).toBe('#0a7d4f');
    expect(token('colorBackground')).toBe('#fffdf7');
    expect(token('colorInputBackground')).toBe('#fffdf7');
    expect(token('colorText')).toBe('#222222');
    expect(token('colorTextSecondary')).toBe('#555555');
    expect(token('colorDanger')).toBe('#b22222');
    expect(token('colorBorder')).toBe('#666666');
    expect(token('fontFamily')).toBe('"Festival", serif, system-ui, sans-serif');
    expect(token('fontSizeBase')).toBe('16px');
    expect(token('borderRadius')).toBe('10px');
    expect(token('spacingUnit')).toBe('5px');
    expect(token('focusRing')).toBe('#0a7d4f');
    // Every variable of the API is covered above.
    expect(APPEARANCE_VARIABLES).toHaveLength(11);
  });

  it('writes each rule on its fixed selector, every allowed property, as !important declarations', () => {
    const { appearance, rules } = setUp();
    const rule = {
      color: '#111',
      backgroundColor: '#fff',
      border: '1px solid #444',
      borderColor: '#444',
      borderWidth: '2px',
      borderStyle: 'dashed',
      borderRadius: '4px 8px',
      boxShadow: '0 1px 2px #00000033',
      padding: '8px 12px',
      fontFamily: 'Georgia, serif',
      fontSize: '15px',
      fontWeight: '600',
      letterSpacing: '0.5px',
      lineHeight: '1.5',
      textTransform: 'uppercase',
      outline: '2px solid #0a7d4f',
      outlineColor: '#0a7d4f',
      outlineOffset: '2px',
      outlineWidth: '2px',
      transition: 'border-color 150ms ease-in',
    };
    expect(Object.keys(rule)).toEqual([...APPEARANCE_PROPERTIES]);
    appearance.apply({ rules: Object.fromEntries(APPEARANCE_SELECTORS.map((selector) => [selector, rule])) }, undefined, PATH);
    const written = rules();
    expect(written).toHaveLength(APPEARANCE_SELECTORS.length);
    APPEARANCE_SELECTORS.forEach((selector, index) => {
      expect(written[index]).toMatch(new RegExp(`^${selector.replace(/[.:-]/g, '\\$&')} \\{`));
      expect(written[index]).toContain('text-transform: uppercase !important');
      expect(written[index]).toContain('letter-spacing: 0.5px !important');
      expect(written[index]).toContain('padding: 8px 12px !important');
    });
  });

  it.each(FORBIDDEN_IN_VALUES)('refuses %j again in the frame, naming the key, and changes nothing', (piece) => {
    const { appearance, token, rules } = setUp();
    appearance.apply({ variables: { colorText: '#111' } }, undefined, PATH);
    const value = `#000 ${piece}`;
    expect(() => appearance.apply({ rules: { '.Input': { color: value } } }, undefined, 'update: changes')).toThrow(
      new TypeError(
        `update: changes.appearance.rules[".Input"].color must be free of ${JSON.stringify(piece)} (got ${JSON.stringify(value)})`,
      ),
    );
    expect(token('colorText')).toBe('#111111');
    expect(rules()).toEqual([]);
  });

  it.each([
    [
      'a selector not in the set',
      { rules: { 'input[value^="4"]': { color: 'red' } } },
      'has no selector "input[value^=\\"4\\"]"',
    ],
    [
      'a value that does not parse',
      { variables: { colorPrimary: 'blurple' } },
      'opts.appearance.variables.colorPrimary must be a colour',
    ],
    ['a length with calc()', { variables: { spacingUnit: 'calc(4px + 1px)' } }, 'spacingUnit must be a length'],
  ])('refuses %s in the frame', (_, value, message) => {
    const { appearance } = setUp();
    expect(() => appearance.apply(value, undefined, PATH)).toThrow(TypeError);
    expect(() => appearance.apply(value, undefined, PATH)).toThrow(message);
  });

  it('moves a colour a buyer could not read, and reports it', () => {
    const { appearance, token } = setUp();
    const report = appearance.apply(
      {
        variables: { colorText: '#cccccc', colorBackground: '#ffffff' },
        rules: { '.Button': { backgroundColor: '#ffff00', color: '#ffffff' } },
      },
      undefined,
      PATH,
    );
    expect(report.contrastAdjustments.map(({ variable }) => variable)).toEqual(['colorText', 'rules[".Button"].color']);
    const [text, button] = report.contrastAdjustments;
    expect(token('colorText')).toBe(text?.to);
    expect(text?.adjusted).toBeGreaterThanOrEqual(4.5);
    expect(button?.against).toBe('rules[".Button"].background-color');
    expect(button?.adjusted).toBeGreaterThanOrEqual(4.5);
  });

  it('follows the colour scheme live under auto, and sets labels and scheme on <html>', () => {
    const { appearance, colourScheme, token, root } = setUp(false);
    appearance.apply({ theme: 'auto', labels: 'floating' }, undefined, PATH);
    expect(token('colorText')).toBe(THEMES.default.colorText);
    expect(root.getAttribute('data-cashier-scheme')).toBe('light');
    expect(root.getAttribute('data-cashier-labels')).toBe('floating');
    colourScheme.set(true);
    expect(token('colorText')).toBe(THEMES.night.colorText);
    expect(token('colorBackground')).toBe(THEMES.night.colorBackground);
    expect(root.getAttribute('data-cashier-scheme')).toBe('dark');
    expect(root.style.getPropertyValue('color-scheme')).toBe('dark');
    appearance.apply({ theme: 'flat' }, undefined, PATH);
    colourScheme.set(false);
    expect(token('colorInputBackground')).toBe(THEMES.flat.colorInputBackground);
  });

  it('loads every font at once, allows exactly those files, and refuses another file later', () => {
    const { appearance, faces, fontPolicy } = setUp();
    const fonts = [
      { family: 'Festival', src: 'https://fonts.example/festival.woff2' },
      { family: 'Festival', src: 'https://fonts.example/festival-bold.woff', weight: 700 },
    ];
    appearance.apply({ rules: { '.Input--invalid': { fontFamily: 'Festival' } } }, fonts, PATH);
    expect(fontPolicy()).toBe('font-src https://fonts.example/festival.woff2 https://fonts.example/festival-bold.woff');
    expect(faces.made).toEqual([
      {
        family: 'Festival',
        source: 'url("https://fonts.example/festival.woff2") format("woff2")',
        descriptors: { weight: 'normal', style: 'normal', display: 'swap' },
        loaded: true,
      },
      {
        family: 'Festival',
        source: 'url("https://fonts.example/festival-bold.woff") format("woff")',
        descriptors: { weight: '700', style: 'normal', display: 'swap' },
        loaded: true,
      },
    ]);
    expect(() => appearance.apply({}, [{ family: 'Other', src: 'https://evil.example/x.woff2' }], 'update: changes')).toThrow(
      'update: changes.fonts[0].src must be one of the font files given first',
    );
    expect(() => appearance.apply({}, [fonts[1]], 'update: changes')).not.toThrow();
    expect(faces.made).toHaveLength(2);
    expect(document.querySelectorAll('meta')).toHaveLength(1);
  });

  it('the first fonts given fix the policy, also in a later update; an empty list allows none', () => {
    const { appearance, fontPolicy } = setUp();
    appearance.apply({ theme: 'night' }, undefined, PATH);
    expect(fontPolicy()).toBeUndefined();
    appearance.apply({ theme: 'night' }, [{ family: 'A', src: 'https://f.example/a.woff2' }], 'update: changes');
    expect(fontPolicy()).toBe('font-src https://f.example/a.woff2');
    document.head.replaceChildren();
    const empty = setUp();
    empty.appearance.apply({}, [], PATH);
    expect(empty.fontPolicy()).toBe("font-src 'none'");
  });

  it("a warm-up's fonts are fetched with no policy written; the mount that follows uses them and writes the policy", () => {
    const { appearance, faces, fontPolicy } = setUp();
    const fonts = [{ family: 'Festival', src: 'https://fonts.example/festival.woff2' }];
    appearance.warm(undefined, fonts);
    expect(faces.made.map(({ loaded }) => loaded)).toEqual([true]);
    expect(fontPolicy()).toBeUndefined();
    appearance.warm(undefined, [{ family: 'Bad"', src: 'https://fonts.example/x.woff2' }]); // left for the mount to refuse
    appearance.apply({ variables: { fontFamily: 'Festival' } }, fonts, PATH);
    expect(faces.made).toHaveLength(1);
    expect(fontPolicy()).toBe('font-src https://fonts.example/festival.woff2');
  });

  it('a warm-up applies its appearance to the waiting document; the mount with the same one parses and writes nothing, another one replaces it', () => {
    const { appearance, token, rules, fontPolicy } = setUp();
    const look = { theme: 'night', variables: { colorPrimary: '#7b2cbf' }, rules: { '.Label': { fontWeight: '600' } } };
    appearance.warm(look, undefined);
    expect(token('colorPrimary')).toBe('#7b2cbf');
    expect(token('colorBackground')).toBe(THEMES.night.colorBackground);
    expect(rules()).toEqual(['.Label { font-weight: 600 !important; }']);
    expect(fontPolicy()).toBeUndefined();
    // The mount's own copy (structured clone): equal JSON. Nothing is written again: a token set
    // by hand in between stays, which a second render would overwrite.
    document.documentElement.style.setProperty('--cashier-colorPrimary', 'marker');
    // The warm-up's report comes back (night's button text moved against that primary).
    const { contrastAdjustments } = appearance.apply(structuredClone(look), undefined, PATH);
    expect(contrastAdjustments).toHaveLength(1);
    expect(token('colorPrimary')).toBe('marker');
    // A mount with another look (or none: the default) renders it.
    appearance.apply(undefined, undefined, PATH);
    expect(token('colorPrimary')).toBe(THEMES.default.colorPrimary);
    expect(token('colorBackground')).toBe(THEMES.default.colorBackground);
    expect(rules()).toEqual([]);
  });

  it('a warm-up with an appearance that does not parse applies nothing; the mount refuses it, naming the key', () => {
    const { appearance, token } = setUp();
    appearance.warm({ variables: { colorPrimary: 'url(https://evil.example/x)' } }, undefined);
    expect(token('colorPrimary')).toBe('');
    expect(() => appearance.apply({ variables: { colorPrimary: 'url(https://evil.example/x)' } }, undefined, PATH)).toThrow(
      /mountCashier: opts\.appearance\.variables\.colorPrimary/,
    );
  });
});
