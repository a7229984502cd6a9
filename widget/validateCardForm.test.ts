import { describe, expect, it } from 'vitest';
import type { AddressFormat } from '../shared';
import { english } from './testing/english';
import { type BillingRules, type CardFormValues, isAsked, validateCardForm } from './validateCardForm';

const now = new Date(2026, 10, 22);
const valid: CardFormValues = {
  cardholderName: 'Ada Lovelace',
  cardNumber: '4242 4242 4242 4242',
  expirationDate: '12/29',
  securityCode: '123',
  country: '',
  postalCode: '',
  subdivision: '',
  email: 'ada@example.com',
};
const US: AddressFormat = {
  country: 'US',
  postalCode: { pattern: '(\\d{5})(?:[ \\-](\\d{4}))?', label: 'zip', example: '95014' },
  subdivision: { type: 'ADMINISTRATIVE_AREA_LEVEL_1', label: 'state' },
};
const GB: AddressFormat = {
  country: 'GB',
  postalCode: {
    // Google's address metadata (libaddressinput), as the provider serves it.
    pattern:
      'GIR ?0AA|((AB|AL|B|BA|BB|BD|BF|BH|BL|BN|BR|BS|BT|BX|CA|CB|CF|CH|CM|CO|CR|CT|CV|CW|DA|DD|DE|DG|DH|DL|DN|DT|DY|E|EC|EH|EN|EX|FK|FY|G|GL|GY|GU|HA|HD|HG|HP|HS|HU|HX|IG|IM|IP|IV|JE|KA|KT|KW|KY|L|LA|LD|LE|LL|LN|LS|LU|M|ME|MK|ML|N|NE|NG|NN|NP|NR|NW|OL|OX|PA|PE|PH|PL|PO|PR|RG|RH|RM|S|SA|SE|SG|SK|SL|SM|SN|SO|SP|SR|SS|ST|SW|SY|TA|TD|TF|TN|TQ|TR|TS|TW|UB|W|WA|WC|WD|WF|WN|WR|WS|WV|YO|ZE)(\\d[\\dA-Z]? ?\\d[ABD-HJLN-UW-Z]{2}))|BFPO ?\\d{1,4}',
    label: 'postal',
    example: 'EC1Y 8SY',
  },
};
const AE: AddressFormat = { country: 'AE', subdivision: { type: 'ADMINISTRATIVE_AREA_LEVEL_1', label: 'emirate' } };
const none: BillingRules = { format: undefined };

/** The errors in English, by field. */
const errorsOf = (values: CardFormValues, rules: BillingRules = none) =>
  Object.fromEntries(Object.entries(validateCardForm(values, rules, now)).map(([f, m]) => [f, m && english(m)]));

describe('validateCardForm', () => {
  it('a complete form is valid with no errors', () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it('an empty form has an error for every card field; the billing fields are not asked before a format is loaded', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((f) => [f, ''])) as CardFormValues;
    expect(Object.keys(errorsOf(empty)).sort()).toEqual([
      'cardNumber',
      'cardholderName',
      'email',
      'expirationDate',
      'securityCode',
    ]);
  });

  it.each([
    { field: 'cardholderName', value: '   ', message: 'Enter the name on the card' },
    { field: 'cardNumber', value: '4242 4242 4242 4241', message: 'Enter a valid card number' },
    { field: 'expirationDate', value: '10/26', message: 'Enter a future expiration date as MM/YY' },
    { field: 'securityCode', value: '12', message: 'Enter the 3-digit security code' },
    { field: 'email', value: 'ada@example.invalidtld', message: 'Enter a valid email address' },
    { field: 'email', value: 'ada.@example.com', message: 'Enter a valid email address' },
  ] as const)('$field = "$value" → "$message"', ({ field, value, message }) => {
    expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('an Amex card needs a 4-digit security code', () => {
    const amex = { ...valid, cardNumber: '3782 822463 10005' };
    expect(errorsOf({ ...amex, securityCode: '123' })).toEqual({ securityCode: 'Enter the 4-digit security code' });
    expect(errorsOf({ ...amex, securityCode: '1234' })).toEqual({});
  });
});

describe('validateCardForm: the billing fields (issue 23)', () => {
  it.each(['94107', '94107-1234', '94107 1234'])('US: ZIP %s with a state is valid', (postalCode) => {
    expect(errorsOf({ ...valid, country: 'US', postalCode, subdivision: 'CA' }, { format: US })).toEqual({});
  });

  it.each(['9410', '941071', 'ABCDE', ''])('US: ZIP "%s" is refused as a ZIP code', (postalCode) => {
    expect(errorsOf({ ...valid, country: 'US', postalCode, subdivision: 'CA' }, { format: US })).toEqual({
      postalCode: 'Enter a valid ZIP code',
    });
  });

  it('US: no state → "Choose your state"; no country → "Choose your country or region"', () => {
    expect(errorsOf({ ...valid, country: '', postalCode: '94107' }, { format: US })).toEqual({
      country: 'Choose your country or region',
      subdivision: 'Choose your state',
    });
  });

  it.each(['EC1Y 8SY', 'ec1y8sy', 'SW1A 1AA', ' M1 1AE '])(
    'GB: postcode "%s" is valid (case and spaces as typed)',
    (postalCode) => {
      expect(errorsOf({ ...valid, country: 'GB', postalCode }, { format: GB })).toEqual({});
    },
  );

  it('GB: a US ZIP is no postcode; no state is asked', () => {
    expect(errorsOf({ ...valid, country: 'GB', postalCode: '94107' }, { format: GB })).toEqual({
      postalCode: 'Enter a valid postal code',
    });
    expect(isAsked('subdivision', { format: GB })).toBe(false);
  });

  it('AE (no postal codes): the postal code is not asked and whatever it holds is no error; the emirate is', () => {
    expect(isAsked('postalCode', { format: AE })).toBe(false);
    expect(errorsOf({ ...valid, country: 'AE', postalCode: 'x' }, { format: AE })).toEqual({
      subdivision: 'Choose your emirate',
    });
  });
});
