import { describe, expect, it, vi } from 'vitest';
import { CashierError, ErrorCode } from '../shared';
import { relayApi } from './relayApi';
import type { CashierApi } from './types';

/** The relayed api as an untyped caller (the script tag) sees it: any name, any arguments. */
const untyped = (api: CashierApi) => api as unknown as Record<string, ((...args: unknown[]) => Promise<unknown>) | undefined>;

describe('relayApi', () => {
  it.each([
    { name: 'string names', names: ['validate', 'pay', 'refresh'], keys: ['validate', 'pay', 'refresh'] },
    { name: 'not an array', names: 'validate', keys: ['validate', 'pay'] },
    { name: 'null', names: null, keys: ['validate', 'pay'] },
    { name: 'non-strings skipped', names: ['refresh', 3, null, { x: 1 }], keys: ['validate', 'pay', 'refresh'] },
    { name: 'repeats skipped', names: ['pay', 'pay'], keys: ['validate', 'pay'] },
    { name: '__proto__ is a plain key', names: ['__proto__'], keys: ['validate', 'pay', '__proto__'] },
  ])('method names: $name (validate and pay always)', ({ names, keys }) => {
    const api = relayApi(names, vi.fn());
    expect(Object.keys(api)).toEqual(keys);
    expect(Object.getPrototypeOf(api)).toBe(Object.prototype);
  });

  it('calls the frame with the method name and arguments and resolves to the value', async () => {
    const callApi = vi.fn(async () => ({ ok: true, value: { valid: true } }));
    const api = untyped(relayApi(['validate'], callApi));
    await expect(api.validate?.(1, 'two')).resolves.toEqual({ valid: true });
    expect(callApi).toHaveBeenCalledWith('validate', [1, 'two']);
  });

  it('a typed method the widget did not announce still calls the frame, which answers API_METHOD_NOT_FOUND', async () => {
    const error = new CashierError(ErrorCode.ApiMethodNotFound, 'The widget has no api method pay.').toJSON();
    const callApi = vi.fn(async () => ({ ok: false, error }));
    const api = relayApi(['validate'], callApi);
    await expect(api.pay({ orderId: 'ord_1' })).rejects.toMatchObject({ code: 'API_METHOD_NOT_FOUND' });
    expect(callApi).toHaveBeenCalledWith('pay', [{ orderId: 'ord_1' }]);
  });

  it('rejects with the CashierError rebuilt from a failed result', async () => {
    const error = {
      name: 'CashierError',
      code: ErrorCode.ApiMethodNotFound,
      message: 'no such method',
      details: { status: 404 },
    };
    const api = relayApi(['pay'], async () => ({ ok: false, error }));
    const rejection = await untyped(api)
      .pay?.()
      .catch((e: unknown) => e);
    expect(rejection).toBeInstanceOf(CashierError);
    expect(rejection).toMatchObject({ code: 'API_METHOD_NOT_FOUND', message: 'no such method', details: { status: 404 } });
  });

  it.each([undefined, null, 'ok', { ok: 'yes' }, { ok: true }, { ok: false }])(
    'rejects INVALID_RESPONSE on a reply like %j',
    async (reply) => {
      const api = relayApi(['pay'], async () => reply);
      await expect(untyped(api).pay?.()).rejects.toMatchObject({ code: ErrorCode.InvalidResponse });
    },
  );

  it('passes on the rejection of the transport', async () => {
    const api = relayApi(['pay'], async () => {
      throw new CashierError(ErrorCode.Destroyed, 'gone');
    });
    await expect(untyped(api).pay?.()).rejects.toMatchObject({ code: 'DESTROYED' });
  });
});
