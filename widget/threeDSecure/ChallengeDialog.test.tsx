// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type Charge, ProviderPaths, type ProviderRequest } from '../../shared';
import { english } from '../testing/english';
import { fieldOf, fillCard, typeInto } from '../testing/httpWidget';
import { fakeProviderClient, mountWidget, VAULT } from '../testing/mountWidget';
import { CHALLENGE_FRAME_TITLE, CHALLENGE_SANDBOX } from './ChallengeDialog';

// In React's act environment: the mount (mountWidget), the typing, the pay and the buyer's answer
// to the dialog each run inside act, so each test checks the widget as React left it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CHALLENGE_URL = `${VAULT}/three-ds/challenges/c1`;
const base: Charge = {
  id: 'ch_1',
  orderId: 'ord_1',
  status: 'REQUIRES_ACTION',
  nextAction: { type: 'THREE_DS_CHALLENGE', url: CHALLENGE_URL },
  amount: { amount: 100, currency: 'EUR' },
  paymentMethod: 'CARD',
  createdAt: '',
};

let container: HTMLElement;

/** The widget (no order mounted) over a provider whose charge needs 3-D Secure (the challenge card), paying ord_1. */
async function mountChallenge() {
  const provider = {
    getCharge: vi.fn(async (): Promise<Charge> => base),
    cancelCharge: vi.fn(async (): Promise<Charge> => ({ ...base, status: 'DECLINED', declineCode: 'authentication_abandoned' })),
  };
  const request = async ({ method, path }: ProviderRequest): Promise<unknown> => {
    if (path === ProviderPaths.cardTokenization)
      return { token: 'tok_1', brand: 'visa', last4: '3184', expMonth: 12, expYear: 2030 };
    if (path === ProviderPaths.chargesByOrder('ord_1') && method === 'post') return base;
    if (path === ProviderPaths.cancelCharge('ch_1') && method === 'post') return provider.cancelCharge();
    if (path === ProviderPaths.charge('ch_1') && method === 'get') return provider.getCharge();
    throw new Error(`unexpected ${method} ${path}`);
  };
  const onChallenge = vi.fn();
  const mounted = await mountWidget({ providerClient: fakeProviderClient(request), orderId: undefined, onChallenge });
  container = mounted.container;
  act(() => {
    fillCard(container);
    typeInto(fieldOf(container, 'cc-number'), '4000002760003184');
  });
  let paying: Promise<unknown> = Promise.resolve();
  await act(async () => {
    paying = mounted.api.pay({ orderId: 'ord_1' });
  });
  return { paying, provider, onChallenge };
}

const dialog = () => container.querySelector<HTMLElement>('[role=dialog]');

describe('the 3-D Secure dialog (issue 22)', () => {
  it('a modal dialog named "Confirm your payment" with the bank page in a titled, sandboxed iframe; focus moves in; the form is inert', async () => {
    const { onChallenge } = await mountChallenge();
    const shown = dialog();
    expect(shown?.getAttribute('aria-modal')).toBe('true');
    const name = document.getElementById(shown?.getAttribute('aria-labelledby') ?? '')?.textContent ?? '';
    expect(name.startsWith('Confirm your payment')).toBe(true);
    const iframe = shown?.querySelector('iframe');
    expect(iframe?.getAttribute('src')).toBe(CHALLENGE_URL);
    expect(iframe?.title).toBe(english(CHALLENGE_FRAME_TITLE));
    expect(iframe?.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(CHALLENGE_SANDBOX).toBe('allow-scripts allow-same-origin allow-forms');
    expect(iframe?.hasAttribute('allow')).toBe(false);
    expect(document.activeElement).toBe(shown);
    expect(container.querySelector('form')?.hasAttribute('inert')).toBe(true);
    // jsdom's 1024 × 768 window holds the dialog: no overlay asked for.
    expect(onChallenge).toHaveBeenCalledWith({ open: true, overlay: false });
  });

  it('a frame smaller than the dialog asks the host for the whole viewport', async () => {
    vi.stubGlobal('innerWidth', 320);
    const { onChallenge } = await mountChallenge();
    expect(onChallenge).toHaveBeenCalledWith({ open: true, overlay: true });
  });

  it('Escape cancels: the charge is cancelled, pay resolves DECLINED authentication_abandoned, announced; focus returns to the card form', async () => {
    const { paying, provider, onChallenge } = await mountChallenge();
    await act(async () => {
      dialog()?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await act(async () => {
      await expect(paying).resolves.toMatchObject({ status: 'DECLINED', declineCode: 'authentication_abandoned' });
    });
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(provider.cancelCharge).toHaveBeenCalledTimes(1);
    expect(dialog()).toBeNull();
    expect(container.querySelector('[role=alert]')?.textContent).toMatch(/not confirmed with your bank/);
    expect(onChallenge).toHaveBeenLastCalledWith({ open: false });
    expect(container.querySelector('form')?.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(container.querySelector('input[name=cardNumber]'));
  });

  it('the Cancel button cancels the same way', async () => {
    const { paying, provider } = await mountChallenge();
    const cancel = [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Cancel');
    await act(async () => cancel?.click());
    await act(async () => {
      await expect(paying).resolves.toMatchObject({ status: 'DECLINED', declineCode: 'authentication_abandoned' });
    });
    expect(provider.cancelCharge).toHaveBeenCalledTimes(1);
  });
});
