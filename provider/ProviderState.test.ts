import { describe, expect, it } from 'vitest';
import { MAX_RECORDED_REQUESTS, ProviderState, type RecordedRequest } from './ProviderState';

const seen = (n: number): Omit<RecordedRequest, 'seq'> => ({
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

  it('numbers requests from 1, serves what is new after a seq, and starts again at 1 after reset', () => {
    const state = new ProviderState([]);
    for (let n = 1; n <= 4; n += 1) state.record(seen(n));
    expect(state.requests.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    expect(state.requestsAfter(2).map((r) => r.at)).toEqual([3, 4]);
    expect(state.requestsAfter(4)).toEqual([]);
    state.reset();
    expect(state.record(seen(5)).seq).toBe(1);
  });

  it('keeps numbering past the limit, so a reader sees the gap where records dropped out', () => {
    const state = new ProviderState([]);
    for (let n = 1; n <= MAX_RECORDED_REQUESTS + 5; n += 1) state.record(seen(n));
    expect(state.requestsAfter(0)[0]?.seq).toBe(6);
  });
});

describe('ProviderState faults for one app instance', () => {
  it('a fault naming a token fingerprint hits only requests with that fingerprint; one without, any request', () => {
    const state = new ProviderState([]);
    state.addFault({ path: '/p', status: 500, tokenFingerprint: 'tok:aaaaaaaa' });
    state.addFault({ path: '/p', status: 503 });
    expect(state.takeFault('GET', '/p', 'tok:bbbbbbbb')?.status).toBe(503);
    expect(state.takeFault('GET', '/p', null)).toBeUndefined();
    expect(state.takeFault('GET', '/p', 'tok:aaaaaaaa')?.status).toBe(500);
    expect(state.takeFault('GET', '/p', 'tok:aaaaaaaa')).toBeUndefined();
  });
});
