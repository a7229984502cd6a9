// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { ProviderPaths } from '../shared';
import { typeInto } from './testing/httpWidget';
import { fakeProviderClient, mountWidget } from './testing/mountWidget';

// The typed card never sits in an attribute: a stylesheet can match attributes
// (`input[value^="4"] { background: url(…) }`) but not an input's live value. React keeps a
// controlled input's `value` property, and this proves it does not copy the typed card into the
// `value` attribute (its "attribute syncing"), nor does the widget put it in any other.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CARD = { 'Card number': '4242424242424242', 'Expiration date': '12/30', 'Security code': '987' };

/** Every attribute under `root` that holds a piece of {@link CARD}, as `tag name="value"`. */
function cardInAttributes(root: Element): string[] {
  const attributes = [root, ...root.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes].map((attribute) => `${element.tagName.toLowerCase()} ${attribute.name}="${attribute.value}"`),
  );
  return attributes.filter((line) => {
    const value = line.slice(line.indexOf('="') + 2, -1);
    return value.replace(/\D/g, '').includes('424242') || value.includes('12/30') || value.includes('987');
  });
}

describe('the typed card is in no attribute a selector could match', () => {
  it('card number, expiry and security code: none in any attribute of the widget, no [value] selector matches', async () => {
    const { container } = await mountWidget({
      orderId: undefined,
      providerClient: fakeProviderClient(async ({ method, path }) => {
        throw new Error(`unexpected ${method} ${path}`);
      }),
    });
    const input = (name: string) => {
      const label = [...container.querySelectorAll('label')].find((l) => l.textContent === name);
      return container.ownerDocument.getElementById(label?.htmlFor ?? '') as HTMLInputElement;
    };
    for (const [name, value] of Object.entries(CARD)) act(() => typeInto(input(name), value));
    // What a browser does before it computes any style: the microtasks after the typing.
    await act(async () => {});
    // Typed: the fields hold the card (as the buyer sees it, grouped).
    expect(input('Card number').value.replace(/\D/g, '')).toBe(CARD['Card number']);
    expect(input('Security code').value).toBe('987');

    expect(cardInAttributes(container)).toEqual([]);
    for (const selector of ['input[value^="4"]', 'input[value*="42"]', 'input[value="987"]', 'input[value$="30"]']) {
      expect(container.querySelector(selector), selector).toBeNull();
    }
  });

  it('card fields made again with the typed card (pay at the venue chosen, then the card again): no attribute holds it', async () => {
    const methods = [
      { type: 'CARD', label: 'Card' },
      { type: 'PAY_AT_VENUE', label: 'Pay at the venue' },
    ];
    const { container } = await mountWidget({
      providerClient: fakeProviderClient(async ({ method, path }) => {
        if (path === ProviderPaths.paymentMethodsByOrder('ord_1')) return methods;
        throw new Error(`unexpected ${method} ${path}`);
      }),
    });
    const input = (name: string) => {
      const label = [...container.querySelectorAll('label')].find((l) => l.textContent === name);
      return container.ownerDocument.getElementById(label?.htmlFor ?? '') as HTMLInputElement;
    };
    for (const [name, value] of Object.entries(CARD)) act(() => typeInto(input(name), value));
    const choose = (type: string) => act(() => container.querySelector<HTMLInputElement>(`input[value=${type}]`)?.click());
    choose('PAY_AT_VENUE');
    expect(input('Card number')).toBeNull();
    choose('CARD');
    await act(async () => {});
    // The fields are back with what the buyer typed, and no attribute holds it.
    expect(input('Card number').value.replace(/\D/g, '')).toBe(CARD['Card number']);
    expect(cardInAttributes(container)).toEqual([]);
  });
});
