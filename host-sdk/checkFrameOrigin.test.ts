import { describe, expect, it } from 'vitest';
import { checkFrameOrigin } from './checkFrameOrigin';

// Loopback (the development exception) is exactly localhost and 127.0.0.1: shared/isHttpsOrLoopback.ts.
describe('checkFrameOrigin (DESIGN "Security model": frame origin differs from host origin outside development)', () => {
  it.each([
    { frameUrl: 'https://shop.example/frame/', page: 'https://shop.example', throws: true },
    { frameUrl: 'https://cdn.example/frame/', page: 'https://shop.example', throws: false },
    { frameUrl: 'https://shop.example:8443/', page: 'https://shop.example', throws: false },
    { frameUrl: 'http://localhost:4173/', page: 'http://localhost:4173', throws: false },
    { frameUrl: 'http://127.0.0.1:4174/', page: 'http://127.0.0.1:4174', throws: false },
    { frameUrl: 'https://app.localhost/', page: 'https://app.localhost', throws: true },
  ])('$frameUrl on $page → throws: $throws', ({ frameUrl, page, throws }) => {
    const call = () => checkFrameOrigin(frameUrl, page);
    if (throws)
      expect(call).toThrow(
        new TypeError(`mountCashier: opts.frameUrl must be on another origin than the host page (got ${page})`),
      );
    else expect(call).not.toThrow();
  });
});
