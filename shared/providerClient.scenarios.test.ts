import axios, { type AxiosAdapter, AxiosError, type CreateAxiosDefaults } from 'axios';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CashierError } from './CashierError';
import { MAX_RETRY_AFTER_MS, SETTINGS_DEADLINE_MS } from './constants';
import { PAYMENTS_CHECKOUT_BASE_PATH, ProviderPaths } from './paths';
import { createProviderClient, type ProviderClientOptions } from './providerClient';

/**
 * Scenario tables for spec sections 7, 8 and 9 (issue 3): for each HTTP method and provider reply
 * sequence, the number of attempts, the delays between them (fake timers, so exact), the number
 * of revalidations and the outcome.
 */

const host = 'https://tickets.example.com';
const path = `${PAYMENTS_CHECKOUT_BASE_PATH}/scenario`;
const url = `${host}${path}`;
const server = setupServer();
const createAxios = axios.create.bind(axios);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

beforeEach(() => {
  // Only the timers axios-retry waits on and the clock we read; msw and Node I/O keep their own.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/**
 * One provider reply: an HTTP status, a captcha 403, a network error, or none. `network` is msw's
 * `HttpResponse.error()`: under Node axios gives an error with no code. `ERR_NETWORK` is the error
 * axios gives in the browser (Chromium), made by a tiny adapter in front of msw. `hang` never
 * answers: the attempt ends when its per-attempt `timeout` passes (axios `ECONNABORTED`, on the
 * faked clock), or when the call is aborted (deadline, destroy).
 */
type Reply = 'network' | 'ERR_NETWORK' | 'hang' | 'captcha' | number | { status: 429; retryAfter: string };

function respond(reply: Exclude<Reply, 'ERR_NETWORK' | 'hang'>): Response {
  if (reply === 'network') return HttpResponse.error();
  if (reply === 'captcha') {
    return HttpResponse.json({ details: { applicationError: { code: 'CAPTCHA_REQUIRED' } } }, { status: 403 });
  }
  if (typeof reply === 'object') {
    return HttpResponse.json({}, { status: reply.status, headers: { 'Retry-After': reply.retryAfter } });
  }
  // A 200 that also fits the widget settings guard, so settings runs can succeed.
  return reply === 200
    ? HttpResponse.json({ ok: true, widgetStaticsBaseUrl: 'https://static.example.com' })
    : HttpResponse.json({}, { status: reply });
}

interface Observed {
  attempts: number;
  /** Milliseconds between consecutive attempts, from the faked clock. */
  delays: number[];
  /** Authorization header of each attempt. */
  tokens: (string | null)[];
  revalidations: number;
  outcome: string;
  /** Milliseconds from the call to its outcome, on the faked clock. */
  elapsedMs: number;
}

interface RunOptions {
  /** False: a host without revalidateAppInstance. `'hang'`: a revalidation that never answers. Default: answers "fresh-token". */
  revalidate?: boolean | 'hang';
  /** How many calls at once. Default 1. */
  concurrent?: number;
  /** Call getWidgetSettings instead of `request(method, path)`. */
  settings?: boolean;
  /** Milliseconds the provider takes for every reply. Default 0. */
  replyDelayMs?: number;
  /** The request's own `deadlineMs`. */
  deadlineMs?: number;
  /** Extra client options (e.g. `deadlineMs`, `timeoutMs`). */
  client?: Partial<ProviderClientOptions>;
  /** Aborts the client's signal (destroy) this many milliseconds after the call. */
  destroyAtMs?: number;
}

/**
 * Runs one request against `replies` (the last repeats), stepping the fake clock 1 ms at a time,
 * for at most 30 s of it (three hung 8 s attempts and their back-offs take 26 s).
 */
async function run(method: string, replies: Reply[], options: RunOptions = {}): Promise<Observed> {
  const times: number[] = [];
  const tokens: (string | null)[] = [];
  const next = () => replies[Math.min(times.length, replies.length - 1)] as Reply;
  server.use(
    http.all(options.settings ? `${host}${ProviderPaths.widgetSettings}` : url, async ({ request }) => {
      const reply = next();
      times.push(Date.now());
      tokens.push(request.headers.get('authorization'));
      if (reply === 'hang') await delay('infinite');
      if (options.replyDelayMs) await delay(options.replyDelayMs);
      return respond(reply === 'ERR_NETWORK' || reply === 'hang' ? 'network' : reply);
    }),
  );
  // The browser's network error: axios rejects with code ERR_NETWORK (and the request) before msw.
  const toMsw = axios.getAdapter(axios.defaults.adapter);
  const adapter: AxiosAdapter = (config) => {
    if (next() !== 'ERR_NETWORK') return toMsw(config);
    times.push(Date.now());
    tokens.push(String(config.headers.Authorization));
    return Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {}));
  };
  vi.spyOn(axios, 'create').mockImplementation((defaults?: CreateAxiosDefaults) => createAxios({ ...defaults, adapter }));
  const revalidateAppInstance = vi.fn(() =>
    options.revalidate === 'hang' ? new Promise<string>(() => undefined) : Promise.resolve('fresh-token'),
  );
  const destroy = new AbortController();
  const client = createProviderClient({
    host,
    getAppInstance: () => 'stale-token',
    revalidateAppInstance: options.revalidate === false ? undefined : revalidateAppInstance,
    signal: destroy.signal,
    ...options.client,
  });
  const started = Date.now();
  let elapsedMs = -1;
  if (options.destroyAtMs !== undefined) setTimeout(() => destroy.abort(), options.destroyAtMs);
  const call = () =>
    options.settings
      ? client.getWidgetSettings()
      : client.request({
          method,
          path,
          data: method === 'get' ? undefined : {},
          ...(options.deadlineMs === undefined ? {} : { deadlineMs: options.deadlineMs }),
        });
  const outcomes = Array.from({ length: options.concurrent ?? 1 }, () =>
    call().then(
      () => 'ok',
      (error: unknown) => (error instanceof CashierError ? error.code : `not a CashierError: ${String(error)}`),
    ),
  );
  let settled = false;
  const all = Promise.all(outcomes).finally(() => {
    settled = true;
    elapsedMs = Date.now() - started;
  });
  for (let step = 0; !settled && step < 30_000; step += 1) {
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
    elapsedMs,
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
    ERR_NETWORK: row(2, [500], 0, 'ok'),
    // The 8 000 ms per-attempt timeout, then the network back-off of 500 ms.
    hang: row(2, [8500], 0, 'ok'),
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
    ERR_NETWORK: row(1, [], 0, 'NETWORK_ERROR'),
    hang: row(1, [], 0, 'TIMEOUT'),
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
  const replies: Reply[] = ['network', 'ERR_NETWORK', 'hang', 429, 500, 503, 404, 401, 403, 'captcha', 200];
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
    { replies: ['ERR_NETWORK', 200], attempts: 2, delays: [500], outcome: 'ok' },
    { replies: ['ERR_NETWORK'], attempts: 3, delays: [500, 1500], outcome: 'NETWORK_ERROR' },
    { replies: ['ERR_NETWORK', 503, 200], attempts: 3, delays: [500, HTTP_DELAY], outcome: 'ok' },
    // A hung attempt ends at the 8 000 ms per-attempt timeout and backs off like a network error.
    { replies: ['hang', 200], attempts: 2, delays: [8500], outcome: 'ok' },
    { replies: ['hang'], attempts: 3, delays: [8500, 9500], outcome: 'TIMEOUT' },
    { replies: ['hang', 503, 200], attempts: 3, delays: [8500, HTTP_DELAY], outcome: 'ok' },
    { replies: ['ERR_NETWORK', 'hang', 200], attempts: 3, delays: [500, 9500], outcome: 'ok' },
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
      { replies: ['ERR_NETWORK', 200] as Reply[], outcome: 'NETWORK_ERROR' },
      { replies: ['hang', 200] as Reply[], outcome: 'TIMEOUT' },
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

describe('hung attempts: retried like network errors, never past the deadline or after destroy (spec 9)', () => {
  // Replies the provider never sends: each attempt ends at its timeout (8 000 ms unless the
  // settings call's), an abort of the call's deadline (TIMEOUT) or destroy (DESTROYED, no retry).
  const table: {
    name: string;
    method: string;
    replies: Reply[];
    options: RunOptions;
    attempts: number;
    delays: number[];
    outcome: string;
    elapsedMs: number;
  }[] = [
    // The settings call: 2 300 ms attempts, so both retries fit its 9 000 ms deadline.
    {
      name: 'settings: hung, then 200 → loads on the retry',
      method: 'get',
      replies: ['hang', 200],
      options: { settings: true },
      attempts: 2,
      delays: [2800],
      outcome: 'ok',
      elapsedMs: 2800,
    },
    {
      name: 'settings: hung twice, then 200 → loads on the second retry',
      method: 'get',
      replies: ['hang', 'hang', 200],
      options: { settings: true },
      attempts: 3,
      delays: [2800, 3800],
      outcome: 'ok',
      elapsedMs: 6600,
    },
    {
      name: 'settings: hung × 3 → TIMEOUT inside the 9 000 ms deadline',
      method: 'get',
      replies: ['hang'],
      options: { settings: true },
      attempts: 3,
      delays: [2800, 3800],
      outcome: 'TIMEOUT',
      elapsedMs: 8900,
    },
    {
      name: 'settings, settingsDeadlineMs 4 000: the deadline ends the retry',
      method: 'get',
      replies: ['hang'],
      options: { settings: true, client: { settingsDeadlineMs: 4000 } },
      attempts: 2,
      delays: [2800],
      outcome: 'TIMEOUT',
      elapsedMs: 4000,
    },
    {
      name: 'settings: destroy during the retried hung attempt',
      method: 'get',
      replies: ['hang'],
      options: { settings: true, destroyAtMs: 4000 },
      attempts: 2,
      delays: [2800],
      outcome: 'DESTROYED',
      elapsedMs: 4000,
    },
    // Every other call: 8 000 ms attempts, no deadline unless asked for.
    {
      name: 'a charge (POST) that hangs: one attempt, TIMEOUT at its 8 000 ms (the bundle: PAYMENT_OUTCOME_UNKNOWN)',
      method: 'post',
      replies: ['hang', 200],
      options: {},
      attempts: 1,
      delays: [],
      outcome: 'TIMEOUT',
      elapsedMs: 8000,
    },
    {
      name: 'hung × 3 without a deadline: TIMEOUT at 3 × 8 000 + 500 + 1 500 ms',
      method: 'get',
      replies: ['hang'],
      options: {},
      attempts: 3,
      delays: [8500, 9500],
      outcome: 'TIMEOUT',
      elapsedMs: 26_000,
    },
    {
      name: 'request({ deadlineMs: 10 000 }): the retry starts at 8 500 ms, the deadline ends it',
      method: 'get',
      replies: ['hang'],
      options: { deadlineMs: 10_000 },
      attempts: 2,
      delays: [8500],
      outcome: 'TIMEOUT',
      elapsedMs: 10_000,
    },
    {
      name: 'client deadlineMs 8 300: no retry once the back-off would outlast it',
      method: 'put',
      replies: ['hang', 200],
      options: { client: { deadlineMs: 8300 } },
      attempts: 1,
      delays: [],
      outcome: 'TIMEOUT',
      elapsedMs: 8300,
    },
    {
      name: 'destroy during the first hung attempt',
      method: 'get',
      replies: ['hang', 200],
      options: { destroyAtMs: 3000 },
      attempts: 1,
      delays: [],
      outcome: 'DESTROYED',
      elapsedMs: 3000,
    },
    {
      name: 'destroy during the back-off after a hung attempt',
      method: 'delete',
      replies: ['hang', 200],
      options: { destroyAtMs: 8200 },
      attempts: 1,
      delays: [],
      outcome: 'DESTROYED',
      elapsedMs: 8200,
    },
    {
      name: 'destroy during the retried hung attempt',
      method: 'get',
      replies: ['hang', 'hang', 200],
      options: { destroyAtMs: 9000 },
      attempts: 2,
      delays: [8500],
      outcome: 'DESTROYED',
      elapsedMs: 9000,
    },
  ];
  it.each(table)('$method: $name → $attempts attempt(s), $outcome at $elapsedMs ms', async (row) => {
    expect(await run(row.method, row.replies, row.options)).toMatchObject({
      attempts: row.attempts,
      delays: row.delays,
      revalidations: 0,
      outcome: row.outcome,
      elapsedMs: row.elapsedMs,
    });
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
    expect(await run('get', [401, 200], { revalidate: false })).toMatchObject({
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

describe('one retry budget across revalidation (spec 9: retries up to 2, revalidations 1)', () => {
  const S = 'stale-token';
  const F = 'fresh-token';
  // At most 1 + 2 retries + 1 revalidated re-send = 4 attempts per call; the re-send goes on with
  // the retries left, and the network back-off keeps counting ((2^n − 1) / 2 s for retry n).
  const table: { replies: Reply[]; attempts: number; delays: number[]; tokens: string[]; outcome: string }[] = [
    {
      replies: [401, 503, 503, 503],
      attempts: 4,
      delays: [0, HTTP_DELAY, HTTP_DELAY],
      tokens: [S, F, F, F],
      outcome: 'HTTP_SERVER_ERROR',
    },
    { replies: [503, 401, 503, 200], attempts: 4, delays: [HTTP_DELAY, 0, HTTP_DELAY], tokens: [S, S, F, F], outcome: 'ok' },
    {
      replies: [503, 401, 503, 503, 200],
      attempts: 4,
      delays: [HTTP_DELAY, 0, HTTP_DELAY],
      tokens: [S, S, F, F],
      outcome: 'HTTP_SERVER_ERROR',
    },
    { replies: [503, 503, 401, 200], attempts: 4, delays: [HTTP_DELAY, HTTP_DELAY, 0], tokens: [S, S, S, F], outcome: 'ok' },
    {
      replies: [503, 503, 401, 503, 200],
      attempts: 4,
      delays: [HTTP_DELAY, HTTP_DELAY, 0],
      tokens: [S, S, S, F],
      outcome: 'HTTP_SERVER_ERROR',
    },
    { replies: ['network', 401, 'network', 200], attempts: 4, delays: [500, 0, 1500], tokens: [S, S, F, F], outcome: 'ok' },
    {
      replies: ['ERR_NETWORK', 'ERR_NETWORK', 401, 'ERR_NETWORK'],
      attempts: 4,
      delays: [500, 1500, 0],
      tokens: [S, S, S, F],
      outcome: 'NETWORK_ERROR',
    },
    { replies: [503, 401, 401], attempts: 3, delays: [HTTP_DELAY, 0], tokens: [S, S, F], outcome: 'UNAUTHORIZED' },
  ];
  it.each(table.map((r) => ({ ...r, label: r.replies.join(' → ') })))(
    'get $label: $attempts attempts, delays $delays, one revalidation, $outcome',
    async (row) => {
      const observed = await run('get', row.replies);
      expect(observed).toMatchObject({
        attempts: row.attempts,
        delays: row.delays,
        tokens: row.tokens,
        revalidations: 1,
        outcome: row.outcome,
      });
    },
  );
});

describe('one overall deadline: settings within SETTINGS_DEADLINE_MS, other calls when asked (spec 4, 9)', () => {
  it('settings: slow 429s (2 s each, Retry-After 2 s) → TIMEOUT at 9 000 ms after 3 attempts, not at 10 s', async () => {
    const observed = await run('get', [{ status: 429, retryAfter: '2' }], { settings: true, replyDelayMs: 2000 });
    expect(observed).toMatchObject({ attempts: 3, delays: [4000, 4000], outcome: 'TIMEOUT' });
    expect(observed.elapsedMs).toBe(SETTINGS_DEADLINE_MS);
  });

  it('settings: replies slower than the 2 300 ms attempt timeout (4 s) → each attempt retried, TIMEOUT at 8 900 ms', async () => {
    expect(await run('get', [200], { settings: true, replyDelayMs: 4000 })).toMatchObject({
      attempts: 3,
      delays: [2800, 3800],
      outcome: 'TIMEOUT',
      elapsedMs: 8900,
    });
  });

  it('settings: a revalidation that never answers → TIMEOUT at 9 000 ms', async () => {
    const observed = await run('get', [401], { settings: true, revalidate: 'hang' });
    expect(observed).toMatchObject({ attempts: 1, revalidations: 1, outcome: 'TIMEOUT', elapsedMs: SETTINGS_DEADLINE_MS });
  });

  it('settings: the deadline covers the revalidated re-send too (401, then slow 503s)', async () => {
    // 401 at 2 250, re-sent at once; 503s at 4 500 and 6 860; the last re-send's reply (9 220) is too late.
    const observed = await run('get', [401, 503], { settings: true, replyDelayMs: 2250 });
    expect(observed).toMatchObject({
      attempts: 4,
      delays: [2250, 2250 + HTTP_DELAY, 2250 + HTTP_DELAY],
      revalidations: 1,
      outcome: 'TIMEOUT',
      elapsedMs: SETTINGS_DEADLINE_MS,
    });
  });

  it('settings: fast failures still fail with their own code, well before the deadline', async () => {
    const observed = await run('get', [503], { settings: true });
    expect(observed).toMatchObject({ attempts: 3, outcome: 'HTTP_SERVER_ERROR', elapsedMs: 2 * HTTP_DELAY });
  });

  it('settings: the client option settingsDeadlineMs replaces the default', async () => {
    const observed = await run('get', [503], { settings: true, replyDelayMs: 400, client: { settingsDeadlineMs: 1000 } });
    expect(observed).toMatchObject({ attempts: 2, outcome: 'TIMEOUT', elapsedMs: 1000 });
  });

  it('destroy inside the deadline still rejects with DESTROYED, and nothing more is sent', async () => {
    const observed = await run('get', [503], { settings: true, replyDelayMs: 2000, destroyAtMs: 5000 });
    expect(observed).toMatchObject({ attempts: 3, outcome: 'DESTROYED', elapsedMs: 5000 });
  });

  it('request({ deadlineMs }): the network back-off cannot outlast it → TIMEOUT at 300 ms after one attempt', async () => {
    expect(await run('get', ['network'], { deadlineMs: 300 })).toMatchObject({
      attempts: 1,
      outcome: 'TIMEOUT',
      elapsedMs: 300,
    });
  });

  it('the client option deadlineMs applies to every other call', async () => {
    expect(await run('get', ['network'], { client: { deadlineMs: 1000 } })).toMatchObject({
      attempts: 2,
      outcome: 'TIMEOUT',
      elapsedMs: 1000,
    });
  });

  it('other calls have no overall deadline by default: a 9.5 s reply still arrives', async () => {
    expect(await run('get', [200], { replyDelayMs: 9500, client: { timeoutMs: 20_000 } })).toMatchObject({
      attempts: 1,
      outcome: 'ok',
      elapsedMs: 9500,
    });
  });
});
