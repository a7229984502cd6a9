import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CashierError, type Charge, ErrorCode } from '../../shared';
import { awaitChallenge, CHALLENGE_ABANDON_MS, CHALLENGE_POLL_INTERVAL_MS, type ChallengeDeps } from './awaitChallenge';

const VAULT = 'https://vault.example.net';
const open: Charge = {
  id: 'ch_1',
  orderId: 'ord_1',
  status: 'REQUIRES_ACTION',
  nextAction: { type: 'THREE_DS_CHALLENGE', url: `${VAULT}/three-ds/challenges/c1` },
  amount: { amount: 5000, currency: 'EUR' },
  paymentMethod: 'CARD',
  createdAt: '2026-11-22T00:00:00Z',
};
const approved: Charge = { ...open, status: 'APPROVED', nextAction: undefined };
const failed: Charge = { ...open, status: 'DECLINED', declineCode: 'authentication_failed', nextAction: undefined };
const abandoned: Charge = { ...open, status: 'DECLINED', declineCode: 'authentication_abandoned', nextAction: undefined };

/** The frame's window: its messages and its document's visibility, driven by the test. */
function fakeWindow() {
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const win = Object.assign(new EventTarget(), { document: doc });
  return {
    win: win as unknown as Window,
    post: (data: unknown, origin: string, source: unknown) =>
      win.dispatchEvent(Object.assign(new Event('message'), { data, origin, source })),
    visibility(state: DocumentVisibilityState) {
      doc.visibilityState = state;
      doc.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

function setup(over: Partial<ChallengeDeps> = {}) {
  const frame = fakeWindow();
  /** The challenge iframe's window, as the dialog holds it. */
  const challengeWindow = { name: 'challenge' };
  let cancel: () => void = () => undefined;
  const view = { source: () => challengeWindow as unknown as MessageEventSource, close: vi.fn() };
  const api = {
    getCharge: vi.fn(async (): Promise<Charge> => open),
    cancelCharge: vi.fn(async (): Promise<Charge> => abandoned),
  };
  const show = vi.fn((_url: string, onCancel: () => void) => {
    cancel = onCancel;
    return view;
  });
  const deps: ChallengeDeps = { api, vaultOrigin: VAULT, show, win: frame.win, ...over };
  const settled = vi.fn();
  const outcome = awaitChallenge(open, deps);
  outcome.then(settled, settled);
  return { ...frame, api, show, view, outcome, settled, challengeWindow, cancel: () => cancel() };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('awaitChallenge (issue 22): the outcome is read from the provider, never taken from the page', () => {
  it('shows the challenge page and reads nothing until the first tick', async () => {
    const { show, api, settled } = setup();
    expect(show).toHaveBeenCalledWith(`${VAULT}/three-ds/challenges/c1`, expect.any(Function));
    await vi.advanceTimersByTimeAsync(CHALLENGE_POLL_INTERVAL_MS - 1);
    expect(api.getCharge).not.toHaveBeenCalled();
    expect(settled).not.toHaveBeenCalled();
  });

  it('a lost completion message: polling every 2 s finds the outcome, then the view closes and polling stops', async () => {
    const { api, outcome, view } = setup();
    await vi.advanceTimersByTimeAsync(CHALLENGE_POLL_INTERVAL_MS);
    expect(api.getCharge).toHaveBeenCalledTimes(1);
    api.getCharge.mockResolvedValue(approved);
    await vi.advanceTimersByTimeAsync(CHALLENGE_POLL_INTERVAL_MS);
    await expect(outcome).resolves.toEqual(approved);
    expect(api.getCharge).toHaveBeenCalledTimes(2);
    expect(view.close).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * CHALLENGE_POLL_INTERVAL_MS);
    expect(api.getCharge).toHaveBeenCalledTimes(2);
  });

  it("the challenge iframe's message from the vault origin triggers a read at once; its data is not believed", async () => {
    const { api, post, challengeWindow, outcome } = setup();
    api.getCharge.mockResolvedValue(failed);
    post({ type: 'cashier:three-ds-complete', status: 'APPROVED' }, VAULT, challengeWindow);
    await vi.advanceTimersByTimeAsync(0);
    expect(api.getCharge).toHaveBeenCalledWith('ch_1');
    await expect(outcome).resolves.toEqual(failed);
  });

  it('a forged message (another window, or the right window from another origin) changes nothing', async () => {
    const { api, post, challengeWindow, settled } = setup();
    api.getCharge.mockResolvedValue(approved);
    post({ type: 'cashier:three-ds-complete' }, VAULT, { name: 'host page' });
    post({ type: 'cashier:three-ds-complete' }, 'https://tickets.example.com', challengeWindow);
    post({ type: 'cashier:three-ds-complete' }, VAULT, null);
    await vi.advanceTimersByTimeAsync(CHALLENGE_POLL_INTERVAL_MS - 1);
    expect(api.getCharge).not.toHaveBeenCalled();
    expect(settled).not.toHaveBeenCalled();
  });

  it('the page becoming visible again reads at once; becoming hidden does not', async () => {
    const { api, visibility, outcome } = setup();
    api.getCharge.mockResolvedValue(approved);
    visibility('hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.getCharge).not.toHaveBeenCalled();
    visibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.getCharge).toHaveBeenCalledTimes(1);
    await expect(outcome).resolves.toEqual(approved);
  });

  it('a read that fails is tried again at the next tick; a charge still open keeps the challenge open', async () => {
    const { api, outcome, settled } = setup();
    api.getCharge.mockRejectedValueOnce(new CashierError(ErrorCode.NetworkError, 'down'));
    await vi.advanceTimersByTimeAsync(2 * CHALLENGE_POLL_INTERVAL_MS);
    expect(settled).not.toHaveBeenCalled();
    api.getCharge.mockResolvedValue(approved);
    await vi.advanceTimersByTimeAsync(CHALLENGE_POLL_INTERVAL_MS);
    await expect(outcome).resolves.toEqual(approved);
    expect(api.getCharge).toHaveBeenCalledTimes(3);
  });
});

describe('awaitChallenge: cancel, abandon, unmount', () => {
  it("the buyer's cancel (Cancel button, Escape) cancels the charge at the provider: its answer is the outcome", async () => {
    const { api, cancel, outcome, view } = setup();
    cancel();
    cancel(); // a second press sends nothing more
    await expect(outcome).resolves.toEqual(abandoned);
    expect(api.cancelCharge).toHaveBeenCalledTimes(1);
    expect(api.cancelCharge).toHaveBeenCalledWith('ch_1');
    expect(view.close).toHaveBeenCalledTimes(1);
  });

  it('a challenge left open 10 minutes is cancelled as abandoned, not a moment before', async () => {
    const { api, outcome } = setup();
    await vi.advanceTimersByTimeAsync(CHALLENGE_ABANDON_MS - 1);
    expect(api.cancelCharge).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.cancelCharge).toHaveBeenCalledTimes(1);
    await expect(outcome).resolves.toEqual(abandoned);
  });

  it('a cancel that fails rejects with its error: the charge may still be open', async () => {
    const { api, cancel, outcome, view } = setup();
    api.cancelCharge.mockRejectedValueOnce(new CashierError(ErrorCode.NetworkError, 'down'));
    cancel();
    await expect(outcome).rejects.toMatchObject({ code: ErrorCode.NetworkError });
    expect(view.close).toHaveBeenCalled();
  });

  it('the widget unmounted (destroy, a lost frame): DESTROYED, nothing is cancelled, polling stops', async () => {
    const abort = new AbortController();
    const { api, outcome } = setup({ signal: abort.signal });
    abort.abort();
    await expect(outcome).rejects.toMatchObject({ code: ErrorCode.Destroyed });
    await vi.advanceTimersByTimeAsync(CHALLENGE_ABANDON_MS);
    expect(api.getCharge).not.toHaveBeenCalled();
    expect(api.cancelCharge).not.toHaveBeenCalled();
  });
});
