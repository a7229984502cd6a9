// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CashierError, ErrorCode, ProviderPaths, type ProviderRequest } from '../shared';
import { fakeProviderClient, mountNow, mountWidget } from './testing/mountWidget';

// In React's act environment: the fake provider answers at once, so each mount and update settles in its act.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The provider client's errors for a request of the order's payment methods. */
const REPLIES = {
  notFound: new CashierError(ErrorCode.HttpClientError, 'GET … answered HTTP 404 (ORDER_NOT_FOUND).', {
    status: 404,
    applicationErrorCode: 'ORDER_NOT_FOUND',
  }),
  otherNotFound: new CashierError(ErrorCode.HttpClientError, 'GET … answered HTTP 404.', { status: 404 }),
  serverError: new CashierError(ErrorCode.HttpServerError, 'GET … answered HTTP 503.', { status: 503 }),
  network: new CashierError(ErrorCode.NetworkError, 'GET … failed without a reply (ERR_NETWORK).'),
};

/**
 * A provider that knows order `ord_1` (card only) and refuses the payment methods of any other
 * order with `refusal`; every other request fails, as a provider the widget can live without.
 */
function providerClient(refusal: CashierError) {
  return fakeProviderClient(async ({ path }: ProviderRequest) => {
    if (path === ProviderPaths.paymentMethodsByOrder('ord_1')) return [{ type: 'CARD', label: 'Card' }];
    if (path.endsWith('/payment-methods')) throw refusal;
    throw new Error(`not answered: ${path}`);
  });
}

const SCENARIOS = [
  {
    name: '404 ORDER_NOT_FOUND',
    refusal: REPLIES.notFound,
    expected: { code: 'ORDER_NOT_FOUND', details: { orderId: 'ord_gone', status: 404 } },
  },
  { name: 'a 404 of another kind', refusal: REPLIES.otherNotFound, expected: REPLIES.otherNotFound },
  { name: '503', refusal: REPLIES.serverError, expected: REPLIES.serverError },
  { name: 'no reply', refusal: REPLIES.network, expected: REPLIES.network },
];

describe('an order whose payment methods cannot be loaded', () => {
  it.each(SCENARIOS)('at the mount, $name → onCrash with $expected.code, no api', async ({ refusal, expected }) => {
    const { props } = await mountNow({ orderId: 'ord_gone', providerClient: providerClient(refusal) });
    await act(async () => undefined);
    expect(props.onCrash).toHaveBeenCalledTimes(1);
    const [error] = vi.mocked(props.onCrash).mock.calls[0] ?? [];
    if (expected === refusal) expect(error, "the provider client's own error, unchanged").toBe(refusal);
    else expect(error).toMatchObject({ name: 'CashierError', ...expected, details: expected.details });
    expect((error as CashierError).details).toEqual(expected.details);
    expect(props.onApiInit).not.toHaveBeenCalled();
  });

  it.each(SCENARIOS)(
    'in update({ orderId }), $name → rejects $expected.code; the widget keeps its order',
    async ({ refusal, expected }) => {
      const { api, props, update } = await mountWidget({ orderId: 'ord_1', providerClient: providerClient(refusal) });
      const rejection = update({ orderId: 'ord_gone' });
      await expect(rejection).rejects.toMatchObject({ code: expected.code });
      const error = await rejection.catch((e: unknown) => e);
      expect((error as CashierError).details).toEqual(expected.details);
      expect(props.onCrash).not.toHaveBeenCalled();
      await act(async () => {
        await expect(api.pay({ orderId: 'ord_gone' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      });
    },
  );
});
