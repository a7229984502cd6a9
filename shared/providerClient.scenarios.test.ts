import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CashierError } from './CashierError';
import { MAX_RETRY_AFTER_MS } from './constants';
import { PAYMENTS_CHECKOUT_BASE_PATH } from './paths';
import { createProviderClient } from './providerClient';

/**
 * Scenario tables for spec sections 7, 8 and 9 (issue 3): for each HTTP method and provider reply
 * sequence, the number of attempts, the delays between them (fake timers, so exact), the number
 * of revalidations and the outcome.
 */

const host = 'https://tickets.example.com';
const path = `${PAYMENTS_CHECKOUT_BASE_PATH}/scenario`;
const url = `${host}${path}`;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

beforeEach(() => {
  // Only the timers axios-retry waits on and the clock we read; msw and Node I/O keep their own.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  vi.useRealTimers();
});

/** One provider reply: a network error, an HTTP status, or a captcha 403. */
type Reply = 'network' | 'captcha' | number | { status: 429; retryAfter: string };

function respond(reply: Reply): Response {
  if (reply === 'network') return HttpResponse.error();
  if (reply === 'captcha') {
    return HttpResponse.json({ details: { applicationError: { code: 'CAPTCHA_REQUIRED' } } }, { status: 403 });
  }
  if (typeof reply === 'object') {
    return HttpResponse.json({}, { status: reply.status, headers: { 'Retry-After': reply.retryAfter } });
  }
  return reply === 200 ? HttpResponse.json({ ok: true }) : HttpResponse.json({}, { status: reply });
}

interface Observed {
  attempts: number;
  /** Milliseconds between consecutive attempts, from the faked clock. */
  delays: number[];
  /** Authorization header of each attempt. */
  tokens: (string | null)[];
  revalidations: number;
  outcome: string;
}

/** Runs one request against `replies` (the last repeats), stepping the fake clock 1 ms at a time. */
async function run(
  method: string,
  replies: Reply[],
  options: { canRevalidate?: boolean; concurrent?: number } = {},
): Promise<Observed> {
  const times: number[] = [];
  const tokens: (string | null)[] = [];
  server.use(
    http.all(url, ({ request }) => {
      const reply = replies[Math.min(times.length, replies.length - 1)] as Reply;
      times.push(Date.now());
      tokens.push(request.headers.get('authorization'));
      return respond(reply);
    }),
  );
  const revalidateAppInstance = vi.fn(async () => 'fresh-token');
  const client = createProviderClient({
    host,
    getAppInstance: () => 'stale-token',
    revalidateAppInstance: options.canRevalidate === false ? undefined : revalidateAppInstance,
  });
  const outcomes = Array.from({ length: options.concurrent ?? 1 }, () =>
    client.request({ method, path, data: method === 'get' ? undefined : {} }).then(
      () => 'ok',
      (error: unknown) => (error instanceof CashierError ? error.code : `not a CashierError: ${String(error)}`),
    ),
  );
  let settled = false;
  const all = Promise.all(outcomes).finally(() => {
    settled = true;
  });
  for (let step = 0; !settled && step < 20_000; step += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(1);
  }
  const results = await all;
  return {
    attempts: times.length,
    delays: times.slice(1).map((t, i) => t - (times[i] as number)),
    tokens,
    revalidations: revalidateAppInstance.mock.calls.length,
    outcome: [...new Set(results)].join(','),
  };
}

/** The jittered HTTP delay with Math.random pinned at 0.5: 100 ms × (1 + 0.5 × 20 %). */
const HTTP_DELAY = 110;

/**
 * The whole matrix: every method × every first reply, then a 200. Expected values are written
 * out per row (not derived from the retry policy), so a wrong policy fails here.
 */
