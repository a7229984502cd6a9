// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CashierError, type CashierWidgetProps, ErrorCode, ProviderPaths, type ProviderRequest } from '../shared';
import { EXTEND_FAILED, KEEP_LONGER, MORE_TIME_OFFERED, NO_MORE_TIME } from './HoldNotice';
import { english } from './testing/english';
import { fakeProviderClient, mountWidget } from './testing/mountWidget';

// Issue 37 item 1, "More time, on request": the seat hold's 1-minute milestone offers "Keep my
// tickets longer", which asks the provider. In React's act environment, with the timers and Date
// faked: the timers fire only in `pass`, inside act.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const T0 = Date.parse('2026-11-25T12:00:00Z');
const MINUTE = 60_000;
const EXTENSION_MS = 5 * MINUTE;

let container: HTMLElement;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  container?.remove();
  vi.useRealTimers();
});

/** How the fake provider answers the next POST hold-extensions: grant, 409 HOLD_NOT_EXTENDABLE, or no reply. */
type ExtensionReply = 'grant' | 'refuse' | 'network';

/**
 * Mounts the bundle over a fake provider: order `ord_1` held `holdMs` from T0, with `remaining`
 * extensions of 5 minutes (`holdExtensions` left out when `remaining` is null). Each POST
 * hold-extensions is answered as `provider.reply` says (a grant adds 5 minutes to the current end).
 */
async function setup({ holdMs = 2 * MINUTE, remaining = 2 as number | null, over = {} as Partial<CashierWidgetProps> } = {}) {
  const provider = { expiresAt: T0 + holdMs, remaining, reply: 'grant' as ExtensionReply, gate: Promise.resolve() };
  const extensionRequests: ProviderRequest[] = [];
  const order = () => ({
    id: 'ord_1',
    status: 'AWAITING_PAYMENT',
    createdAt: '',
    holdExpiresAt: new Date(provider.expiresAt).toISOString(),
    ...(provider.remaining === null ? {} : { holdExtensions: { count: 2, seconds: 300, remaining: provider.remaining } }),
  });
  const request = async (config: ProviderRequest): Promise<unknown> => {
    const { method, path, onDate } = config;
    if (path === ProviderPaths.paymentMethodsByOrder('ord_1')) return [{ type: 'CARD', label: 'Card' }];
    if (path === ProviderPaths.order('ord_1')) {
      onDate?.(new Date(Date.now()).toUTCString());
      return order();
    }
    if (path === ProviderPaths.holdExtensions('ord_1') && method === 'post') {
      extensionRequests.push(config);
      await provider.gate;
      if (provider.reply === 'network') throw new CashierError(ErrorCode.NetworkError, 'no reply');
      if (provider.reply === 'refuse' || provider.remaining === 0) {
        throw new CashierError(ErrorCode.HttpClientError, '409', { status: 409, applicationErrorCode: 'HOLD_NOT_EXTENDABLE' });
      }
      provider.expiresAt += EXTENSION_MS;
      provider.remaining = (provider.remaining ?? 1) - 1;
      onDate?.(new Date(Date.now()).toUTCString());
      return order();
    }
    if (path === ProviderPaths.chargesByOrder('ord_1')) return [];
    throw new CashierError(ErrorCode.HttpClientError, `404 ${path}`, { status: 404 });
  };
  const onHoldExtended = vi.fn();
  const onHoldExpired = vi.fn();
  const widget = await mountWidget({
    providerClient: fakeProviderClient(request),
    onHoldExtended,
    onHoldExpired,
    ...over,
  });
  container = widget.container;
  return { provider, extensionRequests, onHoldExtended, onHoldExpired };
}

/** Lets `ms` pass on the device's (fake) clock, firing the timers on the way. */
const pass = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const shown = () => container.querySelector('form > p:not([role])')?.textContent;
const announced = () => container.querySelector('[role=status]')?.textContent;
const keepLonger = () =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === english(KEEP_LONGER)) as HTMLButtonElement | undefined;
const says = (text: string) => [...container.querySelectorAll('form > p')].some((p) => p.textContent === text);
const click = async () => {
  await act(async () => keepLonger()?.click());
  await pass(0);
};
/** Everything focusable by Tab in the form, in document order. */
const tabStops = () =>
  [...container.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], [tabindex]')].filter(
    (e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled,
  );

