import { describe, expect, it } from 'vitest';
import { checkFrameOrigin, isLoopback } from './checkFrameOrigin';

describe('checkFrameOrigin (DESIGN "Security model": frame origin differs from host origin outside development)', () => {
  it.each([
    { frameUrl: 'https://shop.example/frame/', page: 'https://shop.example', throws: true },
    { frameUrl: 'https://cdn.example/frame/', page: 'https://shop.example', throws: false },
    { frameUrl: 'https://shop.example:8443/', page: 'https://shop.example', throws: false },
    { frameUrl: 'http://localhost:4173/', page: 'http://localhost:4173', throws: false },
    { frameUrl: 'http://127.0.0.1:4174/', page: 'http://127.0.0.1:4174', throws: false },
  ])('$frameUrl on $page → throws: $throws', ({ frameUrl, page, throws }) => {
    const call = () => checkFrameOrigin(frameUrl, page);
    if (throws)
      expect(call).toThrow(
        new TypeError('mountCashier: opts.frameUrl must be on another origin than the host page (got https://shop.example)'),
      );
    else expect(call).not.toThrow();
  });

  it.each([
    ['localhost', true],
    ['app.localhost', true],
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['[::1]', true],
    ['127.0.0.1.example.com', false],
    ['example.com', false],
  ])('isLoopback(%s) → %s', (hostname, expected) => {
    expect(isLoopback(hostname)).toBe(expected);
  });
});
