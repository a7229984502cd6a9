// @vitest-environment jsdom
import type { I18n } from '@lingui/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLIK_CODE_TTL_MS } from '../../../shared/localMethods';
import { BlikConfirm } from './BlikConfirm';
import { loadBlikWords } from './blikI18n';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The local clock when the countdown shows: mid-second, as a reply arrives. */
const T0 = Date.parse('2026-11-29T12:00:00.400Z');

let en: I18n;
let pl: I18n;
beforeAll(async () => {
  en = (await loadBlikWords('en')).i18n;
  pl = (await loadBlikWords('pl-PL')).i18n;
});

const container = document.createElement('div');
document.body.append(container);
let root: Root | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  vi.useRealTimers();
});

/** Shows the countdown for a code that ends `ttlMs` after T0 on the provider's clock, which is `skewMs` ahead of the local one. */
function renderConfirm({ ttlMs = BLIK_CODE_TTL_MS, skewMs = 0, i18n = en } = {}) {
  const expiresAt = new Date(T0 + skewMs + ttlMs).toISOString();
  root = createRoot(container);
  act(() => root?.render(<BlikConfirm expiresAt={expiresAt} skewMs={skewMs} i18n={i18n} />));
  const [words, time, status] = container.querySelectorAll('p');
  return {
    words: () => words?.textContent,
    time: () => time?.textContent,
    status: status as HTMLElement,
  };
}

/** Lets `ms` of the local clock pass, the timers firing inside act. */
const pass = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('BlikConfirm', () => {
  it('says "Confirm the payment in your banking app" with the seconds left, one less each second', () => {
    const { words, time } = renderConfirm();
    expect(words()).toBe('Confirm the payment in your banking app');
    expect(time()).toBe('120 s left');
    pass(999);
    expect(time()).toBe('120 s left');
    pass(1);
    expect(time()).toBe('119 s left');
    pass(1_000);
    expect(time()).toBe('118 s left');
    pass(58_000);
    expect(time()).toBe('60 s left');
  });

  it.each([
    { name: 'the provider 5 s ahead of the device', skewMs: 5_000 },
    { name: 'the provider 30 s behind the device', skewMs: -30_000 },
    { name: 'the provider 90 s behind the device', skewMs: -90_000 },
  ])('counts on the provider’s clock: $name', ({ skewMs }) => {
    const { time } = renderConfirm({ skewMs });
    expect(time()).toBe('120 s left');
    pass(30_000);
    expect(time()).toBe('90 s left');
  });

  it('changes on the second’s edge when the end is mid-second (not a second after each tick)', () => {
    const { time } = renderConfirm({ ttlMs: 10_500 });
    expect(time()).toBe('11 s left');
    pass(500);
    expect(time()).toBe('10 s left');
    pass(1_000);
    expect(time()).toBe('9 s left');
  });

  it('stops at 0 s: no timer left, the time stays 0', () => {
    const { time } = renderConfirm({ ttlMs: 3_000 });
    pass(3_000);
    expect(time()).toBe('0 s left');
    expect(vi.getTimerCount()).toBe(0);
    pass(5_000);
    expect(time()).toBe('0 s left');
  });

  it('a code already expired (or an unreadable time) shows 0 s and sets no timer', () => {
    const { time } = renderConfirm({ ttlMs: -5_000 });
    expect(time()).toBe('0 s left');
    expect(vi.getTimerCount()).toBe(0);
    act(() => root?.render(<BlikConfirm expiresAt="not a time" skewMs={0} i18n={en} />));
    expect(time()).toBe('0 s left');
  });

  it.each([
    {
      name: 'from 120 s: the words at the start, then only at 60, 30 and 10 s left',
      ttlMs: BLIK_CODE_TTL_MS,
      heard: ['Confirm the payment in your banking app. 120 s left.', '60 s left', '30 s left', '10 s left'],
    },
    {
      name: 'from 62 s: 60 s, 2 s after the start, is not said again',
      ttlMs: 62_000,
      heard: ['Confirm the payment in your banking app. 62 s left.', '30 s left', '10 s left'],
    },
    {
      name: 'from 45 s: no 60 s claimed',
      ttlMs: 45_000,
      heard: ['Confirm the payment in your banking app. 45 s left.', '30 s left', '10 s left'],
    },
  ])('announces politely and sparingly, $name', ({ ttlMs, heard }) => {
    const { status } = renderConfirm({ ttlMs });
    expect(status.getAttribute('role')).toBe('status');
    const said = [status.textContent];
    for (let s = 0; s < 125; s++) {
      pass(1_000);
      if (status.textContent !== said.at(-1)) said.push(status.textContent);
    }
    expect(said).toEqual(heard);
  });

  it('the live region is filled after it is in the page (one inserted with its text is not read everywhere)', () => {
    const expiresAt = new Date(T0 + 45_000).toISOString();
    const observer = new MutationObserver(() => undefined);
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    root = createRoot(container);
    act(() => root?.render(<BlikConfirm expiresAt={expiresAt} skewMs={0} i18n={en} />));
    const status = container.querySelector('[role=status]');
    const filledInPlace = observer.takeRecords().some((r) => r.target === status && r.addedNodes.length > 0);
    observer.disconnect();
    expect(filledInPlace).toBe(true);
    // Started under 60 s: it says the time it has, and does not claim 60 s.
    expect(status?.textContent).toBe('Confirm the payment in your banking app. 45 s left.');
  });

  it('in Polish from the catalog', () => {
    const { words, time, status } = renderConfirm({ i18n: pl });
    expect(words()).toBe('Potwierdź płatność w aplikacji banku');
    expect(time()).toBe('Pozostały czas: 120 s');
    expect(status.textContent).toBe('Potwierdź płatność w aplikacji banku. Pozostały czas: 120 s.');
  });
});
