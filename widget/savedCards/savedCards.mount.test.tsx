// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { CashierError, ErrorCode, ProviderPaths as P, type ProviderRequest, type SavedCard } from '../../shared';
import { approvedCharge, fillCard, typeInto } from '../testing/httpWidget';
import { fakeProviderClient, mountWidget, VAULT, WAIT } from '../testing/mountWidget';
import { MASTERCARD, VISA } from '../testing/savedCards';

// The widget's updates land as the fake provider's replies and the saved-cards chunk come in, not
// inside act(): outside React's act environment the tests wait on the DOM with vi.waitFor, so
// React warns of no update.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/** MASTERCARD, expired. */
const OLD: SavedCard = { ...MASTERCARD, expiryYear: 2021, expired: true };
/** How the widget names VISA: the masked number (and the expiry) in left-to-right isolates, U+2066 … U+2069. */
const VISA_NAME = 'Visa \u2066•••• 4242\u2069';
const VISA_LABEL = `${VISA_NAME}, expires \u206612/34\u2069`;
const APPROVED = approvedCharge();

/** The widget {@link setup} mounted last: its container. */
let container: HTMLElement;

const MEMBER = { type: 'MEMBER', memberId: 'member-1' };

/**
 * Mounts the widget for order ord_1 of a buyer (`buyer`: buyer info's reply, a member by default)
 * with `cards`; records every request to the API host and to the vault. Waits for a saved card
 * when `shows`, else for the cards' request (a member) or buyer info's (anyone else).
 */
async function setup(cards: SavedCard[], { shows = cards.length > 0, locale = 'en', buyer = MEMBER as unknown } = {}) {
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
  // The host's calls and the vault's apart: a call's channel is what a test checks (the code goes to the vault only).
  const providerClient = { ...fakeProviderClient(request), vault: { origin: VAULT, request: vaultRequest } };
  const mounted = await mountWidget({ providerClient, locale });
  container = mounted.container;
  // The first mount imports the saved-cards chunk cold: on a busy machine that takes over waitFor's default second.
  await vi.waitFor(() => {
    if (shows) expect(container.querySelector('input[type=radio]')).not.toBeNull();
    else expect(host.some((r) => r.path === (buyer === MEMBER ? P.creditCards : P.buyerInfo))).toBe(true);
  }, WAIT);
  return { api: mounted.api, update: mounted.update, host, vault, provider };
}

const byLabel = (name: string) => {
  const label = [...container.querySelectorAll('label')].find((l) => l.textContent === name);
  return container.ownerDocument.getElementById(label?.htmlFor ?? '') as HTMLInputElement | null;
};
const radio = (text: string) =>
  [...container.querySelectorAll<HTMLLabelElement>('label')].find((l) => l.textContent === text)?.querySelector('input');
const button = (text: string, within: ParentNode = container) =>
  [...within.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text);
/** Types `value` into the field labelled `label`, as a buyer does. */
const type = (label: string, value: string) => typeInto(byLabel(label), value);

/** "Remove", then "Remove" again in the question it asks. */
async function confirmRemove() {
  button('Remove')?.click();
  const ask = () => container.querySelector('fieldset fieldset');
  await vi.waitFor(() => expect(ask()).not.toBeNull(), WAIT);
  button('Remove', ask() ?? container)?.click();
}

