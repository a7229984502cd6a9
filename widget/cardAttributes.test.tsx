// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { typeInto } from './testing/httpWidget';
import { fakeProviderClient, mountWidget } from './testing/mountWidget';

// The typed card never sits in an attribute: a stylesheet can match attributes
// (`input[value^="4"] { background: url(…) }`) but not an input's live value. React keeps a
// controlled input's `value` property, and this proves it does not copy the typed card into the
// `value` attribute (its "attribute syncing"), nor does the widget put it in any other.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CARD = { 'Card number': '4242424242424242', 'Expiration date': '12/30', 'Security code': '987' };

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

    const attributes = [container, ...container.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].map((attribute) => `${element.tagName.toLowerCase()} ${attribute.name}="${attribute.value}"`),
    );
    const digits = (text: string) => text.replace(/\D/g, '');
    const leaks = attributes.filter((line) => {
      const value = line.slice(line.indexOf('="') + 2, -1);
      return digits(value).includes('424242') || value.includes('12/30') || value.includes('987');
    });
    expect(leaks).toEqual([]);
    for (const selector of ['input[value^="4"]', 'input[value*="42"]', 'input[value="987"]', 'input[value$="30"]']) {
      expect(container.querySelector(selector), selector).toBeNull();
    }
  });
});
