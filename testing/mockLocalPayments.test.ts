import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FRAME_BUILD_FILE } from '../shared/frameBuild';
import { ProviderPaths } from '../shared/paths';
import { createMockProvider, type MockProvider, type MockProviderOptions } from './mockProvider';
import { HOST, MOCK_OPTIONS, type MockReply, send, VAULT } from './mockRequests';

// Issue 38 item 1 in the mock mode: iDEAL, Bancontact, BLIK and Klarna answered as the reference
// provider answers them (shared/localPayments.ts), with the methods' pages at the payments origin,
// on the mock's clock.

const PAYMENTS = 'http://127.0.0.1:5001';
const START = Date.parse('2026-11-29T12:00:00Z');
const TIMINGS = { pendingSettleMs: 3_000, blikApproveMs: 1_000, blikExpiryMs: 60_000 };

/** A mock with local payments (`TIMINGS`) at {@link PAYMENTS}, on a clock the test moves with `advance`. */
function setup(options: Partial<MockProviderOptions> = {}) {
  let clock = START;
  const mock = createMockProvider({
    ...MOCK_OPTIONS,
    paymentsOrigin: PAYMENTS,
    localPayments: TIMINGS,
    now: () => new Date(clock),
    ...options,
  });
  return {
    mock,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const code = (reply: MockReply) =>
  (reply.body.details as { applicationError?: { code?: string } } | undefined)?.applicationError?.code;
const methods = async (mock: MockProvider, orderId: string) =>
  ((await send(mock, 'GET', `${HOST}${ProviderPaths.paymentMethodsByOrder(orderId)}`)).body as { type: string }[]).map(
    (m) => m.type,
  );

describe('mock mode: which orders offer the local methods (localMethodsFor, with localPayments)', () => {
  it.each([
    ['EUR', 'NL', ['CARD', 'IDEAL', 'KLARNA']],
    ['EUR', 'BE', ['CARD', 'BANCONTACT', 'KLARNA']],
    ['PLN', 'PL', ['CARD', 'BLIK', 'KLARNA']],
    ['EUR', 'DE', ['CARD', 'KLARNA']],
    ['EUR', 'PL', ['CARD']],
    ['EUR', undefined, ['CARD']],
  ])('%s order, buyer from %s → %j', async (currency, country, expected) => {
    const { mock } = setup();
    expect(await methods(mock, mock.createOrder({ currency, ...(country ? { country } : {}) }))).toEqual(expected);
  });

  it('order setup keeps the buyer’s country (PL: priced in PLN) and the order offers BLIK', async () => {
    const { mock } = setup();
    const setupBody = { eventId: 'riverside-jazz-night', lines: [{ ticketTypeId: 'general-admission', quantity: 1 }] };
    const made = await send(mock, 'POST', `${HOST}${ProviderPaths.orderSetup}`, { ...setupBody, country: 'PL' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ country: 'PL', total: { currency: 'PLN' } });
    expect(await methods(mock, made.body.id as string)).toEqual(['CARD', 'BLIK', 'KLARNA']);
    const bad = await send(mock, 'POST', `${HOST}${ProviderPaths.orderSetup}`, { ...setupBody, country: 'pl' });
    expect([bad.status, code(bad)]).toEqual([400, 'INVALID_ORDER']);
    expect(bad.body.message).toMatch(/country/);
  });

  it('without the localPayments option no order offers them', async () => {
    const { mock } = setup({ localPayments: undefined });
    expect(await methods(mock, mock.createOrder({ currency: 'EUR', country: 'NL' }))).toEqual(['CARD']);
  });
});

describe('createMockProvider: localPayments and paymentsOrigin (TypeError naming the option)', () => {
  it.each([
    [{ localPayments: 'yes' }, /localPayments must be true or \{ pendingSettleMs\?, blikApproveMs\?, blikExpiryMs\? \}/],
    [{ localPayments: false }, /localPayments must be true or/],
    [{ localPayments: [] }, /localPayments must be true or/],
    [
      { localPayments: { pendingSettleMs: 20_000 } },
      /localPayments\.pendingSettleMs must be a whole number .* from 0 to 10000, got 20000/,
    ],
    [{ localPayments: { blikApproveMs: 1.5 } }, /localPayments\.blikApproveMs must be a whole number/],
    [{ localPayments: { blikExpiryMs: 0 } }, /localPayments\.blikExpiryMs must be a whole number .* from 1 to 120000/],
    [{ localPayments: { settleMs: 1 } }, /localPayments\.settleMs is not a timing/],
    [{ paymentsOrigin: 'http://127.0.0.1:5001/pay' }, /paymentsOrigin must be a bare origin/],
    [{ paymentsOrigin: 'ftp://127.0.0.1:5001' }, /paymentsOrigin must be an absolute http\(s\) URL/],
  ])('%j', (extra, message) => {
    expect(() => createMockProvider({ ...MOCK_OPTIONS, ...extra } as never)).toThrow(TypeError);
    expect(() => createMockProvider({ ...MOCK_OPTIONS, ...extra } as never)).toThrow(message);
  });

  it('createOrder refuses a country that is not upper-case alpha-2, naming it', () => {
    const { mock } = setup();
    expect(() => mock.createOrder({ country: 'nl' })).toThrow(/createOrder: country must be an ISO 3166-1 alpha-2 code/);
  });
});

describe('createMockProvider: the paymentsOrigin default', () => {
  /** A built frame folder whose record adds `extra`. */
  function frameDir(extra: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'frame-build-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>frame</title>');
    mkdirSync(join(dir, '.vite'));
    const record = { frameUrl: 'http://127.0.0.1:4174/', staticsAllowlist: 'development', vaultOrigin: 'development', ...extra };
    writeFileSync(join(dir, FRAME_BUILD_FILE), JSON.stringify(record));
    return dir;
  }
  const base = { host: HOST, vaultOrigin: VAULT, staticsBaseUrl: `${HOST}/statics` };

  it.each([
    ['the build’s own', { paymentsOrigin: 'http://127.0.0.1:6000' }, {}, 'http://127.0.0.1:6000'],
    ['a development build’s: the frame one port up', { paymentsOrigin: 'development' }, {}, 'http://127.0.0.1:4175'],
    ['none in the record: the PayPal origin', { payPalOrigin: 'http://127.0.0.1:7000' }, {}, 'http://127.0.0.1:7000'],
    ['none at all: host’s origin', {}, {}, HOST],
    ['the option wins', { paymentsOrigin: 'development' }, { paymentsOrigin: PAYMENTS }, PAYMENTS],
  ])('%s', (_, record, option, expected) => {
    const mock = createMockProvider({ ...base, frameDir: frameDir(record), ...option });
    expect(mock.paymentsOrigin).toBe(expected);
  });
});
