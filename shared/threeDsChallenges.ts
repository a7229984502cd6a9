import type { ChargeStatus, Money, NextAction } from './providerShapes';
import { type ThreeDsChallengeView, type ThreeDsOutcome, threeDsChallengePath } from './threeDsChallengePage';

/**
 * How long a 3-D Secure challenge stays open: 10 minutes after its charge was made. Then the
 * charge settles DECLINED `authentication_abandoned`, as when it is cancelled.
 */
export const THREE_DS_CHALLENGE_TTL_MS = 10 * 60_000;

/** The fields of a charge a challenge reads and settles (the reference provider's `Charge`, the mock's `MockCharge`). */
export interface ChallengedCharge {
  id: string;
  orderId: string;
  amount: Money;
  status: ChargeStatus;
  declineCode?: string;
  nextAction?: NextAction;
}

/** The fields of an order an APPROVED challenge pays. */
export interface ChallengedOrder {
  status: string;
  chargeId?: string;
}

/** What the challenge page shows besides the amount, and how a completed challenge ends. */
export interface ChallengeCard {
  /** Who is paid: the order's event name. */
  merchant: string;
  /** The card's last four digits. */
  last4: string;
  /** Set when a completed challenge still declines (test card 1629), with this code. */
  completeDeclineCode?: string;
}

/** A challenge as kept: its charge and order (the store's own objects, settled in place). */
interface Challenge extends ChallengeCard {
  id: string;
  charge: ChallengedCharge;
  order: ChallengedOrder;
  /** Milliseconds since the epoch, by the store's clock. */
  createdAt: number;
  /** True until a result is recorded, the charge is cancelled, or the challenge expires. */
  open: boolean;
}

/** What recording a result did: `recorded` (the charge settled), `unknown` challenge id, or `closed` (answered, cancelled or expired). */
export type RecordResult = { status: 'recorded'; charge: ChallengedCharge } | { status: 'unknown' } | { status: 'closed' };

/** 32 random bytes, base64url (43 characters): Web Crypto, so the mock mode runs it anywhere. */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The 3-D Secure challenges (issue 22) of the reference provider's checkout store and of the mock
 * mode: one state machine for both. A challenge card's charge is opened here:
 * `REQUIRES_ACTION` with `nextAction.url` = `<vault origin>/three-ds/challenges/<id>`, the id 32
 * random bytes (base64url, unguessable: it is what lets the page record a result). It settles once:
 * by the buyer's result (complete → APPROVED, or DECLINED `completeDeclineCode`; fail → DECLINED
 * `authentication_failed`), by a cancel, or {@link THREE_DS_CHALLENGE_TTL_MS} after it was made
 * (both DECLINED `authentication_abandoned`). An APPROVED charge pays its order.
 * `now` is the store's clock; `vaultOrigin` the vault's public origin (undefined: not known, and
 * `open` throws); `onSettled` hears each charge as it settles (default: no one). `approvedTooLate`
 * (issue 37) says whether a charge the bank approves now comes after its order's seat hold ended
 * for good: it then settles `REFUNDED_HOLD_EXPIRED` and pays nothing (the refund is the caller's,
 * in `onSettled`). Default: never too late.
 */
export function createThreeDsChallenges(
  now: () => Date,
  vaultOrigin: () => string | undefined,
  onSettled: (charge: ChallengedCharge) => void = () => {},
  approvedTooLate: (charge: ChallengedCharge) => boolean = () => false,
) {
  const byId = new Map<string, Challenge>();
  const byCharge = new Map<string, Challenge>();

  function settle(challenge: Challenge, approvedOrDeclined: 'APPROVED' | 'DECLINED', declineCode?: string): void {
    challenge.open = false;
    const { charge, order } = challenge;
    const status = approvedOrDeclined === 'APPROVED' && approvedTooLate(charge) ? 'REFUNDED_HOLD_EXPIRED' : approvedOrDeclined;
    charge.status = status;
    delete charge.nextAction;
    if (declineCode) charge.declineCode = declineCode;
    if (status === 'APPROVED') {
      order.status = 'PAID';
      order.chargeId = charge.id;
    }
    onSettled(charge);
  }

  /** Settles every open challenge older than {@link THREE_DS_CHALLENGE_TTL_MS} as abandoned (the map is in creation order). */
  function sweep(): void {
    const oldest = now().getTime() - THREE_DS_CHALLENGE_TTL_MS;
    for (const challenge of byId.values()) {
      if (challenge.createdAt > oldest) break;
      if (challenge.open) settle(challenge, 'DECLINED', 'authentication_abandoned');
    }
  }

  /**
   * Opens a challenge for `charge` (made just now for `order`, with `card`): sets it
   * `REQUIRES_ACTION` with its `nextAction`.
   * @throws Error when the vault origin is not known (the provider was started without it).
   */
  function open(charge: ChallengedCharge, order: ChallengedOrder, card: ChallengeCard): void {
    const origin = vaultOrigin();
    if (origin === undefined)
      throw new Error('The provider does not know its vault origin: no challenge page to send the buyer to.');
    const id = `tds_${randomId()}`;
    const challenge: Challenge = { id, charge, order, ...card, createdAt: now().getTime(), open: true };
    byId.set(id, challenge);
    byCharge.set(charge.id, challenge);
    charge.status = 'REQUIRES_ACTION';
    charge.nextAction = { type: 'THREE_DS_CHALLENGE', url: `${origin}${threeDsChallengePath(id)}` };
  }

  return {
    sweep,
    open,
    /** What the page of open challenge `challengeId` shows; undefined when unknown or no longer open. */
    view(challengeId: string): ThreeDsChallengeView | undefined {
      sweep();
      const challenge = byId.get(challengeId);
      if (!challenge?.open) return undefined;
      const { charge, merchant, last4 } = challenge;
      return { challengeId, merchant, amount: charge.amount, last4 };
    },
    /** Records the buyer's `outcome` for `challengeId`, once: the charge settles. */
    record(challengeId: string, outcome: ThreeDsOutcome): RecordResult {
      sweep();
      const challenge = byId.get(challengeId);
      if (!challenge) return { status: 'unknown' };
      if (!challenge.open) return { status: 'closed' };
      if (outcome === 'fail') settle(challenge, 'DECLINED', 'authentication_failed');
      else if (challenge.completeDeclineCode) settle(challenge, 'DECLINED', challenge.completeDeclineCode);
      else settle(challenge, 'APPROVED');
      return { status: 'recorded', charge: challenge.charge };
    },
    /** Cancels the challenge of `chargeId` when open: DECLINED `authentication_abandoned`. A settled one is left as it is. */
    cancel(chargeId: string): void {
      sweep();
      const challenge = byCharge.get(chargeId);
      if (challenge?.open) settle(challenge, 'DECLINED', 'authentication_abandoned');
    },
    /** The open (`REQUIRES_ACTION`) charge of `orderId`, if any: at most one. */
    openChargeOf(orderId: string): ChallengedCharge | undefined {
      sweep();
      for (const challenge of byCharge.values())
        if (challenge.open && challenge.charge.orderId === orderId) return challenge.charge;
      return undefined;
    },
    /** Forgets every challenge. */
    clear(): void {
      byId.clear();
      byCharge.clear();
    },
  };
}

/** The challenges of one checkout store. */
export type ThreeDsChallenges = ReturnType<typeof createThreeDsChallenges>;
