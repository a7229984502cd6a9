import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { FRAME_BUILD_FILE } from '../shared/frameBuild';
import { BLIK_TEST_CODES, LOCAL_PAYMENT_RESULT_MESSAGE } from '../shared/localMethods';
import { ProviderPaths } from '../shared/paths';
import { createMockProvider, MOCK_TEST_CARDS, type MockProvider, type MockProviderOptions } from './mockProvider';
import { FRAME, HOST, MOCK_OPTIONS, type MockReply, send, VAULT } from './mockRequests';

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
const chargeIdOf = (reply: MockReply) => (reply.body.details as { chargeId?: string } | undefined)?.chargeId;
/** A charge of `orderId` by `body` under `key` (a new one by default). */
const charge = (mock: MockProvider, orderId: string, body: Record<string, unknown>, key: string = crypto.randomUUID()) =>
  send(mock, 'POST', `${HOST}${ProviderPaths.chargesByOrder(orderId)}`, body, { 'Idempotency-Key': key });
const read = async (mock: MockProvider, chargeId: string) =>
  (await send(mock, 'GET', `${HOST}${ProviderPaths.charge(chargeId)}`)).body;
const methods = async (mock: MockProvider, orderId: string) =>
  ((await send(mock, 'GET', `${HOST}${ProviderPaths.paymentMethodsByOrder(orderId)}`)).body as { type: string }[]).map(
    (m) => m.type,
  );
/** Presses a button of a method's page: the form's POST (urlencoded `fields`) from `origin` (the browser's Origin). */
async function press(url: string, mock: MockProvider, answer: string, fields: Record<string, string> = {}, origin = PAYMENTS) {
  const request = new Request(`${url}/${answer}`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const response = (await getResponse(mock.handlers, request)) as Response;
  return { status: response.status, text: await response.text() };
}
const page = async (mock: MockProvider, url: string) => {
  const response = (await getResponse(mock.handlers, new Request(url))) as Response | undefined;
  return { status: response?.status ?? 0, text: (await response?.text()) ?? '', headers: response?.headers };
};

/** The three redirect methods, each with a buyer's country that offers it. */
const REDIRECTS = [
  { method: 'IDEAL', label: 'iDEAL', currency: 'EUR', country: 'NL' },
  { method: 'BANCONTACT', label: 'Bancontact', currency: 'EUR', country: 'BE' },
  { method: 'KLARNA', label: 'Klarna', currency: 'EUR', country: 'DE' },
] as const;

/** An order of 42.00 EUR for a Dutch buyer and its iDEAL charge, opened. */
async function openIdeal(mock: MockProvider, key?: string) {
  const orderId = mock.createOrder({ amount: 4200, currency: 'EUR', country: 'NL' });
  const opened = await charge(mock, orderId, { paymentMethod: 'IDEAL' }, key);
  return { orderId, opened, id: opened.body.id as string, url: (opened.body.nextAction as { url: string }).url };
}

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

  it('without the localPayments option no order offers them, and their charge is 400 PAYMENT_METHOD_NOT_AVAILABLE', async () => {
    const { mock } = setup({ localPayments: undefined });
    const orderId = mock.createOrder({ currency: 'EUR', country: 'NL' });
    expect(await methods(mock, orderId)).toEqual(['CARD']);
    const refused = await charge(mock, orderId, { paymentMethod: 'IDEAL' });
    expect([refused.status, code(refused)]).toEqual([400, 'PAYMENT_METHOD_NOT_AVAILABLE']);
    expect(mock.charges()).toEqual([]);
  });

  it('a method the order does not offer is 400 PAYMENT_METHOD_NOT_AVAILABLE, nothing charged', async () => {
    const { mock } = setup();
    const orderId = mock.createOrder({ currency: 'EUR', country: 'NL' });
    for (const paymentMethod of ['BANCONTACT', 'BLIK']) {
      const refused = await charge(mock, orderId, { paymentMethod, blikCode: BLIK_TEST_CODES.approved });
      expect([refused.status, code(refused)]).toEqual([400, 'PAYMENT_METHOD_NOT_AVAILABLE']);
    }
    expect(mock.charges()).toEqual([]);
  });
});

