import { describe, expect, it } from 'vitest';
import { type Charge, ProviderPaths, type SavedCard } from '../shared';
import { CONTROL_KEY_HEADER } from './controlRoutes';
import { createProviderApp, DEMO_APP_INSTANCE } from './createProviderApp';
import { RETURNING_BUYER_APP_INSTANCE as RETURNING, RETURNING_BUYER_CARDS, TEST_CARDS } from './store';

// Saved cards over HTTP (issue 25): the credit card routes on the API, saved-card tokens on the
// vault only, saving a card after an approved charge, and the control route that gives a member cards.

const FRAME = 'http://127.0.0.1:4174';
const KEY = 'a-random-control-key-0123456789abcdef';
const fixtures = new URL('../e2e/fixtures/statics', import.meta.url).pathname;
const options = { publicUrl: 'http://127.0.0.1:4175', frameOrigins: [FRAME], staticsDir: fixtures, controlKey: KEY };
const [VISA, MASTERCARD] = RETURNING_BUYER_CARDS.map((c) => c.id) as [string, string];
const CONSENT = { consentText: 'Save this card for next time', consentedAt: '2026-05-01T10:00:00.000Z' };

type App = ReturnType<typeof createProviderApp>;
type Server = App['app'];

/** A JSON call to `server` as app instance `token` (GET without a body). */
async function call(server: Server, token: string, path: string, method = 'GET', body?: unknown, headers = {}) {
  const res = await server.request(path, {
    method,
    headers: { Origin: FRAME, Authorization: token, 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & { details?: { applicationError?: { code: string } } },
  };
}
const code = (reply: { body: { details?: { applicationError?: { code: string } } } }) =>
  reply.body.details?.applicationError?.code;
const cardsOf = async (app: App, token: string) =>
  (await call(app.app, token, ProviderPaths.creditCards)).body as unknown as SavedCard[];

/** A control call (loopback Host, the key). */
const control = (app: App, path: string, body: unknown) =>
  app.app.request(path, {
    method: 'POST',
    headers: { Host: 'localhost', 'Content-Type': 'application/json', [CONTROL_KEY_HEADER]: KEY },
    body: JSON.stringify(body),
  });

/** Pays a fresh order as `token` with `cardToken` (and `extra` charge fields); returns the charge reply. */
async function pay(app: App, token: string, cardToken: string, extra: Record<string, unknown> = {}, key = crypto.randomUUID()) {
  const order = await call(app.app, token, ProviderPaths.orderSetup, 'POST', {
    eventId: 'modern-jazz-masterclass',
    lines: [{ ticketTypeId: 'general-admission', quantity: 1 }],
  });
  const path = ProviderPaths.chargesByOrder(String(order.body.id));
  return call(app.app, token, path, 'POST', { paymentMethod: 'CARD', cardToken, ...extra }, { 'Idempotency-Key': key });
}
/** Card tokenization at the vault as app instance `token` (`extra`: e.g. the buyer's `saveCard` consent); the reply. */
const tokenizeReply = (app: App, token: string, number: string = TEST_CARDS.approved, extra: Record<string, unknown> = {}) =>
  call(app.vaultApp, token, ProviderPaths.cardTokenization, 'POST', {
    holderName: 'Ada',
    number,
    expMonth: 11,
    expYear: 2040,
    cvc: '123',
    ...extra,
  });
/** The token of {@link tokenizeReply}. */
const tokenize = async (app: App, token: string, number: string = TEST_CARDS.approved, extra: Record<string, unknown> = {}) =>
  String((await tokenizeReply(app, token, number, extra)).body.token);

describe('credit card routes', () => {
  it("the returning buyer's cards: Visa •••• 4242 12/34 primary, Mastercard •••• 4444; nothing else about them", async () => {
    const cards = await cardsOf(createProviderApp(options), RETURNING);
    expect(cards).toEqual([
      { id: VISA, brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2034, primary: true, expired: false },
      { id: MASTERCARD, brand: 'mastercard', last4: '4444', expiryMonth: 9, expiryYear: 2031, primary: false, expired: false },
    ]);
  });

  it('an app instance without a member gets an empty list, not an error; its item and primary calls 404', async () => {
    const app = createProviderApp(options);
    expect(await call(app.app, DEMO_APP_INSTANCE, ProviderPaths.creditCards)).toEqual({ status: 200, body: [] });
    const item = await call(app.app, DEMO_APP_INSTANCE, ProviderPaths.creditCard(VISA));
    expect([item.status, code(item)]).toEqual([404, 'CREDIT_CARD_NOT_FOUND']);
    const primary = await call(app.app, DEMO_APP_INSTANCE, ProviderPaths.primaryCreditCard);
    expect([primary.status, code(primary)]).toEqual([404, 'CREDIT_CARD_NOT_FOUND']);
  });

  it('GET one and GET primary answer the card; another member cannot read, delete or tokenize it (404 / 422)', async () => {
    const app = createProviderApp(options);
    expect((await call(app.app, RETURNING, ProviderPaths.creditCard(MASTERCARD))).body).toMatchObject({ last4: '4444' });
    expect((await call(app.app, RETURNING, ProviderPaths.primaryCreditCard)).body).toMatchObject({ id: VISA });
    await control(app, '/__control/members', { appInstance: 'other-app', member: 'member-other' });
    app.state.appInstances.set('other-app', 'other-app');
    expect((await call(app.app, 'other-app', ProviderPaths.creditCard(VISA))).status).toBe(404);
    expect((await call(app.app, 'other-app', ProviderPaths.creditCard(VISA), 'DELETE')).status).toBe(404);
    const token = await call(app.vaultApp, 'other-app', ProviderPaths.savedCardTokens, 'POST', { cardId: VISA, cvc: '123' });
    expect([token.status, code(token)]).toEqual([422, 'SAVED_CARD_NOT_FOUND']);
    expect(await cardsOf(app, RETURNING)).toHaveLength(2);
  });

  it('DELETE removes the card (200 with it), a second DELETE or an unknown id is 404; the next card becomes primary', async () => {
    const app = createProviderApp(options);
    const removed = await call(app.app, RETURNING, ProviderPaths.creditCard(VISA), 'DELETE');
    expect(removed).toMatchObject({ status: 200, body: { id: VISA } });
    expect((await call(app.app, RETURNING, ProviderPaths.creditCard(VISA), 'DELETE')).status).toBe(404);
    expect((await call(app.app, RETURNING, ProviderPaths.creditCard('card_nope'), 'DELETE')).status).toBe(404);
    expect(await cardsOf(app, RETURNING)).toEqual([expect.objectContaining({ id: MASTERCARD, primary: true })]);
  });

  it('a member given an expired card (control route) sees it flagged expired; reset brings back the seeded member and cards', async () => {
    const app = createProviderApp(options);
    const res = await control(app, '/__control/members', {
      appInstance: RETURNING,
      member: 'member-with-an-old-card',
      cards: [{ id: 'card_old', brand: 'visa', last4: '1111', expiryMonth: 1, expiryYear: 2020 }],
    });
    expect(res.status).toBe(200);
    expect(await cardsOf(app, RETURNING)).toEqual([
      { id: 'card_old', brand: 'visa', last4: '1111', expiryMonth: 1, expiryYear: 2020, primary: true, expired: true },
    ]);
    await control(app, '/__control/reset', {});
    expect((await cardsOf(app, RETURNING)).map((c) => c.id)).toEqual([VISA, MASTERCARD]);
  });

  it('the control route refuses cards that do not fit (400 BAD_CARDS) and changes nothing', async () => {
    const app = createProviderApp(options);
    const res = await control(app, '/__control/members', {
      appInstance: RETURNING,
      member: 'member-returning-buyer',
      cards: [{ brand: 'visa', last4: '4242424242424242', expiryMonth: 1, expiryYear: 2030 }],
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ details: { applicationError: { code: 'BAD_CARDS' } } });
    expect(await cardsOf(app, RETURNING)).toHaveLength(2);
  });
});

describe('buyer info', () => {
  it('a guest for an app instance without a member; the member and its id for one, with no card data', async () => {
    const app = createProviderApp(options);
    expect(await call(app.app, DEMO_APP_INSTANCE, ProviderPaths.buyerInfo)).toEqual({ status: 200, body: { type: 'GUEST' } });
    expect(await call(app.app, RETURNING, ProviderPaths.buyerInfo)).toEqual({
      status: 200,
      body: { type: 'MEMBER', memberId: 'member-returning-buyer' },
    });
  });

  it('a member with no cards (control route) is a member all the same; removed again (member: null), a guest', async () => {
    const app = createProviderApp(options);
    await control(app, '/__control/members', { appInstance: RETURNING, member: 'member-new', cards: [] });
    expect(await cardsOf(app, RETURNING)).toEqual([]);
    expect((await call(app.app, RETURNING, ProviderPaths.buyerInfo)).body).toEqual({ type: 'MEMBER', memberId: 'member-new' });
    await control(app, '/__control/members', { appInstance: RETURNING, member: null });
    expect((await call(app.app, RETURNING, ProviderPaths.buyerInfo)).body).toEqual({ type: 'GUEST' });
  });
});

describe('saved-card tokens (the vault only)', () => {
  it('the API host has no saved-card tokens route: the security code never goes there (404)', async () => {
    const app = createProviderApp(options);
    const res = await call(app.app, RETURNING, ProviderPaths.savedCardTokens, 'POST', { cardId: VISA, cvc: '123' });
    expect(res.status).toBe(404);
  });

  it('the vault makes a single-use card token that the unchanged charge path takes: APPROVED once, the key replays', async () => {
    const app = createProviderApp(options);
    const token = await call(app.vaultApp, RETURNING, ProviderPaths.savedCardTokens, 'POST', { cardId: VISA, cvc: '123' });
    expect(token).toMatchObject({ status: 201, body: { token: expect.stringMatching(/^tok_/), brand: 'visa', last4: '4242' } });
    expect(Object.keys(token.body).sort()).toEqual(['brand', 'expMonth', 'expYear', 'last4', 'token']);
    const key = crypto.randomUUID();
    const charged = await pay(app, RETURNING, String(token.body.token), {}, key);
    expect(charged).toMatchObject({ status: 201, body: { status: 'APPROVED', paymentMethod: 'CARD' } });
    const again = await pay(app, RETURNING, String(token.body.token));
    expect([again.status, code(again)]).toEqual([400, 'INVALID_CARD_TOKEN']);
    expect(app.state.requests.filter((r) => r.path === ProviderPaths.savedCardTokens).map((r) => r.server)).toEqual(['vault']);
  });

  it.each([
    { name: 'an expired card', cardId: 'card_old', cvc: '123', error: 'SAVED_CARD_EXPIRED' },
    { name: 'an unknown card', cardId: 'card_nope', cvc: '123', error: 'SAVED_CARD_NOT_FOUND' },
    { name: 'a 2-digit code', cardId: VISA, cvc: '12', error: 'INVALID_CVC' },
    { name: 'a 4-digit code for a Visa', cardId: VISA, cvc: '1234', error: 'INVALID_CVC' },
    { name: 'no code', cardId: VISA, cvc: undefined, error: 'INVALID_CVC' },
    { name: 'a 3-digit code for an Amex', cardId: 'card_amex', cvc: '123', error: 'INVALID_CVC' },
  ])('$name → 422 $error, no token', async ({ cardId, cvc, error }) => {
    const app = createProviderApp(options);
    await control(app, '/__control/members', {
      appInstance: RETURNING,
      member: 'member-returning-buyer',
      cards: [
        ...RETURNING_BUYER_CARDS,
        { id: 'card_old', brand: 'visa', last4: '1111', expiryMonth: 1, expiryYear: 2020 },
        { id: 'card_amex', brand: 'amex', last4: '0005', expiryMonth: 1, expiryYear: 2040 },
      ],
    });
    const res = await call(app.vaultApp, RETURNING, ProviderPaths.savedCardTokens, 'POST', { cardId, cvc });
    expect([res.status, code(res)]).toEqual([422, error]);
    expect(res.body.token).toBeUndefined();
  });

  it.each([
    { name: 'the Visa with 000', cardId: VISA, cvc: '000', status: 422, error: 'INCORRECT_CVC' },
    { name: 'the Visa with 124', cardId: VISA, cvc: '124', status: 422, error: 'INCORRECT_CVC' },
    { name: 'the Visa with 123', cardId: VISA, cvc: '123', status: 201, error: undefined },
    { name: 'the Mastercard with 321', cardId: MASTERCARD, cvc: '321', status: 422, error: 'INCORRECT_CVC' },
    { name: 'an Amex with 1235', cardId: 'card_amex', cvc: '1235', status: 422, error: 'INCORRECT_CVC' },
    { name: 'an Amex with 1234', cardId: 'card_amex', cvc: '1234', status: 201, error: undefined },
  ])('the bank checks the code: $name → $status $error', async ({ cardId, cvc, status, error }) => {
    const app = createProviderApp(options);
    await control(app, '/__control/members', {
      appInstance: RETURNING,
      member: 'member-returning-buyer',
      cards: [...RETURNING_BUYER_CARDS, { id: 'card_amex', brand: 'amex', last4: '0005', expiryMonth: 1, expiryYear: 2040 }],
    });
    const res = await call(app.vaultApp, RETURNING, ProviderPaths.savedCardTokens, 'POST', { cardId, cvc });
    expect([res.status, code(res)]).toEqual([status, error]);
    if (error) expect(res.body.details).toMatchObject({ declineCode: 'incorrect_cvc' });
    if (error) expect(res.body.token).toBeUndefined();
  });

  it('five wrong codes lock the card for its member: 429 SAVED_CARD_LOCKED with Retry-After, then the right code is refused too', async () => {
    const app = createProviderApp(options);
    const attempt = async (cardId: string, cvc: string) => {
      const res = await app.vaultApp.request(ProviderPaths.savedCardTokens, {
        method: 'POST',
        headers: { Origin: FRAME, Authorization: RETURNING, 'Content-Type': 'application/json' },
        body: JSON.stringify({ cardId, cvc }),
      });
      const body = (await res.json()) as { token?: string; details?: { applicationError?: { code: string } } };
      return { status: res.status, code: body.details?.applicationError?.code, retryAfter: res.headers.get('Retry-After'), body };
    };
    const wrong = [];
    for (let i = 0; i < 6; i++) wrong.push(await attempt(VISA, '000'));
    expect(wrong.map((r) => [r.status, r.code])).toEqual([
      ...Array(4).fill([422, 'INCORRECT_CVC']),
      [429, 'SAVED_CARD_LOCKED'],
      [429, 'SAVED_CARD_LOCKED'],
    ]);
    expect(wrong.slice(0, 4).map((r) => r.retryAfter)).toEqual([null, null, null, null]);
    for (const locked of wrong.slice(4)) {
      expect(locked.retryAfter).toMatch(/^\d+$/);
      expect(Number(locked.retryAfter)).toBeGreaterThan(0);
      expect(Number(locked.retryAfter)).toBeLessThanOrEqual(15 * 60);
    }
    const right = await attempt(VISA, '123');
    expect([right.status, right.code, right.body.token]).toEqual([429, 'SAVED_CARD_LOCKED', undefined]);
    // The lock is the card's: the member's other card still takes its right code.
    expect((await attempt(MASTERCARD, '123')).status).toBe(201);
  });

  it('an Amex takes a 4-digit code; a body without a cardId is 400', async () => {
    const app = createProviderApp(options);
    await control(app, '/__control/members', {
      appInstance: RETURNING,
      member: 'member-returning-buyer',
      cards: [{ id: 'card_amex', brand: 'amex', last4: '0005', expiryMonth: 1, expiryYear: 2040 }],
    });
    const ok = await call(app.vaultApp, RETURNING, ProviderPaths.savedCardTokens, 'POST', { cardId: 'card_amex', cvc: '1234' });
    expect(ok.status).toBe(201);
    const bad = await call(app.vaultApp, RETURNING, ProviderPaths.savedCardTokens, 'POST', { cvc: '123' });
    expect([bad.status, code(bad)]).toEqual([400, 'INVALID_SAVED_CARD_TOKEN_REQUEST']);
  });
});

describe('saving a new card: the consent comes with the card to the vault (security review M1)', () => {
  it('APPROVED with consent at tokenization: the card joins the member’s cards with the consent (item route), never the number or code', async () => {
    const app = createProviderApp(options);
    const cardToken = await tokenize(app, RETURNING, '5555555555554444', { saveCard: CONSENT });
    const charged = await pay(app, RETURNING, cardToken);
    expect((charged.body as unknown as Charge).status).toBe('APPROVED');
    const cards = await cardsOf(app, RETURNING);
    const saved = cards.find((c) => c.last4 === '4444' && c.expiryYear === 2040);
    expect(saved).toMatchObject({ brand: 'mastercard', expiryMonth: 11, primary: false, expired: false });
    const item = await call(app.app, RETURNING, ProviderPaths.creditCard(saved?.id ?? ''));
    expect(item.body.consent).toEqual({ ...CONSENT, recordedAt: expect.any(String) });
    expect(JSON.stringify(cards)).not.toMatch(/5555555555554444|"cvc"|"number"/);
  });

  it('a charge whose token was minted without consent but whose body carries saveCard leaves GET credit-cards unchanged', async () => {
    const app = createProviderApp(options);
    const before = await cardsOf(app, RETURNING);
    const charged = await pay(app, RETURNING, await tokenize(app, RETURNING), { saveCard: CONSENT });
    expect((charged.body as unknown as Charge).status).toBe('APPROVED');
    expect(await cardsOf(app, RETURNING)).toEqual(before);
  });

  it.each([
    { name: 'the charge is DECLINED', token: RETURNING, number: TEST_CARDS.declined, saveCard: CONSENT },
    { name: 'the box was not checked (no saveCard)', token: RETURNING, number: TEST_CARDS.approved, saveCard: undefined },
    { name: 'the app instance has no member', token: DEMO_APP_INSTANCE, number: TEST_CARDS.approved, saveCard: CONSENT },
  ])('nothing is saved when $name', async ({ token, number, saveCard }) => {
    const app = createProviderApp(options);
    await pay(app, token, await tokenize(app, token, number, saveCard ? { saveCard } : {}));
    expect(await cardsOf(app, RETURNING)).toHaveLength(2);
    expect(await cardsOf(app, DEMO_APP_INSTANCE)).toEqual([]);
  });

  it('a saved card paid with its own token is not saved twice, whatever the charge body says', async () => {
    const app = createProviderApp(options);
    const token = await call(app.vaultApp, RETURNING, ProviderPaths.savedCardTokens, 'POST', { cardId: VISA, cvc: '123' });
    await pay(app, RETURNING, String(token.body.token), { saveCard: CONSENT });
    expect(await cardsOf(app, RETURNING)).toHaveLength(2);
  });

  it.each([
    { name: 'no consentText', saveCard: { consentedAt: CONSENT.consentedAt } },
    { name: 'a blank consentText', saveCard: { ...CONSENT, consentText: '  ' } },
    { name: 'a consentedAt that is no date', saveCard: { ...CONSENT, consentedAt: 'yesterday' } },
    { name: 'an unknown field', saveCard: { ...CONSENT, cvc: '123' } },
    { name: 'true', saveCard: true },
  ])('saveCard with $name → 400 INVALID_SAVE_CARD at tokenization, no token', async ({ saveCard }) => {
    const app = createProviderApp(options);
    const refused = await tokenizeReply(app, RETURNING, TEST_CARDS.approved, { saveCard });
    expect([refused.status, code(refused), refused.body.token]).toEqual([400, 'INVALID_SAVE_CARD', undefined]);
  });
});
