import { describe, expect, it, vi } from 'vitest';
import { CashierError, ErrorCode, type SavedCard } from '../../shared';
import { english } from '../testing/english';
import { createSavedCardsState, NEW_CARD } from './createSavedCardsState';

const card = (id: string, over: Partial<SavedCard> = {}): SavedCard => ({
  id,
  brand: 'visa',
  last4: '4242',
  expiryMonth: 12,
  expiryYear: 2034,
  primary: false,
  expired: false,
  ...over,
});
const visa = card('visa', { primary: true });
const expired = card('old', { brand: 'mastercard', last4: '4444', expired: true });
const amex = card('amex', { brand: 'amex', last4: '0005' });

function setup(cards: SavedCard[], api = { listCreditCards: vi.fn(), deleteCreditCard: vi.fn(), createSavedCardToken: vi.fn() }) {
  return { state: createSavedCardsState({ api, cards, now: () => '2026-11-26T10:00:00.000Z' }), api };
}

describe('saved cards state (issue 25)', () => {
  it('preselects the primary card; an expired card cannot be chosen; with none usable a new card', () => {
    expect(setup([amex, visa]).state.getSnapshot().chosen).toBe('visa');
    expect(setup([expired, amex]).state.getSnapshot().chosen).toBe('amex');
    const { state } = setup([expired]);
    expect(state.getSnapshot().chosen).toBe(NEW_CARD);
    state.choose('old');
    expect(state.getSnapshot().chosen).toBe(NEW_CARD);
  });

  it("progress (issue 36's onChange): a saved card is complete with its whole security code, empty without one; a new card has none", () => {
    const { state } = setup([visa, amex]);
    expect(state.progress()).toEqual({ complete: false, empty: true });
    state.setCvc('12');
    expect(state.progress()).toEqual({ complete: false, empty: false });
    state.setCvc('123');
    expect(state.progress()).toEqual({ complete: true, empty: false });
    state.choose('amex');
    expect(state.progress()).toEqual({ complete: false, empty: true });
    state.choose(NEW_CARD);
    expect(state.progress()).toBeUndefined();
  });

  it('asks 3 digits, 4 for Amex, as the card form does', () => {
    const { state } = setup([visa, amex]);
    state.setCvc('12a34');
    expect(state.getSnapshot().cvc).toBe('123');
    expect(state.check()).toBeUndefined();
    state.choose('amex');
    state.setCvc('123');
    expect(english(state.check() ?? { id: '' })).toBe('Enter the 4-digit security code');
    state.setCvc('1234');
    expect(state.getSnapshot().cvcError).toBeUndefined();
    state.choose(NEW_CARD);
    expect(state.check()).toBeUndefined();
  });

  it('makes the token from the card id and the code; a refused code is shown under the field', async () => {
    const { state, api } = setup([visa]);
    api.createSavedCardToken.mockResolvedValue({ token: 'tok_1' });
    state.setCvc('123');
    const showError = vi.fn((): { status: 'INVALID'; errors: Record<string, string> } => ({ status: 'INVALID', errors: {} }));
    await expect(state.token(visa, showError)).resolves.toBe('tok_1');
    expect(api.createSavedCardToken).toHaveBeenCalledWith({ cardId: 'visa', cvc: '123' });
    api.createSavedCardToken.mockRejectedValue(
      new CashierError(ErrorCode.HttpClientError, 'x', { applicationErrorCode: 'INVALID_CVC' }),
    );
    await expect(state.token(visa, showError)).resolves.toEqual({ status: 'INVALID', errors: {} });
    expect(english(state.getSnapshot().cvcError ?? { id: '' })).toBe('Enter a valid security code');
    const down = new CashierError(ErrorCode.NetworkError, 'down');
    api.createSavedCardToken.mockRejectedValue(down);
    await expect(state.token(visa, showError)).rejects.toBe(down);
  });

  it('removes a card only once confirmed; the next usable card is chosen; a failure keeps it', async () => {
    const { state, api } = setup([visa, expired, amex]);
    api.deleteCreditCard.mockRejectedValueOnce(new CashierError(ErrorCode.NetworkError, 'down'));
    await state.remove();
    expect(api.deleteCreditCard).not.toHaveBeenCalled();
    expect(state.getSnapshot().status).toBeUndefined();
    state.confirm('visa');
    await state.remove();
    expect(state.getSnapshot().cards).toHaveLength(3);
    expect(state.getSnapshot().status).toEqual({ failed: visa });
    state.confirm('visa');
    api.deleteCreditCard.mockResolvedValue(visa);
    await state.remove();
    expect(api.deleteCreditCard).toHaveBeenLastCalledWith('visa');
    expect(state.getSnapshot()).toMatchObject({ cards: [expired, amex], chosen: 'amex', status: { removed: visa } });
    expect(state.getSnapshot().confirming).toBeUndefined();
  });

  it('gives the consent only for a new card with the box checked, with when it was checked', () => {
    const { state } = setup([visa]);
    state.setSave(true);
    expect(state.consent('Save this card for next time')).toBeUndefined(); // a saved card is chosen
    state.choose(NEW_CARD);
    expect(state.consent('Save this card for next time')).toEqual({
      consentText: 'Save this card for next time',
      consentedAt: '2026-11-26T10:00:00.000Z',
    });
    state.setSave(false);
    expect(state.consent('Save this card for next time')).toBeUndefined();
  });
});
