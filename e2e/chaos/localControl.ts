import type { APIRequestContext } from '@playwright/test';
import { CONTROL_KEY_HEADER } from '../../provider';

/** Changes the provider's local payment timings (issue 38), until the next reset; rejects when the provider refuses them. */
export type SetLocalTimings = (change: {
  pendingSettleMs?: number;
  blikApproveMs?: number;
  blikExpiryMs?: number;
}) => Promise<void>;

/**
 * The provider's control route for the local payments' timings (`POST /__control/local-payments`),
 * at `providerOrigin` with the run's control key. The returned function rejects with the
 * provider's status and body on any answer but 200 (400 BAD_LOCAL_PAYMENT_TIMINGS).
 */
export function localTimingsSetter(api: APIRequestContext, providerOrigin: string, controlKey: string): SetLocalTimings {
  return async (change) => {
    const response = await api.post(`${providerOrigin}/__control/local-payments`, {
      data: change,
      headers: { [CONTROL_KEY_HEADER]: controlKey },
    });
    if (!response.ok()) throw new Error(`the provider answered ${response.status()}: ${await response.text()}`);
  };
}
