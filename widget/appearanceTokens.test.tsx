// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { ProviderPaths } from '../shared';
import { APPEARANCE_CLASSES as C, fontSize, space } from './appearance';
import { typeInto } from './testing/httpWidget';
import { fakeProviderClient, mountWidget } from './testing/mountWidget';

// Issue 35: the widget reads the appearance. jsdom computes no custom property, so these check
// what the browser is given: styles written with the tokens (`var(--cashier-<name>, <default>)`),
// the class names the site's rules select, and the form's CSS for floating labels and the wallets.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const METHODS = [
  { type: 'CARD', label: 'Card' },
  { type: 'PAY_AT_VENUE', label: 'Pay at the venue' },
];

async function setup() {
  const widget = await mountWidget({
    providerClient: fakeProviderClient(async ({ method, path }) => {
      if (path === ProviderPaths.paymentMethodsByOrder('ord_1')) return METHODS;
      throw new Error(`unexpected ${method} ${path}`);
    }),
  });
  const { container } = widget;
  const byLabel = (name: string) => {
    const label = [...container.querySelectorAll('label')].find((l) => l.textContent === name);
    return container.ownerDocument.getElementById(label?.htmlFor ?? '') as HTMLInputElement;
  };
  const form = container.querySelector('form') as HTMLFormElement;
  return { ...widget, form, byLabel };
}

const CARD_FIELDS = ['Cardholder name', 'Card number', 'Expiration date', 'Security code', 'Email'];

describe('appearance (issue 35): the widget reads the tokens', () => {
  it('font sizes and spacings are exact fractions and multiples of the default tokens', () => {
    expect(fontSize(13)).toBe('calc(var(--cashier-fontSizeBase, 15px) * 13 / 15)');
    expect(space(3)).toBe('calc(var(--cashier-spacingUnit, 4px) * 3)');
  });

  it('the form, its labels and its inputs are styled from the tokens, each text with a unitless line height', async () => {
    const { form, byLabel } = await setup();
    expect(form.style.color).toContain('var(--cashier-colorText');
    expect(form.style.fontFamily).toContain('var(--cashier-fontFamily');
    expect(form.style.background).toContain('var(--cashier-colorBackground');
    expect(form.style.gap).toContain('var(--cashier-spacingUnit');
    expect(form.style.lineHeight).toBe('1.2');

    const input = byLabel('Card number');
    expect(input.style.fontSize).toContain('var(--cashier-fontSizeBase');
    expect(input.style.lineHeight).toBe('1.2');
    expect(input.style.borderColor).toContain('var(--cashier-colorBorder');
    expect(input.style.borderWidth).toContain('var(--cashier-inputBorderWidth');
    expect(input.style.borderRadius).toContain('var(--cashier-borderRadius');
    expect(input.style.background).toContain('var(--cashier-colorInputBackground');
    expect(input.getAttribute('style')).toMatch(/padding-inline: calc\(var\(--cashier-spacingUnit, 4px\) \* 2.5\)/);

    const label = form.querySelector(`label[for="${input.id}"]`) as HTMLLabelElement;
    expect(label.style.fontSize).toContain('var(--cashier-fontSizeBase');
    expect(label.style.lineHeight).toBe('1.2');

    // The focus ring's colour.
    expect(form.querySelector('style')?.textContent).toContain('outline:3px solid var(--cashier-focusRing, #1a56db)');
  });

  it('Input on every field, Input--invalid while it has an error, Label, Field and Error', async () => {
    const { form, byLabel, api } = await setup();
    const inputs = CARD_FIELDS.map(byLabel);
    for (const input of inputs) {
      expect(input.classList, input.name).toContain(C.input);
      expect(input.classList, input.name).toContain('cw-input');
      expect(input.classList, input.name).not.toContain(C.inputInvalid);
      expect(input.closest(`.${C.field}`), input.name).not.toBeNull();
      expect(input.closest(`.${C.field}`)?.querySelector(`label.${C.label}`)?.getAttribute('for')).toBe(input.id);
    }
    expect(form.querySelector(`legend.${C.label}`)?.textContent).toBe('Payment method');
    expect(form.querySelectorAll(`.${C.error}`)).toHaveLength(0);

    act(() => void api.validate());
    const invalid = byLabel('Card number');
    expect(invalid.classList).toContain(C.input);
    expect(invalid.classList).toContain(C.inputInvalid);
    expect(invalid.style.borderColor).toContain('var(--cashier-colorDanger');
    const error = form.ownerDocument.getElementById(`${invalid.id}-error`) as HTMLElement;
    expect(error.classList).toContain(C.error);
    expect(error.style.color).toContain('var(--cashier-colorDanger');

    // The error cleared: the class goes with it.
    act(() => typeInto(invalid, '4242424242424242'));
    expect(invalid.classList).not.toContain(C.inputInvalid);
    expect(invalid.classList).toContain(C.input);
    expect(error.classList).not.toContain(C.error);
  });

  it('Method on each payment method, Method--selected on the chosen one only', async () => {
    const { form } = await setup();
    const method = (type: string) => form.querySelector(`input[value=${type}]`)?.closest('label') as HTMLLabelElement;
    expect(method('CARD').classList).toContain(C.method);
    expect(method('PAY_AT_VENUE').classList).toContain(C.method);
    expect(method('CARD').classList).toContain(C.methodSelected);
    expect(method('PAY_AT_VENUE').classList).not.toContain(C.methodSelected);
    act(() => form.querySelector<HTMLInputElement>('input[value=PAY_AT_VENUE]')?.click());
    expect(method('PAY_AT_VENUE').classList).toContain(C.methodSelected);
    expect(method('CARD').classList).not.toContain(C.methodSelected);
    // The venue's note is a Notice.
    expect(form.querySelector(`p.${C.notice}`)?.textContent).toMatch(/pay at the venue/i);
  });

  it('floating labels: the CSS under html[data-cashier-labels=floating], and every input knows when it is empty', async () => {
    const { form, byLabel } = await setup();
    const css = form.querySelector('style')?.textContent ?? '';
    const floating = 'html[data-cashier-labels=floating] .Field';
    expect(css).toContain(`${floating}{position:relative}`);
    expect(css).toMatch(/html\[data-cashier-labels=floating\] \.Field>\.Label\{position:absolute;/);
    expect(css).toContain(`${floating}:focus-within>.Label{`);
    expect(css).toContain(`${floating}:has(.Input:not(:placeholder-shown))>.Label{`);
    expect(css).toMatch(/html\[data-cashier-labels=floating\] \.Field \.Input\{padding-top:[^}]*!important/);
    // `:placeholder-shown` needs a placeholder: " " where the field has none of its own.
    for (const name of CARD_FIELDS) {
      expect(byLabel(name).getAttribute('placeholder'), name).toBe(name === 'Card number' ? '1234 1234 1234 1234' : ' ');
    }
  });

  it('wallet buttons: black, and white with a thin border under html[data-cashier-scheme=dark]', async () => {
    const { form } = await setup();
    const css = form.querySelector('style')?.textContent ?? '';
    expect(css).toContain('.cw-wallet{background:#000;color:#fff}');
    expect(css).toMatch(/html\[data-cashier-scheme=dark\] \.cw-wallet\{background:#fff;color:#000;box-shadow:inset 0 0 0 1px /);
  });
});
