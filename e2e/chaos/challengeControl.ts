import type { APIRequestContext } from '@playwright/test';
import { CONTROL_KEY_HEADER } from '../../provider';

/** Records a 3-D Secure challenge's result as the bank's page would; rejects when the provider refuses it. */
export type RecordChallenge = (challengeId: string, outcome: 'complete' | 'fail') => Promise<void>;

/**
 * The provider's control route for challenges (provider/README.md "Fault switches": POST
 * /__control/three-ds/<challengeId> `{ outcome }`), at `providerOrigin` with the run's control
 * key. The returned function rejects with the provider's status and body on any answer but 200
 * (404 CHALLENGE_NOT_FOUND, 409 CHALLENGE_CLOSED: answered, cancelled or expired).
 */
export function challengeRecorder(api: APIRequestContext, providerOrigin: string, controlKey: string): RecordChallenge {
  return async (challengeId, outcome) => {
    const response = await api.post(`${providerOrigin}/__control/three-ds/${encodeURIComponent(challengeId)}`, {
      data: { outcome },
      headers: { [CONTROL_KEY_HEADER]: controlKey },
    });
    if (!response.ok()) throw new Error(`the provider answered ${response.status()}: ${await response.text()}`);
  };
}
