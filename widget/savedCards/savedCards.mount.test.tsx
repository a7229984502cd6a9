// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CashierError,
  type CashierWidgetProps,
  type Charge,
  createProviderClient,
  ErrorCode,
  ProviderPaths as P,
  type ProviderRequest,
  type SavedCard,
} from '../../shared';
import { mount } from '../index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const VISA: SavedCard = {
  id: 'card_v',
  brand: 'visa',
  last4: '4242',
  expiryMonth: 12,
  expiryYear: 2034,
  primary: true,
  expired: false,
};
const OLD: SavedCard = {
  id: 'card_m',
  brand: 'mastercard',
  last4: '4444',
  expiryMonth: 9,
  expiryYear: 2021,
  primary: false,
  expired: true,
};
/** How the widget names VISA: the masked number (and the expiry) in left-to-right isolates, U+2066 … U+2069. */
const VISA_NAME = 'Visa \u2066•••• 4242\u2069';
const VISA_LABEL = `${VISA_NAME}, expires \u206612/34\u2069`;
const APPROVED: Charge = {
  id: 'ch_1',
  orderId: 'ord_1',
  status: 'APPROVED',
  amount: { amount: 100, currency: 'EUR' },
  paymentMethod: 'CARD',
  createdAt: '',
};

type Api = { validate(): { valid: boolean; errors: Record<string, string> }; pay(input: unknown): Promise<{ status: string }> };

let container: HTMLElement;
afterEach(() => {
  container?.remove();
  sessionStorage.clear();
});

const MEMBER = { type: 'MEMBER', memberId: 'member-1' };

/**
 * Mounts the widget for order ord_1 of a buyer (`buyer`: buyer info's reply, a member by default)
 * with `cards`; records every request to the API host and to the vault. Waits for a saved card
 * when `shows`, else for the cards' request (a member) or buyer info's (anyone else).
 */
async function setup(cards: SavedCard[], { shows = cards.length > 0, locale = 'en', buyer = MEMBER as unknown } = {}) {
  container = document.body.appendChild(document.createElement('div'));
  const host: ProviderRequest[] = [];
  const vault: ProviderRequest[] = [];
  const provider = {
    deleteCreditCard: vi.fn(async (): Promise<unknown> => VISA),
    savedCardToken: vi.fn(async (): Promise<unknown> => ({ token: 'tok_saved' })),
  };
  const request = async (r: ProviderRequest): Promise<unknown> => {
    host.push(r);
    if (r.path === P.paymentMethodsByOrder('ord_1')) return [{ type: 'CARD', label: 'Card' }];
    if (r.path === P.buyerInfo) return buyer;
    if (r.path === P.creditCards) return cards;
    if (r.path === P.creditCard(VISA.id) && r.method === 'delete') return provider.deleteCreditCard();
    if (r.path === P.chargesByOrder('ord_1') && r.method === 'post') return APPROVED;
    if (r.path === P.chargesByOrder('ord_1')) return [];
    throw new Error(`unexpected ${r.method} ${r.path}`);
  };
  const vaultRequest = async (r: ProviderRequest): Promise<unknown> => {
    vault.push(r);
    if (r.path === P.savedCardTokens) return provider.savedCardToken();
    if (r.path === P.cardTokenization) return { token: 'tok_typed' };
    throw new Error(`unexpected vault call ${r.path}`);
  };
  const client = createProviderClient({ host: 'https://t.example', getAppInstance: () => 'tok' });
  const props: CashierWidgetProps = {
    host: 'https://t.example',
    configuration: { appInstance: 'tok' },
    theme: 'inline',
    debug: false,
    settings: { widgetStaticsBaseUrl: 'https://s.example' },
    providerClient: { ...client, request, vault: { origin: 'https://vault.example', request: vaultRequest } },
    orderId: 'ord_1',
    locale,
    onApiInit: vi.fn(),
    onCrash: vi.fn(),
  };
  let instance: ReturnType<typeof mount> | undefined;
  await act(async () => {
    instance = mount(container, props);
  });
  // The first mount imports the saved-cards chunk cold: on a busy machine that takes over waitFor's default second.
  await vi.waitFor(
    async () => {
      await act(async () => undefined);
      if (shows) expect(container.querySelector('input[type=radio]')).not.toBeNull();
      else expect(host.some((r) => r.path === (buyer === MEMBER ? P.creditCards : P.buyerInfo))).toBe(true);
    },
    { timeout: 5000 },
  );
  const api = (props.onApiInit as ReturnType<typeof vi.fn>).mock.calls[0]?.[0] as Api;
  return { api, host, vault, provider, instance: instance as ReturnType<typeof mount> };
}

