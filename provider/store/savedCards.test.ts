import { describe, expect, it } from 'vitest';
import type { Charge, SavedCard } from '../../shared';
import { createCheckoutStore, TEST_CARDS } from '.';
import { parseSavedCardList, RETURNING_BUYER_CARDS, RETURNING_BUYER_MEMBER_ID } from './savedCards';

// The saved cards store on the checkout store's clock (issue 25): `expired` by the provider's
// time, and a card saved with a 3-D Secure charge only once that charge settles APPROVED.

const MEMBER_APP = 'member-app';
const CONSENT = { consentText: 'Save this card for next time', consentedAt: '2026-05-01T10:00:00.000Z' };
const [VISA] = RETURNING_BUYER_CARDS.map((c) => c.id) as [string];

/** A store whose clock reads `clock.now`, where `member-app` carries the returning buyer. */
function storeAt(iso: string) {
  const clock = { now: new Date(iso) };
  const memberOf = (appInstance: string) => (appInstance === MEMBER_APP ? RETURNING_BUYER_MEMBER_ID : undefined);
  const store = createCheckoutStore(() => clock.now, { memberOf, vaultOrigin: () => 'http://127.0.0.1:4176' });
  return { store, clock };
}
const cards = (store: ReturnType<typeof storeAt>['store']) => store.savedCards.list(MEMBER_APP).body as SavedCard[];

/** Charges a fresh order with a new token of `number`, its tokenization asking to save the card. */
function chargeSaving(store: ReturnType<typeof storeAt>['store'], number: string): Charge {
  const order = store.setupOrder(
    { eventId: 'modern-jazz-masterclass', lines: [{ ticketTypeId: 'general-admission', quantity: 1 }] },
    MEMBER_APP,
  ).body as { id: string };
  const card = { holderName: 'Ada', number, expMonth: 10, expYear: 2039, cvc: '123', saveCard: CONSENT };
  const token = store.tokenizeCard(card, MEMBER_APP).body as { token: string };
  const body = { paymentMethod: 'CARD', cardToken: token.token };
  return store.chargeOrder(order.id, body, crypto.randomUUID(), MEMBER_APP).body as Charge;
}
const challengeIdOf = (charge: Charge) => charge.nextAction?.url?.split('/').at(-1) ?? '';

describe('expired, by the provider clock', () => {
  it('Visa 12/2034 is usable through December 2034 and expired from January 2035 (list and saved-card tokens)', () => {
    const { store, clock } = storeAt('2034-12-31T23:00:00Z');
    expect(cards(store).find((c) => c.id === VISA)?.expired).toBe(false);
    expect(store.savedCards.tokenize({ cardId: VISA, cvc: '123' }, MEMBER_APP).status).toBe(201);
    clock.now = new Date('2035-01-01T00:00:00Z');
    expect(cards(store).find((c) => c.id === VISA)?.expired).toBe(true);
    expect(store.savedCards.tokenize({ cardId: VISA, cvc: '123' }, MEMBER_APP)).toMatchObject({
      status: 422,
      body: { details: { applicationError: { code: 'SAVED_CARD_EXPIRED' } } },
    });
  });
});

describe('the security code, as the bank checks it (security review M1)', () => {
  const attempt = (store: ReturnType<typeof storeAt>['store'], cvc: string, cardId = VISA) => {
    const reply = store.savedCards.tokenize({ cardId, cvc }, MEMBER_APP);
    return [reply.status, (reply.body as { details?: { applicationError?: { code: string } } }).details?.applicationError?.code];
  };

  it('a locked card refuses the right code until the lock ends 15 minutes later; then 123 makes a token again', () => {
    const { store, clock } = storeAt('2026-05-01T10:00:00Z');
    for (let i = 0; i < 5; i++) attempt(store, '999');
    clock.now = new Date('2026-05-01T10:14:59Z');
    const locked = store.savedCards.tokenize({ cardId: VISA, cvc: '123' }, MEMBER_APP);
    expect(locked).toMatchObject({ status: 429, headers: { 'Retry-After': '1' } });
    clock.now = new Date('2026-05-01T10:15:00Z');
    expect(attempt(store, '123')).toEqual([201, undefined]);
  });

  it('a right code forgets the wrong ones: 4 wrong, the right one, 4 wrong again are never locked', () => {
    const { store } = storeAt('2026-05-01T10:00:00Z');
    const replies = [...'0000'].map(() => attempt(store, '000'));
    replies.push(attempt(store, '123'), ...[...'0000'].map(() => attempt(store, '000')));
    expect(replies).toEqual([
      ...Array(4).fill([422, 'INCORRECT_CVC']),
      [201, undefined],
      ...Array(4).fill([422, 'INCORRECT_CVC']),
    ]);
  });

  it('a reset (control) unlocks the card', () => {
    const { store } = storeAt('2026-05-01T10:00:00Z');
    for (let i = 0; i < 5; i++) attempt(store, '999');
    expect(attempt(store, '123')).toEqual([429, 'SAVED_CARD_LOCKED']);
    store.reset();
    expect(attempt(store, '123')).toEqual([201, undefined]);
  });
});

