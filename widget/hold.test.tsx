// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CashierError, type CashierWidgetProps, type Charge, ErrorCode, ProviderPaths, type ProviderRequest } from '../shared';
import { FINISHING, formatHoldTime, HOLD_EXPIRED } from './HoldNotice';
import { english } from './testing/english';
import { approvedCharge, fillCard as fillCardOf } from './testing/httpWidget';
import { fakeProviderClient, mountWidget } from './testing/mountWidget';

// In React's act environment, with the timers and Date faked: the timers fire only in `pass`, inside act.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The device's clock at the mount: a whole second, as a Date header has it. */
const T0 = Date.parse('2026-11-25T12:00:00Z');
const MINUTE = 60_000;

/** The container of the widget the test mounted. */
let container: HTMLElement;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  container?.remove();
  vi.useRealTimers();
});

/**
 * Mounts the bundle over a fake provider whose clock is the device's plus `provider.skewMs`; each
 * order's hold ends `holdMs` after T0 on the provider's clock. `charge` answers a charge.
 */
async function setup({
  holdMs = 10 * MINUTE,
  charge = async (orderId: string): Promise<Charge> => approvedCharge({ orderId }),
  skewMs = 0,
  over = {} as Partial<CashierWidgetProps>,
} = {}) {
  const provider = { skewMs };
  const requests: string[] = [];
  const request = async ({ method, path, onDate }: ProviderRequest): Promise<unknown> => {
    requests.push(`${method} ${path}`);
    for (const orderId of ['ord_1', 'ord_2']) {
      if (path === ProviderPaths.paymentMethodsByOrder(orderId)) return [{ type: 'CARD', label: 'Card' }];
      if (path === ProviderPaths.order(orderId)) {
        onDate?.(new Date(Date.now() + provider.skewMs).toUTCString());
        const start = orderId === 'ord_1' ? T0 : Date.now() + provider.skewMs;
        return { id: orderId, status: 'AWAITING_PAYMENT', createdAt: '', holdExpiresAt: new Date(start + holdMs).toISOString() };
      }
      if (path === ProviderPaths.chargesByOrder(orderId)) return method === 'post' ? charge(orderId) : [];
    }
    if (path === ProviderPaths.cardTokenization)
      return { token: 'tok_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
    throw new CashierError(ErrorCode.HttpClientError, `404 ${path}`, { status: 404 });
  };
  const onHoldExpired = vi.fn();
  const widget = await mountWidget({ providerClient: fakeProviderClient(request), onHoldExpired, ...over });
  container = widget.container;
  return { api: widget.api, requests, provider, onHoldExpired, update: widget.update };
}

/** Lets `ms` pass on the device's (fake) clock, firing the timers on the way. */
const pass = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const shown = () => container.querySelector('form > p:not([role])')?.textContent;
const announced = () => container.querySelector('[role=status]')?.textContent;
const byLabel = (name: string) => {
  const label = [...container.querySelectorAll('label')].find((l) => l.textContent === name);
  return container.ownerDocument.getElementById(label?.htmlFor ?? '') as HTMLInputElement;
};
const fillCard = () => act(() => fillCardOf(container));
const paymentRequests = (requests: string[]) =>
  requests.filter((r) => r.includes(ProviderPaths.cardTokenization) || r.startsWith('post'));

describe('the seat hold countdown (issue 24)', () => {
  it('shows the time left as m:ss, announced only at 5 minutes, 1 minute and expiry', async () => {
    await setup({ holdMs: 6 * MINUTE });
    expect(shown()).toBe('Your tickets are held for 6:00');
    await pass(1_000);
    expect(shown()).toBe('Your tickets are held for 5:59');
    // The visible time is in no live region; the hold's one live region changes three times in all.
    const time = container.querySelector('form > p:not([role])');
    expect(time?.closest('[aria-live], [role=status], [role=alert], [role=log], [role=timer]')).toBeNull();
    expect(container.querySelectorAll('[role=status], [role=alert]')).toHaveLength(1);
    const heard = [announced()];
    const status = container.querySelector('[role=status]') as HTMLElement;
    new MutationObserver(() => heard.push(status.textContent)).observe(status, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    for (let seconds = 1; seconds < 6 * 60; seconds += 15) await pass(15_000);
    expect(heard).toEqual([
      '',
      'Your tickets are held for 5 more minutes.',
      'Your tickets are held for 1 more minute.',
      english(HOLD_EXPIRED),
    ]);
    expect(shown()).toBe(english(HOLD_EXPIRED));
  }, 20_000);

  it("counts against the provider's clock (its Date header), not the device's alone", async () => {
    // The device's clock is 2 minutes behind the provider's.
    vi.setSystemTime(T0 - 2 * MINUTE);
    const { onHoldExpired } = await setup({ skewMs: 2 * MINUTE, holdMs: 3 * MINUTE });
    expect(shown()).toBe('Your tickets are held for 3:00');
    expect(announced(), 'a hold under 5 minutes never claims 5').toBe('');
    await pass(3 * MINUTE - 1_000);
    expect(shown()).toBe('Your tickets are held for 0:01');
    await pass(1_000);
    expect(onHoldExpired).toHaveBeenCalledTimes(1);
  });

  it('reads the order again after a jump of the device clock, and trusts the provider', async () => {
    const { requests, provider, onHoldExpired } = await setup();
    const reads = () => requests.filter((r) => r === `get ${ProviderPaths.order('ord_1')}`).length;
    expect(reads()).toBe(1);
    // The device's clock is set 20 minutes ahead by hand; the provider's moved 1 s.
    provider.skewMs -= 20 * MINUTE;
    vi.setSystemTime(Date.now() + 20 * MINUTE);
    await pass(1_000);
    expect(reads()).toBe(2);
    expect(onHoldExpired).not.toHaveBeenCalled();
    expect(shown()).toBe('Your tickets are held for 9:59');
  });

  it('reads the order again when the tab comes back to the foreground', async () => {
    const { requests } = await setup();
    const reads = () => requests.filter((r) => r === `get ${ProviderPaths.order('ord_1')}`).length;
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(reads()).toBe(2);
    expect(shown()).toBe('Your tickets are held for 10:00');
  });

  it('at expiry: the form locks, pay rejects ORDER_HOLD_EXPIRED with nothing tokenized or charged, the host hears it once', async () => {
    const { api, requests, onHoldExpired } = await setup({ holdMs: MINUTE });
    fillCard();
    await pass(MINUTE);
    expect(byLabel('Card number').readOnly).toBe(true);
    expect(byLabel('Card number').getAttribute('aria-describedby')).toContain('locked');
    const refusal = await act(() => api.pay({ orderId: 'ord_1' }).catch((e: unknown) => e));
    expect(refusal).toMatchObject({ code: ErrorCode.OrderHoldExpired, details: { orderId: 'ord_1' } });
    expect(await act(() => api.pay({ orderId: 'ord_1' }).catch((e: unknown) => e))).toMatchObject({
      code: ErrorCode.OrderHoldExpired,
    });
    expect(paymentRequests(requests)).toEqual([]);
    await pass(5_000);
    expect(onHoldExpired.mock.calls).toEqual([[{ orderId: 'ord_1' }]]);
  });

  it("the provider's 409 ORDER_HOLD_EXPIRED (the device clock behind) ends the same way", async () => {
    const charge = async (): Promise<Charge> => {
      throw new CashierError(ErrorCode.HttpClientError, '409', { status: 409, applicationErrorCode: 'ORDER_HOLD_EXPIRED' });
    };
    const { api, onHoldExpired } = await setup({ charge });
    fillCard();
    expect(await act(() => api.pay({ orderId: 'ord_1' }).catch((e: unknown) => e))).toMatchObject({
      code: ErrorCode.OrderHoldExpired,
      details: { orderId: 'ord_1' },
    });
    expect(shown()).toBe(english(HOLD_EXPIRED));
    expect(byLabel('Card number').readOnly).toBe(true);
    expect(onHoldExpired.mock.calls).toEqual([[{ orderId: 'ord_1' }]]);
  });

  it('a charge in progress at expiry completes, and the paid order does not expire', async () => {
    let answer!: () => void;
    const charge = (orderId: string) =>
      new Promise<Charge>((resolve) => {
        answer = () => resolve(approvedCharge({ orderId }));
      });
    const { api, onHoldExpired } = await setup({ holdMs: 2_000, charge });
    fillCard();
    let paying!: Promise<unknown>;
    act(() => {
      paying = api.pay({ orderId: 'ord_1' });
    });
    await pass(3_000);
    expect(onHoldExpired).not.toHaveBeenCalled();
    answer();
    await act(async () => void (await expect(paying).resolves.toMatchObject({ status: 'APPROVED' })));
    await pass(5_000);
    expect(onHoldExpired).not.toHaveBeenCalled();
    expect(shown()).toBeUndefined();
  });

  it('update({ orderId }) with a new order restarts the countdown and takes edits again', async () => {
    const { update, onHoldExpired } = await setup({ holdMs: MINUTE });
    await pass(MINUTE);
    expect(onHoldExpired).toHaveBeenCalledTimes(1);
    await update({ orderId: 'ord_2' });
    await pass(0);
    expect(shown()).toBe('Your tickets are held for 1:00');
    expect(byLabel('Card number').readOnly).toBe(false);
    await pass(MINUTE);
    expect(onHoldExpired.mock.calls).toEqual([[{ orderId: 'ord_1' }], [{ orderId: 'ord_2' }]]);
  });
});

/** A charge that waits for the test's answer: `answer(status)` settles it. */
function heldCharge() {
  const held: { answer: (status: 'APPROVED' | 'DECLINED') => void } = { answer: () => undefined };
  const charge = (orderId: string) =>
    new Promise<Charge>((resolve) => {
      held.answer = (status) =>
        resolve(
          status === 'APPROVED' ? approvedCharge({ orderId }) : approvedCharge({ orderId, status, declineCode: 'card_declined' }),
        );
    });
  return { held, charge };
}

describe('a payment under way keeps the hold: "Finishing your payment…" (issue 37)', () => {
  it.each([
    // name, when the charge settles (ms after T0, the hold ends at 2 000), how → the notice then, onHoldExpired calls
    {
      name: 'approved past the nominal end: paid, never expired',
      settleAt: 5_000,
      status: 'APPROVED',
      after: undefined,
      expiredCalls: 0,
    },
    {
      name: 'declined past the nominal end: the hold expires then',
      settleAt: 5_000,
      status: 'DECLINED',
      after: english(HOLD_EXPIRED),
      expiredCalls: 1,
    },
    {
      name: 'declined with time left: the countdown comes back',
      settleAt: 1_000,
      status: 'DECLINED',
      after: 'Your tickets are held for 0:01',
      expiredCalls: 0,
    },
  ] as const)('$name', async ({ settleAt, status, after, expiredCalls }) => {
    const { held, charge } = heldCharge();
    const { api, onHoldExpired } = await setup({ holdMs: 2_000, charge });
    fillCard();
    expect(shown()).toBe('Your tickets are held for 0:02');
    let paying!: Promise<unknown>;
    act(() => {
      paying = api.pay({ orderId: 'ord_1' });
    });
    await pass(0);
    expect(shown(), 'at once, not at the next tick').toBe(english(FINISHING));
    await pass(settleAt);
    expect(shown()).toBe(english(FINISHING));
    expect(onHoldExpired).not.toHaveBeenCalled();
    held.answer(status);
    await act(async () => void (await expect(paying).resolves.toMatchObject({ status })));
    expect(shown()).toBe(after);
    await pass(500);
    expect(onHoldExpired).toHaveBeenCalledTimes(expiredCalls);
  });
});

describe('formatHoldTime', () => {
  it('writes m:ss in Latin digits in every language, whatever the ICU data defaults to', () => {
    expect(formatHoldTime(605, 'en')).toBe('10:05');
    expect(formatHoldTime(59, 'de')).toBe('0:59');
    expect(formatHoldTime(65, 'ar')).toBe('1:05');
    // ar-EG defaults to Arabic-Indic digits in every ICU (as plain ar did in older ones).
    expect(formatHoldTime(65, 'ar-EG')).toBe('1:05');
  });
});
