import { describeHoldExtensionsProblem } from '../../shared/orderSetup';

/** The longest grace limit the provider takes, in milliseconds: 24 hours. */
export const MAX_HOLD_GRACE_MS = 24 * 60 * 60_000;

/**
 * What is wrong with a change of the checkout store's hold policy (`createProviderApp`'s options,
 * `POST /__control/holds`), or undefined: an object of `holdExtensions` (`{ count: 0–10, seconds:
 * 1–3600 }`) and `holdGraceMs` (a whole number of milliseconds from 0 to {@link MAX_HOLD_GRACE_MS}),
 * each optional, and nothing else. The sentence names the field.
 */
export function describeHoldPolicyProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'Expected { holdExtensions?: { count, seconds }, holdGraceMs? }.';
  }
  const change = value as Record<string, unknown>;
  const extra = Object.keys(change).find((key) => key !== 'holdExtensions' && key !== 'holdGraceMs');
  if (extra !== undefined) return `${extra.slice(0, 100)} is not a field of the hold policy (holdExtensions, holdGraceMs).`;
  if (change.holdExtensions !== undefined) {
    const problem = describeHoldExtensionsProblem(change.holdExtensions);
    if (problem) return problem;
  }
  const grace = change.holdGraceMs;
  if (grace !== undefined && (typeof grace !== 'number' || !Number.isInteger(grace) || grace < 0 || grace > MAX_HOLD_GRACE_MS)) {
    return `holdGraceMs must be a whole number of milliseconds from 0 to ${MAX_HOLD_GRACE_MS}, got ${String(JSON.stringify(grace)).slice(0, 100)}.`;
  }
  return undefined;
}
