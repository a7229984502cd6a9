import { describe, expect, it } from 'vitest';
import { CashierError, ErrorCode } from '../../shared';
import { createApiRelay } from './createApiRelay';

describe('createApiRelay (DESIGN "The bundle": api relay)', () => {
  const api = {
    validate: () => ({ valid: true, errors: {} }),
    pay: async (order: { id: string }) => ({ status: 'APPROVED', orderId: order.id }),
    fails: () => {
      throw new Error('card declined');
    },
    failsCoded: async () => {
      throw new CashierError(ErrorCode.Timeout, 'too slow');
    },
    /** The bundle's own copy of CashierError: another class, the same shape. */
    failsOtherCopy: async () => {
      throw Object.assign(new Error('offline'), { name: 'CashierError', code: 'NETWORK_ERROR', details: { causeCode: 'x' } });
    },
    failsUnknownCode: async () => {
      throw Object.assign(new Error('odd'), { code: 'EWHATEVER' });
    },
    unclonable: () => () => 1,
    version: '1.0',
  };

  it('announces only function-valued keys', () => {
    expect(createApiRelay().setApi(api)).toEqual([
      'validate',
      'pay',
      'fails',
      'failsCoded',
      'failsOtherCopy',
      'failsUnknownCode',
      'unclonable',
    ]);
  });

  it.each([
    { name: 'sync value', method: 'validate', args: [], expected: { ok: true, value: { valid: true, errors: {} } } },
    {
      name: 'async value with args',
      method: 'pay',
      args: [{ id: 'o1' }],
      expected: { ok: true, value: { status: 'APPROVED', orderId: 'o1' } },
    },
    {
      name: 'throws',
      method: 'fails',
      args: [],
      expected: {
        ok: false,
        error: { code: 'API_CALL_FAILED', message: 'fails failed: an Error (API_CALL_FAILED; its message is withheld).' },
      },
    },
    {
      name: 'rejects with a CashierError',
      method: 'failsCoded',
      args: [],
      expected: { ok: false, error: { code: 'TIMEOUT', message: 'too slow' } },
    },
    {
      name: "rejects with the bundle's own CashierError copy: the code survives",
      method: 'failsOtherCopy',
      args: [],
      expected: { ok: false, error: { code: 'NETWORK_ERROR', message: 'offline', details: { causeCode: 'x' } } },
    },
    {
      name: 'rejects with an unknown code: API_CALL_FAILED',
      method: 'failsUnknownCode',
      args: [],
      expected: {
        ok: false,
        error: {
          code: 'API_CALL_FAILED',
          message: 'failsUnknownCode failed: an Error (API_CALL_FAILED; its message is withheld).',
        },
      },
    },
    {
      name: 'value that cannot be cloned',
      method: 'unclonable',
      args: [],
      expected: { ok: false, error: { code: 'API_CALL_FAILED' } },
    },
    { name: 'unknown method', method: 'refund', args: [], expected: { ok: false, error: { code: 'API_METHOD_NOT_FOUND' } } },
    { name: 'non-function key', method: 'version', args: [], expected: { ok: false, error: { code: 'API_METHOD_NOT_FOUND' } } },
    { name: 'prototype key', method: 'toString', args: [], expected: { ok: false, error: { code: 'API_METHOD_NOT_FOUND' } } },
  ])('$name', async ({ method, args, expected }) => {
    const relay = createApiRelay();
    relay.setApi(api);
    expect(await relay.callApi(method, args)).toMatchObject(expected);
  });

  it('answers API_METHOD_NOT_FOUND before the api arrives and after clear()', async () => {
    const relay = createApiRelay();
    expect(await relay.callApi('validate', [])).toMatchObject({ ok: false, error: { code: 'API_METHOD_NOT_FOUND' } });
    relay.setApi(api);
    relay.clear();
    expect(await relay.callApi('validate', [])).toMatchObject({ ok: false, error: { code: 'API_METHOD_NOT_FOUND' } });
  });
});
