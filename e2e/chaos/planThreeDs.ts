import type { DestroyPlan } from './destroyPlan';
import type { Random } from './random';

// The chaos run's 3-D Secure choices (issue 22): the cards, what the run does with a challenge,
// and the cuts. plan.ts draws them last for each mount (planMount) and re-exports the types.

/**
 * The test card the run types (provider/README.md "Test cards"): approved, declined; 3-D Secure
 * (issue 22): `challenge` (4000 0027 6000 3184: complete → APPROVED, fail → DECLINED
 * `authentication_failed`), `frictionless` (4000 0000 0000 3055: APPROVED, no challenge),
 * `challenge-declined` (4000 0084 0000 1629: complete → DECLINED `card_declined`).
 */
export type PayCard = 'approved' | 'declined' | 'challenge' | 'frictionless' | 'challenge-declined';

/**
 * What the run does `afterMs` after a challenge's dialog opened: records the bank's result with
 * the provider's control route (`complete`, `fail`: POST /__control/three-ds/<challengeId>),
 * presses the bank page's own button (`page-complete`, `page-fail`), presses the dialog's Cancel
 * (`cancel`) or Escape in the dialog (`escape`). A destroy the plan times from the challenge
 * comes instead, when it comes first; a later challenge of the mount (its pay again after a
 * decline) is completed through the control route at once.
 */
export interface ChallengePlan {
  action: ChallengeAction;
  afterMs: number;
}

/** See {@link ChallengePlan}. */
export type ChallengeAction = (typeof CHALLENGE_ACTIONS)[number];

/** Every {@link ChallengeAction}. */
export const CHALLENGE_ACTIONS = ['complete', 'fail', 'page-complete', 'page-fail', 'cancel', 'escape'] as const;

/** The cards that open a challenge. */
export const CHALLENGE_CARDS: readonly PayCard[] = ['challenge', 'challenge-declined'];

/**
 * A paying mount's 3-D Secure draws: half type a 3-D Secure card instead of the drawn one; what
 * the run does with its challenge; and, for a mount whose destroy would not come before its
 * payment (`free`: none, after ready, a removal), two challenges in five cut short by `destroy()`
 * or the iframe's removal instead.
 */
export function planThreeDs(r: Random, free: boolean): { card?: PayCard; challenge: ChallengePlan; cut?: DestroyPlan } {
  const card = r.weighted<PayCard | undefined>([
    [50, undefined],
    [26, 'challenge'],
    [8, 'frictionless'],
    [16, 'challenge-declined'],
  ]);
  const challenge: ChallengePlan = {
    action: r.weighted<ChallengeAction>([
      [30, 'complete'],
      [15, 'fail'],
      [15, 'page-complete'],
      [10, 'page-fail'],
      [15, 'cancel'],
      [15, 'escape'],
    ]),
    afterMs: r.int(0, 2_500),
  };
  const cutAt = r.weighted<'challenge' | 'challenge-removed' | undefined>([
    [60, undefined],
    [20, 'challenge'],
    [20, 'challenge-removed'],
  ]);
  const cutAfterMs = r.int(0, 1_500);
  return {
    ...(card ? { card } : {}),
    challenge,
    ...(free && cutAt ? { cut: { at: cutAt, afterMs: cutAfterMs } } : {}),
  };
}
