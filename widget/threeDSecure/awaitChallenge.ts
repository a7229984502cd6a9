import { CashierError, type Charge, ErrorCode, type ProviderApi } from '../../shared';

/** How often the charge is read while its challenge is open, in milliseconds (issue 22: every ≤ 2 s). */
export const CHALLENGE_POLL_INTERVAL_MS = 2_000;

/** How long a challenge may stay open, in milliseconds, before it is cancelled as abandoned (10 minutes). */
export const CHALLENGE_ABANDON_MS = 10 * 60_000;

/** The challenge as the widget shows it (the dialog). */
export interface ChallengeView {
  /** The window of the iframe that holds the bank's page, once it is in the page; messages from it trigger a read. */
  source(): MessageEventSource | null | undefined;
  /** Removes the dialog (and gives the host back the room it lent, if any). */
  close(): void;
}

/** What {@link awaitChallenge} reads and calls. */
export interface ChallengeDeps {
  /** The provider's charge by id (the outcome) and the cancel of an open charge. */
  api: Pick<ProviderApi, 'getCharge' | 'cancelCharge'>;
  /** The vault origin (the challenge page's): the only origin whose message triggers a read. */
  vaultOrigin: string | undefined;
  /** Shows the challenge at `url`; the view calls `cancel` when the buyer closes it (Cancel, Escape). */
  show(url: string, cancel: () => void): ChallengeView;
  /** The frame's window: its `message` and its document's `visibilitychange`. Default: `window`. */
  win?: Window;
  /** Aborted when the widget is unmounted (destroy, a lost frame): the challenge is left open at the provider. */
  signal?: AbortSignal;
}

/**
 * Shows the 3-D Secure challenge of a REQUIRES_ACTION `charge` and resolves with the charge once it
 * settled (issue 22). The outcome is always read from the provider (`getCharge`), never taken from
 * the challenge page: every {@link CHALLENGE_POLL_INTERVAL_MS} while it is open, at once when the
 * frame's page becomes visible again, and at once on a `message` whose `source` is the challenge's
 * iframe and whose `origin` is the vault (its data is not read: a forged or lost message changes
 * nothing). A read that fails is tried again at the next tick. The buyer's cancel, or
 * {@link CHALLENGE_ABANDON_MS} open, cancels the charge at the provider (`cancelCharge`): it
 * resolves with the charge that answers (DECLINED `authentication_abandoned`, or what it settled as
 * first). The view is closed before it settles.
 * @throws the cancel's CashierError when the cancel fails (the charge may still be open), or
 *   DESTROYED when `signal` aborts first (the charge stays open: the next mount shows it again).
 */
export function awaitChallenge(charge: Charge, deps: ChallengeDeps): Promise<Charge> {
  const win = deps.win ?? window;
  const url = charge.nextAction?.url ?? '';
  return new Promise<Charge>((resolve, reject) => {
    let done = false;
    let reading = false;
    let readAgain = false;
    let cancelling = false;

    const finish = (end: () => void) => {
      if (done) return;
      done = true;
      clearInterval(poll);
      clearTimeout(abandon);
      win.removeEventListener('message', onMessage);
      win.document.removeEventListener('visibilitychange', onVisible);
      deps.signal?.removeEventListener('abort', onAbort);
      view.close();
      end();
    };
    const settleWith = (next: Charge) => {
      if (next.id === charge.id && next.status !== 'REQUIRES_ACTION') finish(() => resolve(next));
    };

    const read = async () => {
      if (done) return;
      if (reading) {
        readAgain = true;
        return;
      }
      reading = true;
      try {
        settleWith(await deps.api.getCharge(charge.id));
      } catch {
        // unreadable for now: the next tick reads again
      } finally {
        reading = false;
      }
      if (readAgain) {
        readAgain = false;
        void read();
      }
    };

    const cancel = async () => {
      if (done || cancelling) return;
      cancelling = true;
      try {
        const answer = await deps.api.cancelCharge(charge.id);
        if (answer.status === 'REQUIRES_ACTION')
          throw new CashierError(ErrorCode.InvalidResponse, 'The cancelled charge is still open.');
        settleWith(answer);
      } catch (error) {
        finish(() => reject(error));
      }
    };

    const onMessage = (event: MessageEvent) => {
      if (event.source && event.source === view.source() && event.origin === deps.vaultOrigin) void read();
    };
    const onVisible = () => {
      if (win.document.visibilityState === 'visible') void read();
    };
    const onAbort = () =>
      finish(() => reject(new CashierError(ErrorCode.Destroyed, 'The widget was unmounted during the 3-D Secure challenge.')));

    const view = deps.show(url, () => void cancel());
    const poll = setInterval(() => void read(), CHALLENGE_POLL_INTERVAL_MS);
    const abandon = setTimeout(() => void cancel(), CHALLENGE_ABANDON_MS);
    win.addEventListener('message', onMessage);
    win.document.addEventListener('visibilitychange', onVisible);
    if (deps.signal?.aborted) onAbort();
    else deps.signal?.addEventListener('abort', onAbort);
  });
}
