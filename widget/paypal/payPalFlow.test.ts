import { describe, expect, it } from 'vitest';
import { CashierError, ErrorCode, type ProviderRequest } from '../../shared';
import { createPayPalCalls } from './payPalFlow';
import { PAYPAL_KIT } from './payPalKit';

// Security review 2026-11-28 M3: the approval page the buyer's popup is sent to must be on the
// PayPal origin the frame was built with, never on `host`, which the embedding page chooses.

const HOST = 'https://api.merchant-chose.example';
const PAYPAL = 'https://paypal.cashier.example';

describe('createPayPalCalls: the approval page is pinned to the build-time PayPal origin', () => {
  const rows: { name: string; approvalOrigin: string | undefined; approvalUrl: unknown; accepted: boolean }[] = [
    { name: 'on the PayPal origin', approvalOrigin: PAYPAL, approvalUrl: `${PAYPAL}/paypal/approve/pp_1`, accepted: true },
    {
      name: 'on `host` (the page’s choice)',
      approvalOrigin: PAYPAL,
      approvalUrl: `${HOST}/paypal/approve/pp_1`,
      accepted: false,
    },
    { name: 'on another port of the PayPal host', approvalOrigin: PAYPAL, approvalUrl: `${PAYPAL}:8443/x`, accepted: false },
    { name: 'a relative URL', approvalOrigin: PAYPAL, approvalUrl: '/paypal/approve/pp_1', accepted: false },
    { name: 'missing', approvalOrigin: PAYPAL, approvalUrl: undefined, accepted: false },
    { name: 'a frame built without a PayPal origin', approvalOrigin: undefined, approvalUrl: `${HOST}/x`, accepted: false },
    { name: 'no PayPal origin, and no URL either', approvalOrigin: undefined, approvalUrl: 'no URL', accepted: false },
  ];

  it.each(rows)('$name → accepted: $accepted', async ({ approvalOrigin, approvalUrl, accepted }) => {
    const body = { checkoutId: 'pp_1', orderId: 'ord_1', status: 'CREATED', approvalUrl };
    const request = async (_config: ProviderRequest): Promise<unknown> => body;
    const calls = createPayPalCalls(request, approvalOrigin, PAYPAL_KIT);
    for (const call of [calls.create('ord_1'), calls.details('pp_1')]) {
      if (accepted) await expect(call).resolves.toEqual(body);
      else await expect(call).rejects.toSatisfy((e) => e instanceof CashierError && e.code === ErrorCode.InvalidResponse);
    }
  });
});
