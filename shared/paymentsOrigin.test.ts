import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_PAYMENTS, resolvePaymentsOrigin } from './paymentsOrigin';

describe('resolvePaymentsOrigin', () => {
  const frame = { protocol: 'http:', hostname: '127.0.0.1', port: '4274' };

  it('a production build: exactly the origin it was built with, whatever the frame location', () => {
    expect(resolvePaymentsOrigin('https://api.cashier.example', frame)).toBe('https://api.cashier.example');
  });

  it("a development build: the frame's own host name, one port up, where the reference provider listens (4174 → 4175)", () => {
    expect(resolvePaymentsOrigin(DEVELOPMENT_PAYMENTS, frame)).toBe('http://127.0.0.1:4275');
    expect(resolvePaymentsOrigin(DEVELOPMENT_PAYMENTS, { ...frame, port: '4174' })).toBe('http://127.0.0.1:4175');
  });

  it('none: a build without one, or a development frame on a default port (every approval page refused)', () => {
    expect(resolvePaymentsOrigin(undefined, frame)).toBeUndefined();
    expect(resolvePaymentsOrigin('', frame)).toBeUndefined();
    expect(resolvePaymentsOrigin(DEVELOPMENT_PAYMENTS, { ...frame, port: '' })).toBeUndefined();
  });
});
