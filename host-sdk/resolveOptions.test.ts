import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveOptions } from './resolveOptions';

const base = { host: 'https://tickets.example.com', configuration: { appInstance: 'token' } };
const page = 'https://shop.example/checkout';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('resolveOptions', () => {
  it("applies the defaults: inline theme, no debug, the build's frame URL (vite.config.ts defines CASHIER_FRAME_URL)", () => {
    vi.stubEnv('CASHIER_FRAME_URL', 'https://cashier.example.com/frame/');
    expect(resolveOptions(base, page)).toEqual({
      ...base,
      theme: 'inline',
      debug: false,
      frameUrl: 'https://cashier.example.com/frame/',
    });
  });

  it('keeps what the host gave', () => {
    const given = { ...base, theme: 'modal', debug: true, frameUrl: 'https://frame.example/' };
    expect(resolveOptions(given, page)).toMatchObject({ theme: 'modal', debug: true, frameUrl: 'https://frame.example/' });
  });

  it.each([
    { debug: undefined, url: page, expected: false },
    { debug: true, url: page, expected: true },
    { debug: false, url: `${page}?debug`, expected: true },
    { debug: undefined, url: `${page}?debug=1`, expected: true },
    { debug: true, url: `${page}?debug=false`, expected: true },
    { debug: undefined, url: `${page}?debug=false`, expected: false },
  ])('debug: opts.debug $debug on $url → $expected', ({ debug, url, expected }) => {
    expect(resolveOptions({ ...base, debug }, url).debug).toBe(expected);
  });
});
