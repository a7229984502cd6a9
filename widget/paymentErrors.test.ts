import { describe, expect, it } from 'vitest';
import { CashierError, ErrorCode } from '../shared';
import { asCashierError } from './paymentErrors';

describe('asCashierError', () => {
  it('keeps a CashierError, and rebuilds one of another copy by its code', () => {
    const own = new CashierError(ErrorCode.Timeout, 'late');
    expect(asCashierError(own)).toBe(own);
    const copy = Object.assign(new Error('offline'), { code: 'NETWORK_ERROR', details: { status: 502 } });
    expect(asCashierError(copy)).toMatchObject({ code: 'NETWORK_ERROR', message: 'offline', details: { status: 502 } });
  });

  it('anything else is NETWORK_ERROR (nothing is known) without its text, which may be a page or a token (issue 19)', () => {
    const error = asCashierError(new TypeError('<html>Bearer secret-token-123</html>'));
    expect(error).toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'The payment failed: a TypeError (NETWORK_ERROR; its message is withheld).',
    });
  });
});
