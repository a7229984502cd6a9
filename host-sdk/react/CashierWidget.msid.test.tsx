// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashierHandle, MountCashierOptions } from '../index';
import { CashierWidget, type CashierWidgetProps } from './index';

// Issue 20 item 6b: the meta site id is part of what the widget was mounted with (the frame loads
// that site's settings), so changing only `configuration.msid` must mount anew, as a new token does.

/** mountCashier replaced by one that appends an iframe and records the mount (the real one is covered in e2e). */
const sdk = vi.hoisted(() => ({
  mounts: [] as { opts: MountCashierOptions; handle: CashierHandle & { update: ReturnType<typeof vi.fn> } }[],
}));
vi.mock('../mountCashier', () => ({
  mountCashier: vi.fn((el: HTMLElement, opts: MountCashierOptions) => {
    const iframe = el.ownerDocument.createElement('iframe');
    el.appendChild(iframe);
    const handle = { iframe, update: vi.fn(() => Promise.resolve()), destroy: vi.fn(() => iframe.remove()) };
    sdk.mounts.push({ opts, handle });
    return handle;
  }),
}));

const base: CashierWidgetProps = {
  host: 'https://api.cashier.example',
  configuration: { appInstance: 'token-1', msid: 'site-1' },
  frameUrl: 'https://cdn.example.com/cashier/',
};
/** Lets the microtask-deferred destroy of an unmount run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  sdk.mounts = [];
});
afterEach(cleanup);

describe('<CashierWidget> configuration.msid', () => {
  it.each([
    { name: 'another msid', to: { appInstance: 'token-1', msid: 'site-2' } },
    { name: 'msid taken away', to: { appInstance: 'token-1' } },
  ])('$name (same token) destroys the widget and mounts anew with it', async ({ to }) => {
    const { container, rerender } = render(<CashierWidget {...base} theme="modal" />);
    rerender(<CashierWidget {...base} theme="modal" configuration={to} />);
    await settle();
    expect(sdk.mounts).toHaveLength(2);
    expect(sdk.mounts[0]?.handle.destroy).toHaveBeenCalledTimes(1);
    expect(sdk.mounts[1]?.opts.configuration).toEqual(to);
    expect(sdk.mounts[1]?.opts.theme).toBe('modal');
    expect(sdk.mounts[0]?.handle.update).not.toHaveBeenCalled();
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('a new configuration object with the same token and msid keeps the widget', async () => {
    const { rerender } = render(<CashierWidget {...base} />);
    rerender(<CashierWidget {...base} configuration={{ ...base.configuration }} />);
    await settle();
    expect(sdk.mounts).toHaveLength(1);
    expect(sdk.mounts[0]?.handle.destroy).not.toHaveBeenCalled();
  });
});
