import { type Order, ProviderPaths } from '../shared';
import { TEST_CARDS } from '../shared/card';
import { APP_INSTANCE, FRAME_ORIGIN, PROVIDER_ORIGIN, VAULT_ORIGIN } from './support/origins';
import { DEFAULT_ORDER } from './support/provider';
import { expect, test } from './support/test';

// Seat holds (issue 24) against the running reference provider: an order set up with a one-second
// hold, charged after it, is refused 409 ORDER_HOLD_EXPIRED and stays unpaid, nothing charged.

const API = { Authorization: APP_INSTANCE, Origin: FRAME_ORIGIN };

test('the provider refuses a charge once the hold has run out: 409 ORDER_HOLD_EXPIRED, the order unpaid', async ({
  request,
  provider,
}) => {
  const orderId = await provider.setupOrder({ ...DEFAULT_ORDER, holdSeconds: 1 });
  const read = await request.get(`${PROVIDER_ORIGIN}${ProviderPaths.order(orderId)}`, { headers: API });
  const order = (await read.json()) as Order;
  const expiresAt = Date.parse(order.holdExpiresAt ?? '');
  expect(expiresAt - Date.parse(order.createdAt)).toBe(1000);
  // The provider's time, readable by the frame: the server sends Date and CORS exposes it.
  expect(Date.parse(read.headers().date ?? '')).not.toBeNaN();
  expect(read.headers()['access-control-expose-headers']).toMatch(/\bDate\b/i);

  const tokenized = await request.post(`${VAULT_ORIGIN}${ProviderPaths.cardTokenization}`, {
    headers: { Authorization: APP_INSTANCE },
    data: { holderName: 'Ada Lovelace', number: TEST_CARDS.approved, expMonth: 12, expYear: 2040, cvc: '123' },
  });
  expect(tokenized.status()).toBe(201);
  const { token } = (await tokenized.json()) as { token: string };

  // The provider runs on this machine's clock: wait until the hold has ended by it.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 100));
  const charge = await request.post(`${PROVIDER_ORIGIN}${ProviderPaths.chargesByOrder(orderId)}`, {
    headers: { ...API, 'Idempotency-Key': crypto.randomUUID() },
    data: { paymentMethod: 'CARD', cardToken: token },
  });
  expect(charge.status()).toBe(409);
  expect(await charge.json()).toMatchObject({ details: { applicationError: { code: 'ORDER_HOLD_EXPIRED' }, orderId } });

  const after = (await (
    await request.get(`${PROVIDER_ORIGIN}${ProviderPaths.order(orderId)}`, { headers: API })
  ).json()) as Order;
  expect(after.status).toBe('AWAITING_PAYMENT');
  expect(after.chargeId).toBeUndefined();
  expect((await provider.charges()).filter((c) => c.orderId === orderId)).toEqual([]);
});