const byLabel = (name: string) => {
  const label = [...container.querySelectorAll('label')].find((l) => l.textContent === name);
  return container.ownerDocument.getElementById(label?.htmlFor ?? '') as HTMLInputElement | null;
};
const radio = (text: string) =>
  [...container.querySelectorAll<HTMLLabelElement>('label')].find((l) => l.textContent === text)?.querySelector('input');
const button = (text: string, within: ParentNode = container) =>
  [...within.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text);
function type(input: HTMLInputElement | null | undefined, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input?.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Types a card the provider double approves, with the buyer's name and email. */
function fillCard() {
  type(byLabel('Cardholder name'), 'Ada Lovelace');
  type(byLabel('Card number'), '4242424242424242');
  type(byLabel('Expiration date'), '12/30');
  type(byLabel('Security code'), '123');
  type(byLabel('Email'), 'ada@example.com');
}

describe('saved cards in the widget (issue 25)', () => {
  it('lists the cards, primary chosen, expired disabled; asks only the security code; pays with its vault token', async () => {
    const { api, host, vault } = await setup([VISA, OLD]);
    expect(radio(VISA_LABEL)?.checked).toBe(true);
    expect(radio('Mastercard \u2066•••• 4444\u2069, expired \u206609/21\u2069')?.disabled).toBe(true);
    expect(radio('Use a new card')?.checked).toBe(false);
    expect(byLabel('Card number')).toBeNull();
    let result: ReturnType<Api['validate']> | undefined;
    act(() => {
      result = api.validate();
    });
    expect(result).toEqual({ valid: false, errors: { securityCode: 'Enter the 3-digit security code' } });
    expect(document.activeElement).toBe(byLabel('Security code'));
    expect(byLabel('Security code')?.getAttribute('aria-invalid')).toBe('true');
    type(byLabel('Security code'), '123');
    await act(async () => {
      await expect(api.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED' });
    });
    expect(vault.map((r) => [r.path, r.data])).toEqual([[P.savedCardTokens, { cardId: VISA.id, cvc: '123' }]]);
    const charge = host.find((r) => r.method === 'post');
    expect(charge?.data).toEqual({ paymentMethod: 'CARD', cardToken: 'tok_saved' });
    expect(charge?.headers?.['Idempotency-Key']).toMatch(/\S/);
    expect(JSON.stringify(host)).not.toContain('"123"'); // the security code went to the vault only
    expect(byLabel('Security code')?.value).toBe(''); // paid: not kept for another charge
  });

  it.each([
    {
      status: 422,
      code: 'INCORRECT_CVC',
      locale: 'en',
      label: 'Security code',
      text: 'The security code is incorrect. Check it and try again.',
    },
    {
      status: 429,
      code: 'SAVED_CARD_LOCKED',
      locale: 'en',
      label: 'Security code',
      text: 'Too many incorrect security codes. Try this card again later or choose another card.',
    },
    {
      status: 422,
      code: 'INCORRECT_CVC',
      locale: 'de',
      label: 'Sicherheitscode',
      text: 'Der Sicherheitscode ist falsch. Prüfen Sie ihn und versuchen Sie es erneut.',
    },
    {
      status: 429,
      code: 'SAVED_CARD_LOCKED',
      locale: 'ja',
      label: 'セキュリティコード',
      text: 'セキュリティコードの誤りが多すぎます。しばらくしてからこのカードでもう一度お試しいただくか、別のカードを選択してください。',
    },
  ])(
    'the vault refuses the code ($status $code, $locale): its message at the security code, focused; nothing charged',
    async ({ status, code, locale, label, text }) => {
      const { api, host, provider } = await setup([VISA], { locale });
      await vi.waitFor(async () => {
        await act(async () => undefined);
        expect(byLabel(label)).not.toBeNull();
      });
      provider.savedCardToken.mockRejectedValue(
        new CashierError(ErrorCode.HttpClientError, 'refused', { status, applicationErrorCode: code }),
      );
      type(byLabel(label), '000');
      let result: unknown;
      await act(async () => {
        result = await api.pay({ orderId: 'ord_1' });
      });
      expect(result).toMatchObject({ status: 'INVALID', errors: { securityCode: text } });
      const field = byLabel(label);
      expect(field?.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(field);
      const describedBy = (field?.getAttribute('aria-describedby') ?? '').split(' ');
      expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(text);
      expect(host.filter((r) => r.method === 'post')).toEqual([]);
    },
  );

  it('a new card: the whole card form, and "Save this card for next time" unchecked; checked, its tokenization at the vault carries the consent, the charge none', async () => {
    const { api, host, vault } = await setup([VISA]);
    act(() => radio('Use a new card')?.click());
    expect(byLabel('Card number')).not.toBeNull();
    const save = radio('Save this card for next time');
    expect(save?.checked).toBe(false);
    act(() => save?.click());
    type(byLabel('Cardholder name'), 'Ada Lovelace');
    type(byLabel('Card number'), '4242424242424242');
    type(byLabel('Expiration date'), '12/30');
    type(byLabel('Security code'), '123');
    type(byLabel('Email'), 'ada@example.com');
    await act(async () => {
      await api.pay({ orderId: 'ord_1' });
    });
    const card = vault.find((r) => r.path === P.cardTokenization)?.data as {
      saveCard?: { consentText: string; consentedAt: string };
    };
    expect(card.saveCard?.consentText).toBe('Save this card for next time');
    expect(new Date(card.saveCard?.consentedAt ?? '').toISOString()).toBe(card.saveCard?.consentedAt);
    // The charge travels through the page's host: the consent is not the page's to give (security review M1).
    expect(host.find((r) => r.method === 'post')?.data).not.toHaveProperty('saveCard');
  });

  it('a new card with the box left unchecked: no consent at the vault or in the charge', async () => {
    const { api, host, vault } = await setup([VISA]);
    act(() => radio('Use a new card')?.click());
    type(byLabel('Cardholder name'), 'Ada Lovelace');
    type(byLabel('Card number'), '4242424242424242');
    type(byLabel('Expiration date'), '12/30');
    type(byLabel('Security code'), '123');
    type(byLabel('Email'), 'ada@example.com');
    await act(async () => {
      await api.pay({ orderId: 'ord_1' });
    });
    expect(host.find((r) => r.method === 'post')?.data).not.toHaveProperty('saveCard');
    expect(vault.find((r) => r.path === P.cardTokenization)?.data).not.toHaveProperty('saveCard');
  });

  it('"Remove" asks first ("Keep" focused, nothing deleted), then removes the card and says so', async () => {
    const { host } = await setup([VISA, OLD]);
    act(() => button('Remove')?.click());
    const ask = container.querySelector('fieldset fieldset');
    expect(ask?.querySelector('legend')?.textContent).toBe(`Remove ${VISA_NAME} from your saved cards?`);
    expect(document.activeElement).toBe(button('Keep', ask ?? container));
    act(() => button('Keep')?.click());
    expect(container.querySelector('fieldset fieldset')).toBeNull();
    expect(document.activeElement?.textContent).toBe('Remove');
    expect(host.some((r) => r.method === 'delete')).toBe(false);
    act(() => button('Remove')?.click());
    await act(async () => button('Remove', container.querySelector('fieldset fieldset') ?? container)?.click());
    expect(host.filter((r) => r.method === 'delete').map((r) => r.path)).toEqual([P.creditCard(VISA.id)]);
    expect(radio(VISA_LABEL)).toBeUndefined();
    expect(radio('Use a new card')?.checked).toBe(true);
    expect(container.querySelector('[role=status]')?.textContent).toBe(`${VISA_NAME} was removed.`);
  });

  it('a removal that fails keeps the card and shows why', async () => {
    const { provider } = await setup([VISA]);
    provider.deleteCreditCard.mockRejectedValue(new Error('down'));
    act(() => button('Remove')?.click());
    await act(async () => button('Remove', container.querySelector('fieldset fieldset') ?? container)?.click());
    expect(radio(VISA_LABEL)).toBeDefined();
    expect(container.querySelector('[role=status]')?.textContent).toBe(`${VISA_NAME} could not be removed. Try again later.`);
  });

  it("in the buyer's language, loaded with the chunk; a language change switches its words too", async () => {
    const { instance } = await setup([VISA], { locale: 'de' });
    await vi.waitFor(() => expect(container.textContent).toContain('Gespeicherte Karten'));
    expect(radio('Visa \u2066•••• 4242\u2069, gültig bis \u206612/34\u2069')?.checked).toBe(true);
    await act(async () => instance.update?.({ locale: 'fr' }));
    await vi.waitFor(async () => {
      await act(async () => undefined);
      expect(container.textContent).toContain('Cartes enregistrées');
    });
    expect(radio('Visa \u2066•••• 4242\u2069, expire \u206612/34\u2069')).toBeDefined();
  });

  it('in Hebrew (right to left): the masked number and the expiry are left-to-right isolates; the question floats to the inline start', async () => {
    await setup([VISA], { locale: 'he' });
    await vi.waitFor(() => expect(container.textContent).toContain('כרטיסים שמורים'));
    expect(radio('Visa \u2066•••• 4242\u2069, בתוקף עד \u206612/34\u2069')?.checked).toBe(true);
    act(() => button('הסרה')?.click());
    const legend = container.querySelector('fieldset fieldset legend');
    expect(legend?.textContent).toBe('להסיר את Visa \u2066•••• 4242\u2069 מהכרטיסים השמורים?');
    expect(legend?.getAttribute('style')).toContain('float: inline-start');
  });

  it('a member without saved cards: no choice of cards, the card form and "Save this card for next time" unchecked; checked, the tokenization carries the consent', async () => {
    const { api, host, vault } = await setup([]);
    await vi.waitFor(async () => {
      await act(async () => undefined);
      expect(radio('Save this card for next time')).toBeDefined();
    });
    expect(container.textContent).not.toContain('Saved cards');
    expect(radio('Use a new card')).toBeUndefined();
    const save = radio('Save this card for next time');
    expect(save?.checked).toBe(false);
    act(() => save?.click());
    fillCard();
    await act(async () => {
      await expect(api.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED' });
    });
    const card = vault.find((r) => r.path === P.cardTokenization)?.data as { saveCard?: { consentText: string } };
    expect(card.saveCard?.consentText).toBe('Save this card for next time');
    expect(host.find((r) => r.method === 'post')?.data).not.toHaveProperty('saveCard');
  });

  it.each([
    { name: 'a guest', buyer: { type: 'GUEST' } },
    { name: 'buyer info of no known shape', buyer: { type: 'member', memberId: 'm' } },
    { name: 'no buyer info', buyer: null },
  ])(
    '$name: never offered to save a card; the cards are not asked for, no chunk; the charge has no consent',
    async ({ buyer }) => {
      const { api, host, vault } = await setup([VISA], { shows: false, buyer });
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(radio('Save this card for next time')).toBeUndefined();
      expect(container.textContent).not.toContain('Saved cards');
      expect(host.filter((r) => r.path === P.creditCards)).toEqual([]);
      fillCard();
      await act(async () => {
        await expect(api.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED' });
      });
      expect(host.find((r) => r.method === 'post')?.data).not.toHaveProperty('saveCard');
      expect(vault.find((r) => r.path === P.cardTokenization)?.data).not.toHaveProperty('saveCard');
    },
  );

  it('a list that is not saved cards (checked in the chunk): the card form as before', async () => {
    await setup([{ ...VISA, last4: '42' }], { shows: false });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container.textContent).not.toContain('Saved cards');
    expect(byLabel('Card number')).not.toBeNull();
  });
});
