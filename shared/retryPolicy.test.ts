import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS } from './constants';
import { isIdempotentMethod, retryDelayMs, shouldRetry } from './retryPolicy';

/**
 * An axios failure: with `status` a reply, else no reply and `transport.code` (default ERR_NETWORK;
 * `undefined` is kept as no code) and `transport.request` (set once axios got as far as sending).
 */
function axiosError(
  method: string,
  status?: number,
  transport: { code?: string; request?: unknown } = { code: 'ERR_NETWORK', request: {} },
): AxiosError {
  const config = { method, url: '/x', headers: new AxiosHeaders() };
  const response =
    status === undefined ? undefined : ({ status, data: {}, headers: {}, config, statusText: '' } as AxiosResponse);
  const code = status === undefined ? transport.code : 'ERR_BAD_RESPONSE';
  return new AxiosError('failed', code, config, status === undefined ? transport.request : {}, response);
}

describe('retry policy (spec 7 and 9)', () => {
  it.each(['get', 'head', 'options', 'put', 'delete', 'GET'])('%s is idempotent', (method) => {
    expect(isIdempotentMethod(method)).toBe(true);
  });
  it.each(['post', 'patch', 'POST'])('%s is not idempotent', (method) => {
    expect(isIdempotentMethod(method)).toBe(false);
  });

  it.each([
    { method: 'get', status: undefined, expected: true },
    { method: 'get', status: 429, expected: true },
    { method: 'get', status: 500, expected: true },
    { method: 'delete', status: 599, expected: true },
    { method: 'put', status: 503, expected: true },
    { method: 'get', status: 404, expected: false },
    { method: 'get', status: 401, expected: false },
    { method: 'get', status: 600, expected: false },
    { method: 'post', status: 503, expected: false },
    { method: 'post', status: undefined, expected: false },
    { method: 'patch', status: 429, expected: false },
  ])('$method with status $status → retry $expected', ({ method, status, expected }) => {
    expect(shouldRetry(axiosError(method, status))).toBe(expected);
  });

  it.each([
    { code: 'ERR_NETWORK', sent: true, expected: true, why: "the browser adapter's network error" },
    { code: 'ECONNRESET', sent: true, expected: true, why: 'a dropped connection' },
    { code: undefined, sent: true, expected: true, why: 'a transport failure without a code (Node adapter, msw)' },
    { code: undefined, sent: false, expected: false, why: 'no code and never sent: failed before the transport' },
    { code: 'ECONNABORTED', sent: true, expected: true, why: 'a timed-out attempt (xhr and http adapters)' },
    { code: 'ETIMEDOUT', sent: true, expected: true, why: 'a timed-out attempt (fetch adapter, clarifyTimeoutError)' },
    { code: 'ERR_CANCELED', sent: true, expected: false, why: 'aborted by destroy()' },
  ])('GET failing without a reply, code $code, sent $sent → retry $expected ($why)', ({ code, sent, expected }) => {
    const error = axiosError('get', undefined, { code, request: sent ? {} : undefined });
    expect(error.code).toBe(code);
    expect(shouldRetry(error)).toBe(expected);
  });

  it.each(['ECONNABORTED', 'ETIMEDOUT'])('a timed-out POST or PATCH (%s) is never retried (spec 7)', (code) => {
    for (const method of ['post', 'patch']) expect(shouldRetry(axiosError(method, undefined, { code, request: {} }))).toBe(false);
  });

  it('a timed-out attempt backs off like a network error: (2^n − 1) / 2 s', () => {
    const timedOut = axiosError('put', undefined, { code: 'ECONNABORTED', request: {} });
    expect([retryDelayMs(1, timedOut), retryDelayMs(2, timedOut)]).toEqual([500, 1500]);
  });

  it.each([
    { retry: 1, random: 0, expected: 100 },
    { retry: 1, random: 0.999999, expected: 119.9999 },
    { retry: 2, random: 0.5, expected: 110 },
  ])('HTTP reply: retry $retry waits 100 ms + up to 20 % jitter → $expected', ({ retry, random, expected }) => {
    expect(retryDelayMs(retry, axiosError('get', 503), () => random)).toBeCloseTo(expected, 3);
  });

  it.each([
    { retry: 1, expected: 500 },
    { retry: 2, expected: 1500 },
  ])('network error: retry $retry backs off (2^n − 1) / 2 s = $expected ms', ({ retry, expected }) => {
    expect(retryDelayMs(retry, axiosError('get'), () => 0.9)).toBe(expected);
  });
});

describe('429 with Retry-After (issue 3: honoured, capped at MAX_RETRY_AFTER_MS)', () => {
  function tooManyRequests(retryAfter: string | undefined): AxiosError {
    const error = axiosError('get', 429);
    if (error.response && retryAfter !== undefined) error.response.headers = { 'retry-after': retryAfter };
    return error;
  }
  it.each([
    { retryAfter: undefined, expected: 110, why: 'absent → the usual jittered 100 ms' },
    { retryAfter: '0', expected: 110, why: 'zero → never shorter than the usual delay' },
    { retryAfter: '1', expected: 1000, why: 'seconds → that long' },
    { retryAfter: '30', expected: MAX_RETRY_AFTER_MS, why: 'too long → capped' },
    { retryAfter: 'soon', expected: 110, why: 'unparseable → the usual delay' },
  ])('Retry-After $retryAfter waits $expected ms ($why)', ({ retryAfter, expected }) => {
    expect(retryDelayMs(1, tooManyRequests(retryAfter), () => 0.5)).toBeCloseTo(expected, 6);
  });

  it('Retry-After on a 503 is not read: the spec delay applies', () => {
    const error = axiosError('get', 503);
    if (error.response) error.response.headers = { 'retry-after': '5' };
    expect(retryDelayMs(1, error, () => 0.5)).toBeCloseTo(110, 6);
  });
});
