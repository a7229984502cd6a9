import { describe, expect, it } from 'vitest';
import { MAX_RECORDED_REQUESTS, ProviderState, type RecordedRequest } from './ProviderState';

const seen = (n: number): RecordedRequest => ({
  method: 'GET',
  path: `/p/${n}`,
  query: {},
  tokenFingerprint: null,
  idempotencyKey: null,
  at: n,
});

describe('ProviderState request log', () => {
  it(`keeps the newest ${MAX_RECORDED_REQUESTS} requests, oldest first; the oldest drop out`, () => {
    const state = new ProviderState([]);
    for (let n = 1; n <= MAX_RECORDED_REQUESTS + 5; n += 1) state.record(seen(n));
    expect(state.requests).toHaveLength(MAX_RECORDED_REQUESTS);
    expect(state.requests[0]?.at).toBe(6);
    expect(state.requests.at(-1)?.at).toBe(MAX_RECORDED_REQUESTS + 5);
  });

  it('keeps every request below the limit; clearRequests and reset empty the log', () => {
    const state = new ProviderState([]);
    for (let n = 1; n <= 3; n += 1) state.record(seen(n));
    expect(state.requests.map((r) => r.at)).toEqual([1, 2, 3]);
    state.clearRequests();
    expect(state.requests).toEqual([]);
    state.record(seen(4));
    state.reset();
    expect(state.requests).toEqual([]);
  });
});
