import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ProviderPaths } from '../shared/paths';
import { parseBuyerInfo, parseSavedCards } from '../shared/savedCardBodies';
import {
  createMockProvider,
  MOCK_RETURNING_BUYER_CARDS,
  MOCK_TEST_CARDS,
  type MockCharge,
  type MockProvider,
} from './mockProvider';
import { FRAME, HOST, MOCK_OPTIONS, send, VAULT } from './mockRequests';

// Issue 25 item 5: the mock's returning buyer, answered as the reference provider's (provider/store/savedCards.ts).

const OPTIONS = MOCK_OPTIONS;
const RETURNING = { ...OPTIONS, returningBuyer: { savedCards: MOCK_RETURNING_BUYER_CARDS } };
const CONSENT = { consentText: 'Save this card for next time', consentedAt: '2026-01-02T03:04:05.000Z' };

const list = (mock: MockProvider) => send(mock, 'GET', `${HOST}${ProviderPaths.creditCards}`);
const buyerInfo = (mock: MockProvider) => send(mock, 'GET', `${HOST}${ProviderPaths.buyerInfo}`);
const savedToken = (mock: MockProvider, body: unknown) => send(mock, 'POST', `${VAULT}${ProviderPaths.savedCardTokens}`, body);
const charge = (mock: MockProvider, orderId: string, body: Record<string, unknown>) =>
  send(
    mock,
    'POST',
    `${HOST}${ProviderPaths.chargesByOrder(orderId)}`,
    { paymentMethod: 'CARD', ...body },
    {
      'Idempotency-Key': crypto.randomUUID(),
    },
  );
/** Card tokenization at the vault (`extra`: e.g. the buyer's `saveCard` consent); the reply. */
const typedReply = (mock: MockProvider, number: string = MOCK_TEST_CARDS.approved, extra: Record<string, unknown> = {}) =>
  send(mock, 'POST', `${VAULT}${ProviderPaths.cardTokenization}`, {
    holderName: 'Ada Buyer',
    number,
    expMonth: 12,
    expYear: 2040,
    cvc: '123',
    ...extra,
  });
/** The token of {@link typedReply}. */
const typed = async (mock: MockProvider, number: string = MOCK_TEST_CARDS.approved, extra: Record<string, unknown> = {}) =>
  (await typedReply(mock, number, extra)).body.token as string;

describe('mock mode: buyer info (the widget asks it before it looks for saved cards)', () => {
  it.each([
    { name: 'a guest (no returningBuyer)', options: OPTIONS, expected: { type: 'GUEST' } },
    { name: 'a returning buyer with cards', options: RETURNING, expected: { type: 'MEMBER', memberId: expect.any(String) } },
    {
      name: 'a returning buyer without cards',
      options: { ...OPTIONS, returningBuyer: {} },
      expected: { type: 'MEMBER', memberId: expect.any(String) },
    },
  ])('$name: answered as the widget parses it', async ({ options, expected }) => {
    const { status, body } = await buyerInfo(createMockProvider(options));
    expect(status).toBe(200);
    expect(parseBuyerInfo(body, 'getBuyerInfo')).toEqual(expected);
  });

  it('needs the app instance token, as every API route', async () => {
    const mock = createMockProvider(RETURNING);
    expect((await send(mock, 'GET', `${HOST}${ProviderPaths.buyerInfo}`, undefined, { Authorization: 'other' })).status).toBe(
      401,
    );
  });
});

describe('mock mode: a guest (no returningBuyer)', () => {
  it('lists no saved cards, has no primary, gets no saved-card token, and a saveCard charge saves nothing', async () => {
    const mock = createMockProvider(OPTIONS);
    expect(await list(mock)).toMatchObject({ status: 200, body: [] });
    expect((await send(mock, 'GET', `${HOST}${ProviderPaths.primaryCreditCard}`)).status).toBe(404);
    const token = await savedToken(mock, { cardId: 'card_returning_visa_4242', cvc: '123' });
    expect(token).toMatchObject({ status: 422, body: { details: { applicationError: { code: 'SAVED_CARD_NOT_FOUND' } } } });
    const paid = await charge(mock, mock.createOrder(), { cardToken: await typed(mock), saveCard: CONSENT });
    expect(paid.body.status).toBe('APPROVED');
    expect(mock.savedCards()).toEqual([]);
  });
});

