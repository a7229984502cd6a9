import { describe, expect, it, vi } from 'vitest';
import { ErrorCode, ProviderPaths as P } from '../../shared';
import { createBundleProviderApi } from '../bundleProviderApi';
import { createSavedCardsApi } from './savedCardsApi';

const visa = { id: 'card_1', brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2034, primary: true, expired: false };

describe('saved-card operations (issue 25)', () => {
  it('lists the cards on the API host (the saved-cards chunk checks the list)', async () => {
    const send = vi.fn().mockResolvedValue([visa]);
    const vault = vi.fn();
    const api = createBundleProviderApi(send, vault, undefined);
    await expect(api.listCreditCards()).resolves.toEqual([visa]);
    expect(send).toHaveBeenCalledWith({ method: 'get', path: P.creditCards, params: undefined });
    expect(vault).not.toHaveBeenCalled();
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