describe('more time on request (issue 37)', () => {
  it('offers "Keep my tickets longer" at the 1-minute milestone, not before, announced once with it, next in focus order', async () => {
    await setup();
    expect(shown()).toBe('Your tickets are held for 2:00');
    const status = container.querySelector('[role=status]') as HTMLElement;
    const heard: (string | null)[] = [];
    new MutationObserver(() => heard.push(status.textContent)).observe(status, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    await pass(MINUTE - 1_000);
    expect(shown()).toBe('Your tickets are held for 1:01');
    expect(keepLonger(), 'not before the milestone').toBeUndefined();
    await pass(1_000);
    const button = keepLonger();
    expect(button?.type).toBe('button');
    // Keyboard: a real button, enabled, the first Tab stop after the notice (before every field).
    expect(tabStops()[0]).toBe(button);
    expect(button?.compareDocumentPosition(container.querySelector('form > p:not([role])') as Node)).toBe(
      Node.DOCUMENT_POSITION_PRECEDING,
    );
    await pass(20_000);
    expect(heard).toEqual([`Your tickets are held for 1 more minute. ${english(MORE_TIME_OFFERED)}`]);
    expect(announced()).toBe(heard[0]);
  });

  it('a click asks the provider (Idempotency-Key per click); granted, the countdown moves, the host hears it, the new time is said', async () => {
    const { extensionRequests, onHoldExtended, provider } = await setup();
    await pass(MINUTE + 10_000);
    expect(shown()).toBe('Your tickets are held for 0:50');
    keepLonger()?.focus();
    await click();
    expect(extensionRequests).toHaveLength(1);
    const key = extensionRequests[0]?.headers?.['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(shown()).toBe('Your tickets are held for 5:50');
    expect(onHoldExtended.mock.calls).toEqual([
      [{ orderId: 'ord_1', holdExpiresAt: new Date(provider.expiresAt).toISOString() }],
    ]);
    expect(keepLonger(), 'more than a minute left again').toBeUndefined();
    expect(announced()).toBe('Your tickets are held for 5:50');
    // The button's focus went to the time, not to the page.
    expect(document.activeElement).toBe(container.querySelector('form > p:not([role])'));
    // The next milestone offers the last extension; a second click sends a new key.
    await pass(5 * MINUTE);
    await click();
    expect(extensionRequests).toHaveLength(2);
    expect(extensionRequests[1]?.headers?.['Idempotency-Key']).not.toBe(key);
    expect(onHoldExtended).toHaveBeenCalledTimes(2);
    // None left: at the next 1-minute milestone the widget says so plainly, and offers nothing.
    await pass(5 * MINUTE);
    expect(keepLonger()).toBeUndefined();
    expect(says(english(NO_MORE_TIME))).toBe(true);
    expect(announced()).toBe(`Your tickets are held for 1 more minute. ${english(NO_MORE_TIME)}`);
    expect(extensionRequests).toHaveLength(2);
  });

  it('409 HOLD_NOT_EXTENDABLE: says plainly that no more time can be given, and the action goes', async () => {
    const { provider, onHoldExtended } = await setup();
    provider.reply = 'refuse';
    await pass(MINUTE + 10_000);
    await click();
    expect(keepLonger()).toBeUndefined();
    expect(says(english(NO_MORE_TIME))).toBe(true);
    expect(announced()).toBe(english(NO_MORE_TIME));
    expect(shown()).toBe('Your tickets are held for 0:50');
    expect(onHoldExtended).not.toHaveBeenCalled();
  });

  it('a network failure: says it failed, the action stays, and a retry (a new key) is granted', async () => {
    const { provider, extensionRequests, onHoldExtended } = await setup();
    provider.reply = 'network';
    await pass(MINUTE + 10_000);
    await click();
    expect(says(english(EXTEND_FAILED))).toBe(true);
    expect(announced()).toBe(english(EXTEND_FAILED));
    expect(keepLonger()).toBeDefined();
    provider.reply = 'grant';
    await click();
    expect(extensionRequests).toHaveLength(2);
    expect(extensionRequests[1]?.headers?.['Idempotency-Key']).not.toBe(extensionRequests[0]?.headers?.['Idempotency-Key']);
    expect(says(english(EXTEND_FAILED))).toBe(false);
    expect(shown()).toBe('Your tickets are held for 5:50');
    expect(onHoldExtended).toHaveBeenCalledTimes(1);
  });

  it('the hold does not expire while an ask is under way; the grant, even late, keeps it', async () => {
    const { provider, onHoldExpired, onHoldExtended } = await setup({ holdMs: 30_000 });
    let answer!: () => void;
    provider.gate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await pass(25_000);
    await click();
    expect(keepLonger()?.getAttribute('aria-disabled'), 'one ask at a time').toBe('true');
    await pass(10_000); // past the hold's nominal end, the reply still on its way
    expect(onHoldExpired).not.toHaveBeenCalled();
    answer();
    await pass(0);
    expect(onHoldExtended).toHaveBeenCalledTimes(1);
    expect(shown()).toBe('Your tickets are held for 4:55');
    await pass(MINUTE);
    expect(onHoldExpired).not.toHaveBeenCalled();
  });

  it.each([
    ['the site turned the offer off (holdExtensionOffer: false)', { over: { holdExtensionOffer: false } }],
    ['the order has no extension left', { remaining: 0 }],
    ['the provider says nothing of extensions', { remaining: null }],
  ])('no action when %s', async (_, options) => {
    const { extensionRequests } = await setup(options);
    await pass(MINUTE + 10_000);
    expect(shown()).toBe('Your tickets are held for 0:50');
    expect(keepLonger()).toBeUndefined();
    expect(says(english(NO_MORE_TIME))).toBe(false);
    expect(announced()).toBe('Your tickets are held for 1 more minute.');
    expect(extensionRequests).toHaveLength(0);
  });
});
