// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CashierError, type Charge, ErrorCode, ProviderPaths as P, type ProviderRequest } from '../../shared';
import { fakeProviderClient, mountWidget, WAIT } from '../testing/mountWidget';

// BLIK in the widget (issue 38): chosen on an order that offers it, its code is typed in the form
// and `pay` charges it as it charges a card. What the widget engineer's notes left open: the
// field's words in the buyer's language (BLIK's own translator), the countdown on the provider's
// clock (the skew the seat hold reads), the choice's short line in the first form, and INVALID
// naming `blikCode` (a short code, or one the provider refused).

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

// The chunks' modules transformed before the first mount: cold, vitest's transform of them can take
// longer than the first paint's 1.5 s cap, and the first form would then show before their words
// (what a slow network does; not what these tests are about).
beforeAll(async () => {
  await Promise.all([import('./blik'), import('./localSession'), import('./blik/locales/pl.po')]);
});

/** The provider's clock is this far ahead of the device's (its replies' `Date` header says so). */
const SKEW_MS = 60_000;
const base = { id: 'ch_b', orderId: 'ord_1', amount: { amount: 20000, currency: 'PLN' }, paymentMethod: 'BLIK', createdAt: '' };

/** A provider for ord_1 (card and BLIK) whose clock runs SKEW_MS ahead; `charge` answers each POST; `read` each charge read in turn. */
function provider({ charge, read = [] }: { charge?: (body: unknown) => Charge; read?: Charge[] } = {}) {
  const sent: Array<{ path: string; method: string; data?: unknown }> = [];
  const request = async (config: ProviderRequest): Promise<unknown> => {
    sent.push({ path: config.path, method: config.method, data: config.data });
    const providerNow = Date.now() + SKEW_MS;
    config.onDate?.(new Date(providerNow).toUTCString());
    if (config.path === P.paymentMethodsByOrder('ord_1'))
      return [
        { type: 'CARD', label: 'Card' },
        { type: 'BLIK', label: 'BLIK' },
      ];
    if (config.path === P.order('ord_1'))
      return { id: 'ord_1', status: 'AWAITING_PAYMENT', holdExpiresAt: new Date(providerNow + 600_000).toISOString() };
    if (config.path === P.chargesByOrder('ord_1') && config.method === 'get') return [];
    if (config.path === P.chargesByOrder('ord_1') && charge) return charge(config.data);
    if (config.path === P.charge('ch_b') && read.length) return read.length > 1 ? read.shift() : read[0];
    throw new CashierError(ErrorCode.HttpClientError, `unexpected ${config.method} ${config.path}`, { status: 404 });
  };
  const charges = () => sent.filter((s) => s.method === 'post' && s.path === P.chargesByOrder('ord_1'));
  return { client: fakeProviderClient(request), charges, sent };
}

/** Mounts for ord_1 in `locale`; BLIK chosen once its field shows. */
async function mountBlik(client: ReturnType<typeof provider>['client'], locale = 'en') {
  const onPaymentResult = vi.fn();
  const widget = await mountWidget({ providerClient: client, locale, onPaymentResult });
  const { container } = widget;
  await vi.waitFor(() => {
    const radio = container.querySelector<HTMLInputElement>('input[type=radio][value=BLIK]');
    if (!radio?.checked) radio?.click();
    expect(container.querySelector('input[name=blikCode]')).toBeTruthy();
  }, WAIT);
  const field = () => container.querySelector('input[name=blikCode]') as HTMLInputElement;
  const type = (code: string) => {
    const input = field();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, code);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const errorOf = () => container.ownerDocument.getElementById(`${field().id}-error`)?.textContent;
  return { ...widget, onPaymentResult, field, type, errorOf };
}

const lineOf = (container: HTMLElement) => {
  const id = container.querySelector('input[type=radio][value=BLIK]')?.getAttribute('aria-describedby');
  return id ? container.ownerDocument.getElementById(id)?.textContent : undefined;
};

describe('BLIK offered', () => {
  it('is a choice with its short line in the first form (BLIK’s catalog), in English and in Polish', async () => {
    for (const [locale, line] of [
      ['en', 'Enter the 6-digit code from your banking app, then confirm there.'],
      ['pl', 'Wpisz 6-cyfrowy kod z aplikacji banku, a potem potwierdź płatność w aplikacji.'],
    ]) {
      const { container } = await mountWidget({ providerClient: provider().client, locale });
      // The first form (onApiInit given) already has the line: it does not shift the form later.
      expect(container.querySelector('input[type=radio][value=BLIK]')).toBeTruthy();
      expect(lineOf(container)).toBe(line);
    }
  });

  it('follows a change of language: the line and the field in the new one', async () => {
    const { container, update, field } = await mountBlik(provider().client);
    await update({ locale: 'pl' });
    await vi.waitFor(() => expect(lineOf(container)).toMatch(/^Wpisz 6-cyfrowy kod/), WAIT);
    expect(field().labels?.[0]?.textContent).toBe('Kod BLIK');
  });
});

