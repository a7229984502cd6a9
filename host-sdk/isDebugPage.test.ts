import { describe, expect, it } from 'vitest';
import { isDebugPage } from './isDebugPage';

describe('isDebugPage (spec 2: a debug parameter on the page URL that is not false)', () => {
  it.each([
    { url: 'https://shop.example/checkout', expected: false },
    { url: 'https://shop.example/checkout?debug', expected: true },
    { url: 'https://shop.example/checkout?debug=', expected: true },
    { url: 'https://shop.example/checkout?debug=1', expected: true },
    { url: 'https://shop.example/checkout?debug=true', expected: true },
    { url: 'https://shop.example/checkout?a=b&debug=yes', expected: true },
    { url: 'https://shop.example/checkout?debug=false', expected: false },
    { url: 'https://shop.example/checkout?debugging=1', expected: false },
    { url: 'https://shop.example/checkout#debug', expected: false },
    { url: 'not a url', expected: false },
  ])('$url → $expected', ({ url, expected }) => {
    expect(isDebugPage(url)).toBe(expected);
  });
});