describe('mock mode: a redirect method’s charge and its page at paymentsOrigin', () => {
  it.each(REDIRECTS)('$method: 201 REQUIRES_ACTION → its page → "Approve payment" pays the order once', async (row) => {
    const { mock } = setup();
    const orderId = mock.createOrder({ amount: 4200, currency: row.currency, country: row.country });
    const opened = await charge(mock, orderId, { paymentMethod: row.method });
    const id = opened.body.id as string;
    expect(opened).toMatchObject({
      status: 201,
      body: { orderId, status: 'REQUIRES_ACTION', paymentMethod: row.method, amount: { amount: 4200, currency: 'EUR' } },
    });
    expect(opened.body.nextAction).toEqual({ type: 'REDIRECT', url: `${PAYMENTS}/local-payments/${id}` });
    expect(mock.order(orderId)?.status).toBe('AWAITING_PAYMENT');
    const shown = await page(mock, `${PAYMENTS}/local-payments/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.headers?.get('content-security-policy')).toContain("frame-ancestors 'none'");
    for (const words of [`Pay with ${row.label}`, '€42.00', 'Mock merchant']) expect(shown.text).toContain(words);
    for (const button of ['Approve payment', 'Decline payment', 'Approve later (pending)', 'Cancel and return']) {
      expect(shown.text).toContain(`>${button}</button>`);
    }
    // The form fields the answer reads: how a pending payment settles, and Klarna's option.
    expect(shown.text).toContain('name="settleAs" value="decline"');
    expect(shown.text.includes('name="klarnaOption" value="PAY_IN_3_PARTS"')).toBe(row.method === 'KLARNA');
    expect(shown.text.includes('Pay in 3 parts')).toBe(row.method === 'KLARNA');
    const fields: Record<string, string> = row.method === 'KLARNA' ? { klarnaOption: 'PAY_IN_3_PARTS' } : {};
    const done = await press(`${PAYMENTS}/local-payments/${id}`, mock, 'approve', fields);
    expect(done.status).toBe(200);
    expect(done.text).toContain('data-outcome="approved"');
    expect(done.text).toContain(`data-frame-origins="[&#34;${FRAME}&#34;]"`);
    const approved = await read(mock, id);
    expect(approved).toMatchObject({ status: 'APPROVED', paymentMethod: row.method });
    expect(approved.nextAction).toBeUndefined();
    expect(approved.klarnaOption).toBe(row.method === 'KLARNA' ? 'PAY_IN_3_PARTS' : undefined);
    expect(mock.order(orderId)).toMatchObject({ status: 'PAID', chargeId: id });
    expect((await send(mock, 'GET', `${HOST}${ProviderPaths.chargesByOrder(orderId)}`)).body).toEqual([approved]);
    // Answered once: the page is gone and a second answer is refused.
    expect((await page(mock, `${PAYMENTS}/local-payments/${id}`)).status).toBe(404);
    expect((await press(`${PAYMENTS}/local-payments/${id}`, mock, 'decline')).status).toBe(409);
  });

  it('the page’s script posts the result message to the opener, never to *', async () => {
    const { mock } = setup();
    const script = (await page(mock, `${PAYMENTS}/local-payments.js`)).text;
    expect(script).toContain(JSON.stringify(LOCAL_PAYMENT_RESULT_MESSAGE));
    expect(script).not.toContain("'*'");
    expect((await page(mock, `${PAYMENTS}/local-payments.css`)).status).toBe(200);
  });

  it.each([
    ['decline', {}, 'declined', { status: 'DECLINED', declineCode: 'customer_declined' }],
    ['cancel', {}, 'cancelled', { status: 'DECLINED', declineCode: 'authentication_abandoned' }],
  ] as const)('"%s" → %s: the order stays unpaid and takes a new charge', async (answer, fields, outcome, settled) => {
    const { mock } = setup();
    const { orderId, id, url } = await openIdeal(mock);
    expect((await press(url, mock, answer, fields)).text).toContain(`data-outcome="${outcome}"`);
    expect(await read(mock, id)).toMatchObject(settled);
    expect(mock.order(orderId)?.status).toBe('AWAITING_PAYMENT');
    expect((await charge(mock, orderId, { paymentMethod: 'IDEAL' })).status).toBe(201);
  });

  it.each([
    ['approve', { status: 'APPROVED' }, 'PAID'],
    ['decline', { status: 'DECLINED', declineCode: 'customer_declined' }, 'AWAITING_PAYMENT'],
  ] as const)(
    '"Approve later (pending)", settling %s: PENDING pays nothing, then settles after pendingSettleMs',
    async (settleAs, settled, orderStatus) => {
      const { mock, advance } = setup();
      const { orderId, id, url } = await openIdeal(mock);
      const done = await press(url, mock, 'pending', { settleAs });
      expect(done.text).toContain('data-outcome="pending"');
      expect(await read(mock, id)).toMatchObject({ status: 'PENDING', paymentMethod: 'IDEAL' });
      expect(mock.order(orderId)?.status).toBe('AWAITING_PAYMENT');
      // While the bank confirms, the order takes no other charge, and the buyer cannot cancel it.
      const busy = await charge(mock, orderId, { paymentMethod: 'IDEAL' });
      expect([busy.status, code(busy), chargeIdOf(busy)]).toEqual([409, 'CHARGE_IN_PROGRESS', id]);
      expect((await send(mock, 'POST', `${HOST}${ProviderPaths.cancelCharge(id)}`, {})).body).toMatchObject({
        status: 'PENDING',
      });
      advance(TIMINGS.pendingSettleMs - 1);
      expect((await read(mock, id)).status).toBe('PENDING');
      advance(1);
      expect(await read(mock, id)).toMatchObject(settled);
      expect(mock.order(orderId)?.status).toBe(orderStatus);
      // Read through the order route too: the settle is made before the order is read.
      expect((await send(mock, 'GET', `${HOST}${ProviderPaths.order(orderId)}`)).body.status).toBe(orderStatus);
    },
  );

  it('a pending payment settles the order when only the order is read', async () => {
    const { mock, advance } = setup();
    const { orderId, url } = await openIdeal(mock);
    await press(url, mock, 'pending');
    advance(TIMINGS.pendingSettleMs);
    expect((await send(mock, 'GET', `${HOST}${ProviderPaths.order(orderId)}`)).body.status).toBe('PAID');
  });

  it('refuses another origin’s form (403), an unknown charge (404) and an unknown answer (404)', async () => {
    const { mock } = setup();
    const { id, url } = await openIdeal(mock);
    expect((await press(url, mock, 'approve', {}, 'http://evil.example')).status).toBe(403);
    expect((await press(url, mock, 'approve', {}, HOST)).status).toBe(403);
    expect((await press(`${PAYMENTS}/local-payments/ch_unknown`, mock, 'approve')).status).toBe(404);
    expect((await press(url, mock, 'refund')).status).toBe(404);
    expect((await read(mock, id)).status).toBe('REQUIRES_ACTION');
  });
});

describe('mock mode: BLIK codes, on the mock’s clock', () => {
  /** A PLN order for a Polish buyer, charged by BLIK with `blikCode`. */
  async function blik(mock: MockProvider, blikCode: string) {
    const orderId = mock.createOrder({ amount: 15000, currency: 'PLN', country: 'PL' });
    return { orderId, reply: await charge(mock, orderId, { paymentMethod: 'BLIK', blikCode }) };
  }

  it.each([
    [BLIK_TEST_CODES.approved, TIMINGS.blikApproveMs, { status: 'APPROVED' }, 'PAID'],
    [
      BLIK_TEST_CODES.declined,
      TIMINGS.blikApproveMs,
      { status: 'DECLINED', declineCode: 'customer_declined' },
      'AWAITING_PAYMENT',
    ],
    [
      BLIK_TEST_CODES.neverConfirmed,
      TIMINGS.blikExpiryMs,
      { status: 'DECLINED', declineCode: 'code_expired' },
      'AWAITING_PAYMENT',
    ],
  ] as const)('%s: BLIK_CONFIRM with expiresAt, then at %i ms → %j', async (blikCode, afterMs, settled, orderStatus) => {
    const { mock, advance } = setup();
    const { orderId, reply } = await blik(mock, blikCode);
    const id = reply.body.id as string;
    expect(reply).toMatchObject({ status: 201, body: { status: 'REQUIRES_ACTION', paymentMethod: 'BLIK' } });
    expect(reply.body.nextAction).toEqual({
      type: 'BLIK_CONFIRM',
      expiresAt: new Date(START + TIMINGS.blikExpiryMs).toISOString(),
    });
    // No page to open for BLIK.
    expect((await page(mock, `${PAYMENTS}/local-payments/${id}`)).status).toBe(404);
    advance(afterMs - 1);
    expect((await read(mock, id)).status).toBe('REQUIRES_ACTION');
    advance(1);
    expect(await read(mock, id)).toMatchObject(settled);
    expect(mock.order(orderId)?.status).toBe(orderStatus);
  });

  it.each(['123456', '77712', 'abcdef', undefined])(
    'refuses the code %j with 400 INVALID_BLIK_CODE, nothing charged',
    async (blikCode) => {
      const { mock } = setup();
      const { orderId, reply } = await blik(mock, blikCode as string);
      expect([reply.status, code(reply)]).toEqual([400, 'INVALID_BLIK_CODE']);
      expect(mock.charges()).toEqual([]);
      expect((await charge(mock, orderId, { paymentMethod: 'BLIK', blikCode: BLIK_TEST_CODES.approved })).status).toBe(201);
    },
  );
});

describe('mock mode: a local charge under way, exactly once', () => {
  it('while it is open a new charge (any method) is 409 CHARGE_IN_PROGRESS with its chargeId', async () => {
    const { mock } = setup();
    const { orderId, id } = await openIdeal(mock);
    const card = { holderName: 'Ada', number: MOCK_TEST_CARDS.approved, expMonth: 12, expYear: 2040, cvc: '123' };
    const token = (await send(mock, 'POST', `${VAULT}${ProviderPaths.cardTokenization}`, card)).body.token;
    for (const body of [{ paymentMethod: 'IDEAL' }, { paymentMethod: 'KLARNA' }, { paymentMethod: 'CARD', cardToken: token }]) {
      const busy = await charge(mock, orderId, body);
      expect([busy.status, code(busy), chargeIdOf(busy)]).toEqual([409, 'CHARGE_IN_PROGRESS', id]);
    }
    expect(mock.charges()).toHaveLength(1);
  });

  it('a replayed Idempotency-Key answers the same charge, as it is now', async () => {
    const { mock } = setup();
    const { orderId, id, url } = await openIdeal(mock, 'key-1');
    const again = await charge(mock, orderId, { paymentMethod: 'IDEAL' }, 'key-1');
    expect(again).toMatchObject({ status: 201, body: { id, status: 'REQUIRES_ACTION' } });
    await press(url, mock, 'approve');
    expect((await charge(mock, orderId, { paymentMethod: 'IDEAL' }, 'key-1')).body).toMatchObject({ id, status: 'APPROVED' });
    expect(mock.charges()).toHaveLength(1);
  });

  it('cancel → DECLINED authentication_abandoned: its page is closed and the order takes a new charge', async () => {
    const { mock } = setup();
    const { orderId, id, url } = await openIdeal(mock);
    const cancelled = await send(mock, 'POST', `${HOST}${ProviderPaths.cancelCharge(id)}`, {});
    expect(cancelled.body).toMatchObject({ id, status: 'DECLINED', declineCode: 'authentication_abandoned' });
    expect((await press(url, mock, 'approve')).status).toBe(409);
    expect((await page(mock, url)).status).toBe(404);
    expect(mock.order(orderId)?.status).toBe('AWAITING_PAYMENT');
    expect((await charge(mock, orderId, { paymentMethod: 'IDEAL' })).status).toBe(201);
  });

  it('a PayPal capture waits too (409) while a local charge is open', async () => {
    const { mock } = setup({ payPal: true });
    const { orderId, id } = await openIdeal(mock);
    const created = await send(mock, 'POST', `${HOST}${ProviderPaths.payPalCheckoutCreate}`, { orderId });
    const checkoutId = created.body.checkoutId as string;
    mock.answerPayPal(orderId, 'approve');
    const capture = await send(mock, 'POST', `${HOST}${ProviderPaths.payPalPaymentDetails(checkoutId)}`, {});
    expect([capture.status, code(capture), chargeIdOf(capture)]).toEqual([409, 'CHARGE_IN_PROGRESS', id]);
  });
});

describe('mock mode: a local charge keeps the seat hold, as the reference provider’s', () => {
  const HOLD = { holdSeconds: 1 };

  it('approved past holdExpiresAt but within the grace limit: paid (the charge under way kept the seats)', async () => {
    const { mock, advance } = setup({ holdGraceMs: 10_000 });
    const orderId = mock.createOrder({ currency: 'EUR', country: 'NL', ...HOLD });
    const id = (await charge(mock, orderId, { paymentMethod: 'IDEAL' })).body.id as string;
    advance(5_000);
    mock.answerLocalPayment(id, 'approve');
    expect(mock.order(orderId)).toMatchObject({ status: 'PAID', chargeId: id });
  });

  it('pending across holdExpiresAt, settled within the grace limit: paid (a pending payment keeps the seats)', async () => {
    const { mock, advance } = setup({ holdGraceMs: 10_000 });
    const orderId = mock.createOrder({ currency: 'EUR', country: 'NL', ...HOLD });
    const id = (await charge(mock, orderId, { paymentMethod: 'IDEAL' })).body.id as string;
    mock.answerLocalPayment(id, 'pending');
    advance(TIMINGS.pendingSettleMs);
    expect(await read(mock, id)).toMatchObject({ status: 'APPROVED' });
    expect(mock.order(orderId)).toMatchObject({ status: 'PAID', chargeId: id });
  });

  it('pending past the grace limit: settles REFUNDED_HOLD_EXPIRED with refundedAt, the order not paid', async () => {
    const { mock, advance } = setup({ holdGraceMs: 1_000 });
    const orderId = mock.createOrder({ currency: 'EUR', country: 'NL', ...HOLD });
    const id = (await charge(mock, orderId, { paymentMethod: 'IDEAL' })).body.id as string;
    mock.answerLocalPayment(id, 'pending');
    advance(TIMINGS.pendingSettleMs);
    expect(await read(mock, id)).toMatchObject({
      status: 'REFUNDED_HOLD_EXPIRED',
      refundedAt: new Date(START + 3_000).toISOString(),
    });
    expect(mock.order(orderId)?.status).toBe('AWAITING_PAYMENT');
  });
});

describe('mock mode: answerLocalPayment, for a site’s test without the page', () => {
  it('answers as the buttons do, and refuses what the page would not take', async () => {
    const { mock, advance } = setup();
    const { orderId, id } = await openIdeal(mock);
    expect(() => mock.answerLocalPayment(id, 'maybe' as 'approve')).toThrow(TypeError);
    expect(() => mock.answerLocalPayment(id, 'pending', { settleAs: 'later' as 'approve' })).toThrow(/settleAs/);
    expect(() => mock.answerLocalPayment(id, 'approve', { klarnaOption: 'NOW' as 'PAY_IN_3_PARTS' })).toThrow(/klarnaOption/);
    expect(mock.answerLocalPayment(id, 'pending', { settleAs: 'decline' })).toMatchObject({ id, status: 'PENDING' });
    expect(() => mock.answerLocalPayment(id, 'approve')).toThrow(/has no local payment page/);
    advance(TIMINGS.pendingSettleMs);
    expect(mock.charges()).toMatchObject([{ id, status: 'DECLINED', declineCode: 'customer_declined' }]);
    expect(mock.order(orderId)?.status).toBe('AWAITING_PAYMENT');
    mock.reset();
    expect(() => mock.answerLocalPayment(id, 'approve')).toThrow(/has no local payment page/);
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

  it('`true` keeps the reference provider’s timings: pending settles after 5 000 ms', async () => {
    const { mock, advance } = setup({ localPayments: true });
    const { id, url } = await openIdeal(mock);
    await press(url, mock, 'pending');
    advance(4_999);
    expect((await read(mock, id)).status).toBe('PENDING');
    advance(1);
    expect((await read(mock, id)).status).toBe('APPROVED');
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
