import { describe, expect, it } from 'vitest';
import { allowedBundleUrl, bundleUrl, isAllowedStaticsUrl } from './statics';

describe('bundleUrl (DESIGN "The bundle")', () => {
  it.each([
    {
      base: 'https://static.example.com/cashier',
      debug: false,
      expected: 'https://static.example.com/cashier/cashier-widget-lazy-component.bundle.min.js',
    },
    {
      base: 'https://static.example.com/cashier/',
      debug: false,
      expected: 'https://static.example.com/cashier/cashier-widget-lazy-component.bundle.min.js',
    },
    {
      base: 'https://static.example.com/cashier//',
      debug: true,
      expected: 'https://static.example.com/cashier/cashier-widget-lazy-component.bundle.js',
    },
    {
      base: 'https://static.example.com/cashier?v=1.2.3#top',
      debug: false,
      expected: 'https://static.example.com/cashier/cashier-widget-lazy-component.bundle.min.js?v=1.2.3',
    },
    {
      base: 'https://static.example.com',
      debug: true,
      expected: 'https://static.example.com/cashier-widget-lazy-component.bundle.js',
    },
  ])('$base (debug $debug)', ({ base, debug, expected }) => {
    expect(bundleUrl(base, debug)).toBe(expected);
  });
  it('throws a TypeError for a base that is not an absolute URL (isAllowedStaticsUrl refuses it first)', () => {
    expect(() => bundleUrl('/statics', false)).toThrow(TypeError);
  });
});

describe('isAllowedStaticsUrl (DESIGN "Security model")', () => {
  const list = ['https://static.example.com', 'http://127.0.0.1:4175'];
  it.each([
    { url: 'http://localhost:4175/statics', allow: 'development' as const, expected: true },
    { url: 'https://127.0.0.1:9/statics', allow: 'development' as const, expected: true },
    { url: 'http://[::1]:4175/statics', allow: 'development' as const, expected: false },
    { url: 'https://evil.example.com/statics', allow: 'development' as const, expected: false },
    { url: 'http://localhost.evil.com/statics', allow: 'development' as const, expected: false },
    { url: 'javascript:alert(1)', allow: 'development' as const, expected: false },
    { url: 'not a url', allow: 'development' as const, expected: false },
    { url: 'https://static.example.com/cashier/1.2.3', allow: list, expected: true },
    { url: 'http://static.example.com/cashier', allow: list, expected: false },
    { url: 'https://static.example.com.evil.com/cashier', allow: list, expected: false },
    { url: 'http://127.0.0.1:4175/statics', allow: list, expected: true },
    { url: 'http://127.0.0.1:4176/statics', allow: list, expected: false },
    { url: 'not a url', allow: list, expected: false },
  ])('$url → $expected', ({ url, allow, expected }) => {
    expect(isAllowedStaticsUrl(url, allow)).toBe(expected);
  });
});

describe('allowedBundleUrl (security review M2: a production build imports only the URLs it pins)', () => {
  const origin = 'https://static.example.com';
  const pins = [
    `${origin}/v42/cashier-widget-lazy-component.bundle.min.js`,
    `${origin}/v42/cashier-widget-lazy-component.bundle.js`,
  ];
  it.each([
    { base: `${origin}/v42`, debug: false, allow: [origin], expected: pins[0] },
    { base: `${origin}/v42/`, debug: true, allow: [origin], expected: pins[1] },
    { base: `${origin}/v41/`, debug: false, allow: [origin], expected: undefined },
    { base: `${origin}/v42/?v=1`, debug: false, allow: [origin], expected: undefined },
    { base: `${origin}/v42/standalone/`, debug: false, allow: [origin], expected: undefined },
    { base: 'https://evil.example.com/v42', debug: false, allow: [origin], expected: undefined },
    { base: 'not a url', debug: false, allow: [origin], expected: undefined },
    {
      base: 'http://127.0.0.1:9/fixtures/plain-dom/',
      debug: false,
      allow: 'development' as const,
      expected: 'http://127.0.0.1:9/fixtures/plain-dom/cashier-widget-lazy-component.bundle.min.js',
    },
    { base: 'https://evil.example.com/v42', debug: false, allow: 'development' as const, expected: undefined },
  ])('$base (debug $debug) → $expected', ({ base, debug, allow, expected }) => {
    expect(allowedBundleUrl(base, debug, allow, pins)).toBe(expected);
  });

  it('a development build with an allowlist of its own (pins null) takes any path on it, and nothing off it', () => {
    const local = 'http://localhost:4175';
    expect(allowedBundleUrl(`${local}/cashier-mock/`, false, [local], null)).toBe(
      `${local}/cashier-mock/cashier-widget-lazy-component.bundle.min.js`,
    );
    expect(allowedBundleUrl('http://127.0.0.1:4175/cashier-mock/', false, [local], null)).toBeUndefined();
    expect(allowedBundleUrl(`${local}/cashier-mock/`, false, [local], [])).toBeUndefined();
  });
});