describe('saving with a 3-D Secure charge', () => {
  it('waits while REQUIRES_ACTION, saves once the challenge settles APPROVED, with the consent', () => {
    const { store } = storeAt('2026-05-01T10:00:05Z');
    const charge = chargeSaving(store, TEST_CARDS.threeDsChallenge);
    expect(charge.status).toBe('REQUIRES_ACTION');
    expect(cards(store)).toHaveLength(2);
    expect(store.threeDs.record(challengeIdOf(charge), 'complete')).toMatchObject({ status: 'recorded' });
    const saved = cards(store).find((c) => c.last4 === '3184');
    expect(saved).toMatchObject({ brand: 'visa', expiryMonth: 10, expiryYear: 2039, primary: false });
    expect(saved?.consent).toEqual({ ...CONSENT, recordedAt: '2026-05-01T10:00:05.000Z' });
  });

  it.each([
    { name: 'the buyer fails the challenge', number: TEST_CARDS.threeDsChallenge, outcome: 'fail' as const },
    { name: 'the bank declines after the challenge', number: TEST_CARDS.threeDsChallengeDeclined, outcome: 'complete' as const },
  ])('saves nothing when $name', ({ number, outcome }) => {
    const { store } = storeAt('2026-05-01T10:00:05Z');
    const charge = chargeSaving(store, number);
    store.threeDs.record(challengeIdOf(charge), outcome);
    expect(cards(store)).toHaveLength(2);
  });

  it('a frictionless (approved at once) charge saves at once', () => {
    const { store } = storeAt('2026-05-01T10:00:05Z');
    expect(chargeSaving(store, TEST_CARDS.threeDsFrictionless).status).toBe('APPROVED');
    expect(cards(store).map((c) => c.last4)).toEqual(['4242', '4444', '3055']);
  });
});

describe('a member with no cards', () => {
  it('the first card saved becomes primary', () => {
    const { store } = storeAt('2026-05-01T10:00:05Z');
    store.savedCards.setCards(RETURNING_BUYER_MEMBER_ID, []);
    chargeSaving(store, TEST_CARDS.approved);
    expect(cards(store)).toEqual([expect.objectContaining({ last4: '4242', primary: true, expiryYear: 2039 })]);
    expect(store.savedCards.primary(MEMBER_APP).status).toBe(200);
  });
});

describe('parseSavedCardList (the control route)', () => {
  it('makes the first card primary when none is, and names an id when none is given', () => {
    const list = parseSavedCardList([
      { brand: 'visa', last4: '1111', expiryMonth: 1, expiryYear: 2020 },
      { brand: 'visa', last4: '2222', expiryMonth: 2, expiryYear: 2040 },
    ]);
    expect(list.map((c) => c.primary)).toEqual([true, false]);
    expect(list[0]?.id).toMatch(/^card_/);
  });

  it.each([
    [{ brand: 'visa', last4: '111', expiryMonth: 1, expiryYear: 2020 }, /last4/],
    [{ brand: 'visa', last4: '1111', expiryMonth: 13, expiryYear: 2020 }, /expiryMonth/],
    [{ brand: 'visa', last4: '1111', expiryMonth: 1, expiryYear: 20 }, /expiryYear/],
    [{ last4: '1111', expiryMonth: 1, expiryYear: 2020 }, /brand/],
  ])('%j → TypeError naming the field', (card, message) => {
    expect(() => parseSavedCardList([card])).toThrow(message);
  });
});
