// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PreloadCashierOptions } from '../index';
import { usePreloadCashier } from './index';

const preload = vi.hoisted(() => vi.fn(async (_options: unknown) => undefined));
vi.mock('../preloadCashier', () => ({ preloadCashier: preload }));

afterEach(() => {
  cleanup();
  preload.mockClear();
});

function Checkout({ options }: { options: PreloadCashierOptions | undefined }) {
  usePreloadCashier(options);
  return <p>Choose your tickets</p>;
}

const options = (appInstance = 'token-1'): PreloadCashierOptions => ({
  host: 'https://api.example.com',
  configuration: { appInstance },
  frameUrl: 'https://frame.example.com/',
});

describe('usePreloadCashier (issue 24)', () => {
  it('preloads after the render, with the options given, and not again on a re-render with the same values', () => {
    const { rerender } = render(<Checkout options={options()} />);
    expect(preload).toHaveBeenCalledTimes(1);
    expect(preload).toHaveBeenCalledWith({ ...options(), configuration: { appInstance: 'token-1', msid: undefined } });
    rerender(<Checkout options={options()} />);
    expect(preload).toHaveBeenCalledTimes(1);
    rerender(<Checkout options={options('token-2')} />);
    expect(preload).toHaveBeenCalledTimes(2);
  });

  it('warms nothing for undefined options', () => {
    render(<Checkout options={undefined} />);
    expect(preload).not.toHaveBeenCalled();
  });

  it('in StrictMode the effect runs twice: the SDK keeps it to one warm-up (preloadCashier is idempotent per options)', () => {
    render(
      <StrictMode>
        <Checkout options={options()} />
      </StrictMode>,
    );
    const calls = preload.mock.calls.map(([o]) => JSON.stringify(o));
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls).size).toBe(1);
  });
});
