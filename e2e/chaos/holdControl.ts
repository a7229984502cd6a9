import type { APIRequestContext } from '@playwright/test';
import { CONTROL_KEY_HEADER } from '../../provider';

/** Changes the provider's seat hold policy (issue 37); rejects when the provider refuses it. */
export type SetHoldPolicy = (change: {
  holdGraceMs?: number;
  holdExtensions?: { count: number; seconds: number };
}) => Promise<void>;

/**
 * The provider's control route for the hold policy (`POST /__control/holds`, until the next
 * reset), at `providerOrigin` with the run's control key. The returned function rejects with the
 * provider's status and body on any answer but 200 (400 BAD_HOLD_POLICY).
 */
export function holdPolicySetter(api: APIRequestContext, providerOrigin: string, controlKey: string): SetHoldPolicy {
  return async (change) => {
    const response = await api.post(`${providerOrigin}/__control/holds`, {
      data: change,
      headers: { [CONTROL_KEY_HEADER]: controlKey },
    });
    if (!response.ok()) throw new Error(`the provider answered ${response.status()}: ${await response.text()}`);
  };
}
