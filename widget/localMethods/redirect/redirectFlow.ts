import type { Charge } from '../../../shared';
import { isLocalPaymentResultMessage } from '../../../shared/localMethods';
import type { LocalDeps } from '../localKit';

/**
 * How a redirect payment's window ended (issue 38): its charge settled or PENDING (`charge`, as
 * read from the provider), cancelled on the page, or the window closed before an answer (its
 * charge cancelled: nothing charged).
 */
export type RedirectEnd = { outcome: 'settled'; charge: Charge } | { outcome: 'cancelled' } | { outcome: 'closed' };

/** What {@link runRedirect} needs. */
export interface RedirectFlowDeps {
  /** The window opened at the click, before any request (Safari blocks one opened after an await). */
  popup: Window;
  /** Makes the charge exactly once (createPayment's `chargeInWidget`): REQUIRES_ACTION with its REDIRECT, or settled. */
  charge: () => Promise<Charge>;
  /** The provider's charge read and cancel (the read retried per spec 9). */
  api: LocalDeps['api'];
  /** The frame build's payments origin: the only page the popup is sent to, the only sender whose message counts (undefined: none). */
  paymentsOrigin: string | undefined;
  /** The frame's window: its `message` events and timers. */
  win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setInterval' | 'clearInterval'>;
  /** INVALID_RESPONSE with `message` (the kit's), for a page off the payments origin. */
  invalidResponse: (message: string) => Error;
  /** How often `popup.closed` is read, in milliseconds; default 250 (a closed window is noticed within 1 s). */
  pollMs?: number;
}

/** True when `url` is an absolute URL on `origin`. */
function isOn(url: unknown, origin: string | undefined): url is string {
  try {
    return origin !== undefined && new URL(String(url)).origin === origin;
  } catch {
    return false;
  }
}

/**
 * One redirect payment (iDEAL, Bancontact, Klarna) in the already open `popup`: make the charge,
 * point the popup at its page (`nextAction.url`) only when that is on the payments origin, wait for
 * the page's message (from the payments origin, from that popup, for that charge) or for the popup
 * to close, then read the charge itself: the message only wakes the flow up. Still REQUIRES_ACTION
 * (the window closed, or the page's answer not recorded): the charge is cancelled, and what the
 * cancel answers is the outcome (an approval that came first still counts).
 * @throws the charge's refusal or PAYMENT_OUTCOME_UNKNOWN (the popup is closed); INVALID_RESPONSE for
 *   a page off the payments origin (its charge cancelled unseen); the cancel's error when neither the
 *   read nor the cancel could tell (the order stays journalled: the next `pay` reads its charges).
 */
export async function runRedirect(deps: RedirectFlowDeps): Promise<RedirectEnd> {
  const { popup, api } = deps;
  let charge: Charge;
  try {
    charge = await deps.charge();
  } catch (error) {
    popup.close();
    throw error;
  }
  if (charge.status !== 'REQUIRES_ACTION') {
    popup.close();
    return { outcome: 'settled', charge };
  }
  const url = charge.nextAction?.type === 'REDIRECT' ? charge.nextAction.url : undefined;
  if (!isOn(url, deps.paymentsOrigin)) {
    popup.close();
    await api.cancelCharge(charge.id).catch(() => undefined);
    throw deps.invalidResponse(
      'The payment page is not on the frame’s payments origin; it was not shown and its charge was cancelled.',
    );
  }
  if (!popup.closed) popup.location.href = url;
  const chargeId = charge.id;
  await new Promise<void>((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== deps.paymentsOrigin || event.source !== popup) return;
      if (isLocalPaymentResultMessage(event.data) && event.data.chargeId === chargeId) done();
    };
    const timer = deps.win.setInterval(() => {
      if (popup.closed) done();
    }, deps.pollMs ?? 250);
    const done = () => {
      deps.win.removeEventListener('message', onMessage);
      deps.win.clearInterval(timer);
      resolve();
    };
    deps.win.addEventListener('message', onMessage);
  });
  const now = await api.getCharge(chargeId).catch(() => undefined);
  const ended = now?.status === 'REQUIRES_ACTION' || now === undefined ? await api.cancelCharge(chargeId) : now;
  if (ended.status === 'DECLINED' && ended.declineCode === 'authentication_abandoned') {
    // Abandoned: by "Cancel and return" on the page (it answered before it closed), or by our cancel.
    return { outcome: now?.status === 'DECLINED' ? 'cancelled' : 'closed' };
  }
  return { outcome: 'settled', charge: ended };
}