describe('every method × every reply, then 200 (spec 7, 8, 9)', () => {
  type Row = { attempts: number; delays: number[]; revalidations: number; outcome: string };
  const row = (attempts: number, delays: number[], revalidations: number, outcome: string): Row => ({
    attempts,
    delays,
    revalidations,
    outcome,
  });
  const idempotent: Record<string, Row> = {
    network: row(2, [500], 0, 'ok'),
    '429': row(2, [HTTP_DELAY], 0, 'ok'),
    '500': row(2, [HTTP_DELAY], 0, 'ok'),
    '503': row(2, [HTTP_DELAY], 0, 'ok'),
    '404': row(1, [], 0, 'HTTP_CLIENT_ERROR'),
    '401': row(2, [0], 1, 'ok'),
    '403': row(2, [0], 1, 'ok'),
    captcha: row(1, [], 0, 'CAPTCHA_ERROR'),
    '200': row(1, [], 0, 'ok'),
  };
  const neverRetried: Record<string, Row> = {
    network: row(1, [], 0, 'NETWORK_ERROR'),
    '429': row(1, [], 0, 'HTTP_CLIENT_ERROR'),
    '500': row(1, [], 0, 'HTTP_SERVER_ERROR'),
    '503': row(1, [], 0, 'HTTP_SERVER_ERROR'),
    '404': row(1, [], 0, 'HTTP_CLIENT_ERROR'),
    '401': row(2, [0], 1, 'ok'),
    '403': row(2, [0], 1, 'ok'),
    captcha: row(1, [], 0, 'CAPTCHA_ERROR'),
    '200': row(1, [], 0, 'ok'),
  };
  const expected: Record<string, Record<string, Row>> = {
    get: idempotent,
    // A HEAD reply has no body: a captcha 403 cannot say so, and is revalidated like any 403.
    head: { ...idempotent, captcha: row(2, [0], 1, 'ok') },
    options: idempotent,
    put: idempotent,
    delete: idempotent,
    post: neverRetried,
    patch: neverRetried,
  };
  const replies: Reply[] = ['network', 429, 500, 503, 404, 401, 403, 'captcha', 200];
  const rows = Object.entries(expected).flatMap(([method, byReply]) =>
    replies.map((reply) => ({ method, reply, ...(byReply[String(reply)] as Row) })),
  );
  it.each(rows)(
    '$method $reply → 200: $attempts attempt(s), delays $delays, $revalidations revalidation(s), $outcome',
    async (r) => {
      const observed = await run(r.method, [r.reply, 200]);
      expect(observed).toMatchObject({
        attempts: r.attempts,
        delays: r.delays,
        revalidations: r.revalidations,
        outcome: r.outcome,
      });
    },
  );
});

describe('idempotent methods: retries on network errors, 429 and 5xx (spec 7, 9)', () => {
  const table: { replies: Reply[]; attempts: number; delays: number[]; outcome: string }[] = [
    { replies: [200], attempts: 1, delays: [], outcome: 'ok' },
    { replies: ['network', 200], attempts: 2, delays: [500], outcome: 'ok' },
    { replies: ['network'], attempts: 3, delays: [500, 1500], outcome: 'NETWORK_ERROR' },
    { replies: [429, 200], attempts: 2, delays: [HTTP_DELAY], outcome: 'ok' },
    { replies: [{ status: 429, retryAfter: '1' }, 200], attempts: 2, delays: [1000], outcome: 'ok' },
    {
      replies: [{ status: 429, retryAfter: '60' }],
      attempts: 3,
      delays: [MAX_RETRY_AFTER_MS, MAX_RETRY_AFTER_MS],
      outcome: 'HTTP_CLIENT_ERROR',
    },
    { replies: [500], attempts: 3, delays: [HTTP_DELAY, HTTP_DELAY], outcome: 'HTTP_SERVER_ERROR' },
    { replies: [503, 503, 200], attempts: 3, delays: [HTTP_DELAY, HTTP_DELAY], outcome: 'ok' },
    { replies: [404], attempts: 1, delays: [], outcome: 'HTTP_CLIENT_ERROR' },
    { replies: ['captcha'], attempts: 1, delays: [], outcome: 'CAPTCHA_ERROR' },
  ];
  // A HEAD reply has no body, so it cannot carry the captcha application error code.
  const rows = ['get', 'head', 'options', 'put', 'delete'].flatMap((method) =>
    table
      .filter((row) => method !== 'head' || !row.replies.includes('captcha'))
      .map((row) => ({ method, ...row, label: row.replies.map((r) => JSON.stringify(r)).join(' → ') })),
  );
  it.each(rows)('$method $label: $attempts attempt(s), delays $delays, $outcome', async (row) => {
    const observed = await run(row.method, row.replies);
    expect(observed).toMatchObject({
      attempts: row.attempts,
      delays: row.delays,
      revalidations: 0,
      outcome: row.outcome,
    });
  });

  it('jitter stays within 100–120 ms over many random draws', async () => {
    vi.spyOn(Math, 'random').mockRestore();
    const observed: number[] = [];
    for (let i = 0; i < 5; i += 1) observed.push(...(await run('get', [503])).delays);
    for (const delay of observed) {
      expect(delay).toBeGreaterThanOrEqual(100);
      expect(delay).toBeLessThanOrEqual(120);
    }
  });
});

