import { describe, expect, it, vi } from 'vitest';
import { CashierError, ErrorCode } from '../shared';
import { relayApi } from './relayApi';

describe('relayApi', () => {
  it.each([
    { name: 'string names', names: ['validate', 'pay'], keys: ['validate', 'pay'] },
    { name: 'not an array', names: 'validate', keys: [] },
    { name: 'null', names: null, keys: [] },
    { name: 'non-strings skipped', names: ['validate', 3, null, { x: 1 }], keys: ['validate'] },
    { name: 'repeats skipped', names: ['pay', 'pay'], keys: ['pay'] },
    { name: '__proto__ is a plain key', names: ['__proto__'], keys: ['__proto__'] },
  ])('method names: $name', ({ names, keys }) => {
    const api = relayApi(names, vi.fn());
    expect(Object.keys(api)).toEqual(keys);
    expect(Object.getPrototypeOf(api)).toBe(Object.prototype);
  });

  it('calls the frame with the method name and arguments and resolves to the value', async () => {
    const callApi = vi.fn(async () => ({ ok: true, value: { valid: true } }));
    const api = relayApi(['validate'], callApi);
    await expect(api.validate?.(1, 'two')).resolves.toEqual({ valid: true });
    expect(callApi).toHaveBeenCalledWith('validate', [1, 'two']);
  });

  it('rejects with the CashierError rebuilt from a failed result', async () => {
    const error = {
      name: 'CashierError',
      code: ErrorCode.ApiMethodNotFound,
      message: 'no such method',
      details: { status: 404 },
    };
    const api = relayApi(['pay'], async () => ({ ok: false, error }));
    const rejection = await api.pay?.().catch((e: unknown) => e);
    expect(rejection).toBeInstanceOf(CashierError);
    expect(rejection).toMatchObject({ code: 'API_METHOD_NOT_FOUND', message: 'no such method', details: { status: 404 } });
  });

  it.each([undefined, null, 'ok', { ok: 'yes' }, { ok: true }, { ok: false }])(
    'rejects INVALID_RESPONSE on a reply like %j',
    async (reply) => {
      const api = relayApi(['pay'], async () => reply);
      await expect(api.pay?.()).rejects.toMatchObject({ code: ErrorCode.InvalidResponse });
    },
  );

  it('passes on the rejection of the transport', async () => {
    const api = relayApi(['pay'], async () => {
      throw new CashierError(ErrorCode.Destroyed, 'gone');
    });
    await expect(api.pay?.()).rejects.toMatchObject({ code: 'DESTROYED' });
  });
});
