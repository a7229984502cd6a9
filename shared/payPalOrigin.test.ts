import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_PAYPAL, resolvePayPalOrigin } from './payPalOrigin';

describe('resolvePayPalOrigin', () => {
  const frame = { protocol: 'http:', hostname: '127.0.0.1', port: '4274' };

  it('a production build: exactly the origin it was built with, whatever the frame location', () => {
    expect(resolvePayPalOrigin('https://api.cashier.example', frame)).toBe('https://api.cashier.example');
  });

  it("a development build: the frame's own host name, one port up, where the reference provider listens (4174 → 4175)", () => {
    expect(resolvePayPalOrigin(DEVELOPMENT_PAYPAL, frame)).toBe('http://127.0.0.1:4275');
    expect(resolvePayPalOrigin(DEVELOPMENT_PAYPAL, { ...frame, port: '4174' })).toBe('http://127.0.0.1:4175');
  });

  it('none: a build without one, or a development frame on a default port (every approval page refused)', () => {
    expect(resolvePayPalOrigin(undefined, frame)).toBeUndefined();
    expect(resolvePayPalOrigin('', frame)).toBeUndefined();
    expect(resolvePayPalOrigin(DEVELOPMENT_PAYPAL, { ...frame, port: '' })).toBeUndefined();
  });
});
