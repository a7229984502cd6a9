// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { CashierError, ErrorCode, TECHNICAL_DIFFICULTIES_MESSAGE } from '../../shared';
import { App } from './App';
import type { LoaderState } from './createLoader';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function store(initial: LoaderState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => state,
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    set(next: LoaderState) {
      state = next;
      for (const l of listeners) l();
    },
  };
}

const failed: LoaderState = { status: 'failed', error: new CashierError(ErrorCode.SettingsLoadFailed, 'x') };
let container: HTMLElement;
afterEach(() => container?.remove());

function render(initial: LoaderState, theme: string) {
  container = document.body.appendChild(document.createElement('div'));
  const s = store(initial);
  const root = createRoot(container);
  act(() => root.render(<App loader={s} theme={theme} />));
  return { s, root };
}

describe('App / ErrorAlert (spec 2, 8)', () => {
  it.each(['waiting', 'loaded'] as const)('%s renders nothing', (status) => {
    render({ status }, 'inline');
    expect(container.innerHTML).toBe('');
  });

  it('failed renders one alert with the exact message', () => {
    render(failed, 'inline');
    const alerts = container.querySelectorAll('[role="alert"]');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.textContent).toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
  });

  it.each([
    { theme: 'modal', color: 'rgb(214, 48, 49)', background: '' },
    { theme: 'inline', color: 'rgb(51, 51, 51)', background: 'rgb(240, 240, 240)' },
    { theme: 'dark', color: 'rgb(51, 51, 51)', background: 'rgb(240, 240, 240)' },
  ])('theme $theme: color $color, background "$background"', ({ theme, color, background }) => {
    render(failed, theme);
    const alert = container.querySelector<HTMLElement>('[role="alert"]');
    expect(alert?.style.color).toBe(color);
    expect(alert?.style.backgroundColor).toBe(background);
  });

  it('switches from nothing to the alert when the loader fails', () => {
    const { s } = render({ status: 'waiting' }, 'modal');
    expect(container.querySelector('[role="alert"]')).toBeNull();
    act(() => s.set(failed));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
  });
});
