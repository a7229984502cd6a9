import { describe, expect, it } from 'vitest';
import { CashierError, ErrorCode, rebuildCashierError } from './CashierError';

describe('CashierError', () => {
  it('round-trips through its serialized form with code and details', () => {
    const original = new CashierError(ErrorCode.SettingsLoadFailed, 'settings failed', {
      status: 503,
      causeCode: 'HTTP_SERVER_ERROR',
    });
    const copy = rebuildCashierError(JSON.parse(JSON.stringify(original.toJSON())));
    expect(copy).toBeInstanceOf(CashierError);
    expect(copy).toMatchObject({ name: 'CashierError', code: 'SETTINGS_LOAD_FAILED', message: 'settings failed' });
    expect(copy.details).toEqual({ status: 503, causeCode: 'HTTP_SERVER_ERROR' });
  });

  it('keeps the order a payment error is about when it crosses the iframe (issue 12), and drops one that is not a string', () => {
    const original = new CashierError(ErrorCode.PaymentOpenForAnotherOrder, 'open', { orderId: 'ord_A' });
    const copy = rebuildCashierError(JSON.parse(JSON.stringify(original.toJSON())));
    expect(copy).toMatchObject({ code: 'PAYMENT_OPEN_FOR_ANOTHER_ORDER', details: { orderId: 'ord_A' } });
    const junk = rebuildCashierError({ code: 'PAYMENT_OUTCOME_UNKNOWN', message: 'm', details: { orderId: 42 } });
    expect(junk.details).toEqual({});
  });

  it('ORDER_NOT_FOUND crosses the iframe with the order and the status', () => {
    const original = new CashierError(ErrorCode.OrderNotFound, 'gone', { orderId: 'ord_gone', status: 404 });
    const copy = rebuildCashierError(JSON.parse(JSON.stringify(original.toJSON())));
    expect(copy).toMatchObject({ code: 'ORDER_NOT_FOUND', details: { orderId: 'ord_gone', status: 404 } });
  });

  it.each([
    {
      name: 'unknown code',
      input: { code: 'WHATEVER', message: 'm' },
      code: 'BUNDLE_CRASHED',
      message: 'An error in no known form (BUNDLE_CRASHED; its message is withheld).',
    },
    {
      name: 'plain Error',
      input: new Error('boom'),
      code: 'BUNDLE_CRASHED',
      message: 'An error in no known form (BUNDLE_CRASHED; its message is withheld).',
    },
    {
      name: 'string',
      input: 'oops',
      code: 'BUNDLE_CRASHED',
      message: 'An error in no known form (BUNDLE_CRASHED; its message is withheld).',
    },
    {
      name: 'junk details dropped',
      input: { code: 'TIMEOUT', message: 'm', details: { status: 'x' } },
      code: 'TIMEOUT',
      message: 'm',
    },
  ])('rebuilds untrusted input: $name', ({ input, code, message }) => {
    const error = rebuildCashierError(input);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.details.status).toBeUndefined();
  });
});

describe('CashierError: one class across copies (issue 10)', () => {
  it('instanceof holds for an error made by another copy of the class, and only for CashierErrors', async () => {
    // A second module instance, as the script-tag SDK and its bridge file each carry one.
    const copyUrl = './CashierError?copy'; // a query makes Vite load the file again, as a module of its own
    const copy = (await import(/* @vite-ignore */ copyUrl)) as typeof import('./CashierError');
    expect(copy.CashierError).not.toBe(CashierError);
    const fromCopy = new copy.CashierError(ErrorCode.Timeout, 'late');
    expect(fromCopy instanceof CashierError).toBe(true);
    expect(new CashierError(ErrorCode.Timeout, 'late') instanceof copy.CashierError).toBe(true);
    expect(new Error('plain') instanceof CashierError).toBe(false);
    expect({ code: 'TIMEOUT', message: 'x', name: 'CashierError' } instanceof CashierError).toBe(false);
    expect((null as unknown) instanceof CashierError).toBe(false);
  });
});
