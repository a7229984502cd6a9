import { describe, expect, it } from 'vitest';
import { createMockProvider, MOCK_RETURNING_BUYER_CARDS } from './mockProvider';

// Issue 25 item 5: the returning buyer's, PayPal's and the wallets' options are checked, the error naming the option or card field.

const BASE = {
  host: 'http://127.0.0.1:4999',
  vaultOrigin: 'http://127.0.0.1:5000',
  staticsBaseUrl: 'http://127.0.0.1:4999/statics',
};
const card = { brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2034 };

describe('createMockProvider: returningBuyer, payPal and wallets (TypeError naming the option)', () => {
  it.each([
    [{ returningBuyer: 'yes' }, /returningBuyer must be an object/],
    [{ returningBuyer: { cards: [] } }, /returningBuyer\.cards is not an option/],
    [{ returningBuyer: { savedCards: {} } }, /returningBuyer\.savedCards must be a list/],
    [{ returningBuyer: { savedCards: [{ ...card, last4: '42' }] } }, /returningBuyer\.savedCards\[0\]\.last4 does not fit/],
    [{ returningBuyer: { savedCards: [card, { ...card, expiryMonth: 13 }] } }, /returningBuyer\.savedCards\[1\]\.expiryMonth/],
    [{ returningBuyer: { savedCards: [{ ...card, brand: '' }] } }, /returningBuyer\.savedCards\[0\]\.brand/],
    [{ returningBuyer: { savedCards: [{ ...card, id: 7 }] } }, /returningBuyer\.savedCards\[0\]\.id/],
    [
      {
        returningBuyer: {
          savedCards: [
            { ...card, primary: true },
            { ...card, primary: true },
          ],
        },
      },
      /returningBuyer\.savedCards has 2 primary cards/,
    ],
    [
      {
        returningBuyer: {
          savedCards: [
            { ...card, id: 'c' },
            { ...card, id: 'c' },
          ],
        },
      },
      /returningBuyer\.savedCards has the id "c" twice/,
    ],
    [{ payPal: 'on' }, /payPal must be a boolean/],
    [{ wallets: 'APPLE_PAY' }, /wallets must be a list of 'APPLE_PAY' and\/or 'GOOGLE_PAY'/],
    [{ wallets: ['SAMSUNG_PAY'] }, /wallets must be a list .*got \["SAMSUNG_PAY"\]/],
    [{ wallets: ['APPLE_PAY', 'APPLE_PAY'] }, /wallets must be .* each at most once/],
  ])('%j', (extra, message) => {
    expect(() => createMockProvider({ ...BASE, ...extra } as never)).toThrow(TypeError);
    expect(() => createMockProvider({ ...BASE, ...extra } as never)).toThrow(message);
  });

  it('takes a returning buyer with no cards, the reference cards, or cards without ids (the first primary)', () => {
    expect(createMockProvider({ ...BASE, returningBuyer: {} }).savedCards()).toEqual([]);
    expect(createMockProvider({ ...BASE, returningBuyer: { savedCards: MOCK_RETURNING_BUYER_CARDS } }).savedCards()).toHaveLength(
      2,
    );
    const [only] = createMockProvider({ ...BASE, returningBuyer: { savedCards: [card] } }).savedCards();
    expect(only).toMatchObject({ ...card, primary: true, expired: false, id: expect.stringMatching(/^card_/) });
  });
});