describe('POST and PATCH are never retried (spec 7)', () => {
  const rows = ['post', 'patch'].flatMap((method) =>
    [
      { replies: ['network'] as Reply[], outcome: 'NETWORK_ERROR' },
      { replies: [429] as Reply[], outcome: 'HTTP_CLIENT_ERROR' },
      { replies: [500] as Reply[], outcome: 'HTTP_SERVER_ERROR' },
      { replies: [503, 200] as Reply[], outcome: 'HTTP_SERVER_ERROR' },
      { replies: [200] as Reply[], outcome: 'ok' },
    ].map((row) => ({ method, ...row })),
  );
  it.each(rows)('$method $replies: one attempt, $outcome', async ({ method, replies, outcome }) => {
    expect(await run(method, replies)).toMatchObject({ attempts: 1, revalidations: 0, outcome });
  });
});

describe('401 and non-captcha 403: revalidate once, retry with the new token (spec 7, 8)', () => {
  const rows = ['get', 'put', 'delete', 'post', 'patch'].flatMap((method) =>
    [
      { replies: [401, 200] as Reply[], attempts: 2, revalidations: 1, outcome: 'ok' },
      { replies: [403, 200] as Reply[], attempts: 2, revalidations: 1, outcome: 'ok' },
      { replies: [401, 401] as Reply[], attempts: 2, revalidations: 1, outcome: 'UNAUTHORIZED' },
      { replies: [403, 'captcha'] as Reply[], attempts: 2, revalidations: 1, outcome: 'CAPTCHA_ERROR' },
      { replies: ['captcha'] as Reply[], attempts: 1, revalidations: 0, outcome: 'CAPTCHA_ERROR' },
    ].map((row) => ({ method, ...row })),
  );
  it.each(rows)('$method $replies: $attempts attempts, $revalidations revalidation(s), $outcome', async (row) => {
    const observed = await run(row.method, row.replies);
    expect(observed).toMatchObject({ attempts: row.attempts, revalidations: row.revalidations, outcome: row.outcome });
    expect(observed.tokens).toEqual(['stale-token', 'fresh-token'].slice(0, row.attempts));
  });

  it('after revalidating, a 503 is still retried by the spec rules: 401 → 503 → 200 is three attempts', async () => {
    expect(await run('get', [401, 503, 200])).toMatchObject({
      attempts: 3,
      delays: [0, HTTP_DELAY],
      tokens: ['stale-token', 'fresh-token', 'fresh-token'],
      revalidations: 1,
      outcome: 'ok',
    });
  });

  it('a host without revalidateAppInstance fails at once with UNAUTHORIZED', async () => {
    expect(await run('get', [401, 200], { canRevalidate: false })).toMatchObject({
      attempts: 1,
      revalidations: 0,
      outcome: 'UNAUTHORIZED',
    });
  });

  it('three requests refused at once share one revalidation and all retry with the new token', async () => {
    const observed = await run('get', [401, 401, 401, 200], { concurrent: 3 });
    expect(observed).toMatchObject({ attempts: 6, revalidations: 1, outcome: 'ok' });
    expect(observed.tokens.filter((t) => t === 'fresh-token')).toHaveLength(3);
  });
});