/** Waits `ms` for what should not happen (nothing more to wait on in the DOM). */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A test's timeout above its waits' (WAIT each): a wait that fails says what it waited for, not that the test timed out.
describe('saved cards in the widget (issue 25)', { timeout: 20_000 }, () => {
  it('lists the cards, primary chosen, expired disabled; asks only the security code; pays with its vault token', async () => {
    const { api, host, vault } = await setup([VISA, OLD]);
    expect(radio(VISA_LABEL)?.checked).toBe(true);
    expect(radio('Mastercard \u2066•••• 4444\u2069, expired \u206609/21\u2069')?.disabled).toBe(true);
    expect(radio('Use a new card')?.checked).toBe(false);
    expect(byLabel('Card number')).toBeNull();
    expect(api.validate()).toEqual({ valid: false, errors: { securityCode: 'Enter the 3-digit security code' } });
    await vi.waitFor(() => expect(document.activeElement).toBe(byLabel('Security code')), WAIT);
    await vi.waitFor(() => expect(byLabel('Security code')?.getAttribute('aria-invalid')).toBe('true'), WAIT);
    type('Security code', '123');
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED' });
    expect(vault.map((r) => [r.path, r.data])).toEqual([[P.savedCardTokens, { cardId: VISA.id, cvc: '123' }]]);
    const charge = host.find((r) => r.method === 'post');
    expect(charge?.data).toEqual({ paymentMethod: 'CARD', cardToken: 'tok_saved' });
    expect(charge?.headers?.['Idempotency-Key']).toMatch(/\S/);
    expect(JSON.stringify(host)).not.toContain('"123"'); // the security code went to the vault only
    await vi.waitFor(() => expect(byLabel('Security code')?.value).toBe(''), WAIT); // paid: not kept for another charge
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
      await vi.waitFor(() => expect(byLabel(label)).not.toBeNull(), WAIT);
      provider.savedCardToken.mockRejectedValue(
        new CashierError(ErrorCode.HttpClientError, 'refused', { status, applicationErrorCode: code }),
      );
      type(label, '000');
      const result = await api.pay({ orderId: 'ord_1' });
      expect(result).toMatchObject({ status: 'INVALID', errors: { securityCode: text } });
      await vi.waitFor(() => {
        const field = byLabel(label);
        expect(field?.getAttribute('aria-invalid')).toBe('true');
        expect(document.activeElement).toBe(field);
        const describedBy = (field?.getAttribute('aria-describedby') ?? '').split(' ');
        expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(text);
      }, WAIT);
      expect(host.filter((r) => r.method === 'post')).toEqual([]);
    },
  );

  it('a new card: the whole card form, and "Save this card for next time" unchecked; checked, its tokenization at the vault carries the consent, the charge none', async () => {
    const { api, host, vault } = await setup([VISA]);
    radio('Use a new card')?.click();
    await vi.waitFor(() => expect(byLabel('Card number')).not.toBeNull(), WAIT);
    const save = radio('Save this card for next time');
    expect(save?.checked).toBe(false);
    save?.click();
    fillCard(container);
    await api.pay({ orderId: 'ord_1' });
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
    radio('Use a new card')?.click();
    await vi.waitFor(() => expect(byLabel('Card number')).not.toBeNull(), WAIT);
    fillCard(container);
    await api.pay({ orderId: 'ord_1' });
    expect(host.find((r) => r.method === 'post')?.data).not.toHaveProperty('saveCard');
    expect(vault.find((r) => r.path === P.cardTokenization)?.data).not.toHaveProperty('saveCard');
  });

  it('"Remove" asks first ("Keep" focused, nothing deleted), then removes the card and says so', async () => {
    const { host } = await setup([VISA, OLD]);
    button('Remove')?.click();
    await vi.waitFor(() => {
      const ask = container.querySelector('fieldset fieldset');
      expect(ask?.querySelector('legend')?.textContent).toBe(`Remove ${VISA_NAME} from your saved cards?`);
      expect(document.activeElement).toBe(button('Keep', ask ?? container));
    }, WAIT);
    button('Keep')?.click();
    await vi.waitFor(() => expect(container.querySelector('fieldset fieldset')).toBeNull(), WAIT);
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Remove'), WAIT);
    expect(host.some((r) => r.method === 'delete')).toBe(false);
    await confirmRemove();
    await vi.waitFor(() => expect(radio(VISA_LABEL)).toBeUndefined(), WAIT);
    expect(host.filter((r) => r.method === 'delete').map((r) => r.path)).toEqual([P.creditCard(VISA.id)]);
    expect(radio('Use a new card')?.checked).toBe(true);
    expect(container.querySelector('[role=status]')?.textContent).toBe(`${VISA_NAME} was removed.`);
  });

  it('a removal that fails keeps the card and shows why', async () => {
    const { provider } = await setup([VISA]);
    provider.deleteCreditCard.mockRejectedValue(new Error('down'));
    await confirmRemove();
    await vi.waitFor(
      () =>
        expect(container.querySelector('[role=status]')?.textContent).toBe(`${VISA_NAME} could not be removed. Try again later.`),
      WAIT,
    );
    expect(radio(VISA_LABEL)).toBeDefined();
  });

  it("in the buyer's language, loaded with the chunk; a language change switches its words too", async () => {
    const { update } = await setup([VISA], { locale: 'de' });
    await vi.waitFor(() => expect(container.textContent).toContain('Gespeicherte Karten'), WAIT);
    expect(radio('Visa \u2066•••• 4242\u2069, gültig bis \u206612/34\u2069')?.checked).toBe(true);
    await update({ locale: 'fr' });
    await vi.waitFor(() => expect(container.textContent).toContain('Cartes enregistrées'), WAIT);
    expect(radio('Visa \u2066•••• 4242\u2069, expire \u206612/34\u2069')).toBeDefined();
  });

  it('in Hebrew (right to left): the masked number and the expiry are left-to-right isolates; the question floats to the inline start', async () => {
    await setup([VISA], { locale: 'he' });
    await vi.waitFor(() => expect(container.textContent).toContain('כרטיסים שמורים'), WAIT);
    expect(radio('Visa \u2066•••• 4242\u2069, בתוקף עד \u206612/34\u2069')?.checked).toBe(true);
    button('הסרה')?.click();
    const legend = () => container.querySelector('fieldset fieldset legend');
    await vi.waitFor(() => expect(legend()?.textContent).toBe('להסיר את Visa \u2066•••• 4242\u2069 מהכרטיסים השמורים?'), WAIT);
    expect(legend()?.getAttribute('style')).toContain('float: inline-start');
  });

  it('a member without saved cards: no choice of cards, the card form and "Save this card for next time" unchecked; checked, the tokenization carries the consent', async () => {
    const { api, host, vault } = await setup([]);
    await vi.waitFor(() => expect(radio('Save this card for next time')).toBeDefined(), WAIT);
    expect(container.textContent).not.toContain('Saved cards');
    expect(radio('Use a new card')).toBeUndefined();
    const save = radio('Save this card for next time');
    expect(save?.checked).toBe(false);
    save?.click();
    fillCard(container);
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED' });
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
      await pause(50);
      expect(radio('Save this card for next time')).toBeUndefined();
      expect(container.textContent).not.toContain('Saved cards');
      expect(host.filter((r) => r.path === P.creditCards)).toEqual([]);
      fillCard(container);
      await expect(api.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED' });
      expect(host.find((r) => r.method === 'post')?.data).not.toHaveProperty('saveCard');
      expect(vault.find((r) => r.path === P.cardTokenization)?.data).not.toHaveProperty('saveCard');
    },
  );

  it('a list that is not saved cards (checked in the chunk): the card form as before', async () => {
    await setup([{ ...VISA, last4: '42' }], { shows: false });
    await pause(50);
    expect(container.textContent).not.toContain('Saved cards');
    expect(byLabel('Card number')).not.toBeNull();
  });
});
