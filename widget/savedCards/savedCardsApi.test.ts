import { describe, expect, it, vi } from 'vitest';
import { ErrorCode, ProviderPaths as P } from '../../shared';
import { createBundleProviderApi } from '../bundleProviderApi';
import { createSavedCardsApi } from './savedCardsApi';

const visa = { id: 'card_1', brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2034, primary: true, expired: false };

describe('saved-card operations (issue 25)', () => {
  it('the bundle asks only who the buyer is, on the API host, unchecked (loadSavedCards reads its type)', async () => {
    const send = vi.fn().mockResolvedValue({ type: 'MEMBER', memberId: 'm1' });
    const vault = vi.fn();
    const api = createBundleProviderApi(send, vault, undefined);
    await expect(api.getBuyerInfo()).resolves.toEqual({ type: 'MEMBER', memberId: 'm1' });
    expect(send).toHaveBeenCalledWith({ method: 'get', path: P.buyerInfo, params: undefined });
    expect(vault).not.toHaveBeenCalled();
    expect(api).not.toHaveProperty('listCreditCards');
  });

  it('the chunk lists the cards on the API host, checked: a list that is not saved cards rejects INVALID_RESPONSE', async () => {
    const send = vi.fn().mockResolvedValue([visa]);
    const vault = vi.fn();
    const api = createSavedCardsApi(send, vault);
    await expect(api.listCreditCards()).resolves.toEqual([visa]);
    expect(send).toHaveBeenCalledWith({ method: 'get', path: P.creditCards });
    expect(vault).not.toHaveBeenCalled();
    send.mockResolvedValue([{ ...visa, last4: '42' }]);
    await expect(api.listCreditCards()).rejects.toMatchObject({ code: ErrorCode.InvalidResponse });
  });

  it('sends the security code to the vault only, and deletes on the API host', async () => {
    const send = vi.fn().mockResolvedValue(visa);
    const vault = vi.fn().mockResolvedValue({ token: 'tok_1' });
    const api = createSavedCardsApi(send, vault);
    await expect(api.createSavedCardToken({ cardId: 'card_1', cvc: '123' })).resolves.toMatchObject({ token: 'tok_1' });
    expect(vault).toHaveBeenCalledWith({ method: 'post', path: P.savedCardTokens, data: { cardId: 'card_1', cvc: '123' } });
    expect(send).not.toHaveBeenCalled();
    await expect(api.deleteCreditCard('card_1')).resolves.toEqual(visa);
    expect(send).toHaveBeenCalledWith({ method: 'delete', path: P.creditCard('card_1') });
    vault.mockResolvedValue({});
    await expect(api.createSavedCardToken({ cardId: 'card_1', cvc: '123' })).rejects.toMatchObject({
      code: ErrorCode.InvalidResponse,
    });
  });
});