describe('mock mode: a returning buyer', () => {
  it("lists the given cards as the provider's shape (primary first, expired computed), item and primary", async () => {
    const mock = createMockProvider({
      ...OPTIONS,
      returningBuyer: {
        savedCards: [
          { id: 'card_old', brand: 'visa', last4: '1111', expiryMonth: 1, expiryYear: 2020 },
          { id: 'card_main', brand: 'mastercard', last4: '4444', expiryMonth: 9, expiryYear: 2031, primary: true },
        ],
      },
    });
    const { status, body } = await list(mock);
    expect(status).toBe(200);
    const cards = parseSavedCards(body, 'listCreditCards');
    expect(cards.map((c) => [c.id, c.primary, c.expired])).toEqual([
      ['card_main', true, false],
      ['card_old', false, true],
    ]);
    expect((await send(mock, 'GET', `${HOST}${ProviderPaths.primaryCreditCard}`)).body).toMatchObject({ id: 'card_main' });
    expect((await send(mock, 'GET', `${HOST}${ProviderPaths.creditCard('card_old')}`)).body).toMatchObject({ last4: '1111' });
    expect((await send(mock, 'GET', `${HOST}${ProviderPaths.creditCard('card_nope')}`)).status).toBe(404);
  });

  it('needs the app instance token, as every API route', async () => {
    const mock = createMockProvider(RETURNING);
    expect((await send(mock, 'GET', `${HOST}${ProviderPaths.creditCards}`, undefined, { Authorization: 'other' })).status).toBe(
      401,
    );
  });

  it('a saved card is charged with its security code only, through the vault; the token is single use', async () => {
    const mock = createMockProvider(RETURNING);
    const orderId = mock.createOrder({ amount: 4200 });
    const cardId = MOCK_RETURNING_BUYER_CARDS[0]?.id;
    const wrongCvc = await savedToken(mock, { cardId, cvc: '12' });
    expect(wrongCvc.body).toMatchObject({ details: { applicationError: { code: 'INVALID_CVC' } } });
    // Card data goes to the vault only: the API host has no saved-card token route.
    expect(
      (await getResponse(mock.handlers, new Request(`${HOST}${ProviderPaths.savedCardTokens}`, { method: 'POST' })))?.status,
    ).not.toBe(201);
    const token = await savedToken(mock, { cardId, cvc: '123' });
    expect(token).toMatchObject({ status: 201, body: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 } });
    const paid = await charge(mock, orderId, { cardToken: token.body.token });
    expect(paid.body).toMatchObject({ status: 'APPROVED', paymentMethod: 'CARD', orderId });
    const again = await charge(mock, mock.createOrder(), { cardToken: token.body.token });
    expect(again.body).toMatchObject({ details: { applicationError: { code: 'INVALID_CARD_TOKEN' } } });
    expect(mock.savedCards()).toHaveLength(2);
  });

  it('the code is checked as the provider checks it: 000 is INCORRECT_CVC; the 5th wrong one locks the card (429, Retry-After), 123 too', async () => {
    const mock = createMockProvider(RETURNING);
    const cardId = MOCK_RETURNING_BUYER_CARDS[0]?.id;
    const replies: Awaited<ReturnType<typeof savedToken>>[] = [];
    for (let i = 0; i < 6; i++) replies.push(await savedToken(mock, { cardId, cvc: '000' }));
    replies.push(await savedToken(mock, { cardId, cvc: '123' }));
    const codeOf = (r: (typeof replies)[number]) =>
      (r.body.details as { applicationError: { code: string } }).applicationError.code;
    expect(replies.map((r) => [r.status, codeOf(r)])).toEqual([
      ...Array(4).fill([422, 'INCORRECT_CVC']),
      ...Array(3).fill([429, 'SAVED_CARD_LOCKED']),
    ]);
    expect(replies[6]?.retryAfter).toBe('900');
    mock.reset();
    expect((await savedToken(mock, { cardId, cvc: '123' })).status).toBe(201);
  });

  it('an expired saved card gets no token', async () => {
    const mock = createMockProvider({
      ...OPTIONS,
      returningBuyer: { savedCards: [{ id: 'card_old', brand: 'visa', last4: '1111', expiryMonth: 1, expiryYear: 2020 }] },
    });
    const token = await savedToken(mock, { cardId: 'card_old', cvc: '123' });
    expect(token).toMatchObject({ status: 422, body: { details: { applicationError: { code: 'SAVED_CARD_EXPIRED' } } } });
  });

  it('delete removes a card (the next becomes primary); reset gives the starting cards back', async () => {
    const mock = createMockProvider(RETURNING);
    const removed = await send(mock, 'DELETE', `${HOST}${ProviderPaths.creditCard('card_returning_visa_4242')}`);
    expect(removed).toMatchObject({ status: 200, body: { id: 'card_returning_visa_4242' } });
    expect(mock.savedCards().map((c) => [c.id, c.primary])).toEqual([['card_returning_mastercard_4444', true]]);
    expect((await send(mock, 'DELETE', `${HOST}${ProviderPaths.creditCard('card_returning_visa_4242')}`)).status).toBe(404);
    const preflight = await getResponse(
      mock.handlers,
      new Request(`${HOST}${ProviderPaths.creditCard('x')}`, { method: 'OPTIONS', headers: { Origin: FRAME } }),
    );
    expect(preflight?.headers.get('access-control-allow-methods')).toContain('DELETE');
    mock.reset();
    expect(mock.savedCards()).toHaveLength(2);
  });

  it('a new card charged APPROVED whose tokenization carried consent is saved with it; unchecked, declined or malformed saves nothing', async () => {
    const mock = createMockProvider({ ...OPTIONS, returningBuyer: {} });
    const saveCard = { saveCard: CONSENT };
    await charge(mock, mock.createOrder(), { cardToken: await typed(mock) });
    await charge(mock, mock.createOrder(), { cardToken: await typed(mock, MOCK_TEST_CARDS.declined, saveCard) });
    const malformed = await typedReply(mock, MOCK_TEST_CARDS.approved, { saveCard: { consentText: '' } });
    expect(malformed).toMatchObject({ status: 400, body: { details: { applicationError: { code: 'INVALID_SAVE_CARD' } } } });
    expect(mock.savedCards()).toEqual([]);
    await charge(mock, mock.createOrder(), { cardToken: await typed(mock, MOCK_TEST_CARDS.approved, saveCard) });
    expect(mock.savedCards()).toEqual([
      expect.objectContaining({
        brand: 'visa',
        last4: '4242',
        expiryMonth: 12,
        expiryYear: 2040,
        primary: true,
        consent: expect.objectContaining(CONSENT),
      }),
    ]);
  });

  it('a saveCard in the charge body is ignored, as the provider ignores it: a token without consent saves nothing', async () => {
    const mock = createMockProvider({ ...OPTIONS, returningBuyer: {} });
    const paid = await charge(mock, mock.createOrder(), { cardToken: await typed(mock), saveCard: CONSENT });
    expect(paid.body.status).toBe('APPROVED');
    expect(mock.savedCards()).toEqual([]);
  });

  it('a 3-D Secure card with consent is saved once its challenge completes, not before', async () => {
    const mock = createMockProvider({ ...OPTIONS, returningBuyer: {} });
    const open = await charge(mock, mock.createOrder(), {
      cardToken: await typed(mock, MOCK_TEST_CARDS.threeDsChallenge, { saveCard: CONSENT }),
    });
    expect(open.body.status).toBe('REQUIRES_ACTION');
    expect(mock.savedCards()).toEqual([]);
    mock.completeChallenge((open.body as unknown as MockCharge).id, 'complete');
    expect(mock.savedCards()).toEqual([expect.objectContaining({ last4: '3184' })]);
  });
});
