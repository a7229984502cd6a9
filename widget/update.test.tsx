// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CashierError, type CashierWidgetProps, type Charge, ErrorCode, ProviderPaths, type ProviderRequest } from '../shared';
import { space } from './appearance';
import { FIRST_PAINT_CAP_MS } from './createFirstPaint';
import { approvedCharge, fillCard as fillCardOf, typeInto } from './testing/httpWidget';
import { fakeProviderClient, mountNow, mountWidget } from './testing/mountWidget';

// In React's act environment: mounts, updates and what the buyer does (typing, pay) run in act,
// and the fake provider answers at once, so each settles inside its act.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CARD_AND_VENUE = [
  { type: 'CARD', label: 'Card' },
  { type: 'PAY_AT_VENUE', label: 'Pay at the venue' },
];

/** The container of the widget the test mounted. */
let container: HTMLElement;

/**
 * A fake provider: each order's payment methods come from `methodsByOrder` (a missing order is a
 * 404), a charge's reply from `chargeReply`; `requests` logs what the widget asked.
 */
function fakeProvider(
  methodsByOrder: Record<string, unknown> = { ord_1: [{ type: 'CARD', label: 'Card' }], ord_2: CARD_AND_VENUE },
  chargeReply: (orderId: string) => Promise<Charge> = async (orderId) => approvedCharge({ orderId }),
) {
  const requests: string[] = [];
  const request = async ({ method, path }: ProviderRequest): Promise<unknown> => {
    requests.push(`${method} ${path}`);
    for (const [orderId, methods] of Object.entries(methodsByOrder)) {
      if (path === ProviderPaths.paymentMethodsByOrder(orderId)) return methods;
      if (path === ProviderPaths.chargesByOrder(orderId)) return method === 'post' ? chargeReply(orderId) : [];
    }
    if (path === ProviderPaths.cardTokenization)
      return { token: 'tok_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
    throw new CashierError(ErrorCode.HttpClientError, `404 ${path}`, { status: 404 });
  };
  return { providerClient: fakeProviderClient(request), requests };
}

/** Mounts the reference bundle (without an order, unless `over` names one) over {@link fakeProvider}`(methodsByOrder, chargeReply)`. */
async function setup(
  over: Partial<CashierWidgetProps> = {},
  methodsByOrder?: Record<string, unknown>,
  chargeReply?: (orderId: string) => Promise<Charge>,
) {
  const { providerClient, requests } = fakeProvider(methodsByOrder, chargeReply);
  const widget = await mountWidget({ orderId: undefined, providerClient, ...over });
  container = widget.container;
  return { ...widget, requests };
}

const byLabel = (name: string) => {
  const label = [...container.querySelectorAll('label')].find((l) => l.textContent === name);
  return container.ownerDocument.getElementById(label?.htmlFor ?? '') as HTMLInputElement;
};
const errorOf = (name: string) => {
  const id = byLabel(name).getAttribute('aria-describedby')?.split(' ')[0] ?? '';
  return container.ownerDocument.getElementById(id)?.textContent;
};
const type = (name: string, value: string) => act(() => typeInto(byLabel(name), value));
const fillCard = () => act(() => fillCardOf(container));
const radios = () => [...container.querySelectorAll('input[type=radio]')].map((r) => r.parentElement?.textContent);

describe('the buyer prefill (issue 13 item 4)', () => {
  it('fills the email and cardholder-name fields, which the buyer may still edit', async () => {
    await setup({ buyer: { email: 'ann@example.com', name: 'Ann Buyer' } });
    expect(byLabel('Email').value).toBe('ann@example.com');
    expect(byLabel('Cardholder name').value).toBe('Ann Buyer');
    expect(byLabel('Email').readOnly).toBe(false);
    type('Email', 'ann@work.example.com');
    expect(byLabel('Email').value).toBe('ann@work.example.com');
  });

  it('an email that is not valid is shown with its error, as if typed', async () => {
    await setup({ buyer: { email: 'ann@example' } });
    expect(byLabel('Email').value).toBe('ann@example');
    expect(byLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('Email')).toBe('Enter a valid email address');
  });

  it('an update replaces what the earlier prefill put in a field, never what the buyer typed', async () => {
    const { update } = await setup({ buyer: { email: 'ann@example.com', name: 'Ann Buyer' } });
    type('Cardholder name', 'Ann B. Buyer');
    await update({ buyer: { email: 'ann@work.example.com', name: 'Someone Else' } });
    expect(byLabel('Email').value).toBe('ann@work.example.com');
    expect(byLabel('Cardholder name').value).toBe('Ann B. Buyer');
  });
});

describe('update (issue 13 item 3)', () => {
  it('theme re-styles the form in place', async () => {
    const { update } = await setup();
    const form = container.querySelector('form') as HTMLFormElement;
    // 16 px and 8 px with the default spacing unit (4 px); the padding follows the appearance's.
    expect(form.style.padding).toBe(space(4));
    await update({ theme: 'modal' });
    expect(container.querySelector('form')).toBe(form);
    expect(form.style.padding).toBe(space(2));
  });

  it("orderId loads that order's payment methods; pay then must name it", async () => {
    const { api, update, requests } = await setup({ orderId: 'ord_1' });
    expect(radios()).toEqual([]);
    await update({ orderId: 'ord_2' });
    expect(requests).toContain(`get ${ProviderPaths.paymentMethodsByOrder('ord_2')}`);
    expect(radios()).toEqual(['Card', 'Pay at the venue']);
    await act(async () => {
      await expect(api.pay({ orderId: 'ord_1' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    });
    fillCard();
    await act(async () => {
      await expect(api.pay({ orderId: 'ord_2' })).resolves.toMatchObject({ status: 'APPROVED', orderId: 'ord_2' });
    });
  });

  it("an update's order whose methods arrive before the mount's order's keeps its own (issue 24; issue 36: the form shows at the cap)", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let answerFirst!: (methods: unknown) => void;
      const first = new Promise((resolve) => (answerFirst = resolve));
      // Not waiting for the api (mountNow): it comes only after the update.
      const { providerClient } = fakeProvider({ ord_1: first, ord_2: [{ type: 'CARD', label: 'Card' }] });
      const widget = await mountNow({ orderId: 'ord_1', providerClient });
      const { props } = widget;
      container = widget.container;
      await widget.update({ orderId: 'ord_2' });
      // The mount's order is still on its way: the placeholder stays until the cap.
      expect(container.querySelector('form')).toBeNull();
      await act(async () => vi.advanceTimersByTime(FIRST_PAINT_CAP_MS));
      expect(byLabel('Card number')).toBeInstanceOf(HTMLInputElement);
      expect(props.onApiInit, "the api once ord_2's methods are known").toHaveBeenCalledTimes(1);
      await act(async () => answerFirst(CARD_AND_VENUE));
      expect(radios(), "ord_1's methods, late, do not replace ord_2's").toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an order whose payment methods cannot be loaded is refused: the widget stays on its order', async () => {
    const { api, update } = await setup({ orderId: 'ord_1' });
    await expect(update({ orderId: 'ord_missing', theme: 'modal' })).rejects.toMatchObject({ code: 'HTTP_CLIENT_ERROR' });
    expect((container.querySelector('form') as HTMLFormElement).style.padding).toBe(space(4));
    fillCard();
    await act(async () => {
      await expect(api.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED' });
    });
  });

  it('a change of order or buyer while a payment is open is refused with PAYMENT_OPEN, and the open payment is not lost', async () => {
    let lose = true;
    const { api, update, requests } = await setup({ orderId: 'ord_1' }, undefined, async (orderId) => {
      if (lose) throw new CashierError(ErrorCode.NetworkError, 'the reply was lost');
      return approvedCharge({ orderId });
    });
    fillCard();
    await act(async () => {
      await expect(api.pay({ orderId: 'ord_1' })).rejects.toMatchObject({ code: 'PAYMENT_OUTCOME_UNKNOWN' });
    });
    for (const changes of [{ orderId: 'ord_2' }, { buyer: { email: 'x@example.com' } }]) {
      await expect(update(changes)).rejects.toMatchObject({
        name: 'CashierError',
        code: 'PAYMENT_OPEN',
        details: { orderId: 'ord_1' },
      });
    }
    expect(requests).not.toContain(`get ${ProviderPaths.paymentMethodsByOrder('ord_2')}`);
    expect(byLabel('Email').value).toBe('ada@example.com');
    await update({ theme: 'modal' }); // the look may change
    lose = false;
    await act(async () => {
      await expect(api.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED', orderId: 'ord_1' });
    });
    await update({ orderId: 'ord_2' }); // settled: the next order may come
    expect(radios()).toEqual(['Card', 'Pay at the venue']);
  });
});