describe('pay() with BLIK chosen', () => {
  it('a short code: INVALID naming blikCode, the error on the field (focused), nothing sent', async () => {
    const p = provider({ charge: () => ({ ...base, status: 'APPROVED' }) as Charge });
    const { api, type, errorOf, field } = await mountBlik(p.client);
    type('7771');
    const result = await api.pay({ orderId: 'ord_1' });
    expect(result).toEqual({ status: 'INVALID', errors: { blikCode: 'Enter the 6-digit BLIK code.' } });
    await vi.waitFor(() => expect(errorOf()).toBe('Enter the 6-digit BLIK code.'), WAIT);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field());
    expect(p.charges()).toHaveLength(0);
  });

  it('in Polish, the field’s error is BLIK’s Polish words (not English)', async () => {
    const p = provider();
    const { api, errorOf } = await mountBlik(p.client, 'pl');
    const error = 'Wpisz 6-cyfrowy kod BLIK.';
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual({ status: 'INVALID', errors: { blikCode: error } });
    await vi.waitFor(() => expect(errorOf()).toBe(error), WAIT);
  });

  it('a code the provider refuses (400 INVALID_BLIK_CODE): INVALID naming blikCode with BLIK’s words on the field; one POST', async () => {
    const p = provider({
      charge: () => {
        throw new CashierError(ErrorCode.HttpClientError, 'invalid', { status: 400, applicationErrorCode: 'INVALID_BLIK_CODE' });
      },
    });
    const { api, type, errorOf, onPaymentResult } = await mountBlik(p.client);
    type('123456');
    const words = 'This BLIK code is not valid. Get a new one in your banking app.';
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual({ status: 'INVALID', errors: { blikCode: words } });
    await vi.waitFor(() => expect(errorOf()).toBe(words), WAIT);
    expect(p.charges()).toEqual([expect.objectContaining({ data: { paymentMethod: 'BLIK', blikCode: '123456' } })]);
    expect(onPaymentResult).not.toHaveBeenCalled();
    type('777123'); // a new code clears the error
    await vi.waitFor(() => expect(errorOf() ?? '').toBe(''), WAIT);
  });

  it('confirmed in the app: the countdown on the provider’s clock (not the device’s), then APPROVED; pay() tells it, not onPaymentResult', async () => {
    const expiresAt = () => new Date(Date.now() + SKEW_MS + 120_000).toISOString();
    const p = provider({
      charge: () =>
        ({
          ...base,
          createdAt: new Date(Date.now() + SKEW_MS).toISOString(),
          status: 'REQUIRES_ACTION',
          nextAction: { type: 'BLIK_CONFIRM', expiresAt: expiresAt() },
        }) as Charge,
      read: [{ ...base, status: 'APPROVED' } as Charge],
    });
    const { api, type, container, onPaymentResult } = await mountBlik(p.client);
    type('777123');
    const paying = api.pay({ orderId: 'ord_1' });
    await vi.waitFor(() => expect(container.textContent).toContain('Confirm the payment in your banking app'), WAIT);
    // 120 s on the provider's clock: with the skew ignored it would say 180 s; with the skew of the
    // `Date` header alone (whole seconds, cut down) 121 s most of the time.
    expect(container.textContent).toContain('120 s left');
    await expect(paying).resolves.toEqual({ status: 'APPROVED', orderId: 'ord_1', chargeId: 'ch_b' });
    expect(onPaymentResult).not.toHaveBeenCalled(); // a payment pay() started is told by pay() alone
    expect(p.charges()).toHaveLength(1);
  }, 15_000);

  it.each([
    {
      declineCode: 'code_expired',
      words: 'The code expired before you confirmed, so nothing was charged. Get a new code and try again.',
    },
    { declineCode: 'customer_declined', words: 'The payment was declined in your banking app, so nothing was charged.' },
  ])(
    '$declineCode: DECLINED with BLIK’s words, shown under the field, the code emptied',
    async ({ declineCode, words }) => {
      const p = provider({
        charge: () =>
          ({
            ...base,
            status: 'REQUIRES_ACTION',
            nextAction: { type: 'BLIK_CONFIRM', expiresAt: new Date().toISOString() },
          }) as Charge,
        read: [{ ...base, status: 'DECLINED', declineCode } as Charge],
      });
      const { api, type, container, field } = await mountBlik(p.client);
      type('777999');
      await expect(api.pay({ orderId: 'ord_1' })).resolves.toEqual({
        status: 'DECLINED',
        orderId: 'ord_1',
        chargeId: 'ch_b',
        declineCode,
        message: words,
      });
      await vi.waitFor(() => expect(container.querySelector('[role=alert]')?.textContent).toBe(words), WAIT);
      expect(field().value).toBe('');
    },
    15_000,
  );
});
