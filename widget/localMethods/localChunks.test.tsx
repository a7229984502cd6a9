// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { ProviderPaths as P, type ProviderRequest } from '../../shared';
import { fakeProviderClient, mountWidget, WAIT } from '../testing/mountWidget';

// Issue 38 R13: a family's chunk is fetched only when the order offers a member of it.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const fetched = vi.hoisted(() => ({ redirect: 0, shared: 0, blik: 0 }));
vi.mock('./redirect/RedirectPanel', async (original) => {
  fetched.redirect += 1;
  return original();
});
vi.mock('./blik', async (original) => {
  fetched.blik += 1;
  return original();
});
vi.mock('./localSession', async (original) => {
  fetched.shared += 1;
  return original();
});

/** Mounts for ord_1 offering `types`; resolves once the form shows. */
async function mountOffering(types: string[]) {
  const request = async (config: ProviderRequest): Promise<unknown> => {
    if (config.path === P.paymentMethodsByOrder('ord_1')) return types.map((type) => ({ type, label: type }));
    if (config.path === P.order('ord_1')) return { id: 'ord_1', status: 'AWAITING_PAYMENT' };
    if (config.path === P.chargesByOrder('ord_1')) return [];
    throw new Error(`unexpected ${config.path}`);
  };
  const { container } = await mountWidget({ providerClient: fakeProviderClient(request) });
  await vi.waitFor(() => expect(container.querySelector(`input[type=radio][value=${types[1]}]`)).toBeTruthy(), WAIT);
}

describe('the local methods’ chunks', () => {
  it('an order that offers none: neither local-redirect, blik nor local-shared is fetched', async () => {
    await mountOffering(['CARD', 'PAY_AT_VENUE', 'PAYPAL']);
    expect(fetched).toEqual({ redirect: 0, shared: 0, blik: 0 });
  });

  it('an order that offers Klarna: local-redirect and local-shared, before its choice shows; not blik', async () => {
    await mountOffering(['CARD', 'KLARNA']);
    expect(fetched).toEqual({ redirect: 1, shared: 1, blik: 0 });
  });

  it('an order that offers BLIK (after one that offered Klarna): blik, before its choice shows; the others once', async () => {
    await mountOffering(['CARD', 'BLIK']);
    expect(fetched).toEqual({ redirect: 1, shared: 1, blik: 1 });
  });
});
